import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AttendanceDay, STATUS_META } from '../../../../../shared/attendance/index.ts';
import { QueryError } from '../../components/query-error.tsx';
import { formatDuration, formatWeekdayShort } from '../../lib/format.ts';
import { useEmployeeMonth } from './attendance-queries.ts';
import { statusFill, todayLocal } from './status.tsx';

/** A Monday to Sunday week (9–15 Nov 2026), for the weekdays' names in the reader's language. */
const WEEK = ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15'];

function daysOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: last }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** One employee's month as a wall calendar: each day coloured by status; a click opens the day. */
export function MonthGrid({ employeeId, month, onOpen }: { employeeId: string; month: string; onOpen: (date: string) => void }) {
  const view = useEmployeeMonth(employeeId, month);
  const { t } = useTranslation('employee');
  if (view.error && !view.data) return <QueryError error={view.error} onRetry={() => void view.refetch()} />;
  if (!view.data) return <Skeleton height={320} />;
  const byDate = new Map<string, AttendanceDay>(view.data.days.map((d) => [d.date, d]));
  const days = daysOfMonth(month);
  const first = new Date(`${days[0]}T00:00:00Z`).getUTCDay();
  const leading = (first + 6) % 7;
  const totals = view.data.totals;
  const today = todayLocal();
  return (
    <Stack gap="sm">
      <Group gap="lg" wrap="wrap" data-testid="month-totals">
        {/* Counts as strings: a half day reads "1.5" as the API gives it, not formatted. */}
        <Text size="sm">{t('monthGrid.present', { n: String(totals.present) })}</Text>
        <Text size="sm">{t('monthGrid.halfDays', { n: String(totals.halfDays) })}</Text>
        <Text size="sm">{t('monthGrid.absent', { n: String(totals.absent) })}</Text>
        <Text size="sm">{t('monthGrid.missingPunch', { n: String(totals.missingPunch) })}</Text>
        <Text size="sm">{t('monthGrid.leave', { n: String(totals.leave) })}</Text>
        <Text size="sm">{t('monthGrid.late', { n: String(totals.lateCount) })}</Text>
        <Text size="sm">{t('monthGrid.worked', { duration: formatDuration(totals.workedMinutes) })}</Text>
        <Text size="sm">{t('monthGrid.overtime', { duration: formatDuration(totals.otMinutes) })}</Text>
        <Text size="sm">{t('monthGrid.lop', { days: String(totals.lopDays) })}</Text>
      </Group>
      <SimpleGrid cols={7} spacing={4} aria-label={t('monthGrid.ariaLabel', { month })}>
        {WEEK.map((day) => (
          <Text key={day} size="xs" c="dimmed" ta="center" fw={700}>
            {formatWeekdayShort(day)}
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
              aria-label={t(d?.frozen ? 'monthGrid.dayFrozen' : 'monthGrid.day', { date, status: d ? t(`labels:attendanceStatus.${d.status}`) : t('monthGrid.noRecord') })}
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
                    {d.lateMinutes > 0 ? t('monthGrid.cellLate', { worked: formatDuration(d.workedMinutes), minutes: String(d.lateMinutes) }) : formatDuration(d.workedMinutes)}
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
