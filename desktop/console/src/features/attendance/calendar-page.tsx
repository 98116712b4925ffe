import { useState } from 'react';
import { Anchor, Group, Pagination, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconCalendarStats, IconClockExclamation, IconUserCheck, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CalendarCell, type CalendarRow, STATUS_META, formatMinutes } from '../../../../../shared/attendance/index.ts';
import { pageCount } from '../../../../../shared/common.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { KpiCard } from '../../components/kpi-card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useTx } from '../../i18n/language.tsx';
import { useCalendar } from './attendance-queries.ts';
import { DayDrawer } from './day-drawer.tsx';
import { AttendanceFilters, useFilterQuery, useParam } from './filters.tsx';
import { StatusLegend, statusFill, todayLocal, useOrgClock } from './status.tsx';

const WEEKDAY = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];
const PAGE_SIZE = 25;
/** The month's total columns: attendance codes (printed in Latin letters in every language, as on registers) and words. */
const TOTALS = ['P', 'HD', 'A', 'L', 'late', 'worked', 'ot', 'LOP'] as const;

function Cell({ row, cell, date, onOpen }: { row: CalendarRow; cell: CalendarCell; date: string; onOpen: () => void }) {
  const { t } = useTranslation('hr');
  const meta = cell.status ? STATUS_META[cell.status] : null;
  const labelValues = { name: row.employee.fullName, date, status: meta?.label ?? t('attendance.calendar.noRecordLower') };
  const label = cell.frozen ? t('attendance.calendar.cellLabelFrozen', labelValues) : t('attendance.calendar.cellLabel', labelValues);
  // The tooltip lists the day's facts side by side (" · "), each one message.
  const title = meta
    ? [
        meta.label,
        cell.frozen ? t('attendance.calendar.frozen') : null,
        cell.workedMinutes ? formatMinutes(cell.workedMinutes) : null,
        cell.lateMinutes ? t('attendance.live.lateMinutes', { minutes: cell.lateMinutes }) : null,
        cell.otMinutes ? t('attendance.calendar.otValue', { value: formatMinutes(cell.otMinutes) }) : null,
      ]
        .filter((part) => part !== null)
        .join(' · ')
    : t('attendance.calendar.noRecord');
  const content = (
    <Text
      size="xs"
      fw={600}
      ta="center"
      style={{
        background: statusFill(cell.status),
        // Not final yet: said by a dashed outline and slanted letters (fading the cell would make its letters unreadable).
        fontStyle: cell.provisional && cell.status !== 'Pending' ? 'italic' : undefined,
        outline: cell.frozen ? '2px solid var(--mantine-color-indigo-9)' : cell.provisional && cell.status !== 'Pending' ? '1px dashed var(--mantine-color-gray-6)' : undefined,
        outlineOffset: -1,
        color: 'var(--mantine-color-black)',
        borderRadius: 3,
        lineHeight: '22px',
        minWidth: 26,
      }}
    >
      {meta ? `${meta.code}${cell.frozen ? '*' : ''}` : '·'}
    </Text>
  );
  if (!cell.status || date > todayLocal()) return content;
  return (
    <Tooltip label={title} openDelay={300}>
      <UnstyledButton onClick={onOpen} aria-label={label} data-testid={`cell-${row.employee.id}-${date}`} style={{ display: 'block', width: '100%' }}>
        {content}
      </UnstyledButton>
    </Tooltip>
  );
}

/** The monthly calendar: a colour grid of employees × days with totals, a legend and exports; a cell opens the day. */
export function CalendarPage() {
  useOrgClock();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const [monthParam, setMonth] = useParam('month');
  const [pageParam, setPage] = useParam('page');
  const month = monthParam ?? todayLocal().slice(0, 7);
  const page = Number(pageParam ?? 1);
  const filters = useFilterQuery();
  const calendar = useCalendar(month, { ...filters, page, pageSize: PAGE_SIZE });
  const [open, setOpen] = useState<{ employeeId: string; date: string } | null>(null);
  const data = calendar.data;

  return (
    <>
      <PageHeader
        title={tx('attendance.calendar.title')}
        documentTitle={t('attendance.calendar.title')}
        description={tx('attendance.calendar.description')}
        actions={<ExportButtons path={`/api/attendance/calendar/${month}/export`} query={filters} fileStem={`attendance-${month}`} />}
      />
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <MonthPickerInput
              aria-label={t('attendance.calendar.month')}
              w={170}
              valueFormat="MMMM YYYY"
              value={`${month}-01`}
              onChange={(v) => v && setMonth(v.slice(0, 7), { page: undefined })}
              maxDate={todayLocal()}
            />
            <AttendanceFilters />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <KpiCard
            label={t('attendance.calendar.rate')}
            value={data ? `${(data.kpis.attendanceRate * 100).toFixed(1)}%` : undefined}
            icon={<IconUserCheck size={20} />}
            color="teal"
            hint={data ? t('attendance.calendar.employees', { count: data.kpis.employees }) : t('attendance.calendar.employeesLoading')}
          />
          <KpiCard label={t('attendance.calendar.absent')} value={data?.kpis.absent} icon={<IconUserX size={20} />} color="red" hint={data ? t('attendance.calendar.lopDays', { count: data.kpis.lopDays }) : undefined} />
          <KpiCard
            label={t('attendance.calendar.late')}
            value={data?.kpis.lateCount}
            icon={<IconClockExclamation size={20} />}
            color="orange"
            hint={data ? t('attendance.calendar.lateHint', { missing: data.kpis.missingPunch, elsewhere: data.kpis.wrongLocation }) : undefined}
          />
          <KpiCard label={t('attendance.calendar.overtime')} value={data ? formatMinutes(data.kpis.otMinutes) : undefined} icon={<IconCalendarStats size={20} />} color="grape" hint={data ? t('attendance.calendar.workedValue', { value: formatMinutes(data.kpis.workedMinutes) }) : undefined} />
        </SimpleGrid>
        <StatusLegend />
        {calendar.error && !data ? (
          <QueryError error={calendar.error} onRetry={() => void calendar.refetch()} />
        ) : !data ? (
          <Paper withBorder>
            <TableSkeleton rows={10} />
          </Paper>
        ) : (
          <Paper withBorder style={{ overflow: 'hidden', opacity: calendar.isPlaceholderData ? 0.6 : 1 }}>
            <ScrollArea type="auto">
              <Table aria-label={t('attendance.calendar.title')} withColumnBorders verticalSpacing={2} horizontalSpacing={4} stickyHeader style={{ fontSize: 12 }}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 2, minWidth: 180 }}>{tx('attendance.employee')}</Table.Th>
                    {data.days.map((d) => (
                      <Table.Th key={d.date} ta="center" style={{ minWidth: 30, background: d.weekday === 0 ? 'var(--mantine-color-gray-1)' : undefined }}>
                        <Tooltip label={d.holiday ?? d.date} disabled={!d.holiday}>
                          <Anchor component={Link} to={`/attendance/day/${d.date}`} size="xs" c={d.holiday ? 'grape' : undefined} underline="never">
                            <div>{Number(d.date.slice(8))}</div>
                            <div style={{ fontWeight: 400 }}>{WEEKDAY[d.weekday]}</div>
                          </Anchor>
                        </Tooltip>
                      </Table.Th>
                    ))}
                    {TOTALS.map((h) => (
                      <Table.Th key={h} ta="right">
                        {tx(`attendance.calendar.totals.${h}`)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((row) => (
                    <Table.Tr key={row.employee.id} data-testid="calendar-row">
                      <Table.Td style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}>
                        <Anchor component={Link} to={`/employees/${row.employee.id}?tab=attendance`} size="xs" fw={500}>
                          {row.employee.fullName}
                        </Anchor>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {row.employee.code}
                        </Text>
                      </Table.Td>
                      {row.cells.map((cell, i) => {
                        const date = data.days[i]?.date ?? '';
                        return (
                          <Table.Td key={date} p={1}>
                            <Cell row={row} cell={cell} date={date} onOpen={() => setOpen({ employeeId: row.employee.id, date })} />
                          </Table.Td>
                        );
                      })}
                      <Table.Td ta="right">{row.totals.present}</Table.Td>
                      <Table.Td ta="right">{row.totals.halfDays}</Table.Td>
                      <Table.Td ta="right">{row.totals.absent}</Table.Td>
                      <Table.Td ta="right">{row.totals.leave}</Table.Td>
                      <Table.Td ta="right">{row.totals.lateCount}</Table.Td>
                      <Table.Td ta="right">{formatMinutes(row.totals.workedMinutes)}</Table.Td>
                      <Table.Td ta="right">{formatMinutes(row.totals.otMinutes)}</Table.Td>
                      <Table.Td ta="right">{row.totals.lopDays}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <Group justify="space-between" p="sm">
              <Text size="sm" c="dimmed" data-testid="calendar-range">
                {tx('attendance.calendar.employees', { count: data.total })}
              </Text>
              <Pagination total={pageCount(data.total, PAGE_SIZE)} value={page} onChange={(p) => setPage(String(p))} size="sm" />
            </Group>
          </Paper>
        )}
      </Stack>
      <DayDrawer employeeId={open?.employeeId ?? null} date={open?.date ?? null} onClose={() => setOpen(null)} />
    </>
  );
}
