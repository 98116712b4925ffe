import { useState } from 'react';
import { EmptyState, Group, Pagination, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconHistoryOff } from '@tabler/icons-react';
import { AUDIT_CATEGORIES, type AuditCategory, type AuditRange } from '../../../../../shared/audit.ts';
import { pageCount } from '../../../../../shared/common.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { AuditEntryCard } from './audit-entry-card.tsx';
import { useEmployeeAudit } from './employee-queries.ts';

const RANGES: { value: AuditRange; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'fy', label: 'Financial year' },
  { value: 'all', label: 'All time' },
];

const PAGE_SIZE = 10;

/** The employee's audit trail, filtered by category and period, newest first. */
export function EmployeeAuditTab({ employeeId }: { employeeId: string }) {
  const [category, setCategory] = useState<AuditCategory | undefined>(undefined);
  const [range, setRange] = useState<AuditRange>('all');
  const [page, setPage] = useState(1);
  const audit = useEmployeeAudit(employeeId, { page, pageSize: PAGE_SIZE, category, range });
  const data = audit.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label="Category"
            placeholder="All categories"
            clearable
            w={200}
            data={[...AUDIT_CATEGORIES]}
            value={category ?? null}
            onChange={(v) => {
              setCategory((v as AuditCategory | null) ?? undefined);
              setPage(1);
            }}
          />
          <SegmentedControl
            aria-label="Period"
            data={RANGES}
            value={range}
            onChange={(v) => {
              setRange(v as AuditRange);
              setPage(1);
            }}
          />
        </Group>
        <ExportButtons
          path={`/api/employees/${employeeId}/audit/export`}
          query={{ category, range }}
          fileStem="audit"
        />
      </Group>
      {audit.error && !data ? (
        <QueryError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : !data ? (
        <Stack gap="sm">
          <Skeleton height={90} />
          <Skeleton height={90} />
          <Skeleton height={90} />
        </Stack>
      ) : data.items.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconHistoryOff />}
          title="No audit entries"
          description="Nothing was recorded for this employee in the chosen category and period."
        />
      ) : (
        <Stack gap="sm" style={{ opacity: audit.isPlaceholderData ? 0.6 : 1 }}>
          {data.items.map((entry) => (
            <AuditEntryCard key={entry.id} entry={entry} />
          ))}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {data.total} {data.total === 1 ? 'entry' : 'entries'}
            </Text>
            <Pagination total={pageCount(data.total, PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
