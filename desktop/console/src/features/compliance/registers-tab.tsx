import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Card, Group, NavLink, ScrollArea, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import type { PeriodKind, RegisterInfo } from '../../../../../shared/compliance.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { formatInstant } from '../../lib/format.ts';
import type { Selection } from './compliance-page.tsx';
import { useRegisterPreview, useRegisters } from './compliance-queries.ts';
import { RegisterJobButtons } from './register-job-buttons.tsx';

/** Above this many rows a register is built by a job with progress before it downloads. */
const LARGE_REGISTER_ROWS = 200;

/** The register's period for the chosen month: the month, its year, or its last day. */
export function periodFor(kind: PeriodKind, month: string): string {
  if (kind === 'month') return month;
  if (kind === 'year') return month.slice(0, 4);
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

function cellText(v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return `${v.slice(8, 10)}-${v.slice(5, 7)}-${v.slice(0, 4)}`;
  return String(v);
}

export function RegistersTab({ selection }: { selection: Selection }) {
  const { t } = useTranslation('hr');
  const registers = useRegisters();
  const [key, setKey] = useState<string>('employee-register');
  if (registers.error) return <QueryError error={registers.error} onRetry={() => void registers.refetch()} />;
  const items = registers.data?.items ?? [];
  const info = items.find((i) => i.key === key);
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Card withBorder padding="xs" w={260} style={{ flexShrink: 0 }}>
        {items.map((r) => (
          <NavLink
            key={r.key}
            label={r.title}
            description={r.available ? r.layouts.map((l) => l.form).slice(0, 2).join(', ') : t('compliance.registers.needsDocuments')}
            active={r.key === key}
            disabled={!r.available}
            onClick={() => setKey(r.key)}
            // The active row's light background needs a darker description than Mantine's dimmed grey (AA contrast).
            styles={{ description: { color: 'var(--mantine-color-gray-8)' } }}
            data-testid={`register-${r.key}`}
          />
        ))}
      </Card>
      {info ? <RegisterPreviewCard info={info} selection={selection} /> : <Skeleton h={300} style={{ flex: 1 }} />}
    </Group>
  );
}

function RegisterPreviewCard({ info, selection }: { info: RegisterInfo; selection: Selection }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const period = periodFor(info.periodKind, selection.month);
  const profile = selection.profile && info.profiles.includes(selection.profile as never) ? selection.profile : null;
  const query = { period, profile, location: selection.location };
  const preview = useRegisterPreview(info.key, query);
  const p = preview.data;
  return (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={4}>
            {p ? `${p.form} — ${p.title}` : info.title}
          </Title>
          <Text size="sm" c="dimmed">
            {info.legalBasis}
          </Text>
        </Stack>
        {p && p.rowCount > LARGE_REGISTER_ROWS ? (
          <RegisterJobButtons registerKey={info.key} query={query} />
        ) : (
          <ExportButtons path={`/api/compliance/registers/${info.key}/export`} query={query} fileStem={`${info.key}_${period}`} />
        )}
      </Group>
      {selection.profile && !profile && (
        <Alert color="gray" variant="light">
          {tx('compliance.registers.noLayout', { profile: selection.profile })}
        </Alert>
      )}
      {preview.error && <QueryError error={preview.error} onRetry={() => void preview.refetch()} />}
      {!p && !preview.error && <Skeleton h={300} />}
      {p && (
        <>
          <Group gap="xs">
            <Badge variant="light">{p.period.label}</Badge>
            <Badge variant="light" color="grape">
              {p.profile}
            </Badge>
            <Badge variant="light" color="gray">
              {tx('compliance.registers.rows', { count: p.rowCount })}
            </Badge>
            {p.provisionalDays > 0 && (
              <Badge color="yellow" leftSection={<IconAlertTriangle size={12} />}>
                {tx('compliance.registers.provisional', { count: p.provisionalDays })}
              </Badge>
            )}
            {p.filing && (
              <Badge color={p.filing.amended ? 'orange' : 'teal'} leftSection={<IconLock size={12} />} data-testid="filing-badge">
                {p.filing.amended ? tx('compliance.filing.amended') : tx('compliance.registers.filedAt', { when: formatInstant(p.filing.filedAt) })}
              </Badge>
            )}
          </Group>
          {p.filing?.amended && (
            <Alert color="orange" title={tx('compliance.filing.amended')} data-testid="amendments">
              <Text size="sm">{tx('compliance.registers.amendments')}</Text>
              {p.filing.differences.slice(0, 8).map((d) => (
                <Text key={d} size="xs" ff="monospace">
                  {d}
                </Text>
              ))}
            </Alert>
          )}
          <Card withBorder padding="xs">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing={2}>
              {p.header.map((h) => (
                <Text key={h.label} size="xs">
                  <b>{h.label}:</b> {h.value || '—'}
                </Text>
              ))}
            </SimpleGrid>
          </Card>
          <ScrollArea h={460} type="auto" data-testid="register-table" viewportProps={{ tabIndex: 0, 'aria-label': t('compliance.registers.scroll') }}>
            <Table striped withTableBorder withColumnBorders fz="xs" stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  {p.columns.map((c, i) => (
                    <Table.Th key={`${c}-${i}`} style={{ minWidth: c.length > 12 ? 110 : 40 }}>
                      {c}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.rows.map((r, i) => (
                  <Table.Tr key={i}>
                    {r.map((v, j) => (
                      <Table.Td key={j} style={{ whiteSpace: 'pre-line' }}>
                        {cellText(v)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {p.rowCount > p.rows.length && (
            <Text size="xs" c="dimmed">
              {tx('compliance.registers.showing', { shown: String(p.rows.length), count: String(p.rowCount) })}
            </Text>
          )}
          <Stack gap={2}>
            {p.notes.map((n) => (
              <Text key={n} size="xs" c="dimmed">
                {n}
              </Text>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
