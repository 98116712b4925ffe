import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { type AttendanceDay, STATUS_META, formatMinutes } from '../../../../../shared/attendance/index.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useEmployeeMonth } from './attendance-queries.ts';
import { statusFill, todayLocal } from './status.tsx';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function daysOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: last }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** One employee's month as a wall calendar: each day coloured by status; a click opens the day. */
export function MonthGrid({ employeeId, month, onOpen }: { employeeId: string; month: string; onOpen: (date: string) => void }) {
  const view = useEmployeeMonth(employeeId, month);
  if (view.error && !view.data) return <QueryError error={view.error} onRetry={() => void view.refetch()} />;
  if (!view.data) return <Skeleton height={320} />;
  const byDate = new Map<string, AttendanceDay>(view.data.days.map((d) => [d.date, d]));
  const days = daysOfMonth(month);
  const first = new Date(`${days[0]}T00:00:00Z`).getUTCDay();
  const leading = (first + 6) % 7;
  const t = view.data.totals;
  const today = todayLocal();
  return (
    <Stack gap="sm">
      <Group gap="lg" wrap="wrap" data-testid="month-totals">
        <Text size="sm">Present {t.present}</Text>
        <Text size="sm">Half days {t.halfDays}</Text>
        <Text size="sm">Absent {t.absent}</Text>
        <Text size="sm">Missing punch {t.missingPunch}</Text>
        <Text size="sm">Leave {t.leave}</Text>
        <Text size="sm">Late {t.lateCount}</Text>
        <Text size="sm">Worked {formatMinutes(t.workedMinutes)}</Text>
        <Text size="sm">Overtime {formatMinutes(t.otMinutes)}</Text>
        <Text size="sm">Loss of pay {t.lopDays} d</Text>
      </Group>
      <SimpleGrid cols={7} spacing={4} aria-label={`Attendance of ${month}`}>
        {WEEKDAYS.map((w) => (
          <Text key={w} size="xs" c="dimmed" ta="center" fw={700}>
            {w}
          </Text>
        ))}
        {Array.from({ length: leading }, (_, i) => (
          <div key={`blank-${i}`} />
        ))}
        {days.map((date) => {
          const d = byDate.get(date);
          const meta = d ? STATUS_META[d.status] : null;
          const future = date > today;
          return (
            <UnstyledButton
              key={date}
              disabled={future}
              onClick={() => onOpen(date)}
              aria-label={`${date}: ${meta?.label ?? 'no record'}${d?.frozen ? ' (frozen)' : ''}`}
              data-testid={`month-day-${date}`}
            >
              <Paper
                withBorder
                p={{ base: 4, xs: 6 }}
                h={64}
                style={{ background: statusFill(d?.status ?? null), opacity: future ? 0.4 : 1, outline: d?.frozen ? '2px solid var(--mantine-color-indigo-9)' : undefined }}
              >
                <Group justify="space-between" gap={0} wrap="wrap" style={{ rowGap: 0 }}>
                  <Text size="xs" fw={700}>
                    {Number(date.slice(8))}
                  </Text>
                  <Text size="xs" fw={700}>
                    {meta ? `${meta.code}${d?.frozen ? '*' : ''}` : ''}
                  </Text>
                </Group>
                {d && d.workedMinutes > 0 && (
                  <Text size="xs" c="dark" visibleFrom="xs">
                    {formatMinutes(d.workedMinutes)}
                    {d.lateMinutes > 0 ? ` · late ${d.lateMinutes}′` : ''}
                  </Text>
                )}
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
