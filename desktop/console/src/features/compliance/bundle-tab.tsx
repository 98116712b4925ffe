import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileZip, IconLock } from '@tabler/icons-react';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { formatInstant } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import type { Selection } from './compliance-page.tsx';
import { useFileMonth, useFilings, useJob, useReadiness, useStartBundle } from './compliance-queries.ts';
import { JobProgress } from './job-progress.tsx';

/** The month's bundle (built as a job with progress, then downloaded), filing the month, and the filed periods. */
export function BundleTab({ selection, canFile }: { selection: Selection; canFile: boolean }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const start = useStartBundle();
  const file = useFileMonth();
  const [bundleJob, setBundleJob] = useState<string | null>(null);
  const [fileJob, setFileJob] = useState<string | null>(null);
  const bundle = useJob(bundleJob);
  const filing = useJob(fileJob);
  const readiness = useReadiness(selection.month, selection.location);
  const filings = useFilings();
  const r = readiness.data;
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Title order={5}>{tx('compliance.bundle.title')}</Title>
        <Text size="sm" c="dimmed" mb="sm">
          {tx('compliance.bundle.intro', { period: selection.month, scope: selection.location ? 'location' : 'all' })}
        </Text>
        <Group>
          <Button
            leftSection={<IconFileZip size={16} />}
            loading={start.isPending || bundle.data?.status === 'running'}
            onClick={() =>
              start.mutate({ period: selection.month, ...(selection.location ? { location: selection.location } : {}) }, { onSuccess: (j) => setBundleJob(j.id), onError: (e) => notifyError(e, t('compliance.bundle.startFailed')) })
            }
            data-testid="build-bundle"
          >
            {tx('compliance.bundle.build')}
          </Button>
        </Group>
        {bundle.data && (
          <Stack mt="md">
            <JobProgress job={bundle.data} />
          </Stack>
        )}
      </Card>
      <Card withBorder padding="md">
        <Title order={5}>{tx('compliance.filing.file', { period: selection.month })}</Title>
        <Text size="sm" c="dimmed" mb="sm">
          {tx('compliance.filing.intro')}
        </Text>
        {readiness.error && <QueryError error={readiness.error} onRetry={() => void readiness.refetch()} />}
        {r && (
          <Stack gap="xs">
            {r.filing ? (
              <Alert color={r.filing.amended ? 'orange' : 'teal'} icon={<IconLock size={16} />} title={r.filing.amended ? tx('compliance.filing.filedAmended') : tx('compliance.filing.filed')}>
                {tx('compliance.filing.filedBy', { when: formatInstant(r.filing.filedAt), name: r.filing.filedByName })}
              </Alert>
            ) : r.ready ? (
              <Alert color="teal">{tx('compliance.filing.ready')}</Alert>
            ) : (
              <Alert color="yellow" title={tx('compliance.filing.notReady')} data-testid="not-ready">
                {r.reasons.map((x) => (
                  <Text key={x} size="sm">
                    {x}
                  </Text>
                ))}
              </Alert>
            )}
            {canFile && !r.filing && (
              <Group>
                <Button
                  leftSection={<IconLock size={16} />}
                  disabled={!r.ready}
                  loading={file.isPending || filing.data?.status === 'running'}
                  onClick={() =>
                    file.mutate(
                      { period: selection.month, location: selection.location },
                      { onSuccess: (j) => { setFileJob(j.id); notifySuccess(t('compliance.filing.filing', { period: selection.month })); }, onError: (e) => notifyError(e, t('compliance.filing.failed')) },
                    )
                  }
                  data-testid="file-month"
                >
                  {tx('compliance.filing.file', { period: selection.month })}
                </Button>
              </Group>
            )}
            {filing.data && <JobProgress job={filing.data} />}
          </Stack>
        )}
      </Card>
      <Card withBorder padding="md">
        <Title order={5} mb="sm">
          {tx('compliance.filed.title')}
        </Title>
        {filings.error && <QueryError error={filings.error} onRetry={() => void filings.refetch()} />}
        {filings.data && filings.data.items.length === 0 && (
          <Text size="sm" c="dimmed">
            {tx('compliance.filed.none')}
          </Text>
        )}
        {filings.data && filings.data.items.length > 0 && (
          <Table striped fz="sm" data-testid="filings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{tx('compliance.period')}</Table.Th>
                <Table.Th>{tx('compliance.location')}</Table.Th>
                <Table.Th>{tx('compliance.filed.filed')}</Table.Th>
                <Table.Th>{tx('compliance.filed.files')}</Table.Th>
                <Table.Th>{tx('compliance.filed.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filings.data.items.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>{f.period}</Table.Td>
                  <Table.Td>{f.locationName ?? tx('compliance.allLocations')}</Table.Td>
                  <Table.Td>
                    {formatInstant(f.filedAt)} · {f.filedByName}
                  </Table.Td>
                  <Table.Td>{f.files}</Table.Td>
                  <Table.Td>
                    {f.amended ? (
                      <Stack gap={2}>
                        <Badge color="orange">{tx('compliance.filing.amended')}</Badge>
                        {f.amendments.map((a) => (
                          <Text key={a.detectedAt} size="xs" c="dimmed">
                            {formatInstant(a.detectedAt)}: {a.summary}
                          </Text>
                        ))}
                      </Stack>
                    ) : (
                      <Badge color="teal">{tx('compliance.filing.filed')}</Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
