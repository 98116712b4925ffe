import { useState } from 'react';
import { Badge, Button, EmptyState, Group, Pagination, Paper, Popover, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconCheck, IconEye, IconInbox, IconX } from '@tabler/icons-react';
import {
  type Regularization,
  type RegularizationStatus,
  REGULARIZATION_KINDS,
  REGULARIZATION_REASON_MAX,
  REGULARIZATION_STATUSES,
} from '../../../../../shared/attendance/index.ts';
import { pageCount } from '../../../../../shared/common.ts';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { DIRECTION_LABELS, REGULARIZATION_KIND_LABELS, REGULARIZATION_STATUS_LABELS } from '../../../../../shared/labels.ts';
import { RejectDialog } from '../../components/reject-dialog.tsx';
import { formatDate, formatInstant } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { withUndo } from '../../lib/undo.tsx';
import { useDecideRegularization, useRegularizations, useRequestEffect } from './attendance-queries.ts';
import { DayEffect } from './day-effect.tsx';
import { DayDrawer } from './day-drawer.tsx';
import { useParam } from './filters.tsx';

const STATUS_COLOR: Record<RegularizationStatus, string> = { AwaitingManager: 'blue', ManagerApprovedAwaitingHR: 'violet', Approved: 'teal', Rejected: 'red' };
const PAGE_SIZE = 20;

export function RegularizationStatusBadge({ status }: { status: RegularizationStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {REGULARIZATION_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The day now and after approval, fetched only when asked for (a list shows many requests). */
function EffectPopover({ request }: { request: Regularization }) {
  const [opened, setOpened] = useState(false);
  const effect = useRequestEffect(request.id, opened);
  return (
    <Popover opened={opened} onChange={setOpened} width={520} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Button variant="subtle" size="compact-xs" leftSection={<IconEye size={14} />} onClick={() => setOpened((o) => !o)}>
          Effect on the day
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <DayEffect preview={effect.data} loading={effect.isFetching} error={effect.error} />
      </Popover.Dropdown>
    </Popover>
  );
}

const kindLabel = (r: Regularization) => REGULARIZATION_KIND_LABELS[r.kind];
const punchesOf = (r: Regularization) => r.punches.map((p) => `${DIRECTION_LABELS[p.direction]} ${p.time}`).join(', ');

/** Rejecting asks for the note first (the employee sees it); nothing is sent before the confirm button. */
function RejectRegularization({ request, onClose }: { request: Regularization; onClose: () => void }) {
  const decide = useDecideRegularization();
  return (
    <RejectDialog
      opened
      title={`Reject regularization: ${request.employee.fullName}, ${formatDate(request.date)}`}
      summary={`${kindLabel(request)}${punchesOf(request) ? `: ${punchesOf(request)}` : ''} — “${request.reason}”`}
      readerName={request.employee.fullName.split(' ')[0] ?? request.employee.fullName}
      max={REGULARIZATION_REASON_MAX}
      placeholder="e.g. The gate register shows you left at 17:10; please ask for 17:10 instead."
      required
      loading={decide.isPending}
      onConfirm={(note) =>
        decide.mutate(
          { id: request.id, approve: false, note },
          {
            onSuccess: (r) => {
              notifySuccess(`${r.employee.fullName}, ${formatDate(r.date)}: not approved.`, 'Rejected');
              onClose();
            },
            onError: (e) => notifyError(e, 'Could not record the decision'),
          },
        )
      }
      onClose={onClose}
    />
  );
}

/** Regularization requests: the ones awaiting the caller's decision, and all in scope with filters. */
export function RegularizationsPage() {
  const [tab, setTab] = useParam('tab');
  const [status, setStatus] = useParam('status');
  const [kind, setKind] = useParam('kind');
  const [employeeId, setEmployeeId] = useParam('employeeId');
  const [pageParam, setPage] = useParam('page');
  const page = Number(pageParam ?? 1);
  const awaiting = (tab ?? 'awaiting') === 'awaiting';
  const filter = awaiting ? { awaitingMe: true } : { status, kind, employeeId };
  const list = useRegularizations({ ...filter, page, pageSize: PAGE_SIZE });
  const [rejecting, setRejecting] = useState<Regularization | null>(null);
  const [approving, setApproving] = useState<ReadonlySet<string>>(new Set());
  const decide = useDecideRegularization();
  const mark = (id: string, on: boolean) =>
    setApproving((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  /** One click, with a few seconds to undo before it is sent. */
  const approve = (r: Regularization) => {
    mark(r.id, true);
    withUndo({
      key: `regularization-approve-${r.id}`,
      title: 'Approved',
      message: `${r.employee.fullName}, ${formatDate(r.date)}: ${kindLabel(r)}`,
      commit: () =>
        decide.mutate(
          { id: r.id, approve: true, note: null },
          { onError: (e) => notifyError(e, 'Could not approve'), onSettled: () => mark(r.id, false) },
        ),
      onUndo: () => mark(r.id, false),
    });
  };
  const [open, setOpen] = useState<Regularization | null>(null);
  const data = list.data;

  return (
    <>
      <PageHeader
        title="Regularizations"
        description="Requests to fix a day: missing punches, off-zone check-ins, manual entries. Managers approve first; HR after them where the rules say so."
        actions={<ExportButtons path="/api/regularizations/export" query={{ status, kind, employeeId }} fileStem="regularizations" />}
      />
      <Tabs value={awaiting ? 'awaiting' : 'all'} onChange={(v) => setTab(v === 'all' ? 'all' : undefined, { page: undefined })} mb="md">
        <Tabs.List>
          <Tabs.Tab value="awaiting" rightSection={data ? <Badge size="sm" circle={data.pending < 10}>{data.pending}</Badge> : undefined}>
            Awaiting me
          </Tabs.Tab>
          <Tabs.Tab value="all">All requests</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Stack gap="md">
        {!awaiting && (
          <Group gap="sm" wrap="wrap">
            <Select
              aria-label="Status"
              placeholder="Every status"
              clearable
              w={200}
              data={REGULARIZATION_STATUSES.map((s) => ({ value: s, label: REGULARIZATION_STATUS_LABELS[s] }))}
              value={status ?? null}
              onChange={(v) => setStatus(v ?? undefined, { page: undefined })}
            />
            <Select aria-label="Kind" placeholder="Every kind" clearable w={200} data={REGULARIZATION_KINDS.map((k) => ({ value: k, label: REGULARIZATION_KIND_LABELS[k] }))} value={kind ?? null} onChange={(v) => setKind(v ?? undefined, { page: undefined })} />
            <EmployeePicker aria-label="Employee" w={260} value={employeeId ?? null} onChange={(v) => setEmployeeId(v ?? undefined, { page: undefined })} />
          </Group>
        )}
        {list.error && !data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Paper withBorder style={{ overflow: 'hidden' }}>
            {!data ? (
              <TableSkeleton rows={6} />
            ) : data.items.length === 0 ? (
              <EmptyState py="xl" icon={<IconInbox />} title={awaiting ? 'Nothing waits for you' : 'No requests match'} description={awaiting ? 'New requests from your team will appear here.' : 'Change the filters to see more.'} />
            ) : (
              <>
                <Table.ScrollContainer minWidth={1000}>
                  <Table aria-label="Regularizations" verticalSpacing="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Employee</Table.Th>
                        <Table.Th>Day</Table.Th>
                        <Table.Th>Kind</Table.Th>
                        <Table.Th>Asks for</Table.Th>
                        <Table.Th>Reason</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.items.map((r) => (
                        <Table.Tr key={r.id} data-testid="regularization-row">
                          <Table.Td>
                            <Text size="sm" fw={500}>
                              {r.employee.fullName}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {r.employee.code} · asked {formatInstant(r.createdAt)}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Button variant="subtle" size="compact-sm" onClick={() => setOpen(r)}>
                              {formatDate(r.date)}
                            </Button>
                          </Table.Td>
                          <Table.Td>{kindLabel(r)}</Table.Td>
                          <Table.Td>
                            <Text size="sm">{punchesOf(r) || '—'}</Text>
                            {r.canDecide && <EffectPopover request={r} />}
                          </Table.Td>
                          <Table.Td maw={260}>
                            <Text size="sm" lineClamp={2}>
                              {r.reason}
                            </Text>
                            {r.decisionNote && (
                              <Text size="xs" c="dimmed">
                                Note: {r.decisionNote}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <RegularizationStatusBadge status={r.status} />
                            <Text size="xs" c="dimmed">
                              {[r.managerDecisionBy && `manager: ${r.managerDecisionBy}`, r.hrDecisionBy && `HR: ${r.hrDecisionBy}`].filter(Boolean).join(' · ')}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            {r.canDecide && (
                              <Group gap={4} wrap="nowrap" justify="flex-end">
                                <Button size="xs" color="teal" leftSection={<IconCheck size={14} />} loading={approving.has(r.id)} onClick={() => approve(r)}>
                                  Approve
                                </Button>
                                <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} />} disabled={approving.has(r.id)} onClick={() => setRejecting(r)}>
                                  Reject…
                                </Button>
                              </Group>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Group justify="space-between" p="sm">
                  <Text size="sm" c="dimmed">
                    {data.total} request{data.total === 1 ? '' : 's'}
                  </Text>
                  <Pagination total={pageCount(data.total, PAGE_SIZE)} value={page} onChange={(p) => setPage(String(p))} size="sm" />
                </Group>
              </>
            )}
          </Paper>
        )}
      </Stack>
      {rejecting && <RejectRegularization request={rejecting} onClose={() => setRejecting(null)} />}
      <DayDrawer employeeId={open?.employee.id ?? null} date={open?.date ?? null} onClose={() => setOpen(null)} />
    </>
  );
}
