import { useState } from 'react';
import { Badge, Button, EmptyState, Group, Modal, Pagination, Paper, Select, Stack, Table, Tabs, Text, Textarea } from '@mantine/core';
import { IconCheck, IconInbox, IconX } from '@tabler/icons-react';
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
import { formatDate, formatInstant, humanize } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useDecideRegularization, useRegularizations, useRequestEffect } from './attendance-queries.ts';
import { DayEffect } from './day-effect.tsx';
import { DayDrawer } from './day-drawer.tsx';
import { useParam } from './filters.tsx';

const STATUS_COLOR: Record<RegularizationStatus, string> = { AwaitingManager: 'blue', ManagerApprovedAwaitingHR: 'violet', Approved: 'teal', Rejected: 'red' };
const STATUS_LABEL: Record<RegularizationStatus, string> = {
  AwaitingManager: 'Awaiting manager',
  ManagerApprovedAwaitingHR: 'Awaiting HR',
  Approved: 'Approved',
  Rejected: 'Rejected',
};
const PAGE_SIZE = 20;

export function RegularizationStatusBadge({ status }: { status: RegularizationStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}

function DecisionModal({ request, approve, onClose }: { request: Regularization; approve: boolean; onClose: () => void }) {
  const decide = useDecideRegularization();
  const effect = useRequestEffect(request.id, decide.isIdle);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    if (!approve && !note.trim()) {
      setError('Say why it is rejected');
      return;
    }
    decide.mutate(
      { id: request.id, approve, note: note.trim() || null },
      {
        onSuccess: (r) => {
          notifySuccess(`${r.employee.fullName}, ${r.date}: ${STATUS_LABEL[r.status]}.`, approve ? 'Approved' : 'Rejected');
          onClose();
        },
        onError: (e) => notifyError(e, 'Could not record the decision'),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`${approve ? 'Approve' : 'Reject'}: ${request.employee.fullName}, ${formatDate(request.date)}`} centered>
      <Stack>
        <Text size="sm">
          {humanize(request.kind)}: {request.punches.map((p) => `${p.direction} ${p.time}`).join(', ') || 'accept the flagged check-in'} — “{request.reason}”
        </Text>
        <DayEffect preview={effect.data} loading={effect.isFetching} error={effect.error} />
        {approve && request.requiresHr && request.status === 'AwaitingManager' && (
          <Text size="sm" c="dimmed">
            This kind also needs HR: your approval sends it on to HR.
          </Text>
        )}
        <Textarea
          label={approve ? 'Note (optional)' : 'Why it is rejected'}
          withAsterisk={!approve}
          autosize
          minRows={2}
          maxLength={REGULARIZATION_REASON_MAX}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={approve ? 'teal' : 'red'} loading={decide.isPending} onClick={submit}>
            {approve ? 'Approve' : 'Reject'}
          </Button>
        </Group>
      </Stack>
    </Modal>
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
  const [deciding, setDeciding] = useState<{ request: Regularization; approve: boolean } | null>(null);
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
              data={REGULARIZATION_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
              value={status ?? null}
              onChange={(v) => setStatus(v ?? undefined, { page: undefined })}
            />
            <Select aria-label="Kind" placeholder="Every kind" clearable w={200} data={REGULARIZATION_KINDS.map((k) => ({ value: k, label: humanize(k) }))} value={kind ?? null} onChange={(v) => setKind(v ?? undefined, { page: undefined })} />
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
                          <Table.Td>{humanize(r.kind)}</Table.Td>
                          <Table.Td>{r.punches.map((p) => `${p.direction} ${p.time}`).join(', ') || '—'}</Table.Td>
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
                                <Button size="xs" color="teal" leftSection={<IconCheck size={14} />} onClick={() => setDeciding({ request: r, approve: true })}>
                                  Approve
                                </Button>
                                <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} />} onClick={() => setDeciding({ request: r, approve: false })}>
                                  Reject
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
      {deciding && <DecisionModal request={deciding.request} approve={deciding.approve} onClose={() => setDeciding(null)} />}
      <DayDrawer employeeId={open?.employee.id ?? null} date={open?.date ?? null} onClose={() => setOpen(null)} />
    </>
  );
}
