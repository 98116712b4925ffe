import { useDocumentTitle } from '../../components/page-header.tsx';
import { Avatar, Button, Card, EmptyState, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowBackUp, IconBell, IconDoorExit, IconFileText, IconFingerprint, IconHistory, IconId, IconPencil, IconShieldCheck, IconUserQuestion } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Employee } from '../../../../../shared/employees.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useTx } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { initials } from '../../lib/format.ts';
import { useCan, useSessionUser } from '../../session/session-context.tsx';
import { EmployeeAttendanceTab } from '../attendance/employee-attendance-tab.tsx';
import { EmployeeDocumentsPanel } from '../documents/employee-documents-panel.tsx';
import { ProfileNotificationsTab } from '../email/profile-notifications.tsx';
import { EmployeeAuditTab } from './employee-audit-tab.tsx';
import { EmployeeOverview } from './employee-overview.tsx';
import { EmployeeRegisterTab } from './employee-register-tab.tsx';
import { useEmployee } from './employee-queries.ts';
import { ExitDialog } from './exit-dialog.tsx';
import { RehireDialog } from './rehire-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';

/** One employee: header with actions, then Overview and Audit tabs. */
export function EmployeeProfilePage() {
  const { id = '' } = useParams();
  const employee = useEmployee(id);
  const can = useCan();
  const tx = useTx('hr');
  const user = useSessionUser();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab = requested === 'audit' && can('audit:read') ? 'audit' : requested === 'attendance' || requested === 'documents' || requested === 'register' ? requested : requested === 'notifications' && id === user.employeeId ? 'notifications' : 'overview';

  if (employee.error) {
    if (employee.error instanceof ApiError && (employee.error.status === 404 || employee.error.status === 400)) {
      return (
        <EmptyState mt="xl" icon={<IconUserQuestion />} title={tx('people.profile.notFound')} description={tx('people.profile.notFoundHint')}>
          <Button component={Link} to="/employees" variant="light">
            {tx('people.profile.backToDirectory')}
          </Button>
        </EmptyState>
      );
    }
    return <QueryError error={employee.error} onRetry={() => void employee.refetch()} />;
  }
  if (!employee.data) return <ProfileSkeleton />;

  const e = employee.data;
  return (
    <Stack gap="lg">
      <ProfileHeader employee={e} />
      <Tabs value={tab} onChange={(v) => setSearch(v === 'audit' || v === 'attendance' || v === 'documents' || v === 'register' || v === 'notifications' ? { tab: v } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="overview" leftSection={<IconId size={16} />}>
            {tx('people.profile.tab.overview')}
          </Tabs.Tab>
          <Tabs.Tab value="attendance" leftSection={<IconFingerprint size={16} />}>
            {tx('people.profile.tab.attendance')}
          </Tabs.Tab>
          <Tabs.Tab value="documents" leftSection={<IconFileText size={16} />}>
            {tx('people.profile.tab.documents')}
          </Tabs.Tab>
          <Tabs.Tab value="register" leftSection={<IconShieldCheck size={16} />}>
            {tx('people.profile.tab.register')}
          </Tabs.Tab>
          {can('audit:read') && (
            <Tabs.Tab value="audit" leftSection={<IconHistory size={16} />}>
              {tx('people.profile.tab.audit')}
            </Tabs.Tab>
          )}
          {e.id === user.employeeId && (
            <Tabs.Tab value="notifications" leftSection={<IconBell size={16} />}>
              {tx('people.profile.tab.notifications')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="overview">
          <EmployeeOverview employee={e} />
        </Tabs.Panel>
        <Tabs.Panel value="attendance">
          <EmployeeAttendanceTab employeeId={e.id} />
        </Tabs.Panel>
        <Tabs.Panel value="documents">
          <EmployeeDocumentsPanel employeeId={e.id} employeeName={e.fullName} self={e.id === user.employeeId} />
        </Tabs.Panel>
        <Tabs.Panel value="register">
          <EmployeeRegisterTab employeeId={e.id} />
        </Tabs.Panel>
        {can('audit:read') && (
          <Tabs.Panel value="audit">
            <EmployeeAuditTab employeeId={e.id} />
          </Tabs.Panel>
        )}
        {e.id === user.employeeId && (
          <Tabs.Panel value="notifications">
            <ProfileNotificationsTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

function ProfileHeader({ employee: e }: { employee: Employee }) {
  const can = useCan();
  const tx = useTx('hr');
  const [exitOpened, exitDialog] = useDisclosure();
  const [rehireOpened, rehireDialog] = useDisclosure();
  const subtitle = [e.designation?.name, e.department?.name, e.location?.name].filter(Boolean).join(' · ');
  useDocumentTitle(e.fullName);

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar size={64} radius="xl" color="indigo">
            {initials(e.fullName)}
          </Avatar>
          <div>
            <Group gap="xs">
              <Title order={1} size="h2">
                {e.fullName}
              </Title>
              <StatusBadge status={e.status} />
            </Group>
            <Text c="dimmed" size="sm">
              <Text span ff="monospace" size="sm">
                {e.code}
              </Text>
              {subtitle && ` · ${subtitle}`}
            </Text>
          </div>
        </Group>
        {can('employee:write') && (
          <Group gap="xs">
            <Button component={Link} to={`/employees/${e.id}/edit`} leftSection={<IconPencil size={16} />}>
              {tx('people.profile.edit')}
            </Button>
            {e.status === 'Exited' ? (
              <Button variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={rehireDialog.open}>
                {tx('people.profile.rehire')}
              </Button>
            ) : (
              <Button variant="default" color="red" leftSection={<IconDoorExit size={16} />} onClick={exitDialog.open}>
                {e.status === 'OnNotice' ? tx('people.profile.changeExit') : tx('people.profile.exit')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      <ExitDialog employee={e} opened={exitOpened} onClose={exitDialog.close} />
      <RehireDialog employee={e} opened={rehireOpened} onClose={rehireDialog.close} />
    </Card>
  );
}

function ProfileSkeleton() {
  return (
    <Stack gap="lg">
      <Skeleton height={104} />
      <Skeleton height={36} width={240} />
      <Group grow align="flex-start">
        <Skeleton height={320} />
        <Skeleton height={320} />
      </Group>
    </Stack>
  );
}
