import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconDeviceDesktop, IconKey, IconLogout, IconRobot, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ChangePasswordModal } from '../features/auth/change-password-modal.tsx';
import { initials } from '../lib/format.ts';
import { forgetCachesOnSignOut } from '../pwa/service-worker.ts';
import { useSessionUser } from '../session/session-context.tsx';
import { meKey, useLogout } from '../session/session-queries.ts';

/** The avatar menu: profile, sessions, connected apps, change password, sign out. */
export function UserMenu() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const qc = useQueryClient();
  const [passwordOpened, passwordModal] = useDisclosure();

  const signOut = () => {
    logout.mutate(undefined, {
      onSettled: () => {
        // Forget the user before leaving, or the login page would send them straight back.
        qc.removeQueries({ queryKey: meKey });
        // Nothing fetched during the session stays in the app's caches (the worker never keeps /api answers).
        void forgetCachesOnSignOut();
        void Promise.resolve(navigate('/login', { replace: true, state: { signedOut: true } })).then(() => qc.clear());
      },
    });
  };

  return (
    <>
      <Menu position="bottom-end" width={240} shadow="md">
        <Menu.Target>
          <UnstyledButton aria-label="User menu" px={6} py={4}>
            <Group gap={8} wrap="nowrap">
              <Avatar color="indigo" radius="xl" size={32}>
                {initials(user.fullName)}
              </Avatar>
              <div style={{ lineHeight: 1.1 }}>
                <Text size="sm" fw={600} visibleFrom="sm">
                  {user.fullName}
                </Text>
                <Text size="xs" c="dimmed" visibleFrom="sm">
                  {user.email}
                </Text>
              </div>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.roles.join(' · ')}</Menu.Label>
          <Menu.Item leftSection={<IconUser size={16} />} onClick={() => void navigate(`/employees/${user.employeeId}`)}>
            My profile
          </Menu.Item>
          <Menu.Item leftSection={<IconDeviceDesktop size={16} />} onClick={() => void navigate('/sessions')}>
            My sessions
          </Menu.Item>
          <Menu.Item leftSection={<IconRobot size={16} />} onClick={() => void navigate('/connected-apps')}>
            Connected apps
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={passwordModal.open}>
            Change password
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} />
    </>
  );
}
