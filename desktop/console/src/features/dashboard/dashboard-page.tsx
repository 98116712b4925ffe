import '@mantine/charts/styles.css';
import { BarChart, CompositeChart } from '@mantine/charts';
import { Anchor, Badge, Card, ColorSwatch, Grid, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconCake, IconCircleCheck, IconGift, IconRefresh, IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatMinutes } from '../../../../../shared/attendance/index.ts';
import type { Dashboard } from '../../../../../shared/dashboard.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatDate, formatRelative } from '../../lib/format.ts';
import { useCan, useSessionUser } from '../../session/session-context.tsx';
import { useOrgClock } from '../attendance/status.tsx';
import { useDashboard } from './dashboard-queries.ts';
import { StatCard } from './stat-card.tsx';

/** Good morning/afternoon/evening by the hour in the organisation's zone. */
function greeting(timeZone?: string, now = new Date()): string {
  const h = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', ...(timeZone ? { timeZone } : {}) }).format(now));
  if (h < 12) return 'Good morning';
  if (h < 17) return 'Good afternoon';
  return 'Good evening';
}

/** Where I am today, in words for myself (the live board's states). */
const SELF_STATE: Record<NonNullable<NonNullable<Dashboard['me']>['live']>, string> = {
  In: 'Checked in',
  Out: 'Checked out',
  NotYetIn: 'Not in yet',
  Late: 'Not in yet — your shift has started',
  OnLeave: 'On leave',
  Off: 'Off today',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The day before `YYYY-MM-DD`. */
function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

const short = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1] ?? ''}`;

/** The home page: today's picture, what waits for me, trends and people — every number a link to the list behind it. Refreshes itself every 30 s. */
export function DashboardPage() {
  const user = useSessionUser();
  const clock = useOrgClock();
  const dashboard = useDashboard();
  const d = dashboard.data;
  return (
    <>
      <PageHeader
        title={`${greeting(d?.timeZone)}, ${user.fullName.split(' ')[0] ?? user.fullName}`}
        description={
          <Group gap={6} component="span">
            <IconRefresh size={14} />
            <span data-testid="dashboard-updated">
              {d ? `${d.scope === 'org' ? 'Your organisation' : d.scope === 'team' ? 'Your team' : 'Your month'} as of ${clock(d.generatedAt)} · updates by itself` : 'Loading…'}
            </span>
          </Group>
        }
        actions={<ExportButtons path="/api/dashboard/export" query={{}} fileStem={`dashboard-${d?.today ?? ''}`} />}
      />
      {dashboard.error && !d ? (
        <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : d?.scope === 'self' ? (
        <EmployeeDashboard d={d} />
      ) : (
        <TeamDashboard d={d} />
      )}
    </>
  );
}

function TeamDashboard({ d }: { d: Dashboard | undefined }) {
  const a = d?.attendance;
  const live = (q: string) => `/attendance/live${q}`;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="today">
        <StatCard label="Present" value={a?.present} to={live('?present=true')} color="teal" hint={a ? `${a.inNow} in now · of ${a.employees}` : undefined} testId="today-present" />
        <StatCard label="Late" value={a?.late} to={live('?late=true')} color="orange" hint="came in after the grace" testId="today-late" />
        <StatCard label="Absent so far" value={a?.absentSoFar} to={live('?state=Late')} color="red" hint="no punch, shift started" testId="today-absent" />
        <StatCard label="Not yet in" value={a?.notYetIn} to={live('?state=NotYetIn')} color="blue" hint="shift not started" testId="today-not-yet-in" />
        <StatCard label="On leave" value={a?.onLeave} to={live('?state=OnLeave')} color="cyan" testId="today-on-leave" />
        <StatCard label="Off today" value={a?.off} to={live('?state=Off')} color="grape" hint="weekly off or holiday" testId="today-off" />
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <TrendCard d={d} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            {d?.approvals && <ApprovalsCard approvals={d.approvals} />}
            {d?.terminals && <TerminalsCard terminals={d.terminals} yesterday={previousDay(d.today)} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <LeaveLoadCard d={d} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <PeopleCard d={d} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Panel({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="md" h="100%" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={5}>{title}</Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

function TrendCard({ d }: { d: Dashboard | undefined }) {
  const navigate = useNavigate();
  const data = (d?.trend ?? []).map((p) => ({ day: short(p.date), date: p.date, late: p.late, rate: p.attendanceRate === null ? null : Math.round(p.attendanceRate * 1000) / 10 }));
  const rated = (d?.trend ?? []).filter((p) => p.attendanceRate !== null);
  const mean = rated.length ? rated.reduce((s, p) => s + (p.attendanceRate ?? 0), 0) / rated.length : null;
  return (
    <Panel
      title="Last 30 days"
      testId="trend"
      action={
        <Text size="xs" c="dimmed">
          {mean !== null ? `${(mean * 100).toFixed(1)} % attendance on average · ` : ''}click a bar for that day’s late arrivals
        </Text>
      }
    >
      <CompositeChart
        h={230}
        data={data}
        dataKey="day"
        withLegend
        legendProps={{ verticalAlign: 'bottom', height: 30 }}
        withRightYAxis
        rightYAxisProps={{ domain: [0, 100] }}
        yAxisProps={{ allowDecimals: false }}
        connectNulls={false}
        tickLine="y"
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
        series={[
          { name: 'late', label: 'Late arrivals', color: 'orange.5', type: 'bar' },
          { name: 'rate', label: 'Attendance %', color: 'teal.7', type: 'line', yAxisId: 'right' },
        ]}
        barProps={{
          cursor: 'pointer',
          onClick: (entry: unknown) => {
            const date = (entry as { payload?: { date?: string } }).payload?.date;
            if (date) void navigate(`/attendance/day/${date}?late=true`);
          },
        }}
        withDots={false}
        curveType="linear"
      />
    </Panel>
  );
}

function ApprovalsCard({ approvals }: { approvals: NonNullable<Dashboard['approvals']> }) {
  const rows = [
    { label: 'Leave requests', value: approvals.leave, to: '/leave/approvals', testId: 'approvals-leave' },
    { label: 'Regularizations', value: approvals.regularizations, to: '/attendance/regularizations', testId: 'approvals-regularizations' },
    ...(approvals.documents === null ? [] : [{ label: 'Documents to verify', value: approvals.documents, to: '/documents/overview?status=AwaitingVerification', testId: 'approvals-documents' }]),
  ];
  return (
    <Panel title="Waiting for you" testId="approvals">
      <Stack gap={4}>
        {rows.map((r) => (
          <Card key={r.to} component={Link} to={r.to} withBorder padding="xs" aria-label={`${r.label}: ${r.value}`}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{r.label}</Text>
              <Text fw={700} fz={22} lh={1.2} c={r.value ? 'indigo' : 'dimmed'} data-testid={r.testId}>
                {r.value}
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
    </Panel>
  );
}

function TerminalsCard({ terminals, yesterday }: { terminals: NonNullable<Dashboard['terminals']>; yesterday: string | null }) {
  const can = useCan();
  const to = can('device:manage') ? '/terminals' : '/attendance/live';
  return (
    <Panel
      title="Terminals"
      testId="terminals"
      action={
        <Anchor component={Link} to={to} size="xs">
          {terminals.online} of {terminals.total} online
        </Anchor>
      }
    >
      <Stack gap={6}>
        {terminals.todayCanBeFinal ? (
          <Group gap={6} wrap="nowrap">
            <ThemeIcon size="sm" color="teal" variant="light">
              <IconCircleCheck size={14} />
            </ThemeIcon>
            <Text size="sm">Synced: today’s days can become final.</Text>
          </Group>
        ) : (
          <Group gap={6} wrap="nowrap">
            <ThemeIcon size="sm" color="orange" variant="light">
              <IconAlertTriangle size={14} />
            </ThemeIcon>
            <Text size="sm">Days stay provisional (no absences marked) until every terminal reports.</Text>
          </Group>
        )}
        {terminals.items.map((t) => (
          <Group key={t.id} gap="xs" wrap="nowrap" justify="space-between">
            <Group gap={6} wrap="nowrap" miw={0}>
              <ColorSwatch color={`var(--mantine-color-${t.online ? 'teal' : 'red'}-6)`} size={9} withShadow={false} role="img" aria-label={t.online ? 'online' : 'offline'} />
              <Text size="sm" truncate>
                {t.name}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t.lastContactAt ? formatRelative(t.lastContactAt) : 'never reached'}
              {t.backlog ? ` · ${t.backlog} to send` : ''}
            </Text>
          </Group>
        ))}
        {terminals.provisionalYesterday > 0 && yesterday && (
          <Text size="xs" c="dimmed">
            <Anchor component={Link} to={`/attendance/day/${yesterday}?status=Pending`} size="xs" data-testid="pending-yesterday">
              {terminals.provisionalYesterday} of yesterday’s days
            </Anchor>{' '}
            are not final yet.
          </Text>
        )}
      </Stack>
    </Panel>
  );
}

function LeaveLoadCard({ d }: { d: Dashboard | undefined }) {
  const navigate = useNavigate();
  const l = d?.leaveLoad;
  const scope = d?.scope === 'org' ? 'org' : 'team';
  const calendar = (date: string) => `/leave/calendar?month=${date.slice(0, 7)}${scope === 'org' ? '&scope=org' : ''}`;
  return (
    <Panel
      title="Leave, next 14 days"
      testId="leave-load"
      action={
        l?.peak ? (
          <Anchor component={Link} to={calendar(l.peak.date)} size="xs">
            Busiest: {short(l.peak.date)}, {l.peak.away} away
          </Anchor>
        ) : (
          <Text size="xs" c="dimmed">
            Nobody away
          </Text>
        )
      }
    >
      <BarChart
        h={150}
        data={(l?.days ?? []).map((x) => ({ day: short(x.date), date: x.date, away: x.away }))}
        dataKey="day"
        series={[{ name: 'away', label: 'Away', color: 'blue.5' }]}
        yAxisProps={{ allowDecimals: false }}
        tickLine="y"
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 10 }}
        barProps={{
          cursor: 'pointer',
          onClick: (entry: unknown) => {
            const date = (entry as { payload?: { date?: string } }).payload?.date;
            if (date) void navigate(calendar(date));
          },
        }}
      />
      {l && l.people.length > 0 && (
        <List size="sm" spacing={2} mt="xs" listStyleType="none">
          {l.people.slice(0, 6).map((p) => (
            <List.Item key={`${p.employeeId}|${p.from}`}>
              <Anchor component={Link} to={`/employees/${p.employeeId}`} size="sm">
                {p.name}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                {p.leaveType}, {short(p.from)}
                {p.to !== p.from ? `–${short(p.to)}` : ''}
              </Text>
              {p.pending && (
                <Badge size="xs" variant="outline" color="orange" ml={6}>
                  pending
                </Badge>
              )}
            </List.Item>
          ))}
          {l.people.length > 6 && (
            <List.Item>
              <Anchor component={Link} to={calendar(l.from)} size="xs">
                and {l.people.length - 6} more in the calendar
              </Anchor>
            </List.Item>
          )}
        </List>
      )}
    </Panel>
  );
}

function PeopleCard({ d }: { d: Dashboard | undefined }) {
  const h = d?.headcount;
  const monthFirst = d ? `${d.today.slice(0, 7)}-01` : '';
  return (
    <Panel title="People" testId="people">
      <SimpleGrid cols={3} spacing="sm" mb="sm">
        <StatCard label="Headcount" value={h?.headcount} to="/employees?onRoll=true" hint={h?.onNotice ? `${h.onNotice} on notice` : undefined} testId="people-headcount" />
        <StatCard label="Joined" value={h?.joiners} to={d ? `/employees?joinedFrom=${monthFirst}&joinedTo=${d.today}` : undefined} color="teal" hint="this month" testId="people-joiners" />
        <StatCard label="Left" value={h?.leavers} to={d ? `/employees?exitedFrom=${monthFirst}&exitedTo=${d.today}` : undefined} color="orange" hint="this month" testId="people-leavers" />
      </SimpleGrid>
      <Text size="sm" fw={600} mb={4}>
        This week
      </Text>
      {d?.celebrations && d.celebrations.length > 0 ? (
        <Stack gap={4} data-testid="celebrations">
          {d.celebrations.slice(0, 6).map((c) => (
            <Group key={`${c.employeeId}|${c.kind}`} gap={6} wrap="nowrap">
              <ThemeIcon size="sm" variant="light" color={c.kind === 'birthday' ? 'pink' : 'yellow'}>
                {c.kind === 'birthday' ? <IconCake size={14} /> : <IconGift size={14} />}
              </ThemeIcon>
              <Anchor component={Link} to={`/employees/${c.employeeId}`} size="sm" lineClamp={1}>
                {c.name}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {c.kind === 'birthday' ? 'birthday' : `${c.years} year${c.years === 1 ? '' : 's'}`} · {short(c.date)}
              </Text>
            </Group>
          ))}
          {d.celebrations.length > 6 && (
            <Text size="xs" c="dimmed">
              and {d.celebrations.length - 6} more
            </Text>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No birthdays or work anniversaries this week.
        </Text>
      )}
    </Panel>
  );
}

function EmployeeDashboard({ d }: { d: Dashboard }) {
  const me = d.me;
  if (!me) return null;
  return (
    <Stack gap="lg">
      <Card withBorder padding="md" component={Link} to="/attendance/me" data-testid="me-today">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Today, {formatDate(d.today)}
            </Text>
            <Text fz={22} fw={700}>
              {me.live ? SELF_STATE[me.live] : 'Not working today'}
            </Text>
          </div>
          <Anchor component="span" size="sm">
            Check in / out →
          </Anchor>
        </Group>
      </Card>
      <div>
        <Title order={5} mb="xs">
          My {new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(new Date(`${me.month}-01T00:00:00Z`))}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="my-month">
          <StatCard label="Present" value={me.present} to="/attendance/me" color="teal" hint={me.halfDays ? `${me.halfDays} half day(s)` : undefined} testId="me-present" />
          <StatCard label="Absent" value={me.absent} to="/attendance/me" color={me.absent ? 'red' : undefined} testId="me-absent" />
          <StatCard label="Late" value={me.late} to="/attendance/me" color={me.late ? 'orange' : undefined} testId="me-late" />
          <StatCard label="Leave" value={me.leave} to="/leave/my" color="cyan" />
          <StatCard label="Worked" value={formatMinutes(me.workedMinutes)} to="/attendance/me" hint={me.otMinutes ? `OT ${formatMinutes(me.otMinutes)}` : undefined} />
          <StatCard label="Requests waiting" value={me.pendingRequests} to="/leave/my" />
        </SimpleGrid>
      </div>
      <div>
        <Group justify="space-between" mb="xs">
          <Title order={5}>My leave</Title>
          <Anchor component={Link} to="/leave/apply" size="sm">
            Apply for leave →
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="my-balances">
          {me.balances.map((b) => (
            <Tooltip key={b.code} label={b.name}>
              <div>
                <StatCard label={b.name} value={b.available} to="/leave/my" hint="days available" />
              </div>
            </Tooltip>
          ))}
        </SimpleGrid>
      </div>
    </Stack>
  );
}
