import type { ReactNode } from 'react';
import {
  IconApi,
  IconCalendarEvent,
  IconChartBar,
  IconDeviceDesktopAnalytics,
  IconFileText,
  IconFingerprint,
  IconHistory,
  IconLayoutDashboard,
  IconSettings,
  IconShieldCheck,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import type { SessionUser } from '../../../../shared/auth.ts';
import type { Permission } from '../../../../shared/permissions.ts';
import { canAny } from '../session/session-context.tsx';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Shown when the user holds any of these; everyone when absent. */
  anyOf?: readonly Permission[];
  children?: readonly Omit<NavItem, 'icon' | 'children'>[];
}

export interface NavSection {
  title: string;
  items: NavItem[];
}

const ICON = { size: 18, stroke: 1.6 };

/** Every area of the console, grouped as the navbar shows them, filtered for this user. */
export function navSectionsFor(user: SessionUser): NavSection[] {
  const directory: NavItem = canAny(user, ['employee:read', 'team:read'])
    ? { label: 'Employees', to: '/employees', icon: <IconUsers {...ICON} /> }
    : { label: 'My profile', to: `/employees/${user.employeeId}`, icon: <IconUser {...ICON} /> };
  const sections: NavSection[] = [
    {
      title: 'Workforce',
      items: [
        { label: 'Dashboard', to: '/dashboard', icon: <IconLayoutDashboard {...ICON} /> },
        directory,
        {
          label: 'Attendance',
          to: '/attendance',
          icon: <IconFingerprint {...ICON} />,
          children: [
            ...(canAny(user, ['attendance:read', 'attendance:team'])
              ? [
                  { label: 'Live', to: '/attendance/live' },
                  { label: 'Calendar', to: '/attendance/calendar' },
                ]
              : []),
            ...(canAny(user, ['regularization:approve', 'regularization:hr-approve']) ? [{ label: 'Regularizations', to: '/attendance/regularizations' }] : []),
            ...(canAny(user, ['attendance:self']) ? [{ label: 'My attendance', to: '/attendance/me' }] : []),
            ...(canAny(user, ['attendance:manage']) ? [{ label: 'Attendance settings', to: '/attendance/settings' }] : []),
          ],
        },
        {
          label: 'Leave',
          to: '/leave',
          icon: <IconCalendarEvent {...ICON} />,
          children: [
            { label: 'My leave', to: '/leave/my' },
            ...(canAny(user, ['leave:approve', 'leave:hr-approve']) ? [{ label: 'Approvals', to: '/leave/approvals' }] : []),
            { label: 'Calendar', to: '/leave/calendar' },
            ...(canAny(user, ['leave:manage']) ? [{ label: 'Leave settings', to: '/leave/settings' }] : []),
          ],
        },
        canAny(user, ['documents:manage'])
          ? {
              label: 'Documents',
              to: '/documents',
              icon: <IconFileText {...ICON} />,
              children: [
                { label: 'Organisation', to: '/documents/overview' },
                { label: 'My documents', to: '/documents/my' },
                { label: 'Types and checklists', to: '/documents/types' },
              ],
            }
          : { label: 'My documents', to: '/documents/my', icon: <IconFileText {...ICON} /> },
      ],
    },
    {
      title: 'Insights',
      items: [
        {
          label: 'Compliance',
          to: '/compliance',
          icon: <IconShieldCheck {...ICON} />,
          anyOf: ['employee:sensitive', 'attendance:manage'],
        },
        { label: 'Reports', to: '/reports', icon: <IconChartBar {...ICON} />, anyOf: ['employee:read', 'team:read'] },
        { label: 'Audit', to: '/audit', icon: <IconHistory {...ICON} />, anyOf: ['audit:read'] },
      ],
    },
    {
      title: 'Administration',
      items: [
        {
          label: 'Settings',
          to: '/settings',
          icon: <IconSettings {...ICON} />,
          anyOf: ['org:manage', 'user:manage', 'session:manage'],
        },
        { label: 'Terminals', to: '/terminals', icon: <IconDeviceDesktopAnalytics {...ICON} />, anyOf: ['device:manage'] },
        { label: 'API & webhooks', to: '/api-keys', icon: <IconApi {...ICON} />, anyOf: ['api:manage'] },
      ],
    },
  ];
  return sections
    .map((s) => ({ ...s, items: s.items.filter((i) => !i.anyOf || canAny(user, i.anyOf)) }))
    .filter((s) => s.items.length > 0);
}

