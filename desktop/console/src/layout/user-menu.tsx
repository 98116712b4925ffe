import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconChevronDown, IconDeviceDesktop, IconKey, IconLanguage, IconLogout, IconRobot, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOCALES, LOCALE_NAMES, type Locale } from '../../../../shared/i18n/locales.ts';
import { labelOf, ROLE_LABELS } from '../../../../shared/labels.ts';
import { ChangePasswordModal } from '../features/auth/change-password-modal.tsx';
import { useMyLanguage, useSetMyLanguage } from '../i18n/language.tsx';
import { initials } from '../lib/format.ts';
import { notifyError } from '../lib/notify.ts';
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
  const { t } = useTranslation('common');
  const language = useMyLanguage();
  const setLanguage = useSetMyLanguage();
  const chosen = language.data?.choice ?? null;
  const pick = (locale: Locale | null) => setLanguage.mutate({ locale }, { onError: (error) => notifyError(error, t('language.label')) });

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
          <UnstyledButton aria-label={t('userMenu.open')} px={6} py={4}>
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
          <Menu.Label>{user.roles.map((r) => t(`labels:role.${r}`, { defaultValue: labelOf(ROLE_LABELS, r) })).join(' · ')}</Menu.Label>
          <Menu.Item leftSection={<IconUser size={16} />} onClick={() => void navigate(`/employees/${user.employeeId}`)}>
            {t('userMenu.profile')}
          </Menu.Item>
          <Menu.Item leftSection={<IconDeviceDesktop size={16} />} onClick={() => void navigate('/sessions')}>
            {t('userMenu.sessions')}
          </Menu.Item>
          <Menu.Item leftSection={<IconRobot size={16} />} onClick={() => void navigate('/connected-apps')}>
            {t('userMenu.connectedApps')}
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={passwordModal.open}>
            {t('userMenu.changePassword')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>
            <IconLanguage size={12} aria-hidden /> {t('language.label')}
          </Menu.Label>
          <Menu.Item
            leftSection={chosen === null ? <IconCheck size={16} /> : <span style={{ width: 16 }} />}
            onClick={() => pick(null)}
            aria-current={chosen === null ? 'true' : undefined}
          >
            {t('language.followOrganisation', { name: language.data ? LOCALE_NAMES[language.data.organisationDefault] : '…' })}
          </Menu.Item>
          {LOCALES.map((locale) => (
            <Menu.Item
              key={locale}
              lang={locale}
              leftSection={chosen === locale ? <IconCheck size={16} /> : <span style={{ width: 16 }} />}
              onClick={() => pick(locale)}
              aria-current={chosen === locale ? 'true' : undefined}
            >
              {LOCALE_NAMES[locale]}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
            {t('userMenu.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} />
    </>
  );
}
