import { useState } from 'react';
import { EmptyState, Group, Pagination, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconHistoryOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AUDIT_CATEGORIES, type AuditCategory, type AuditRange } from '../../../../../shared/audit.ts';
import { pageCount } from '../../../../../shared/common.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { AuditEntryCard } from './audit-entry-card.tsx';
import { useEmployeeAudit } from './employee-queries.ts';

const RANGES: readonly AuditRange[] = ['today', 'week', 'month', 'fy', 'all'];

const PAGE_SIZE = 10;

/** The employee's audit trail, filtered by category and period, newest first. */
export function EmployeeAuditTab({ employeeId }: { employeeId: string }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
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
            aria-label={t('people.audit.category')}
            placeholder={t('people.audit.allCategories')}
            clearable
            w={200}
            data={AUDIT_CATEGORIES.map((c) => ({ value: c, label: t(`labels:auditCategory.${c}`) }))}
            value={category ?? null}
            onChange={(v) => {
              setCategory((v as AuditCategory | null) ?? undefined);
              setPage(1);
            }}
          />
          <SegmentedControl
            aria-label={t('people.audit.period')}
            // "Financial year" here, shorter than the label's "This financial year".
            data={RANGES.map((r) => ({ value: r, label: r === 'fy' ? t('people.audit.financialYear') : t(`labels:auditRange.${r}`) }))}
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
          title={tx('people.audit.none')}
          description={tx('people.audit.noneHint')}
        />
      ) : (
        <Stack gap="sm" style={{ opacity: audit.isPlaceholderData ? 0.6 : 1 }}>
          {data.items.map((entry) => (
            <AuditEntryCard key={entry.id} entry={entry} />
          ))}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {tx('people.audit.entries', { count: data.total, total: String(data.total) })}
            </Text>
            <Pagination total={pageCount(data.total, PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
