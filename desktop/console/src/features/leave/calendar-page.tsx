import { ActionIcon, Box, EmptyState, Group, Paper, SegmentedControl, Table, Text, Tooltip } from '@mantine/core';
import { IconCalendarOff, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { addDays, monthBounds } from '../../../../../shared/dates.ts';
import { formatWeekdayIn } from '../../../../../shared/i18n/index.ts';
import type { LeaveCalendar, LeaveCalendarEntry } from '../../../../../shared/leave/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useLocale } from '../../i18n/language.tsx';
import { formatDayShort, formatMonthName } from '../../lib/format.ts';
import { useCan } from '../../session/session-context.tsx';
import { TONE_COLOR, leaveTypeLabel, statusLabel } from './leave-format.tsx';
import { useLeaveCalendar, useOrgToday } from './leave-queries.ts';

function entryOn(entries: LeaveCalendarEntry[], day: string): LeaveCalendarEntry | undefined {
  return entries.find((e) => e.fromDate <= day && e.toDate >= day);
}

/** Who is away when: a month grid for the team or the organisation. */
export function LeaveCalendarPage() {
  const { t } = useTranslation('employee');
  const can = useCan();
  const today = useOrgToday();
  // Month and scope live in the address (`?month=2026-12&scope=org`), so a link can open them.
  const [search, setSearch] = useSearchParams();
  const monthParam = search.get('month');
  const month = monthParam && /^\d{4}-\d{2}$/.test(monthParam) ? `${monthParam}-01` : null;
  const scope: 'team' | 'org' = search.get('scope') === 'org' ? 'org' : 'team';
  const setParams = (patch: Record<string, string | null>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) if (v === null) next.delete(k); else next.set(k, v);
        return next;
      },
      { replace: true },
    );
  const setMonth = (first: string) => setParams({ month: first.slice(0, 7) });
  const setScope = (s: 'team' | 'org') => setParams({ scope: s === 'org' ? 'org' : null });
  const current = month ?? (today ? `${today.slice(0, 7)}-01` : null);
  const bounds = current ? monthBounds(current) : null;
  const calendar = useLeaveCalendar(bounds ? { from: bounds.first, to: bounds.last, scope } : null);
  const orgAllowed = can('employee:read') || can('team:read');
  const step = (n: number) => {
    if (!bounds) return;
    setMonth(n < 0 ? monthBounds(addDays(bounds.first, -1)).first : addDays(bounds.last, 1));
  };

  return (
    <>
      <PageHeader
        title={t('leaveCalendar.title')}
        description={scope === 'team' ? t('leaveCalendar.descriptionTeam') : t('leaveCalendar.descriptionOrg')}
        actions={
          <Group gap="xs">
            {orgAllowed && (
              <SegmentedControl
                value={scope}
                onChange={(v) => setScope(v as 'team' | 'org')}
                data={[
                  { value: 'team', label: t('leaveCalendar.team') },
                  { value: 'org', label: can('employee:read') ? t('leaveCalendar.organisation') : t('leaveCalendar.reportingLine') },
                ]}
              />
            )}
            <ActionIcon variant="default" size="lg" aria-label={t('leaveCalendar.previous')} onClick={() => step(-1)}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            {/* The month's name in the reader's language (Intl); wide enough for the longest of them. */}
            <Text fw={600} miw={130} ta="center" data-testid="calendar-month">
              {formatMonthName(current ?? '2000-01-01')}
            </Text>
            <ActionIcon variant="default" size="lg" aria-label={t('leaveCalendar.next')} onClick={() => step(1)}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
        }
      />
      {calendar.error && !calendar.data ? (
        <QueryError error={calendar.error} onRetry={() => void calendar.refetch()} />
      ) : !calendar.data ? (
        <TableSkeleton rows={8} />
      ) : calendar.data.people.length === 0 ? (
        <Paper withBorder>
          <EmptyState py="xl" icon={<IconCalendarOff />} title={t('leaveCalendar.nobody')} description={t('leaveCalendar.nobodyDetail')} />
        </Paper>
      ) : (
        <CalendarGrid calendar={calendar.data} today={today} />
      )}
    </>
  );
}

function CalendarGrid({ calendar, today }: { calendar: LeaveCalendar; today: string | undefined }) {
  const { t } = useTranslation('employee');
  const locale = useLocale();
  return (
    <Paper withBorder style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={900}>
        <Table withColumnBorders={false} highlightOnHover={false} verticalSpacing={4} horizontalSpacing={2} aria-label={t('leaveCalendar.title')} style={{ tableLayout: 'fixed' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={190} style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}>
                {t('leaveCalendar.employee')}
              </Table.Th>
              {calendar.days.map((d) => (
                // The column is named by its weekday and date in the reader's language ("Thu 3 Dec", "ಗುರು, 3 ಡಿಸೆಂ"), for screen readers and the tooltip.
                <Table.Th key={d.date} ta="center" aria-label={formatDayShort(d.date)} style={{ background: d.weekend || d.holiday ? 'var(--mantine-color-gray-1)' : undefined, fontSize: 11 }}>
                  {/* The weekday's narrow name ("T", "ಗು") above the date: the column's aria-label says it in full. */}
                  <Text c="dimmed" fz={9} lh={1.3} aria-hidden>
                    {formatWeekdayIn(locale, d.date, 'narrow')}
                  </Text>
                  <Tooltip label={d.holiday ?? (d.weekend ? t('leaveCalendar.weeklyOff') : formatDayShort(d.date))}>
                    <Text size="xs" fw={d.date === today ? 800 : 500} c={d.date === today ? 'indigo' : undefined}>
                      {Number(d.date.slice(8))}
                    </Text>
                  </Tooltip>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {calendar.people.map((p) => (
              <Table.Tr key={p.employeeId} data-testid="calendar-row">
                <Table.Td style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}>
                  <Text size="sm" fw={500} truncate>
                    {p.fullName}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {p.department ?? p.code}
                  </Text>
                </Table.Td>
                {calendar.days.map((d) => {
                  const e = entryOn(p.entries, d.date);
                  const off = d.weekend || d.holiday;
                  return (
                    <Table.Td key={d.date} p={1} style={{ background: off ? 'var(--mantine-color-gray-1)' : undefined }}>
                      {e && (
                        <Tooltip label={`${leaveTypeLabel(e.leaveTypeCode, e.leaveTypeName)} · ${statusLabel({ status: e.status, closure: null })}`}>
                          <Box
                            h={22}
                            style={{
                              borderRadius: 4,
                              // A weekend or holiday inside the leave is paler (not faded: its letters stay readable).
                              background: `var(--mantine-color-${TONE_COLOR[e.colorTone]}-${e.status === 'Approved' && !off ? 3 : 1})`,
                              border: e.status === 'Approved' ? undefined : `1px dashed var(--mantine-color-${TONE_COLOR[e.colorTone]}-6)`,
                              color: 'var(--mantine-color-black)',
                              fontSize: 9,
                              lineHeight: '22px',
                              textAlign: 'center',
                              overflow: 'hidden',
                            }}
                            data-testid="calendar-cell"
                          >
                            {e.duration === 'FullDay' ? e.leaveTypeCode : '½'}
                          </Box>
                        </Tooltip>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="md" p="sm">
        <Text size="xs" c="dimmed">
          {t('leaveCalendar.legend')}
        </Text>
      </Group>
    </Paper>
  );
}
