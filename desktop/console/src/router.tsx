import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { RequireSession } from './session/require-session.tsx';
import { RequirePermission } from './session/require-permission.tsx';
import { LoginPage } from './features/auth/login-page.tsx';
import { SetupPage } from './features/auth/setup-page.tsx';
import { DashboardPage } from './features/dashboard/dashboard-page.tsx';
import { DirectoryPage } from './features/employees/directory-page.tsx';
import { EmployeeProfilePage } from './features/employees/employee-profile-page.tsx';
import { EmployeeCreatePage, EmployeeEditPage } from './features/employees/employee-form-pages.tsx';
import { SettingsIndex, SettingsLayout } from './features/settings/settings-layout.tsx';
import { OrganisationSettings } from './features/settings/organisation-settings.tsx';
import { DepartmentsSettings } from './features/settings/departments-settings.tsx';
import { LocationsSettings } from './features/settings/locations-settings.tsx';
import { DesignationsSettings } from './features/settings/designations-settings.tsx';
import { UsersSettings } from './features/settings/users-settings.tsx';
import { SessionsPage } from './features/settings/sessions-settings.tsx';
import { ApiKeysPage } from './features/api-keys/api-keys-page.tsx';
import { PlannedAreaPage } from './features/planned/planned-area-page.tsx';
import { NotFoundPage } from './features/planned/not-found-page.tsx';

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/setup', element: <SetupPage /> },
  {
    path: '/',
    element: (
      <RequireSession>
        <AppLayout />
      </RequireSession>
    ),
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'employees', element: <DirectoryPage /> },
      {
        path: 'employees/new',
        element: (
          <RequirePermission permission="employee:write">
            <EmployeeCreatePage />
          </RequirePermission>
        ),
      },
      { path: 'employees/:id', element: <EmployeeProfilePage /> },
      {
        path: 'employees/:id/edit',
        element: (
          <RequirePermission permission="employee:write">
            <EmployeeEditPage />
          </RequirePermission>
        ),
      },
      { path: 'attendance', element: <Navigate to="/attendance/live" replace /> },
      { path: 'attendance/live', element: <PlannedAreaPage area="attendanceLive" /> },
      { path: 'attendance/calendar', element: <PlannedAreaPage area="attendanceCalendar" /> },
      { path: 'attendance/regularizations', element: <PlannedAreaPage area="regularizations" /> },
      { path: 'leave', element: <PlannedAreaPage area="leave" /> },
      { path: 'documents', element: <PlannedAreaPage area="documents" /> },
      { path: 'compliance', element: <PlannedAreaPage area="compliance" /> },
      { path: 'reports', element: <PlannedAreaPage area="reports" /> },
      { path: 'audit', element: <PlannedAreaPage area="audit" /> },
      { path: 'sessions', element: <SessionsPage /> },
      {
        path: 'settings',
        element: (
          <RequirePermission anyOf={['org:manage', 'user:manage', 'session:manage']}>
            <SettingsLayout />
          </RequirePermission>
        ),
        children: [
          { index: true, element: <SettingsIndex /> },
          { path: 'organisation', element: <OrganisationSettings /> },
          { path: 'departments', element: <DepartmentsSettings /> },
          { path: 'locations', element: <LocationsSettings /> },
          { path: 'designations', element: <DesignationsSettings /> },
          { path: 'users', element: <UsersSettings /> },
          { path: 'sessions', element: <SessionsPage embedded /> },
        ],
      },
      {
        path: 'api-keys',
        element: (
          <RequirePermission permission="api:manage">
            <ApiKeysPage />
          </RequirePermission>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
