import { useState } from 'react';
import { Anchor, Badge, Chip, Group, Pagination, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { type AttendanceStatus, ATTENDANCE_STATUSES, STATUS_META } from '../../../../../shared/attendance/index.ts';
import { pageCount } from '../../../../../shared/common.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { formatDate, formatDuration } from '../../lib/format.ts';
import { useTx } from '../../i18n/language.tsx';
import { useDayView } from './attendance-queries.ts';
import { DayDrawer } from './day-drawer.tsx';
import { AttendanceFilters, useFilterQuery, useParam } from './filters.tsx';
import { AttendanceStatusBadge, clockOf, todayLocal, useOrgClock } from './status.tsx';

const PAGE_SIZE = 50;

/** Every employee's record of one day, with counts by status. */
export function DayViewPage() {
  useOrgClock();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const { date = todayLocal() } = useParams();
  const navigate = useNavigate();
  const filters = useFilterQuery();
  const [status, setStatus] = useParam('status');
  const [lateParam, setLate] = useParam('late');
  const late = lateParam === 'true' ? 'true' : undefined;
  const [pageParam, setPage] = useParam('page');
  const page = Number(pageParam ?? 1);
  const view = useDayView(date, { ...filters, status, late, page, pageSize: PAGE_SIZE });
  const [open, setOpen] = useState<string | null>(null);
  const data = view.data;

  return (
    <>
      <PageHeader
        title={tx('attendance.day.title', { date: formatDate(date) })}
        documentTitle={t('attendance.day.title', { date: formatDate(date) })}
        description={tx('attendance.day.description')}
        actions={<ExportButtons path={`/api/attendance/day/${date}/export`} query={{ ...filters, status, late }} fileStem={`attendance-day-${date}`} />}
      />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <DateInput aria-label={t('attendance.day.day')} w={160} valueFormat="D MMM YYYY" maxDate={todayLocal()} value={date} onChange={(v) => v && void navigate(`/attendance/day/${v}`)} />
          <AttendanceFilters />
          <Select
            aria-label={t('attendance.status')}
            placeholder={t('attendance.day.everyStatus')}
            clearable
            w={200}
            data={ATTENDANCE_STATUSES.map((s) => ({ value: s, label: STATUS_META[s].label }))}
            value={status ?? null}
            onChange={(v) => setStatus(v ?? undefined, { page: undefined })}
          />
          <Chip checked={late === 'true'} onChange={(on) => setLate(on ? 'true' : undefined, { page: undefined })} color="orange" data-testid="late-filter">
            {tx('attendance.day.lateOnly')}
          </Chip>
        </Group>
        {data && (
          <Group gap="xs" wrap="wrap">
            {Object.entries(data.kpis.byStatus).map(([s, n]) => (
              <Badge key={s} color={STATUS_META[s as AttendanceStatus]?.color} variant="light" size="lg" style={{ cursor: 'pointer' }} onClick={() => setStatus(s, { page: undefined })}>
                {tx('attendance.day.statusCount', { status: STATUS_META[s as AttendanceStatus]?.label ?? s, count: n })}
              </Badge>
            ))}
            {data.kpis.notReconciled > 0 && (
              <Badge color="gray" variant="outline" size="lg">
                {tx('attendance.day.notReconciledCount', { count: data.kpis.notReconciled })}
              </Badge>
            )}
          </Group>
        )}
        {view.error && !data ? (
          <QueryError error={view.error} onRetry={() => void view.refetch()} />
        ) : (
          <Paper withBorder style={{ overflow: 'hidden', opacity: view.isPlaceholderData ? 0.6 : 1 }}>
            {!data ? (
              <TableSkeleton rows={10} />
            ) : (
              <>
                <Table.ScrollContainer minWidth={900}>
                  <Table aria-label={t('attendance.day.table')} highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{tx('attendance.employee')}</Table.Th>
                        <Table.Th>{tx('attendance.shift')}</Table.Th>
                        <Table.Th>{tx('attendance.status')}</Table.Th>
                        <Table.Th>{tx('attendance.in')}</Table.Th>
                        <Table.Th>{tx('attendance.out')}</Table.Th>
                        <Table.Th>{tx('attendance.worked')}</Table.Th>
                        <Table.Th>{tx('attendance.ot')}</Table.Th>
                        <Table.Th>{tx('attendance.why')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.items.map((r) => (
                        <Table.Tr key={r.employee.id} style={{ cursor: 'pointer' }} onClick={() => setOpen(r.employee.id)} data-testid="day-row">
                          <Table.Td>
                            <Anchor component={Link} to={`/employees/${r.employee.id}?tab=attendance`} size="sm" fw={500} onClick={(e) => e.stopPropagation()}>
                              {r.employee.fullName}
                            </Anchor>
                            <Text size="xs" c="dimmed">
                              {r.employee.code} · {r.department ?? '—'}
                            </Text>
                          </Table.Td>
                          <Table.Td>{r.day?.shift?.name ?? '—'}</Table.Td>
                          <Table.Td>{r.day ? <AttendanceStatusBadge status={r.day.status} frozen={r.day.frozen} provisional={r.day.provisional} /> : <Text size="sm" c="dimmed">{tx('attendance.day.notReconciled')}</Text>}</Table.Td>
                          <Table.Td>{clockOf(r.day?.firstIn)}</Table.Td>
                          <Table.Td>{clockOf(r.day?.lastOut)}</Table.Td>
                          <Table.Td>{r.day ? formatDuration(r.day.workedMinutes) : '—'}</Table.Td>
                          <Table.Td>{r.day?.otMinutes ? formatDuration(r.day.otMinutes) : '—'}</Table.Td>
                          <Table.Td maw={360}>
                            <Text size="xs" c="dimmed" lineClamp={2}>
                              {r.day?.reasons.filter((x) => x.rule !== 'shift').map((x) => x.text).join('; ')}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Group justify="space-between" p="sm">
                  <Text size="sm" c="dimmed">
                    {tx('attendance.day.range', { total: data.total, employees: data.kpis.employees })}
                  </Text>
                  <Pagination total={pageCount(data.total, PAGE_SIZE)} value={page} onChange={(p) => setPage(String(p))} size="sm" />
                </Group>
              </>
            )}
          </Paper>
        )}
      </Stack>
      <DayDrawer employeeId={open} date={open ? date : null} onClose={() => setOpen(null)} />
    </>
  );
}
