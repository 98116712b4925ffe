import { useState } from 'react';
import { Badge, Button, EmptyState, Group, Pagination, Paper, Popover, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconCheck, IconEye, IconInbox, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
import { RejectDialog } from '../../components/reject-dialog.tsx';
import { i18n } from '../../i18n/i18n.ts';
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
  const { t } = useTranslation('labels');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {t(`regularizationStatus.${status}`)}
    </Badge>
  );
}

/** The day now and after approval, fetched only when asked for (a list shows many requests). */
function EffectPopover({ request }: { request: Regularization }) {
  const { t } = useTranslation('employee');
  const [opened, setOpened] = useState(false);
  const effect = useRequestEffect(request.id, opened);
  return (
    <Popover opened={opened} onChange={setOpened} width={520} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Button variant="subtle" size="compact-xs" leftSection={<IconEye size={14} />} onClick={() => setOpened((o) => !o)}>
          {t('day.effectTitle')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <DayEffect preview={effect.data} loading={effect.isFetching} error={effect.error} />
      </Popover.Dropdown>
    </Popover>
  );
}

const kindLabel = (r: Regularization) => i18n.t(`labels:regularizationKind.${r.kind}`);
const punchesOf = (r: Regularization) => r.punches.map((p) => `${i18n.t(`labels:direction.${p.direction}`)} ${p.time}`).join(', ');

/** Rejecting asks for the note first (the employee sees it); nothing is sent before the confirm button. */
function RejectRegularization({ request, onClose }: { request: Regularization; onClose: () => void }) {
  const { t } = useTranslation('manager');
  const decide = useDecideRegularization();
  return (
    <RejectDialog
      opened
      title={t('regularizations.rejectTitle', { name: request.employee.fullName, date: formatDate(request.date) })}
      summary={`${kindLabel(request)}${punchesOf(request) ? `: ${punchesOf(request)}` : ''} — “${request.reason}”`}
      readerName={request.employee.fullName.split(' ')[0] ?? request.employee.fullName}
      max={REGULARIZATION_REASON_MAX}
      placeholder={t('regularizations.rejectPlaceholder')}
      required
      loading={decide.isPending}
      onConfirm={(note) =>
        decide.mutate(
          { id: request.id, approve: false, note },
          {
            onSuccess: (r) => {
              notifySuccess(t('regularizations.rejected', { name: r.employee.fullName, date: formatDate(r.date) }), t('regularizations.rejectedTitle'));
              onClose();
            },
            onError: (e) => notifyError(e, t('regularizations.couldNotDecide')),
          },
        )
      }
      onClose={onClose}
    />
  );
}

/** Regularization requests: the ones awaiting the caller's decision, and all in scope with filters. */
export function RegularizationsPage() {
  const { t } = useTranslation('manager');
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
      title: t('regularizations.approvedTitle'),
      message: `${r.employee.fullName}, ${formatDate(r.date)}: ${kindLabel(r)}`,
      commit: () =>
        decide.mutate(
          { id: r.id, approve: true, note: null },
          { onError: (e) => notifyError(e, t('regularizations.couldNotApprove')), onSettled: () => mark(r.id, false) },
        ),
      onUndo: () => mark(r.id, false),
    });
  };
  const [open, setOpen] = useState<Regularization | null>(null);
  const data = list.data;

  return (
    <>
      <PageHeader
        title={t('regularizations.title')}
        description={t('regularizations.description')}
        actions={<ExportButtons path="/api/regularizations/export" query={{ status, kind, employeeId }} fileStem="regularizations" />}
      />
      <Tabs value={awaiting ? 'awaiting' : 'all'} onChange={(v) => setTab(v === 'all' ? 'all' : undefined, { page: undefined })} mb="md">
        <Tabs.List>
          <Tabs.Tab value="awaiting" rightSection={data ? <Badge size="sm" circle={data.pending < 10}>{data.pending}</Badge> : undefined}>
            {t('regularizations.awaitingMe')}
          </Tabs.Tab>
          <Tabs.Tab value="all">{t('regularizations.all')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Stack gap="md">
        {!awaiting && (
          <Group gap="sm" wrap="wrap">
            <Select
              aria-label={t('regularizations.status')}
              placeholder={t('regularizations.everyStatus')}
              clearable
              w={200}
              data={REGULARIZATION_STATUSES.map((s) => ({ value: s, label: t(`labels:regularizationStatus.${s}`) }))}
              value={status ?? null}
              onChange={(v) => setStatus(v ?? undefined, { page: undefined })}
            />
            <Select aria-label={t('regularizations.kind')} placeholder={t('regularizations.everyKind')} clearable w={200} data={REGULARIZATION_KINDS.map((k) => ({ value: k, label: t(`labels:regularizationKind.${k}`) }))} value={kind ?? null} onChange={(v) => setKind(v ?? undefined, { page: undefined })} />
            <EmployeePicker aria-label={t('regularizations.employee')} w={260} value={employeeId ?? null} onChange={(v) => setEmployeeId(v ?? undefined, { page: undefined })} />
          </Group>
        )}
        {list.error && !data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Paper withBorder style={{ overflow: 'hidden' }}>
            {!data ? (
              <TableSkeleton rows={6} />
            ) : data.items.length === 0 ? (
              <EmptyState py="xl" icon={<IconInbox />} title={awaiting ? t('regularizations.nothingWaits') : t('regularizations.noneMatch')} description={awaiting ? t('regularizations.newAppear') : t('regularizations.changeFilters')} />
            ) : (
              <>
                <Table.ScrollContainer minWidth={1000}>
                  <Table aria-label={t('regularizations.title')} verticalSpacing="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('regularizations.employee')}</Table.Th>
                        <Table.Th>{t('regularizations.day')}</Table.Th>
                        <Table.Th>{t('regularizations.kind')}</Table.Th>
                        <Table.Th>{t('regularizations.asksFor')}</Table.Th>
                        <Table.Th>{t('regularizations.reason')}</Table.Th>
                        <Table.Th>{t('regularizations.status')}</Table.Th>
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
                              {t('regularizations.asked', { code: r.employee.code, when: formatInstant(r.createdAt) })}
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
                                {t('regularizations.note', { note: r.decisionNote })}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <RegularizationStatusBadge status={r.status} />
                            <Text size="xs" c="dimmed">
                              {[r.managerDecisionBy && t('regularizations.byManager', { name: r.managerDecisionBy }), r.hrDecisionBy && t('regularizations.byHr', { name: r.hrDecisionBy })].filter(Boolean).join(' · ')}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            {r.canDecide && (
                              <Group gap={4} wrap="nowrap" justify="flex-end">
                                <Button size="xs" color="teal" leftSection={<IconCheck size={14} />} loading={approving.has(r.id)} onClick={() => approve(r)}>
                                  {t('regularizations.approve')}
                                </Button>
                                <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} />} disabled={approving.has(r.id)} onClick={() => setRejecting(r)}>
                                  {t('regularizations.reject')}
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
                    {t('regularizations.count', { count: data.total })}
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
