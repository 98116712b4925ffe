import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileZip, IconLock } from '@tabler/icons-react';
import { QueryError } from '../../components/query-error.tsx';
import { formatInstant } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import type { Selection } from './compliance-page.tsx';
import { useFileMonth, useFilings, useJob, useReadiness, useStartBundle } from './compliance-queries.ts';
import { JobProgress } from './job-progress.tsx';

/** The month's bundle (built as a job with progress, then downloaded), filing the month, and the filed periods. */
export function BundleTab({ selection, canFile }: { selection: Selection; canFile: boolean }) {
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
        <Title order={5}>Download the bundle</Title>
        <Text size="sm" c="dimmed" mb="sm">
          Every register of {selection.month} ({selection.location ? 'this location' : 'one folder per location'}) in PDF and XLSX, with manifest.json (checksums, legal basis, notes on blank columns). A filed month gives the files as filed, plus AMENDMENTS.txt when the data changed since.
        </Text>
        <Group>
          <Button
            leftSection={<IconFileZip size={16} />}
            loading={start.isPending || bundle.data?.status === 'running'}
            onClick={() =>
              start.mutate({ period: selection.month, ...(selection.location ? { location: selection.location } : {}) }, { onSuccess: (j) => setBundleJob(j.id), onError: (e) => notifyError(e, 'Could not start') })
            }
            data-testid="build-bundle"
          >
            Build the bundle
          </Button>
        </Group>
        {bundle.data && (
          <Stack mt="md">
            <JobProgress job={bundle.data} />
          </Stack>
        )}
      </Card>
      <Card withBorder padding="md">
        <Title order={5}>File {selection.month}</Title>
        <Text size="sm" c="dimmed" mb="sm">
          Filing stores the bundle’s bytes and their SHA-256 hashes: the filed registers are then served as filed, and later changes to their data show as amendments, never silently.
        </Text>
        {readiness.error && <QueryError error={readiness.error} onRetry={() => void readiness.refetch()} />}
        {r && (
          <Stack gap="xs">
            {r.filing ? (
              <Alert color={r.filing.amended ? 'orange' : 'teal'} icon={<IconLock size={16} />} title={r.filing.amended ? 'Filed, amended after filing' : 'Filed'}>
                Filed {formatInstant(r.filing.filedAt)} by {r.filing.filedByName}.
              </Alert>
            ) : r.ready ? (
              <Alert color="teal">Every attendance day of the period is final: it can be filed.</Alert>
            ) : (
              <Alert color="yellow" title="Not ready to file" data-testid="not-ready">
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
                      { onSuccess: (j) => { setFileJob(j.id); notifySuccess(`Filing ${selection.month}…`); }, onError: (e) => notifyError(e, 'Could not file') },
                    )
                  }
                  data-testid="file-month"
                >
                  File {selection.month}
                </Button>
              </Group>
            )}
            {filing.data && <JobProgress job={filing.data} />}
          </Stack>
        )}
      </Card>
      <Card withBorder padding="md">
        <Title order={5} mb="sm">
          Filed periods
        </Title>
        {filings.error && <QueryError error={filings.error} onRetry={() => void filings.refetch()} />}
        {filings.data && filings.data.items.length === 0 && (
          <Text size="sm" c="dimmed">
            No period is filed yet.
          </Text>
        )}
        {filings.data && filings.data.items.length > 0 && (
          <Table striped fz="sm" data-testid="filings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Period</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th>Filed</Table.Th>
                <Table.Th>Files</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filings.data.items.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>{f.period}</Table.Td>
                  <Table.Td>{f.locationName ?? 'All locations'}</Table.Td>
                  <Table.Td>
                    {formatInstant(f.filedAt)} · {f.filedByName}
                  </Table.Td>
                  <Table.Td>{f.files}</Table.Td>
                  <Table.Td>
                    {f.amended ? (
                      <Stack gap={2}>
                        <Badge color="orange">Amended after filing</Badge>
                        {f.amendments.map((a) => (
                          <Text key={a.detectedAt} size="xs" c="dimmed">
                            {formatInstant(a.detectedAt)}: {a.summary}
                          </Text>
                        ))}
                      </Stack>
                    ) : (
                      <Badge color="teal">Filed</Badge>
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
