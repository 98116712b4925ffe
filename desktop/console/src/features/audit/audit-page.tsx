import { useState } from 'react';
import { EmptyState, Group, Pagination, Select, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconHistoryOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AUDIT_CATEGORIES, type AuditCategory, type AuditSource, type OrgAuditList } from '../../../../../shared/audit.ts';
import { AUDIT_SOURCE_LABELS } from '../../../../../shared/labels.ts';
import { pageCount } from '../../../../../shared/common.ts';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { api } from '../../lib/api.ts';
import { AuditEntryCard } from '../employees/audit-entry-card.tsx';

const PAGE_SIZE = 20;

/** Every audit entry across the organisation, newest first, with the filters HR needs to answer an auditor. */
export function AuditPage() {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
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
      <PageHeader title={tx('auditLog.title')} documentTitle={t('auditLog.title')} description={tx('auditLog.description')} />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Select aria-label={t('auditLog.category')} placeholder={t('auditLog.allCategories')} clearable w={170} data={AUDIT_CATEGORIES.map((c) => ({ value: c, label: t(`labels:auditCategory.${c}`) }))} value={category} onChange={(v) => reset(setCategory)(v as AuditCategory | null)} />
          <Select
            aria-label={t('auditLog.source')}
            placeholder={t('auditLog.allSources')}
            clearable
            w={210}
            data={Object.keys(AUDIT_SOURCE_LABELS).map((value) => ({ value, label: t(`labels:auditSource.${value}`) }))}
            value={source}
            onChange={(v) => reset(setSource)(v as AuditSource | null)}
          />
          <EmployeePicker aria-label={t('auditLog.aboutEmployee')} placeholder={t('auditLog.aboutAnyone')} clearable w={210} value={employeeId} onChange={reset(setEmployeeId)} />
          <EmployeePicker aria-label={t('auditLog.changedBy')} placeholder={t('auditLog.byAnyone')} clearable w={210} value={actorEmployeeId} onChange={reset(setActorEmployeeId)} />
          <DatePickerInput type="range" aria-label={t('auditLog.days')} placeholder={t('auditLog.anyDay')} clearable w={250} valueFormat="D MMM YYYY" value={range} onChange={(v) => reset(setRange)(v as [string | null, string | null])} />
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
        <EmptyState py="xl" icon={<IconHistoryOff />} title={tx('auditLog.none')} description={tx('auditLog.noneHint')} />
      ) : (
        <Stack gap="sm" style={{ opacity: audit.isPlaceholderData ? 0.6 : 1 }} data-testid="audit-list">
          {data.items.map((entry) => (
            <AuditEntryCard key={entry.id} entry={entry} employee={{ id: entry.employeeId, name: entry.employeeName, code: entry.employeeCode }} />
          ))}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {tx('auditLog.entries', { count: data.total, total: String(data.total) })}
            </Text>
            <Pagination total={pageCount(data.total, PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
