import { Tabs } from '@mantine/core';
import { IconBuilding, IconBuildingCommunity, IconDeviceDesktop, IconMapPin, IconSitemap, IconUserShield, IconMail, IconWifi } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import type { Permission } from '../../../../../shared/permissions.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RequirePermission } from '../../session/require-permission.tsx';
import { useCan } from '../../session/session-context.tsx';

interface SettingsTab {
  path: string;
  label: string;
  icon: ReactNode;
  permission: Permission;
}

const TABS: SettingsTab[] = [
  { path: 'organisation', label: 'Organisation', icon: <IconBuilding size={16} />, permission: 'org:manage' },
  { path: 'departments', label: 'Departments', icon: <IconSitemap size={16} />, permission: 'org:manage' },
  { path: 'locations', label: 'Locations', icon: <IconMapPin size={16} />, permission: 'org:manage' },
  { path: 'designations', label: 'Designations', icon: <IconBuildingCommunity size={16} />, permission: 'org:manage' },
  { path: 'users', label: 'Users & roles', icon: <IconUserShield size={16} />, permission: 'user:manage' },
  { path: 'sessions', label: 'Sessions', icon: <IconDeviceDesktop size={16} />, permission: 'session:manage' },
  { path: 'lan', label: 'Devices on the LAN', icon: <IconWifi size={16} />, permission: 'device:manage' },
  { path: 'email', label: 'E-mail', icon: <IconMail size={16} />, permission: 'org:manage' },
];

/** Settings: one tab per area the user may manage, the tab's page below. */
export function SettingsLayout() {
  const can = useCan();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = TABS.filter((t) => can(t.permission));
  const current = TABS.find((t) => pathname.startsWith(`/settings/${t.path}`));

  return (
    <>
      <PageHeader title="Settings" description="Your organisation, its structure, and who can sign in." />
      <Tabs value={current?.path ?? null} onChange={(v) => v && void navigate(`/settings/${v}`)} mb="lg">
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.path} value={t.path} leftSection={t.icon}>
              {t.label}
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
