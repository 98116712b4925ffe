import '@mantine/charts/styles.css';
import { BarChart, CompositeChart } from '@mantine/charts';
import { Anchor, Badge, Card, ColorSwatch, Grid, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconCake, IconCircleCheck, IconGift, IconRefresh, IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Dashboard } from '../../../../../shared/dashboard.ts';
import { type Locale, formatNumber } from '../../../../../shared/i18n/index.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useLocale, useTx } from '../../i18n/language.tsx';
import { formatDate, formatDuration, formatMonthName, formatRelative } from '../../lib/format.ts';
import { useCan, useSessionUser } from '../../session/session-context.tsx';
import { useOrgClock } from '../attendance/status.tsx';
import { leaveTypeLabel } from '../leave/leave-format.tsx';
import { useDashboard } from './dashboard-queries.ts';
import { StatCard } from './stat-card.tsx';

/** Morning/afternoon/evening by the hour in the organisation's zone (the greeting's `part`). */
function partOfDay(timeZone?: string, now = new Date()): 'morning' | 'afternoon' | 'evening' {
  const h = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', ...(timeZone ? { timeZone } : {}) }).format(now));
  if (h < 12) return 'morning';
  if (h < 17) return 'afternoon';
  return 'evening';
}

/** A tile's count: Indian grouping (1,00,000) in every language; the skeleton while loading. */
const count = (n: number | undefined) => (n === undefined ? undefined : formatNumber(n));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayMonthFormats = new Map<Locale, Intl.DateTimeFormat>();
/** The day before `YYYY-MM-DD`. */
function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** "19 Dec" (English as Muster always wrote it) / "19 दिस॰": a chart's axis and a list's dates. */
function shortIn(locale: Locale, day: string): string {
  if (locale === 'en-IN') return `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1] ?? ''}`;
  let f = dayMonthFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(`${locale}-u-nu-latn`, { timeZone: 'UTC', day: 'numeric', month: 'short' });
    dayMonthFormats.set(locale, f);
  }
  return f.format(new Date(`${day}T12:00:00Z`));
}

function useShort(): (day: string) => string {
  const locale = useLocale();
  return (day) => shortIn(locale, day);
}

/** The home page: today's picture, what waits for me, trends and people — every number a link to the list behind it. Refreshes itself every 30 s. */
export function DashboardPage() {
  const user = useSessionUser();
  const clock = useOrgClock();
  const dashboard = useDashboard();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const d = dashboard.data;
  const hello = { part: partOfDay(d?.timeZone), name: user.fullName.split(' ')[0] ?? user.fullName };
  return (
    <>
      <PageHeader
        title={tx('dashboard.greeting', hello)}
        documentTitle={t('dashboard.greeting', hello)}
        description={
          <Group gap={6} component="span">
            <IconRefresh size={14} />
            <span data-testid="dashboard-updated">
              {d ? tx('dashboard.asOf', { scope: d.scope, time: clock(d.generatedAt) }) : tx('dashboard.loading')}
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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const a = d?.attendance;
  const live = (q: string) => `/attendance/live${q}`;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="today">
        <StatCard label={t('dashboard.today.present')} value={count(a?.present)} to={live('?present=true')} color="teal" hint={a ? tx('dashboard.today.presentHint', { inNow: formatNumber(a.inNow), employees: formatNumber(a.employees) }) : undefined} testId="today-present" />
        <StatCard label={t('dashboard.today.late')} value={count(a?.late)} to={live('?late=true')} color="orange" hint={tx('dashboard.today.lateHint')} testId="today-late" />
        <StatCard label={t('dashboard.today.absent')} value={count(a?.absentSoFar)} to={live('?state=Late')} color="red" hint={tx('dashboard.today.absentHint')} testId="today-absent" />
        <StatCard label={t('dashboard.today.notYetIn')} value={count(a?.notYetIn)} to={live('?state=NotYetIn')} color="blue" hint={tx('dashboard.today.notYetInHint')} testId="today-not-yet-in" />
        <StatCard label={t('dashboard.today.onLeave')} value={count(a?.onLeave)} to={live('?state=OnLeave')} color="cyan" testId="today-on-leave" />
        <StatCard label={t('dashboard.today.off')} value={count(a?.off)} to={live('?state=Off')} color="grape" hint={tx('dashboard.today.offHint')} testId="today-off" />
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

function Panel({ title, action, children, testId }: { title: ReactNode; action?: ReactNode; children: ReactNode; testId?: string }) {
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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const short = useShort();
  const data = (d?.trend ?? []).map((p) => ({ day: short(p.date), date: p.date, late: p.late, rate: p.attendanceRate === null ? null : Math.round(p.attendanceRate * 1000) / 10 }));
  const rated = (d?.trend ?? []).filter((p) => p.attendanceRate !== null);
  const mean = rated.length ? rated.reduce((s, p) => s + (p.attendanceRate ?? 0), 0) / rated.length : null;
  return (
    <Panel
      title={tx('dashboard.trend.title')}
      testId="trend"
      action={
        <Text size="xs" c="dimmed">
          {mean !== null ? tx('dashboard.trend.hintMean', { mean: (mean * 100).toFixed(1) }) : tx('dashboard.trend.hint')}
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
          { name: 'late', label: t('dashboard.trend.late'), color: 'orange.5', type: 'bar' },
          { name: 'rate', label: t('dashboard.trend.rate'), color: 'teal.7', type: 'line', yAxisId: 'right' },
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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const rows = [
    { key: 'leave', value: approvals.leave, to: '/leave/approvals', testId: 'approvals-leave' },
    { key: 'regularizations', value: approvals.regularizations, to: '/attendance/regularizations', testId: 'approvals-regularizations' },
    ...(approvals.documents === null ? [] : [{ key: 'documents', value: approvals.documents, to: '/documents/overview?status=AwaitingVerification', testId: 'approvals-documents' }]),
  ];
  return (
    <Panel title={tx('dashboard.approvals.title')} testId="approvals">
      <Stack gap={4}>
        {rows.map((r) => (
          <Card key={r.to} component={Link} to={r.to} withBorder padding="xs" aria-label={t('dashboard.labelValue', { label: t(`dashboard.approvals.${r.key}`), value: formatNumber(r.value) })}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{tx(`dashboard.approvals.${r.key}`)}</Text>
              <Text fw={700} fz={22} lh={1.2} c={r.value ? 'indigo' : 'dimmed'} data-testid={r.testId}>
                {formatNumber(r.value)}
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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const to = can('device:manage') ? '/terminals' : '/attendance/live';
  return (
    <Panel
      title={tx('dashboard.terminals.title')}
      testId="terminals"
      action={
        <Anchor component={Link} to={to} size="xs">
          {tx('dashboard.terminals.online', { online: formatNumber(terminals.online), total: formatNumber(terminals.total) })}
        </Anchor>
      }
    >
      <Stack gap={6}>
        {terminals.todayCanBeFinal ? (
          <Group gap={6} wrap="nowrap">
            <ThemeIcon size="sm" color="teal" variant="light">
              <IconCircleCheck size={14} />
            </ThemeIcon>
            <Text size="sm">{tx('dashboard.terminals.synced')}</Text>
          </Group>
        ) : (
          <Group gap={6} wrap="nowrap">
            <ThemeIcon size="sm" color="orange" variant="light">
              <IconAlertTriangle size={14} />
            </ThemeIcon>
            <Text size="sm">{tx('dashboard.terminals.provisional')}</Text>
          </Group>
        )}
        {terminals.items.map((term) => (
          <Group key={term.id} gap="xs" wrap="nowrap" justify="space-between">
            <Group gap={6} wrap="nowrap" miw={0}>
              <ColorSwatch color={`var(--mantine-color-${term.online ? 'teal' : 'red'}-6)`} size={9} withShadow={false} role="img" aria-label={t(term.online ? 'dashboard.terminals.up' : 'dashboard.terminals.down')} />
              <Text size="sm" truncate>
                {term.name}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {term.backlog
                ? tx(term.lastContactAt ? 'dashboard.terminals.contactBacklog' : 'dashboard.terminals.neverBacklog', { when: formatRelative(term.lastContactAt), backlog: formatNumber(term.backlog) })
                : term.lastContactAt
                  ? formatRelative(term.lastContactAt)
                  : tx('dashboard.terminals.never')}
            </Text>
          </Group>
        ))}
        {terminals.provisionalYesterday > 0 && yesterday && (
          <Text size="xs" c="dimmed">
            {/* One sentence, one message: the whole of it is the link (no glued halves). */}
            <Anchor component={Link} to={`/attendance/day/${yesterday}?status=Pending`} size="xs" data-testid="pending-yesterday">
              {tx('dashboard.terminals.pendingYesterday', { count: terminals.provisionalYesterday })}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Panel>
  );
}

function LeaveLoadCard({ d }: { d: Dashboard | undefined }) {
  const navigate = useNavigate();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const short = useShort();
  const l = d?.leaveLoad;
  const scope = d?.scope === 'org' ? 'org' : 'team';
  const calendar = (date: string) => `/leave/calendar?month=${date.slice(0, 7)}${scope === 'org' ? '&scope=org' : ''}`;
  return (
    <Panel
      title={tx('dashboard.leaveLoad.title')}
      testId="leave-load"
      action={
        l?.peak ? (
          <Anchor component={Link} to={calendar(l.peak.date)} size="xs">
            {tx('dashboard.leaveLoad.busiest', { day: short(l.peak.date), away: formatNumber(l.peak.away) })}
          </Anchor>
        ) : (
          <Text size="xs" c="dimmed">
            {tx('dashboard.leaveLoad.nobody')}
          </Text>
        )
      }
    >
      <BarChart
        h={150}
        data={(l?.days ?? []).map((x) => ({ day: short(x.date), date: x.date, away: x.away }))}
        dataKey="day"
        series={[{ name: 'away', label: t('dashboard.leaveLoad.away'), color: 'blue.5' }]}
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
                {p.to !== p.from ? tx('dashboard.leaveLoad.span', { type: p.leaveType, from: short(p.from), to: short(p.to) }) : tx('dashboard.leaveLoad.day', { type: p.leaveType, day: short(p.from) })}
              </Text>
              {p.pending && (
                <Badge size="xs" variant="outline" color="orange" ml={6}>
                  {tx('dashboard.leaveLoad.pending')}
                </Badge>
              )}
            </List.Item>
          ))}
          {l.people.length > 6 && (
            <List.Item>
              <Anchor component={Link} to={calendar(l.from)} size="xs">
                {tx('dashboard.leaveLoad.more', { count: l.people.length - 6 })}
              </Anchor>
            </List.Item>
          )}
        </List>
      )}
    </Panel>
  );
}

function PeopleCard({ d }: { d: Dashboard | undefined }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const short = useShort();
  const h = d?.headcount;
  const monthFirst = d ? `${d.today.slice(0, 7)}-01` : '';
  return (
    <Panel title={tx('dashboard.people.title')} testId="people">
      <SimpleGrid cols={3} spacing="sm" mb="sm">
        <StatCard label={t('dashboard.people.headcount')} value={count(h?.headcount)} to="/employees?onRoll=true" hint={h?.onNotice ? tx('dashboard.people.onNotice', { count: h.onNotice }) : undefined} testId="people-headcount" />
        <StatCard label={t('dashboard.people.joined')} value={count(h?.joiners)} to={d ? `/employees?joinedFrom=${monthFirst}&joinedTo=${d.today}` : undefined} color="teal" hint={tx('dashboard.people.thisMonth')} testId="people-joiners" />
        <StatCard label={t('dashboard.people.left')} value={count(h?.leavers)} to={d ? `/employees?exitedFrom=${monthFirst}&exitedTo=${d.today}` : undefined} color="orange" hint={tx('dashboard.people.thisMonth')} testId="people-leavers" />
      </SimpleGrid>
      <Text size="sm" fw={600} mb={4}>
        {tx('dashboard.people.thisWeek')}
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
                {tx('dashboard.people.celebration', { kind: c.kind, years: c.years ?? 0, day: short(c.date) })}
              </Text>
            </Group>
          ))}
          {d.celebrations.length > 6 && (
            <Text size="xs" c="dimmed">
              {tx('dashboard.people.more', { count: d.celebrations.length - 6 })}
            </Text>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {tx('dashboard.people.none')}
        </Text>
      )}
    </Panel>
  );
}

function EmployeeDashboard({ d }: { d: Dashboard }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const me = d.me;
  if (!me) return null;
  return (
    <Stack gap="lg">
      <Card withBorder padding="md" component={Link} to="/attendance/me" data-testid="me-today">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {tx('dashboard.self.today', { date: formatDate(d.today) })}
            </Text>
            <Text fz={22} fw={700}>
              {tx(`dashboard.self.state.${me.live ?? 'none'}`)}
            </Text>
          </div>
          <Anchor component="span" size="sm">
            {tx('dashboard.self.checkInOut')}
          </Anchor>
        </Group>
      </Card>
      <div>
        <Title order={5} mb="xs">
          {tx('dashboard.self.myMonth', { month: formatMonthName(me.month) })}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="my-month">
          <StatCard label={t('dashboard.self.present')} value={formatNumber(me.present)} to="/attendance/me" color="teal" hint={me.halfDays ? tx('dashboard.self.halfDays', { count: me.halfDays }) : undefined} testId="me-present" />
          <StatCard label={t('dashboard.self.absent')} value={formatNumber(me.absent)} to="/attendance/me" color={me.absent ? 'red' : undefined} testId="me-absent" />
          <StatCard label={t('dashboard.self.late')} value={formatNumber(me.late)} to="/attendance/me" color={me.late ? 'orange' : undefined} testId="me-late" />
          <StatCard label={t('dashboard.self.leave')} value={formatNumber(me.leave)} to="/leave/my" color="cyan" />
          <StatCard label={t('dashboard.self.worked')} value={formatDuration(me.workedMinutes)} to="/attendance/me" hint={me.otMinutes ? tx('dashboard.self.ot', { time: formatDuration(me.otMinutes) }) : undefined} />
          <StatCard label={t('dashboard.self.requestsWaiting')} value={formatNumber(me.pendingRequests)} to="/leave/my" />
        </SimpleGrid>
      </div>
      <div>
        <Group justify="space-between" mb="xs">
          <Title order={5}>{tx('dashboard.self.myLeave')}</Title>
          <Anchor component={Link} to="/leave/apply" size="sm">
            {tx('dashboard.self.apply')}
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="my-balances">
          {me.balances.map((b) => (
            <Tooltip key={b.code} label={leaveTypeLabel(b.code, b.name)}>
              <div>
                <StatCard label={leaveTypeLabel(b.code, b.name)} value={formatNumber(b.available)} to="/leave/my" hint={tx('dashboard.self.daysAvailable')} />
              </div>
            </Tooltip>
          ))}
        </SimpleGrid>
      </div>
    </Stack>
  );
}
