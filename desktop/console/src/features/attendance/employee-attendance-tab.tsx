import { useState } from 'react';
import { Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DateInput, MonthPickerInput } from '@mantine/dates';
import { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../session/session-context.tsx';
import { useAssignShift, useAssignments, useShiftPolicies } from './attendance-queries.ts';
import { DayDrawer } from './day-drawer.tsx';
import { MonthGrid } from './month-grid.tsx';
import { todayLocal } from './status.tsx';

function Roster({ employeeId }: { employeeId: string }) {
  const can = useCan();
  const assignments = useAssignments(employeeId);
  const shifts = useShiftPolicies();
  const assign = useAssignShift(employeeId);
  const [shiftId, setShiftId] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(todayLocal());
  const [error, setError] = useState<string | undefined>();
  const save = () => {
    if (!shiftId || !from) return;
    assign.mutate(
      { shiftId, effectiveFrom: from },
      {
        onSuccess: () => {
          notifySuccess('Roster updated; those days were reconciled again.');
          setError(undefined);
        },
        onError: (e) => {
          setError(e instanceof ApiError ? e.message : String(e));
          notifyError(e, 'Could not change the roster');
        },
      },
    );
  };
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="xs">
        Roster
      </Title>
      <Table verticalSpacing={4} aria-label="Roster">
        <Table.Tbody>
          {(assignments.data?.items ?? []).map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{a.shiftName}</Table.Td>
              <Table.Td>
                <Text size="sm">
                  {formatDate(a.effectiveFrom)} – {a.effectiveTo ? formatDate(a.effectiveTo) : 'now'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
          {assignments.data?.items.length === 0 && (
            <Table.Tr>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  No roster entries: the employee&apos;s shift applies (default {assignments.data.defaultShift?.name ?? '—'}).
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {can('attendance:manage') && (
        <Stack gap="xs" mt="sm">
          <Text size="sm" fw={500}>
            Move to another shift
          </Text>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <Select aria-label="New shift" placeholder="Shift" w={160} data={(shifts.data ?? []).map((s) => ({ value: s.id, label: `${s.name} ${s.startTime}–${s.endTime}` }))} value={shiftId} onChange={setShiftId} />
            <DateInput aria-label="From" w={150} valueFormat="D MMM YYYY" value={from} onChange={setFrom} error={error} />
            <Button onClick={save} loading={assign.isPending} disabled={!shiftId || !from}>
              Assign
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Days before the chosen day keep their shift: the roster never rewrites the past.
          </Text>
        </Stack>
      )}
    </Card>
  );
}

/** An employee's attendance: their month, each day's punches and reasons (override from the day), and their roster. */
export function EmployeeAttendanceTab({ employeeId }: { employeeId: string }) {
  const [month, setMonth] = useState(todayLocal().slice(0, 7));
  const [open, setOpen] = useState<string | null>(null);
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
      <Card withBorder padding="md" style={{ gridColumn: 'span 2' }}>
        <Group justify="space-between" mb="sm">
          <Title order={5}>Month</Title>
          <MonthPickerInput aria-label="Month" w={170} valueFormat="MMMM YYYY" value={`${month}-01`} maxDate={todayLocal()} onChange={(v) => v && setMonth(v.slice(0, 7))} />
        </Group>
        <MonthGrid employeeId={employeeId} month={month} onOpen={setOpen} />
      </Card>
      <Roster employeeId={employeeId} />
      <DayDrawer employeeId={open ? employeeId : null} date={open} onClose={() => setOpen(null)} />
    </SimpleGrid>
  );
}
