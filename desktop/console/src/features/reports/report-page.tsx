import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Anchor, Badge, Button, Group, Pagination, Paper, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { pageCount } from '../../../../../shared/common.ts';
import { hasOwnMessage } from '../../../../../shared/i18n/index.ts';
import type { ReportColumn, ReportDefinition, ReportFilterSpec, ReportResult, ReportRow } from '../../../../../shared/reports.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useLocale, useTx } from '../../i18n/language.tsx';
import { formatDate } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useDepartments, useLocations, useOrganisation } from '../settings/org-queries.ts';
import { ParameterPicker } from './parameter-picker.tsx';
import { ReportChartView } from './report-chart.tsx';
import { NUMERIC_TYPES, formatCell } from './report-format.ts';
import { useDeleteReport, useReport, useReportCatalogue } from './report-queries.ts';
import { useReportWords } from './report-words.tsx';
import { SaveReportModal } from './save-report-modal.tsx';

const PAGE_SIZE = 50;

/**
 * A column's header in the reader's language. The server names columns in English (its exports and
 * same-bytes answers keep them so); the console translates by the column's key, but only where the
 * catalogue's English for that key is the server's label (one key may head different columns in
 * different reports), and otherwise shows the server's English marked as such.
 */
function useColumnLabel(): { text: (c: ReportColumn) => string; node: (c: ReportColumn) => ReactNode } {
  const { t } = useTranslation('hr');
  const locale = useLocale();
  const key = (c: ReportColumn) => `reports.column.${c.key}`;
  const translated = (c: ReportColumn) => locale !== 'en-IN' && hasOwnMessage(locale, 'hr', key(c)) && t(key(c), { lng: 'en-IN' }) === c.label;
  return {
    text: (c) => (translated(c) ? t(key(c)) : c.label),
    node: (c) =>
      translated(c) ? (
        t(key(c))
      ) : locale === 'en-IN' ? (
        c.label
      ) : (
        <span lang="en" data-english-fallback="">
          {c.label}
        </span>
      ),
  };
}

const FILTER_KEYS = ['departmentId', 'locationId', 'status', 'groupBy'] as const;

/** One report: its parameter and filters in the address (shareable), the chart, the table with totals, exports. */
export function ReportPage() {
  const { id = '' } = useParams();
  const tx = useTx('hr');
  const { t } = useTranslation('hr');
  const catalogue = useReportCatalogue();
  const definition = catalogue.data?.items.find((r) => r.id === id);
  if (catalogue.error) return <QueryError error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  if (!catalogue.data) return <TableSkeleton rows={8} />;
  if (!definition) {
    return (
      <Stack>
        <PageHeader title={tx('reports.notFound')} documentTitle={t('reports.notFound')} description={tx('reports.notFoundHint')} />
        <Button component={Link} to="/reports" variant="light" w="fit-content">
          {tx('reports.all')}
        </Button>
      </Stack>
    );
  }
  return <ReportView key={definition.id} definition={definition} />;
}

function ReportView({ definition }: { definition: ReportDefinition }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const org = useOrganisation();
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteReport();
  const words = useReportWords();
  const name = words.name(definition);

  const saved = definition.saved;
  const paramText = search.get('param');
  const param = paramText && /^\d{1,8}$/.test(paramText) ? Number(paramText) : (saved?.param ?? definition.parameter.default);
  const filters: Record<string, string | undefined> = {};
  for (const key of FILTER_KEYS) filters[key] = search.get(key) ?? saved?.filters[key] ?? undefined;
  const sort = search.get('sort') ?? undefined;
  const order = search.get('order') ?? undefined;
  const page = Math.max(1, Number(search.get('page') ?? 1) || 1);
  const query = { param, ...filters, sort, order };
  const run = useReport(definition.id, { ...query, page, pageSize: PAGE_SIZE });
  const data = run.data;

  const set = (patch: Record<string, string | number | undefined>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={
          <Group gap="xs">
            {name.node}
            {saved && (
              <Badge variant="light" color={saved.shared ? 'grape' : 'gray'}>
                {saved.shared ? tx('reports.sharedBy', { name: saved.ownerName }) : tx('reports.savedBadge')}
              </Badge>
            )}
          </Group>
        }
        documentTitle={name.text}
        description={words.description(definition).node}
        actions={
          <>
            {saved?.mine && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
                {tx('reports.delete.button')}
              </Button>
            )}
            <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={() => setSaving(true)}>
              {tx('reports.saveAs')}
            </Button>
            <ExportButtons path={`/api/reports/${definition.id}/export`} query={query} fileStem={`report-${definition.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${param}`} />
          </>
        }
      />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <ParameterPicker spec={definition.parameter} value={param} yearStartMonth={org.data?.financialYearStartMonth ?? 4} onChange={(v) => set({ param: v })} />
          {definition.filters.map((f) => (
            <FilterSelect key={f.key} spec={f} value={filters[f.key]} onChange={(v) => set({ [f.key]: v })} />
          ))}
        </Group>
        {run.error && !data ? (
          <QueryError error={run.error} onRetry={() => void run.refetch()} />
        ) : !data ? (
          <TableSkeleton rows={10} />
        ) : (
          <div style={{ opacity: run.isPlaceholderData ? 0.6 : 1 }}>
            <Stack gap="md">
              <Text size="sm" c="dimmed" data-testid="report-summary">
                {tx('reports.summary', { period: data.parameter.label, from: formatDate(data.parameter.from), to: formatDate(data.parameter.to), count: data.total })}
                {data.filters.map((f) => (
                  <Fragment key={f.key}>
                    {' · '}
                    {tx('reports.filterValue', { label: f.label, value: f.valueLabel })}
                  </Fragment>
                ))}
                {data.scope === 'team' && (
                  <>
                    {' · '}
                    {tx('reports.teamScope')}
                  </>
                )}
              </Text>
              {data.chart && <ReportChartView chart={data.chart} />}
              <ReportTable result={data} definition={definition} label={name.text} onSort={(key) => set({ sort: key, order: data.sort.key === key && data.sort.order === 'asc' ? 'desc' : 'asc' })} />
              {data.total > PAGE_SIZE && (
                <Group justify="flex-end">
                  <Pagination total={pageCount(data.total, PAGE_SIZE)} value={page} onChange={(p) => set({ page: p })} size="sm" />
                </Group>
              )}
              {data.notes.map((n) => (
                <Text key={n} size="xs" c="dimmed">
                  {n}
                </Text>
              ))}
            </Stack>
          </div>
        )}
      </Stack>
      <SaveReportModal opened={saving} onClose={() => setSaving(false)} reportId={definition.id} defaultName={`${name.text}${data ? ` — ${data.parameter.label}` : ''}`} param={param} filters={filters} />
      <ConfirmDialog
        opened={deleting}
        title={t('reports.delete.title')}
        message={t('reports.delete.message', { name: definition.name })}
        confirmLabel={t('reports.delete.button')}
        loading={remove.isPending}
        danger
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(definition.id, {
            onSuccess: () => {
              notifySuccess(t('reports.delete.done', { name: definition.name }));
              void navigate('/reports');
            },
            onError: (e) => notifyError(e, t('reports.delete.failed')),
          })
        }
      />
    </>
  );
}

function FilterSelect({ spec, value, onChange }: { spec: ReportFilterSpec; value: string | undefined; onChange: (v: string | undefined) => void }) {
  const { t } = useTranslation('hr');
  const departments = useDepartments();
  const locations = useLocations();
  const data =
    spec.kind === 'department'
      ? (departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))
      : spec.kind === 'location'
        ? (locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))
        : (spec.options ?? []);
  const all = spec.kind === 'department' ? t('reports.filter.allDepartments') : spec.kind === 'location' ? t('reports.filter.allLocations') : spec.kind === 'employeeStatus' ? t('reports.filter.anyStatus') : undefined;
  return (
    <Select
      aria-label={spec.label}
      placeholder={all ?? spec.label}
      clearable={spec.default === undefined}
      allowDeselect={spec.default === undefined}
      w={200}
      data={data}
      value={value ?? spec.default ?? null}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}

function ReportTable({ result, definition, label: tableLabel, onSort }: { result: ReportResult; definition: ReportDefinition; label: string; onSort: (key: string) => void }) {
  const tx = useTx('hr');
  const { t } = useTranslation('hr');
  const label = useColumnLabel();
  const sortable = new Set(definition.sortable);
  const cell = (row: ReportRow, key: string, type: ReportResult['columns'][number]['type'], first: boolean) => {
    const text = formatCell(row[key], type, result.timeZone);
    if (key === 'employee' && typeof row.employeeId === 'string') {
      return (
        <Anchor component={Link} to={`/employees/${row.employeeId}`} size="sm" fw={first ? 500 : undefined}>
          {text}
        </Anchor>
      );
    }
    return text;
  };
  return (
    <Paper withBorder style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={Math.max(700, result.columns.length * 105)}>
        <Table aria-label={tableLabel} striped highlightOnHover stickyHeader fz="sm" data-testid="report-table">
          <Table.Thead>
            <Table.Tr>
              {result.columns.map((c) => {
                const numeric = NUMERIC_TYPES.has(c.type);
                const active = result.sort.key === c.key;
                const Icon = active ? (result.sort.order === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
                return (
                  <Table.Th key={c.key} style={{ textAlign: numeric ? 'right' : 'left', whiteSpace: 'nowrap' }} title={c.description}>
                    {sortable.has(c.key) ? (
                      <UnstyledButton onClick={() => onSort(c.key)} aria-label={t('reports.sortBy', { column: label.text(c) })} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700, fontSize: 'inherit' }}>
                        {label.node(c)}
                        <Icon size={13} opacity={active ? 1 : 0.35} />
                      </UnstyledButton>
                    ) : (
                      label.node(c)
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={result.columns.length}>
                  <Text c="dimmed" size="sm" ta="center" py="lg">
                    {tx('reports.nothing')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {result.items.map((row, i) => (
              <Table.Tr key={`${String(row.employeeId ?? row.terminalId ?? '')}|${String(row.date ?? '')}|${String(row[result.columns[0]?.key ?? ''] ?? i)}|${i}`} data-testid="report-row">
                {result.columns.map((c, k) => (
                  <Table.Td key={c.key} style={{ textAlign: NUMERIC_TYPES.has(c.type) ? 'right' : 'left', whiteSpace: c.type === 'text' ? undefined : 'nowrap' }}>
                    {cell(row, c.key, c.type, k === 0)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {result.totals && result.items.length > 0 && (
            <Table.Tfoot>
              <Table.Tr data-testid="report-totals" style={{ fontWeight: 700, background: 'var(--mantine-color-gray-0)' }}>
                {result.columns.map((c) => (
                  <Table.Td key={c.key} style={{ textAlign: NUMERIC_TYPES.has(c.type) ? 'right' : 'left', whiteSpace: 'nowrap', fontWeight: 700 }}>
                    {result.totals?.[c.key] === null || result.totals?.[c.key] === undefined ? '' : formatCell(result.totals[c.key], c.type, result.timeZone)}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
