import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LeaveContext } from '../../../../../shared/leave/index.ts';
import { LOAD_COLOR, shortDay } from './leave-format.tsx';

function shareColor(away: number, size: number, weekend: boolean): string {
  if (weekend) return 'var(--mantine-color-gray-1)';
  const share = size > 0 ? away / size : 0;
  if (share >= 0.4) return 'var(--mantine-color-red-2)';
  if (share >= 0.25) return 'var(--mantine-color-orange-2)';
  return 'var(--mantine-color-teal-1)';
}

/** Peak figures and the load badge of a context. */
export function LoadSummary({ context }: { context: LeaveContext }) {
  const { t } = useTranslation('manager');
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={LOAD_COLOR[context.load]} variant="filled" data-testid="team-load">
        {t(`labels:leaveLoad.${context.load}`)}
      </Badge>
      <Text size="xs" c="dimmed">
        {[
          t('load.busiest', { team: context.peakTeamOnLeave, size: context.teamSize, dept: context.peakDeptOnLeave, org: context.peakOrgOnLeave }),
          context.managerName ? t('load.manager', { name: context.managerName }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Group>
  );
}

/** One box per day: how many of the team are away (the applicant included), coloured by the share. */
export function TeamLoadStrip({ context }: { context: LeaveContext }) {
  const { t } = useTranslation('manager');
  const days = context.days.slice(0, 31);
  return (
    <Stack gap={6} data-testid="team-load-strip">
      <Group gap={4} wrap="wrap">
        {days.map((d) => (
          <Tooltip key={d.date} label={t('load.day', { date: d.weekend ? t('load.weeklyOff', { day: shortDay(d.date) }) : shortDay(d.date), team: d.team, size: context.teamSize, dept: d.dept, org: d.org })}>
            <Box
              px={6}
              py={4}
              style={{ background: shareColor(d.team, context.teamSize, d.weekend), borderRadius: 6, minWidth: 46, textAlign: 'center' }}
            >
              <Text size="10px" c="dimmed" lh={1.2}>
                {shortDay(d.date)}
              </Text>
              <Text size="sm" fw={700} lh={1.3}>
                {d.team}
              </Text>
            </Box>
          </Tooltip>
        ))}
        {context.days.length > days.length && (
          <Text size="xs" c="dimmed">
            {t('load.more', { count: context.days.length - days.length })}
          </Text>
        )}
      </Group>
      <LoadSummary context={context} />
    </Stack>
  );
}

/** A small bar chart of who is away each day: the team and the department. */
export function ContextChart({ context }: { context: LeaveContext }) {
  const { t } = useTranslation('manager');
  const data = context.days.slice(0, 62).map((d) => ({ day: shortDay(d.date), team: d.team, department: d.dept }));
  return (
    <Paper withBorder p="sm" data-testid="context-chart">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('load.whoElse')}
        </Text>
        <BarChart
          h={170}
          data={data}
          dataKey="day"
          series={[
            { name: 'team', label: t('load.team'), color: 'indigo.6' },
            { name: 'department', label: t('load.department'), color: 'gray.4' },
          ]}
          withLegend
          tickLine="none"
          gridAxis="y"
          yAxisProps={{ allowDecimals: false, width: 24 }}
        />
        <SimpleGrid cols={4} spacing="xs">
          <Figure label={t('load.teamSize')} value={context.teamSize} />
          <Figure label={t('load.peakTeam')} value={context.peakTeamOnLeave} />
          <Figure label={t('load.peakDept')} value={context.peakDeptOnLeave} />
          <Figure label={t('load.peakOrg')} value={context.peakOrgOnLeave} />
        </SimpleGrid>
        <LoadSummary context={context} />
      </Stack>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="10px" tt="uppercase" c="dimmed" fw={700}>
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </div>
  );
}
