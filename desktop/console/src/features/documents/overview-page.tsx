import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, Checkbox, EmptyState, Group, NumberInput, Pagination, Paper, Select, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconChecklist, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pageCount } from '../../../../../shared/common.ts';
import { EXPIRING_DAYS_DEFAULT, OVERVIEW_STATUSES, OVERVIEW_STATUS_LABELS, type OverviewRow, type OverviewStatus } from '../../../../../shared/documents.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
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
  const [status, setStatus] = useState<OverviewStatus>('Missing');
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
        notifyError(e, `Could not request documents from ${entry.name}`);
        return;
      }
    }
    notifySuccess(`Requested ${requested} document${requested === 1 ? '' : 's'} from ${byEmployee.size} employee${byEmployee.size === 1 ? '' : 's'}. They see the requests on their documents page.`);
    setSelected(new Map());
  };

  const rows = overview.data?.items ?? [];
  const selectable = status === 'Missing' || status === 'Expired' || status === 'Rejected';
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.key));
  return (
    <Stack gap="md">
      <PageHeader
        title="Documents"
        description="Every employee's file across the organisation: what is missing, expiring, expired, awaiting verification or rejected."
        actions={
          <Button component={Link} to="/documents/types" variant="default" leftSection={<IconChecklist size={16} />}>
            Document types and checklists
          </Button>
        }
      />
      <Tabs value={status} onChange={(v) => v && change(() => setStatus(v as OverviewStatus))}>
        <Tabs.List>
          {OVERVIEW_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s} rightSection={<Badge size="sm" variant="light" color={s === status ? 'blue' : 'gray'}>{counts.get(s) ?? '…'}</Badge>}>
              {OVERVIEW_STATUS_LABELS[s]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Select aria-label="Department" placeholder="All departments" clearable w={200} data={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))} value={departmentId} onChange={(v) => change(() => setDepartmentId(v))} />
          <Select aria-label="Location" placeholder="All locations" clearable w={170} data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))} value={locationId} onChange={(v) => change(() => setLocationId(v))} />
          <Select aria-label="Document type" placeholder="All documents" clearable searchable w={210} data={(types.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))} value={typeId} onChange={(v) => change(() => setTypeId(v))} />
          {status === 'ExpiringSoon' && (
            <NumberInput aria-label="Expiring within days" w={170} min={1} max={365} suffix=" days" value={withinDays} onChange={(v) => typeof v === 'number' && change(() => setWithinDays(v))} />
          )}
        </Group>
        <ExportButtons path="/api/documents/overview/export" query={filters} fileStem={`documents-${status.toLowerCase()}`} />
      </Group>
      {selectable && selected.size > 0 && (
        <Paper withBorder p="sm" bg="blue.0">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {selected.size} document{selected.size === 1 ? '' : 's'} of {new Set([...selected.values()].map((r) => r.employee.id)).size} employee(s) selected
            </Text>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => setSelected(new Map())}>
                Clear
              </Button>
              <Button size="xs" leftSection={<IconSend size={14} />} loading={request.isPending} onClick={() => void requestSelected()}>
                Request from them
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
        <EmptyState py="xl" icon={<IconChecklist />} title={`Nothing ${OVERVIEW_STATUS_LABELS[status].toLowerCase()}`} description="No employee's file matches this list and these filters." />
      ) : (
        <Stack gap="sm" style={{ opacity: overview.isPlaceholderData ? 0.6 : 1 }}>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing={6} fz="sm" data-testid="documents-overview">
              <Table.Thead>
                <Table.Tr>
                  {selectable && (
                    <Table.Th w={36}>
                      <Checkbox
                        aria-label="Select every row on this page"
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
                  <Table.Th>Employee</Table.Th>
                  <Table.Th>Department</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Requested</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.key}>
                    {selectable && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${r.name} of ${r.employee.fullName}`}
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
                          (not on the checklist)
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
              {overview.data.total} {overview.data.total === 1 ? 'item' : 'items'}
            </Text>
            <Pagination total={pageCount(overview.data.total, PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
