import { i18n } from '../i18n/i18n.ts';
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

/** A navigation word in the console's language (the navbar re-renders when it changes). */
const n = (key: string) => i18n.t(`common:nav.${key}`);

/** Every area of the console, grouped as the navbar shows them, filtered for this user. */
export function navSectionsFor(user: SessionUser): NavSection[] {
  const directory: NavItem = canAny(user, ['employee:read', 'team:read'])
    ? { label: n('employees'), to: '/employees', icon: <IconUsers {...ICON} /> }
    : { label: n('myProfile'), to: `/employees/${user.employeeId}`, icon: <IconUser {...ICON} /> };
  const sections: NavSection[] = [
    {
      title: n('workforce'),
      items: [
        { label: n('dashboard'), to: '/dashboard', icon: <IconLayoutDashboard {...ICON} /> },
        directory,
        {
          label: n('attendance'),
          to: '/attendance',
          icon: <IconFingerprint {...ICON} />,
          children: [
            ...(canAny(user, ['attendance:read', 'attendance:team'])
              ? [
                  { label: n('live'), to: '/attendance/live' },
                  { label: n('calendar'), to: '/attendance/calendar' },
                ]
              : []),
            ...(canAny(user, ['regularization:approve', 'regularization:hr-approve']) ? [{ label: n('regularizations'), to: '/attendance/regularizations' }] : []),
            ...(canAny(user, ['attendance:self']) ? [{ label: n('myAttendance'), to: '/attendance/me' }] : []),
            ...(canAny(user, ['attendance:manage']) ? [{ label: n('attendanceSettings'), to: '/attendance/settings' }] : []),
          ],
        },
        {
          label: n('leave'),
          to: '/leave',
          icon: <IconCalendarEvent {...ICON} />,
          children: [
            { label: n('myLeave'), to: '/leave/my' },
            ...(canAny(user, ['leave:approve', 'leave:hr-approve']) ? [{ label: n('approvals'), to: '/leave/approvals' }] : []),
            { label: n('calendar'), to: '/leave/calendar' },
            ...(canAny(user, ['leave:manage']) ? [{ label: n('leaveSettings'), to: '/leave/settings' }] : []),
          ],
        },
        canAny(user, ['documents:manage'])
          ? {
              label: n('documents'),
              to: '/documents',
              icon: <IconFileText {...ICON} />,
              children: [
                { label: n('organisation'), to: '/documents/overview' },
                { label: n('myDocuments'), to: '/documents/my' },
                { label: n('documentTypes'), to: '/documents/types' },
              ],
            }
          : { label: n('myDocuments'), to: '/documents/my', icon: <IconFileText {...ICON} /> },
      ],
    },
    {
      title: n('insights'),
      items: [
        {
          label: n('compliance'),
          to: '/compliance',
          icon: <IconShieldCheck {...ICON} />,
          anyOf: ['compliance:read'],
        },
        { label: n('reports'), to: '/reports', icon: <IconChartBar {...ICON} />, anyOf: ['report:read'] },
        { label: n('audit'), to: '/audit', icon: <IconHistory {...ICON} />, anyOf: ['audit:read'] },
      ],
    },
    {
      title: n('administration'),
      items: [
        {
          label: n('settings'),
          to: '/settings',
          icon: <IconSettings {...ICON} />,
          anyOf: ['org:manage', 'user:manage', 'session:manage'],
        },
        { label: n('terminals'), to: '/terminals', icon: <IconDeviceDesktopAnalytics {...ICON} />, anyOf: ['device:manage'] },
        { label: n('apiWebhooks'), to: '/api-keys', icon: <IconApi {...ICON} />, anyOf: ['api:manage'] },
      ],
    },
  ];
  return sections
    .map((s) => ({ ...s, items: s.items.filter((i) => !i.anyOf || canAny(user, i.anyOf)) }))
    .filter((s) => s.items.length > 0);
}

