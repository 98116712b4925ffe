import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconApi, IconArrowRight, IconUserMinus, IconUserPlus, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { KpiCard } from '../../components/kpi-card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { canAny, useCan, useSessionUser } from '../../session/session-context.tsx';
import { useEmployeeList } from '../employees/employee-queries.ts';

function greeting(now = new Date()): string {
  const h = now.getHours();
  if (h < 12) return 'Good morning';
  if (h < 17) return 'Good afternoon';
  return 'Good evening';
}

/** The landing page: headline numbers and shortcuts; the full dashboard is still to come. */
export function DashboardPage() {
  const user = useSessionUser();
  const can = useCan();
  const seesPeople = canAny(user, ['employee:read', 'team:read']);

  return (
    <>
      <PageHeader
        title={`${greeting()}, ${user.fullName.split(' ')[0] ?? user.fullName}`}
        description="Here is your organisation at a glance. Attendance and leave widgets arrive with those areas."
      />
      <Stack gap="lg">
        {seesPeople && <HeadcountKpis />}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {seesPeople && (
            <Shortcut to="/employees" icon={<IconUsers size={20} />} title="Employee directory" text="Search, filter and export your people." />
          )}
          {can('employee:write') && (
            <Shortcut to="/employees/new" icon={<IconUserPlus size={20} />} title="Add an employee" text="Create a profile with job and statutory details." />
          )}
          {can('api:manage') && (
            <Shortcut to="/api-keys" icon={<IconApi size={20} />} title="API keys" text="Connect payroll and other systems." />
          )}
          {!seesPeople && (
            <Shortcut to={`/employees/${user.employeeId}`} icon={<IconUsers size={20} />} title="My profile" text="Your details as HR holds them." />
          )}
        </SimpleGrid>
      </Stack>
    </>
  );
}

function HeadcountKpis() {
  const list = useEmployeeList({ page: 1, pageSize: 1 });
  const kpis = list.data?.kpis;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <KpiCard label="Headcount" value={kpis?.headcount} icon={<IconUsers size={20} />} />
      <KpiCard label="Joined this month" value={kpis?.joinersThisMonth} icon={<IconUserPlus size={20} />} color="teal" />
      <KpiCard label="Left this month" value={kpis?.leaversThisMonth} icon={<IconUserMinus size={20} />} color="orange" />
    </SimpleGrid>
  );
}

function Shortcut({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Card withBorder component={Link} to={to} padding="lg">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40}>
          {icon}
        </ThemeIcon>
        <div>
          <Title order={5}>{title}</Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
          <Anchor component="span" size="sm" mt={4} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            Open <IconArrowRight size={14} />
          </Anchor>
        </div>
      </Group>
    </Card>
  );
}
