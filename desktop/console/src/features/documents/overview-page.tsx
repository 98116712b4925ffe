import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, Checkbox, EmptyState, Group, NumberInput, Pagination, Paper, Select, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconChecklist, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { pageCount } from '../../../../../shared/common.ts';
import { EXPIRING_DAYS_DEFAULT, OVERVIEW_STATUSES, type OverviewRow, type OverviewStatus } from '../../../../../shared/documents.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { formatDate, formatInstant } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useDepartments, useLocations } from '../settings/org-queries.ts';
import { useDocumentOverview, useDocumentTypes, useRequestDocuments } from './document-queries.ts';
import { OverviewStatusBadge } from './labels.tsx';

const PAGE_SIZE = 50;

/**
 * HR's view of documents across the organisation: one list per status with
 * its count, filters, a selection to request the missing ones in one action
 * (one spec §4.4 request per employee), and exports of the list.
 */
export function DocumentsOverviewPage() {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  // A link may name the list (`?status=AwaitingVerification`, from the dashboard).
  const [search] = useSearchParams();
  const linked = search.get('status');
  const [status, setStatus] = useState<OverviewStatus>((OVERVIEW_STATUSES as readonly string[]).includes(linked ?? '') ? (linked as OverviewStatus) : 'Missing');
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [withinDays, setWithinDays] = useState<number>(EXPIRING_DAYS_DEFAULT);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Map<string, OverviewRow>>(new Map());
  const filters = { status, departmentId, locationId, typeId, withinDays };
  const overview = useDocumentOverview({ ...filters, page, pageSize: PAGE_SIZE });
  const departments = useDepartments();
  const locations = useLocations();
  const types = useDocumentTypes();
  const request = useRequestDocuments();
  const counts = useMemo(() => new Map((overview.data?.facets.status ?? []).map((f) => [f.value, f.count])), [overview.data]);
  const change = (fn: () => void) => {
    fn();
    setPage(1);
    setSelected(new Map());
  };

  const requestSelected = async () => {
    const byEmployee = new Map<string, { name: string; names: string[] }>();
    for (const row of selected.values()) {
      const entry = byEmployee.get(row.employee.id) ?? { name: row.employee.fullName, names: [] };
      entry.names.push(row.name);
      byEmployee.set(row.employee.id, entry);
    }
    let requested = 0;
    for (const [employeeId, entry] of byEmployee) {
      try {
        requested += (await request.mutateAsync({ employeeId, names: entry.names })).requested;
      } catch (e) {
        notifyError(e, t('documents.overview.requestFailed', { name: entry.name }));
        return;
      }
    }
    notifySuccess(t('documents.overview.requested', { count: requested, employees: byEmployee.size }));
    setSelected(new Map());
  };

  const rows = overview.data?.items ?? [];
  const selectable = status === 'Missing' || status === 'Expired' || status === 'Rejected';
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.key));
  return (
    <Stack gap="md">
      <PageHeader
        title={tx('documents.overview.title')}
        documentTitle={t('documents.overview.title')}
        description={tx('documents.overview.description')}
        actions={
          <Button component={Link} to="/documents/types" variant="default" leftSection={<IconChecklist size={16} />}>
            {tx('documents.types.title')}
          </Button>
        }
      />
      <Tabs value={status} onChange={(v) => v && change(() => setStatus(v as OverviewStatus))}>
        <Tabs.List>
          {OVERVIEW_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s} rightSection={<Badge size="sm" variant="light" color={s === status ? 'blue' : 'gray'}>{counts.get(s) ?? '…'}</Badge>}>
              {t(`labels:documentOverviewStatus.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Select aria-label={t('documents.overview.department')} placeholder={t('documents.overview.allDepartments')} clearable w={200} data={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))} value={departmentId} onChange={(v) => change(() => setDepartmentId(v))} />
          <Select aria-label={t('documents.overview.location')} placeholder={t('documents.overview.allLocations')} clearable w={170} data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))} value={locationId} onChange={(v) => change(() => setLocationId(v))} />
          <Select aria-label={t('documents.overview.documentType')} placeholder={t('documents.overview.allDocuments')} clearable searchable w={210} data={(types.data?.items ?? []).map((x) => ({ value: x.id, label: x.name }))} value={typeId} onChange={(v) => change(() => setTypeId(v))} />
          {status === 'ExpiringSoon' && (
            <NumberInput aria-label={t('documents.overview.expiringWithin')} w={170} min={1} max={365} suffix={t('documents.overview.daysSuffix')} value={withinDays} onChange={(v) => typeof v === 'number' && change(() => setWithinDays(v))} />
          )}
        </Group>
        <ExportButtons path="/api/documents/overview/export" query={filters} fileStem={`documents-${status.toLowerCase()}`} />
      </Group>
      {selectable && selected.size > 0 && (
        <Paper withBorder p="sm" bg="blue.0">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {tx('documents.overview.selected', { count: selected.size, employees: new Set([...selected.values()].map((r) => r.employee.id)).size })}
            </Text>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => setSelected(new Map())}>
                {tx('documents.overview.clear')}
              </Button>
              <Button size="xs" leftSection={<IconSend size={14} />} loading={request.isPending} onClick={() => void requestSelected()}>
                {tx('documents.overview.requestFromThem')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {overview.error && !overview.data ? (
        <QueryError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : !overview.data ? (
        <Skeleton height={400} />
      ) : rows.length === 0 ? (
        <EmptyState py="xl" icon={<IconChecklist />} title={tx('documents.overview.nothing', { status })} description={tx('documents.overview.nothingDetail')} />
      ) : (
        <Stack gap="sm" style={{ opacity: overview.isPlaceholderData ? 0.6 : 1 }}>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing={6} fz="sm" data-testid="documents-overview">
              <Table.Thead>
                <Table.Tr>
                  {selectable && (
                    <Table.Th w={36}>
                      <Checkbox
                        aria-label={t('documents.overview.selectAll')}
                        checked={allOnPage}
                        onChange={() =>
                          setSelected((prev) => {
                            const next = new Map(prev);
                            for (const r of rows) if (allOnPage) next.delete(r.key);
                            else next.set(r.key, r);
                            return next;
                          })
                        }
                      />
                    </Table.Th>
                  )}
                  <Table.Th>{tx('documents.overview.column.employee')}</Table.Th>
                  <Table.Th>{tx('documents.overview.column.department')}</Table.Th>
                  <Table.Th>{tx('documents.overview.column.location')}</Table.Th>
                  <Table.Th>{tx('documents.overview.column.document')}</Table.Th>
                  <Table.Th>{tx('documents.overview.column.status')}</Table.Th>
                  <Table.Th>{tx('documents.overview.column.expires')}</Table.Th>
                  <Table.Th>{tx('documents.overview.column.requested')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.key}>
                    {selectable && (
                      <Table.Td>
                        <Checkbox
                          aria-label={t('documents.overview.selectRow', { name: r.name, employee: r.employee.fullName })}
                          checked={selected.has(r.key)}
                          onChange={() =>
                            setSelected((prev) => {
                              const next = new Map(prev);
                              if (next.has(r.key)) next.delete(r.key);
                              else next.set(r.key, r);
                              return next;
                            })
                          }
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Anchor component={Link} to={`/employees/${r.employee.id}?tab=documents`} size="sm">
                        {r.employee.fullName}
                      </Anchor>{' '}
                      <Text span size="xs" c="dimmed" ff="monospace">
                        {r.employee.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>{r.department ?? '—'}</Table.Td>
                    <Table.Td>{r.location ?? '—'}</Table.Td>
                    <Table.Td>
                      {r.name}
                      {!r.required && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          {tx('documents.overview.notOnChecklist')}
                        </Text>
                      )}
                      {r.note && (
                        <Text size="xs" c="orange.8">
                          {r.note}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <OverviewStatusBadge status={r.status} />
                    </Table.Td>
                    <Table.Td>{formatDate(r.expiresOn)}</Table.Td>
                    <Table.Td>{r.requestedAt ? formatInstant(r.requestedAt) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {tx('documents.overview.items', { count: overview.data.total })}
            </Text>
            <Pagination total={pageCount(overview.data.total, PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
