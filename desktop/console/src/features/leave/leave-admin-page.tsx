import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Group, NumberInput, Pagination, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconAdjustments, IconCalendarPlus, IconCalendarRepeat, IconCategory, IconPencil, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { formatNumber } from '../../../../../shared/i18n/index.ts';
import type { LeaveType } from '../../../../../shared/leave/index.ts';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useTx } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate, formatInstant } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSearchParams } from 'react-router';
import { useCan } from '../../session/session-context.tsx';
import { TypeBadge, leaveTypeLabel } from './leave-format.tsx';
import { useAdjust, useAdjustments, useLeaveTypes, useRunAccruals, useRunYearEnd, useYearEndPreview } from './leave-queries.ts';
import { LeaveTypeForm } from './leave-type-form.tsx';
import { RecordLeavePanel } from './record-leave.tsx';

/** HR's leave settings: types and policies, adjustments, the year end, and recording leave for an employee. */
export function LeaveAdminPage() {
  const can = useCan();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  // `?tab=record` opens "Record leave" straight away (the approvals page links there).
  const [search] = useSearchParams();
  const [tab, setTab] = useState<string | null>(search.get('tab') ?? 'types');
  return (
    <>
      <PageHeader title={tx('leaveSettings.title')} documentTitle={t('leaveSettings.title')} description={tx('leaveSettings.description')} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="types" leftSection={<IconCategory size={16} />}>
            {tx('leaveSettings.tabs.types')}
          </Tabs.Tab>
          <Tabs.Tab value="adjustments" leftSection={<IconAdjustments size={16} />}>
            {tx('leaveSettings.tabs.adjustments')}
          </Tabs.Tab>
          <Tabs.Tab value="year-end" leftSection={<IconCalendarRepeat size={16} />}>
            {tx('leaveSettings.tabs.yearEnd')}
          </Tabs.Tab>
          {can('leave:hr-approve') && (
            <Tabs.Tab value="record" leftSection={<IconCalendarPlus size={16} />}>
              {tx('leaveSettings.tabs.record')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="types">
          <TypesTab />
        </Tabs.Panel>
        <Tabs.Panel value="adjustments">
          <AdjustmentsTab />
        </Tabs.Panel>
        <Tabs.Panel value="year-end">
          <YearEndTab />
        </Tabs.Panel>
        {can('leave:hr-approve') && (
          <Tabs.Panel value="record">
            <RecordLeavePanel />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}

type Tx = ReturnType<typeof useTx>;

/** Short facts about a type, each its own message, shown as a " · " list (never one sentence of glued pieces). */
function dotted(items: ReactNode[]): ReactNode {
  return items.map((item, i) => (
    <Fragment key={i}>
      {i > 0 && ' · '}
      {item}
    </Fragment>
  ));
}

function accrualText(type: LeaveType, tx: Tx): ReactNode {
  const p = type.policy;
  const credit =
    p.accrual === 'annual'
      ? tx('leaveSettings.policy.perYear', { days: p.annualDays })
      : p.accrual === 'monthly'
        ? tx('leaveSettings.policy.perMonth', { days: p.monthlyDays })
        : tx(type.allowNegative ? 'leaveSettings.policy.noEntitlement' : 'leaveSettings.policy.hrCredits');
  const cap =
    p.carryForwardCap === null
      ? tx('leaveSettings.policy.carryAll')
      : p.carryForwardCap === 0
        ? tx('leaveSettings.policy.noCarry')
        : tx(p.encashable ? 'leaveSettings.policy.carryUpToEncash' : 'leaveSettings.policy.carryUpTo', { cap: p.carryForwardCap });
  return dotted([credit, cap, ...(p.creditExpiryDays ? [tx('leaveSettings.policy.expires', { days: p.creditExpiryDays })] : [])]);
}

function rulesText(type: LeaveType, tx: Tx): ReactNode {
  return dotted(
    [
      type.noticeDays ? tx('leaveSettings.rules.notice', { days: type.noticeDays }) : tx('leaveSettings.rules.noNotice'),
      type.backdateDays ? tx('leaveSettings.rules.back', { days: type.backdateDays }) : null,
      type.maxConsecutiveDays ? tx('leaveSettings.rules.maxInRow', { days: type.maxConsecutiveDays }) : null,
      type.documentsAboveDays !== null ? tx('leaveSettings.rules.documents', { days: type.documentsAboveDays }) : null,
      type.minServiceDays ? tx('leaveSettings.rules.service', { days: type.minServiceDays }) : null,
      type.sandwich !== 'none' ? tx('leaveSettings.rules.sandwich', { rule: type.sandwich }) : null,
      type.halfDayAllowed ? tx('leaveSettings.rules.halfDays') : null,
    ].filter((x) => x !== null),
  );
}

function TypesTab() {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const types = useLeaveTypes(true);
  const [editing, setEditing] = useState<LeaveType | 'new' | null>(null);
  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {tx('leaveSettings.types.add')}
        </Button>
      </Group>
      {types.error ? (
        <QueryError error={types.error} onRetry={() => void types.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!types.data ? (
            <TableSkeleton rows={6} />
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table aria-label={t('leaveSettings.types.table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{tx('leaveSettings.types.type')}</Table.Th>
                    <Table.Th>{tx('leaveSettings.types.approval')}</Table.Th>
                    <Table.Th>{tx('leaveSettings.types.rules')}</Table.Th>
                    <Table.Th>{tx('leaveSettings.types.policy')}</Table.Th>
                    <Table.Th w={60} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {types.data.items.map((type) => (
                    <Table.Tr key={type.id} style={{ opacity: type.active ? 1 : 0.55 }}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <TypeBadge code={type.code} tone={type.colorTone} />
                          <div>
                            <Text size="sm" fw={600}>
                              {leaveTypeLabel(type.code, type.name)}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {dotted([
                                tx(type.paid ? 'leaveSettings.types.paid' : 'leaveSettings.types.unpaid'),
                                ...(type.active ? [] : [tx('leaveSettings.types.inactive')]),
                                ...(type.eligibleGender ? [tx('leaveSettings.types.only', { gender: type.eligibleGender })] : []),
                              ])}
                            </Text>
                          </div>
                        </Group>
                      </Table.Td>
                      <Table.Td>{type.hrApproval === 'always' ? tx('leaveSettings.types.managerHr') : type.hrApproval === 'never' ? tx('leaveSettings.types.manager') : tx('leaveSettings.types.hrAbove', { days: type.hrApprovalAboveDays ?? 0 })}</Table.Td>
                      <Table.Td>
                        <Text size="xs">{rulesText(type, tx)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs">{accrualText(type, tx)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="subtle" leftSection={<IconPencil size={14} />} onClick={() => setEditing(type)} aria-label={t('leaveSettings.types.editNamed', { name: type.name })}>
                          {tx('leaveSettings.types.edit')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      {editing !== null && <LeaveTypeForm type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function AdjustmentsTab() {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const types = useLeaveTypes(true);
  const adjust = useAdjust();
  const [page, setPage] = useState(1);
  const list = useAdjustments(page);
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [days, setDays] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!employeeId) found.employeeId = t('leaveSettings.adjust.pickEmployee');
    if (!typeId) found.leaveTypeId = t('leaveSettings.adjust.pickType');
    if (days === '' || Number(days) === 0) found.days = t('leaveSettings.adjust.giveDays');
    if (reason.trim().length < 3) found.reason = t('leaveSettings.adjust.giveReason');
    setErrors(found);
    if (Object.keys(found).length || !employeeId || !typeId) return;
    adjust.mutate(
      { employeeId, leaveTypeId: typeId, days: Number(days), reason: reason.trim() },
      {
        onSuccess: (r) => {
          notifySuccess(t('leaveSettings.adjust.done', { days: r.entry.days, balance: r.balance }));
          setDays('');
          setReason('');
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldErrors());
          notifyError(error, t('leaveSettings.adjust.failed'));
        },
      },
    );
  };

  return (
    <Stack>
      <Card withBorder padding="lg">
        <Title order={5} mb="sm">
          {tx('leaveSettings.adjust.title')}
        </Title>
        <form onSubmit={submit} noValidate>
          <SimpleGrid cols={{ base: 1, md: 4 }}>
            <EmployeePicker label={tx('leaveSettings.adjust.employee')} withAsterisk value={employeeId} onChange={setEmployeeId} error={errors.employeeId} />
            <Select label={tx('leaveSettings.adjust.leaveType')} withAsterisk data={(types.data?.items ?? []).map((type) => ({ value: type.id, label: `${type.code} · ${type.name}` }))} value={typeId} onChange={setTypeId} error={errors.leaveTypeId} />
            <NumberInput label={tx('leaveSettings.adjust.days')} withAsterisk description={tx('leaveSettings.adjust.daysHint')} step={0.5} value={days} onChange={setDays} error={errors.days} />
            <TextInput label={tx('leaveSettings.adjust.reason')} withAsterisk description={tx('leaveSettings.adjust.reasonHint')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={adjust.isPending}>
              {tx('leaveSettings.adjust.submit')}
            </Button>
          </Group>
        </form>
      </Card>
      {list.error ? (
        <QueryError error={list.error} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!list.data ? (
            <TableSkeleton rows={4} />
          ) : (
            <Table aria-label={t('leaveSettings.adjust.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{tx('leaveSettings.adjust.when')}</Table.Th>
                  <Table.Th>{tx('leaveSettings.adjust.employee')}</Table.Th>
                  <Table.Th>{tx('leaveSettings.types.type')}</Table.Th>
                  <Table.Th ta="right">{tx('leaveSettings.adjust.days')}</Table.Th>
                  <Table.Th>{tx('leaveSettings.adjust.reason')}</Table.Th>
                  <Table.Th>{tx('leaveSettings.adjust.by')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{formatInstant(a.createdAt)}</Table.Td>
                    <Table.Td>{a.employeeName}</Table.Td>
                    <Table.Td>
                      <TypeBadge code={a.leaveType.code} tone={a.leaveType.colorTone} />
                    </Table.Td>
                    <Table.Td ta="right" c={a.days >= 0 ? 'teal' : 'red'} fw={600}>
                      {a.days > 0 ? `+${formatNumber(a.days)}` : formatNumber(a.days)}
                    </Table.Td>
                    <Table.Td>{a.reason}</Table.Td>
                    <Table.Td>{a.actorName}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {list.data && list.data.total > 20 && (
            <Group justify="flex-end" p="sm">
              <Pagination total={Math.ceil(list.data.total / 20)} value={page} onChange={setPage} size="sm" />
            </Group>
          )}
        </Paper>
      )}
    </Stack>
  );
}

function YearEndTab() {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const [boundary, setBoundary] = useState<string | undefined>(undefined);
  const preview = useYearEndPreview(boundary);
  const run = useRunYearEnd();
  const job = useRunAccruals();
  const p = preview.data;
  const previous = p ? `${Number(p.boundary.slice(0, 4)) - 1}${p.boundary.slice(4)}` : undefined;

  return (
    <Stack>
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={5}>{p ? tx('leaveSettings.yearEnd.titleOn', { date: formatDate(p.boundary) }) : tx('leaveSettings.yearEnd.title')}</Title>
            <Text size="sm" c="dimmed">
              {tx('leaveSettings.yearEnd.intro')}
            </Text>
          </div>
          <Group gap="xs">
            {p && previous && (
              <Button variant="default" size="xs" onClick={() => setBoundary(boundary ? undefined : previous)}>
                {tx(boundary ? 'leaveSettings.yearEnd.showComing' : 'leaveSettings.yearEnd.showLast')}
              </Button>
            )}
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              disabled={!p?.due}
              loading={run.isPending}
              onClick={() => p && run.mutate(p.boundary, { onSuccess: (r) => notifySuccess(t('leaveSettings.yearEnd.entries', { entries: r.entries, employees: r.employees }), t('leaveSettings.yearEnd.done')) })}
            >
              {tx('leaveSettings.yearEnd.run')}
            </Button>
            <Button variant="light" loading={job.isPending} onClick={() => job.mutate(undefined, { onSuccess: (r) => notifySuccess(t('leaveSettings.yearEnd.entries', { entries: r.entries, employees: r.employees }), t('leaveSettings.yearEnd.jobDone')) })}>
              {tx('leaveSettings.yearEnd.runAccruals')}
            </Button>
          </Group>
        </Group>
        {p && (
          <Group gap="lg" mt="md">
            <Badge variant="light" color={p.due ? 'teal' : 'gray'}>
              {p.due ? tx('leaveSettings.yearEnd.due') : tx('leaveSettings.yearEnd.notBefore', { date: formatDate(p.boundary) })}
            </Badge>
            <Text size="sm">{tx('leaveSettings.yearEnd.totalCarry', { days: p.totals.carryForward })}</Text>
            <Text size="sm">{tx('leaveSettings.yearEnd.totalLapse', { days: p.totals.lapse })}</Text>
            <Text size="sm">{tx('leaveSettings.yearEnd.totalEncash', { days: p.totals.encash })}</Text>
          </Group>
        )}
      </Card>
      {preview.error ? (
        <QueryError error={preview.error} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!p ? (
            <TableSkeleton rows={6} />
          ) : (
            <Table.ScrollContainer minWidth={700} mah={520}>
              <Table stickyHeader aria-label={t('leaveSettings.yearEnd.table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{tx('leaveSettings.adjust.employee')}</Table.Th>
                    <Table.Th>{tx('leaveSettings.types.type')}</Table.Th>
                    <Table.Th ta="right">{tx('leaveSettings.yearEnd.closing')}</Table.Th>
                    <Table.Th ta="right">{tx('leaveSettings.yearEnd.carry')}</Table.Th>
                    <Table.Th ta="right">{tx('leaveSettings.yearEnd.lapse')}</Table.Th>
                    <Table.Th ta="right">{tx('leaveSettings.yearEnd.encash')}</Table.Th>
                    <Table.Th>{tx('leaveSettings.yearEnd.state')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.rows.slice(0, 500).map((r) => (
                    <Table.Tr key={`${r.employeeId}-${r.leaveType.id}`}>
                      <Table.Td>
                        {r.employeeName} <Text span size="xs" c="dimmed">{r.employeeCode}</Text>
                      </Table.Td>
                      <Table.Td>
                        <TypeBadge code={r.leaveType.code} tone={r.leaveType.colorTone} />
                      </Table.Td>
                      <Table.Td ta="right">{formatNumber(r.closing)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(r.carryForward)}</Table.Td>
                      <Table.Td ta="right">{r.lapse ? formatNumber(r.lapse) : '—'}</Table.Td>
                      <Table.Td ta="right">{r.encash ? formatNumber(r.encash) : '—'}</Table.Td>
                      <Table.Td>
                        {r.done ? (
                          <Badge color="teal" variant="light">
                            {tx('leaveSettings.yearEnd.stateDone')}
                          </Badge>
                        ) : (
                          <Badge variant="light" color="gray">
                            {tx('leaveSettings.yearEnd.stateToDo')}
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
    </Stack>
  );
}
