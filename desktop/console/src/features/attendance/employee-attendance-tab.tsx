import { useState } from 'react';
import { Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DateInput, MonthPickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('employee');
  const save = () => {
    if (!shiftId || !from) return;
    assign.mutate(
      { shiftId, effectiveFrom: from },
      {
        onSuccess: () => {
          notifySuccess(t('roster.updated'));
          setError(undefined);
        },
        onError: (e) => {
          setError(e instanceof ApiError ? e.message : String(e));
          notifyError(e, t('roster.failed'));
        },
      },
    );
  };
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="xs">
        {t('roster.title')}
      </Title>
      <Table verticalSpacing={4} aria-label={t('roster.title')}>
        <Table.Tbody>
          {(assignments.data?.items ?? []).map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{a.shiftName}</Table.Td>
              <Table.Td>
                <Text size="sm">
                  {t('roster.span', { from: formatDate(a.effectiveFrom), to: a.effectiveTo ? formatDate(a.effectiveTo) : t('roster.now') })}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
          {assignments.data?.items.length === 0 && (
            <Table.Tr>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {t('roster.empty', { shift: assignments.data.defaultShift?.name ?? '—' })}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {can('attendance:manage') && (
        <Stack gap="xs" mt="sm">
          <Text size="sm" fw={500}>
            {t('roster.move')}
          </Text>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <Select aria-label={t('roster.newShift')} placeholder={t('roster.shift')} w={160} data={(shifts.data ?? []).map((s) => ({ value: s.id, label: `${s.name} ${s.startTime}–${s.endTime}` }))} value={shiftId} onChange={setShiftId} />
            <DateInput aria-label={t('roster.from')} w={150} valueFormat="D MMM YYYY" value={from} onChange={setFrom} error={error} />
            <Button onClick={save} loading={assign.isPending} disabled={!shiftId || !from}>
              {t('roster.assign')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('roster.pastKept')}
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
  const { t } = useTranslation('employee');
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
      <Card withBorder padding="md" style={{ gridColumn: 'span 2' }}>
        <Group justify="space-between" mb="sm">
          <Title order={5}>{t('attendance.month')}</Title>
          <MonthPickerInput aria-label={t('attendance.month')} w={170} valueFormat="MMMM YYYY" value={`${month}-01`} maxDate={todayLocal()} onChange={(v) => v && setMonth(v.slice(0, 7))} />
        </Group>
        <MonthGrid employeeId={employeeId} month={month} onOpen={setOpen} />
      </Card>
      <Roster employeeId={employeeId} />
      <DayDrawer employeeId={open ? employeeId : null} date={open} onClose={() => setOpen(null)} />
    </SimpleGrid>
  );
}
