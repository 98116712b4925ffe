import { useState } from 'react';
import { EmptyState, Group, Pagination, Select, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconHistoryOff } from '@tabler/icons-react';
import { AUDIT_CATEGORIES, AUDIT_SOURCE_LABELS, type AuditCategory, type AuditSource, type OrgAuditList } from '../../../../../shared/audit.ts';
import { pageCount } from '../../../../../shared/common.ts';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { api } from '../../lib/api.ts';
import { AuditEntryCard } from '../employees/audit-entry-card.tsx';

const PAGE_SIZE = 20;

/** Every audit entry across the organisation, newest first, with the filters HR needs to answer an auditor. */
export function AuditPage() {
  const [category, setCategory] = useState<AuditCategory | null>(null);
  const [source, setSource] = useState<AuditSource | null>(null);
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [actorEmployeeId, setActorEmployeeId] = useState<string | null>(null);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [page, setPage] = useState(1);
  const filters = { category, source, employeeId, actorEmployeeId, from: range[0], to: range[1] ?? range[0] };
  const audit = useQuery({
    queryKey: ['audit', 'organisation', filters, page],
    queryFn: () => api.get<OrgAuditList>('/api/audit', { ...filters, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };
  const data = audit.data;

  return (
    <Stack gap="md">
      <PageHeader title="Audit" description="Every change to people's data across the organisation: who, what, from where and when, with before and after." />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Select aria-label="Category" placeholder="All categories" clearable w={170} data={[...AUDIT_CATEGORIES]} value={category} onChange={(v) => reset(setCategory)(v as AuditCategory | null)} />
          <Select
            aria-label="Source"
            placeholder="All sources"
            clearable
            w={210}
            data={Object.entries(AUDIT_SOURCE_LABELS).map(([value, label]) => ({ value, label }))}
            value={source}
            onChange={(v) => reset(setSource)(v as AuditSource | null)}
          />
          <EmployeePicker aria-label="About employee" placeholder="About anyone" clearable w={210} value={employeeId} onChange={reset(setEmployeeId)} />
          <EmployeePicker aria-label="Changed by" placeholder="By anyone" clearable w={210} value={actorEmployeeId} onChange={reset(setActorEmployeeId)} />
          <DatePickerInput type="range" aria-label="Days" placeholder="Any day" clearable w={250} valueFormat="D MMM YYYY" value={range} onChange={(v) => reset(setRange)(v as [string | null, string | null])} />
        </Group>
        <ExportButtons path="/api/audit/export" query={filters} fileStem="audit" />
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
        <EmptyState py="xl" icon={<IconHistoryOff />} title="No audit entries" description="Nothing was recorded for these filters." />
      ) : (
        <Stack gap="sm" style={{ opacity: audit.isPlaceholderData ? 0.6 : 1 }} data-testid="audit-list">
          {data.items.map((entry) => (
            <AuditEntryCard key={entry.id} entry={entry} employee={{ id: entry.employeeId, name: entry.employeeName, code: entry.employeeCode }} />
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
