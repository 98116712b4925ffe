import { Anchor, Badge, Card, CloseButton, EmptyState, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDeviceDesktopAnalytics, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type LiveState, LIVE_STATES } from '../../../../../shared/attendance/index.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { displayZoneName, formatDuration, formatRelative } from '../../lib/format.ts';
import { useTx } from '../../i18n/language.tsx';
import { useLive } from './attendance-queries.ts';
import { AttendanceFilters, useFilterQuery, useParam } from './filters.tsx';
import { LiveStateBadge, clockOf, liveLabel, useOrgClock } from './status.tsx';

const COUNT_COLOR: Record<LiveState, string> = { In: 'teal', Out: 'gray', NotYetIn: 'blue', Late: 'red', OnLeave: 'cyan', Off: 'grape' };

/** Who is in right now; refreshes every 10 seconds by itself. */
export function LiveBoardPage() {
  useOrgClock();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const filters = useFilterQuery();
  const [state, setState] = useParam('state');
  const [present, setPresent] = useParam('present');
  const [late, setLate] = useParam('late');
  const flags = { present: present === 'true' ? 'true' : undefined, late: late === 'true' ? 'true' : undefined };
  const live = useLive({ ...filters, state, ...flags });
  const data = live.data;

  return (
    <>
      <PageHeader
        title={tx('attendance.live.title')}
        documentTitle={t('attendance.live.title')}
        description={
          <Group gap={6} component="span">
            <IconRefresh size={14} />
            <span data-testid="live-updated">{data ? tx('attendance.live.updatesAsOf', { time: clockOf(data.now), zone: displayZoneName(data.now) }) : tx('attendance.live.updates')}</span>
          </Group>
        }
        actions={<ExportButtons path="/api/attendance/live/export" query={{ ...filters, state, ...flags }} fileStem="attendance-live" />}
      />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 3, md: 6 }}>
          {LIVE_STATES.map((s) => (
            <Card key={s} withBorder padding="sm" style={{ cursor: 'pointer', outline: state === s ? `2px solid var(--mantine-color-${COUNT_COLOR[s]}-5)` : undefined }} onClick={() => setState(state === s ? undefined : s)}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {liveLabel(s)}
              </Text>
              <Text fz={26} fw={700} c={COUNT_COLOR[s]} data-testid={`live-count-${s}`}>
                {data ? data.counts[s] : '…'}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        {data && data.terminals.length > 0 && (
          <Group gap="xs" wrap="wrap" aria-label={t('attendance.live.terminals')}>
            <Text size="sm" c="dimmed">
              {tx('attendance.live.terminalsLabel')}
            </Text>
            {data.terminals.map((term) =>
              term.lastContactAt === null ? (
                // A terminal that has never reported keeps its location's days provisional.
                <Tooltip key={term.id} label={term.location ? tx('attendance.live.neverReportedHintAt', { location: term.location }) : tx('attendance.live.neverReportedHint')}>
                  <Badge color="orange" variant="dot" size="lg">
                    {tx('attendance.live.neverReported', { name: term.name })}
                  </Badge>
                </Tooltip>
              ) : (
                <Tooltip key={term.id} label={term.clockSkewSeconds ? tx('attendance.live.lastContactSkew', { when: formatRelative(term.lastContactAt), skew: `${term.clockSkewSeconds > 0 ? '+' : ''}${term.clockSkewSeconds}` }) : tx('attendance.live.lastContact', { when: formatRelative(term.lastContactAt) })}>
                  <Badge color={term.online ? 'teal' : 'red'} variant="dot" size="lg">
                    {tx(term.online ? 'attendance.live.online' : 'attendance.live.offline', { name: term.name })}
                  </Badge>
                </Tooltip>
              ),
            )}
          </Group>
        )}
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <AttendanceFilters />
            {flags.present && (
              <Badge size="lg" variant="light" color="teal" data-testid="live-flag" rightSection={<CloseButton size="xs" aria-label={t('attendance.live.showEveryone')} onClick={() => setPresent(undefined)} />}>
                {tx('attendance.live.presentToday')}
              </Badge>
            )}
            {flags.late && (
              <Badge size="lg" variant="light" color="orange" data-testid="live-flag" rightSection={<CloseButton size="xs" aria-label={t('attendance.live.showEveryone')} onClick={() => setLate(undefined)} />}>
                {tx('attendance.live.lateToday')}
              </Badge>
            )}
          </Group>
          <SegmentedControl
            aria-label={t('attendance.state')}
            size="xs"
            data={[{ value: 'all', label: t('attendance.live.all') }, ...LIVE_STATES.map((s) => ({ value: s, label: liveLabel(s) }))]}
            value={state ?? 'all'}
            onChange={(v) => setState(v === 'all' ? undefined : v)}
          />
        </Group>
        {live.error && !data ? (
          <QueryError error={live.error} onRetry={() => void live.refetch()} />
        ) : (
          <Paper withBorder style={{ overflow: 'hidden' }}>
            {!data ? (
              <TableSkeleton rows={10} />
            ) : data.items.length === 0 ? (
              <EmptyState py="xl" icon={<IconDeviceDesktopAnalytics />} title={tx('attendance.live.nobody')} description={tx('attendance.live.nobodyHint')} />
            ) : (
              <Table.ScrollContainer minWidth={900}>
                <Table aria-label={t('attendance.live.title')} highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{tx('attendance.employee')}</Table.Th>
                      <Table.Th>{tx('attendance.department')}</Table.Th>
                      <Table.Th>{tx('attendance.shift')}</Table.Th>
                      <Table.Th>{tx('attendance.state')}</Table.Th>
                      <Table.Th>{tx('attendance.firstIn')}</Table.Th>
                      <Table.Th>{tx('attendance.worked')}</Table.Th>
                      <Table.Th>{tx('attendance.lastPunch')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((r) => (
                      <Table.Tr key={r.employee.id} data-testid="live-row">
                        <Table.Td>
                          <Anchor component={Link} to={`/employees/${r.employee.id}?tab=attendance`} size="sm" fw={500}>
                            {r.employee.fullName}
                          </Anchor>
                          <Text size="xs" c="dimmed" ff="monospace">
                            {r.employee.code}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{r.department ?? '—'}</Text>
                          <Text size="xs" c="dimmed">
                            {r.location ?? ''}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{r.shift ?? '—'}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            <LiveStateBadge state={r.state} />
                            {r.lateMinutes > 0 && (
                              <Badge color="orange" variant="outline" size="sm">
                                {tx('attendance.live.lateMinutes', { minutes: r.lateMinutes })}
                              </Badge>
                            )}
                          </Group>
                          {/* Mantine's darkest orange is 4.0:1 on white, too light for AA at this size (axe found it at night, when notes show). */}
                          {r.note && (
                            <Text size="xs" c="#b03a0a" mt={2} data-testid="live-note">
                              {r.note}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>{clockOf(r.firstIn)}</Table.Td>
                        <Table.Td>{r.workedMinutes ? formatDuration(r.workedMinutes) : '—'}</Table.Td>
                        <Table.Td>
                          {r.lastPunch ? (
                            <>
                              <Text size="sm">
                                {clockOf(r.lastPunch.at)} {r.lastPunch.direction ?? ''}
                              </Text>
                              <Text size="xs" c="dimmed">
                                {r.lastPunch.terminal ?? (r.lastPunch.source === 'self' ? tx('attendance.live.selfCheckIn') : r.lastPunch.source)}
                              </Text>
                            </>
                          ) : (
                            '—'
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
    </>
  );
}
