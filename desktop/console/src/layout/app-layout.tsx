import { AppShell, Burger, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { useSetupStatus } from '../session/session-queries.ts';
import { AppNavbar } from './app-navbar.tsx';
import { UserMenu } from './user-menu.tsx';

/** The signed-in frame: header with bell and user menu, navbar, and the page. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const setup = useSetupStatus();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <UnstyledButton component={Link} to="/dashboard" aria-label="Muster home">
              <Group gap={8} wrap="nowrap">
                <ThemeIcon size={32} radius="md">
                  <IconUsersGroup size={20} />
                </ThemeIcon>
                <Text fw={800} fz="lg">
                  Muster
                </Text>
              </Group>
            </UnstyledButton>
            {setup.data?.organisationName && (
              <Text c="dimmed" size="sm" visibleFrom="sm" truncate maw={280}>
                {setup.data.organisationName}
              </Text>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppNavbar onNavigate={close} />
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
