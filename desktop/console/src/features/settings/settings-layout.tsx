import { Tabs } from '@mantine/core';
import { IconBuilding, IconBuildingCommunity, IconDeviceDesktop, IconMapPin, IconSitemap, IconUserShield, IconMail, IconWifi } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Permission } from '../../../../../shared/permissions.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useTx } from '../../i18n/language.tsx';
import { RequirePermission } from '../../session/require-permission.tsx';
import { useCan } from '../../session/session-context.tsx';

type TabPath = 'organisation' | 'departments' | 'locations' | 'designations' | 'users' | 'sessions' | 'lan' | 'email';

interface SettingsTab {
  path: TabPath;
  icon: ReactNode;
  permission: Permission;
}

const TABS: SettingsTab[] = [
  { path: 'organisation', icon: <IconBuilding size={16} />, permission: 'org:manage' },
  { path: 'departments', icon: <IconSitemap size={16} />, permission: 'org:manage' },
  { path: 'locations', icon: <IconMapPin size={16} />, permission: 'org:manage' },
  { path: 'designations', icon: <IconBuildingCommunity size={16} />, permission: 'org:manage' },
  { path: 'users', icon: <IconUserShield size={16} />, permission: 'user:manage' },
  { path: 'sessions', icon: <IconDeviceDesktop size={16} />, permission: 'session:manage' },
  { path: 'lan', icon: <IconWifi size={16} />, permission: 'device:manage' },
  { path: 'email', icon: <IconMail size={16} />, permission: 'org:manage' },
];

/** Settings: one tab per area the user may manage, the tab's page below. */
export function SettingsLayout() {
  const can = useCan();
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = TABS.filter((tab) => can(tab.permission));
  const current = TABS.find((tab) => pathname.startsWith(`/settings/${tab.path}`));

  return (
    <>
      <PageHeader title={tx('orgSettings.nav.title')} documentTitle={t('orgSettings.nav.title')} description={tx('orgSettings.nav.description')} />
      <Tabs value={current?.path ?? null} onChange={(v) => v && void navigate(`/settings/${v}`)} mb="lg">
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path} leftSection={tab.icon}>
              {tx(`orgSettings.nav.${tab.path}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {current ? (
        <RequirePermission permission={current.permission}>
          <Outlet />
        </RequirePermission>
      ) : (
        <Outlet />
      )}
    </>
  );
}

/** `/settings` opens the first tab this user may see. */
export function SettingsIndex() {
  const can = useCan();
  const first = TABS.find((t) => can(t.permission));
  return <Navigate to={first ? `/settings/${first.path}` : '/dashboard'} replace />;
}
