import { AppShell, Burger, Center, Group, Loader, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { useSetupStatus } from '../session/session-queries.ts';
import { useOrganisation } from '../features/settings/org-queries.ts';
import { setDisplayZone } from '../lib/format.ts';
import { AppNavbar } from './app-navbar.tsx';
import { UserMenu } from './user-menu.tsx';

/** The signed-in frame: header with bell and user menu, navbar, and the page. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const setup = useSetupStatus();
  const { t } = useTranslation('common');
  // Every time on screen reads in the organisation's zone, with its name ("09:05 IST"):
  // the page waits for the zone (a moment, once per visit) rather than showing the browser's.
  const organisation = useOrganisation();
  setDisplayZone(organisation.data?.timeZone);
  const zoneKnown = Boolean(organisation.data) || organisation.isError;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('shell.toggle')} />
            <UnstyledButton component={Link} to="/dashboard" aria-label={t('shell.home')}>
              <Group gap={8} wrap="nowrap">
                <ThemeIcon size={32} radius="md">
                  <IconUsersGroup size={20} />
                </ThemeIcon>
                <Text fw={800} fz="lg">
                  {t('appName')}
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
        {zoneKnown ? (
          <Outlet />
        ) : (
          <Center h={240}>
            <Loader aria-label={t('shell.loading')} />
          </Center>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
