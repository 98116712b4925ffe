import { useState } from 'react';
import { Badge, Button, Card, Group, NumberInput, Pagination, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconAdjustments, IconCalendarPlus, IconCalendarRepeat, IconCategory, IconPencil, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import type { LeaveType } from '../../../../../shared/leave/index.ts';
import { EmployeePicker } from '../../components/employee-picker.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate, formatInstant } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSearchParams } from 'react-router';
import { useCan } from '../../session/session-context.tsx';
import { TypeBadge } from './leave-format.tsx';
import { useAdjust, useAdjustments, useLeaveTypes, useRunAccruals, useRunYearEnd, useYearEndPreview } from './leave-queries.ts';
import { LeaveTypeForm } from './leave-type-form.tsx';
import { RecordLeavePanel } from './record-leave.tsx';

/** HR's leave settings: types and policies, adjustments, the year end, and recording leave for an employee. */
export function LeaveAdminPage() {
  const can = useCan();
  // `?tab=record` opens "Record leave" straight away (the approvals page links there).
  const [search] = useSearchParams();
  const [tab, setTab] = useState<string | null>(search.get('tab') ?? 'types');
  return (
    <>
      <PageHeader title="Leave settings" description="Leave types and their accrual policies, balance adjustments, the year-end carry forward, and leave HR records for an employee." />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="types" leftSection={<IconCategory size={16} />}>
            Types and policies
          </Tabs.Tab>
          <Tabs.Tab value="adjustments" leftSection={<IconAdjustments size={16} />}>
            Adjustments
          </Tabs.Tab>
          <Tabs.Tab value="year-end" leftSection={<IconCalendarRepeat size={16} />}>
            Year end
          </Tabs.Tab>
          {can('leave:hr-approve') && (
            <Tabs.Tab value="record" leftSection={<IconCalendarPlus size={16} />}>
              Record leave
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

function accrualText(t: LeaveType): string {
  const p = t.policy;
  const credit = p.accrual === 'annual' ? `${p.annualDays}/year` : p.accrual === 'monthly' ? `${p.monthlyDays}/month` : t.allowNegative ? 'no entitlement' : 'HR credits';
  const cap = p.carryForwardCap === null ? 'carry all' : p.carryForwardCap === 0 ? 'no carry' : `carry ≤ ${p.carryForwardCap}${p.encashable ? ', encash rest' : ''}`;
  return `${credit} · ${cap}${p.creditExpiryDays ? ` · expires after ${p.creditExpiryDays} d` : ''}`;
}

function TypesTab() {
  const types = useLeaveTypes(true);
  const [editing, setEditing] = useState<LeaveType | 'new' | null>(null);
  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add leave type
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
              <Table aria-label="Leave types">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Approval</Table.Th>
                    <Table.Th>Rules</Table.Th>
                    <Table.Th>Policy</Table.Th>
                    <Table.Th w={60} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {types.data.items.map((t) => (
                    <Table.Tr key={t.id} style={{ opacity: t.active ? 1 : 0.55 }}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <TypeBadge code={t.code} tone={t.colorTone} />
                          <div>
                            <Text size="sm" fw={600}>
                              {t.name}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {t.paid ? 'Paid' : 'Unpaid'}
                              {t.active ? '' : ' · inactive'}
                              {t.eligibleGender ? ` · ${t.eligibleGender === 'Female' ? 'women' : 'men'} only` : ''}
                            </Text>
                          </div>
                        </Group>
                      </Table.Td>
                      <Table.Td>{t.hrApproval === 'always' ? 'Manager + HR' : t.hrApproval === 'never' ? 'Manager' : `Manager; HR above ${t.hrApprovalAboveDays} d`}</Table.Td>
                      <Table.Td>
                        <Text size="xs">
                          {[
                            t.noticeDays ? `${t.noticeDays} d notice` : 'no notice',
                            t.backdateDays ? `${t.backdateDays} d back` : null,
                            t.maxConsecutiveDays ? `max ${t.maxConsecutiveDays} in a row` : null,
                            t.documentsAboveDays !== null ? `documents > ${t.documentsAboveDays} d` : null,
                            t.minServiceDays ? `after ${t.minServiceDays} d service` : null,
                            t.sandwich !== 'none' ? `sandwich: ${t.sandwich}` : null,
                            t.halfDayAllowed ? 'half days' : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs">{accrualText(t)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="subtle" leftSection={<IconPencil size={14} />} onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
                          Edit
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
    if (!employeeId) found.employeeId = 'Pick an employee';
    if (!typeId) found.leaveTypeId = 'Pick a type';
    if (days === '' || Number(days) === 0) found.days = 'Give a number of days (negative to deduct)';
    if (reason.trim().length < 3) found.reason = 'Give a reason';
    setErrors(found);
    if (Object.keys(found).length || !employeeId || !typeId) return;
    adjust.mutate(
      { employeeId, leaveTypeId: typeId, days: Number(days), reason: reason.trim() },
      {
        onSuccess: (r) => {
          notifySuccess(`Adjusted by ${r.entry.days}; the balance is now ${r.balance}.`);
          setDays('');
          setReason('');
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldErrors());
          notifyError(error, 'Could not adjust');
        },
      },
    );
  };

  return (
    <Stack>
      <Card withBorder padding="lg">
        <Title order={5} mb="sm">
          Adjust a balance
        </Title>
        <form onSubmit={submit} noValidate>
          <SimpleGrid cols={{ base: 1, md: 4 }}>
            <EmployeePicker label="Employee" withAsterisk value={employeeId} onChange={setEmployeeId} error={errors.employeeId} />
            <Select label="Leave type" withAsterisk data={(types.data?.items ?? []).map((t) => ({ value: t.id, label: `${t.code} · ${t.name}` }))} value={typeId} onChange={setTypeId} error={errors.leaveTypeId} />
            <NumberInput label="Days" withAsterisk description="Negative to deduct" step={0.5} value={days} onChange={setDays} error={errors.days} />
            <TextInput label="Reason" withAsterisk description="The employee sees it" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={adjust.isPending}>
              Adjust
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
            <Table aria-label="Adjustments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Employee</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Days</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>By</Table.Th>
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
                      {a.days > 0 ? `+${a.days}` : a.days}
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
            <Title order={5}>Year end {p ? `on ${formatDate(p.boundary)}` : ''}</Title>
            <Text size="sm" c="dimmed">
              Up to the cap is carried into the new leave year; the rest lapses, or is encashed where the policy says so. The nightly job runs it by itself on the first day of the year; running it again changes nothing.
            </Text>
          </div>
          <Group gap="xs">
            {p && previous && (
              <Button variant="default" size="xs" onClick={() => setBoundary(boundary ? undefined : previous)}>
                {boundary ? 'Show the coming year end' : 'Show the last year end'}
              </Button>
            )}
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              disabled={!p?.due}
              loading={run.isPending}
              onClick={() => p && run.mutate(p.boundary, { onSuccess: (r) => notifySuccess(`${r.entries} ledger entries for ${r.employees} employees.`, 'Year end done') })}
            >
              Run year end
            </Button>
            <Button variant="light" loading={job.isPending} onClick={() => job.mutate(undefined, { onSuccess: (r) => notifySuccess(`${r.entries} ledger entries for ${r.employees} employees.`, 'Ledger job done') })}>
              Run accruals now
            </Button>
          </Group>
        </Group>
        {p && (
          <Group gap="lg" mt="md">
            <Badge variant="light" color={p.due ? 'teal' : 'gray'}>
              {p.due ? 'Due' : `Not before ${formatDate(p.boundary)}`}
            </Badge>
            <Text size="sm">Carry forward: {p.totals.carryForward}</Text>
            <Text size="sm">Lapse: {p.totals.lapse}</Text>
            <Text size="sm">Encash: {p.totals.encash}</Text>
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
              <Table stickyHeader aria-label="Year-end preview">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Employee</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th ta="right">Closing</Table.Th>
                    <Table.Th ta="right">Carry forward</Table.Th>
                    <Table.Th ta="right">Lapse</Table.Th>
                    <Table.Th ta="right">Encash</Table.Th>
                    <Table.Th>State</Table.Th>
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
                      <Table.Td ta="right">{r.closing}</Table.Td>
                      <Table.Td ta="right">{r.carryForward}</Table.Td>
                      <Table.Td ta="right">{r.lapse || '—'}</Table.Td>
                      <Table.Td ta="right">{r.encash || '—'}</Table.Td>
                      <Table.Td>{r.done ? <Badge color="teal" variant="light">Done</Badge> : <Badge variant="light" color="gray">To do</Badge>}</Table.Td>
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
