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
import { ConnectedAppsPage } from './features/connected-apps/connected-apps-page.tsx';
import { ConsentPage } from './features/connected-apps/consent-page.tsx';
import { EmailSettingsPage } from './features/email/email-settings.tsx';
import { ApplyLeavePage } from './features/leave/apply-page.tsx';
import { ApprovalsPage } from './features/leave/approvals-page.tsx';
import { LeaveCalendarPage } from './features/leave/calendar-page.tsx';
import { LeaveAdminPage } from './features/leave/leave-admin-page.tsx';
import { MyLeavePage } from './features/leave/my-leave-page.tsx';
import { AttendanceHome } from './features/attendance/attendance-home.tsx';
import { CalendarPage } from './features/attendance/calendar-page.tsx';
import { DayViewPage } from './features/attendance/day-view-page.tsx';
import { LiveBoardPage } from './features/attendance/live-board-page.tsx';
import { MyAttendancePage } from './features/attendance/my-attendance-page.tsx';
import { RegularizationsPage } from './features/attendance/regularizations-page.tsx';
import { AttendanceSettingsPage } from './features/attendance/settings/attendance-settings-page.tsx';
import { TerminalsPage } from './features/terminals/terminals-page.tsx';
import { LanSettings } from './features/lan/lan-settings.tsx';
import { TrustPage } from './features/lan/trust-page.tsx';
import { CompliancePage } from './features/compliance/compliance-page.tsx';
import { AuditPage } from './features/audit/audit-page.tsx';
import { DocumentsHome } from './features/documents/documents-home.tsx';
import { DocumentsOverviewPage } from './features/documents/overview-page.tsx';
import { DocumentTypesPage } from './features/documents/document-types-page.tsx';
import { MyDocumentsPage } from './features/documents/my-documents-page.tsx';
import { ReportPage } from './features/reports/report-page.tsx';
import { ReportsPage } from './features/reports/reports-page.tsx';
import { NotFoundPage } from './features/planned/not-found-page.tsx';

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/setup', element: <SetupPage /> },
  // Open to anyone: a phone reads it before it trusts this PC, let alone signs in.
  { path: '/trust', element: <TrustPage /> },
  // An AI assistant asks to act as the signed-in person (the OAuth consent page).
  {
    path: '/oauth/authorize',
    element: (
      <RequireSession>
        <ConsentPage />
      </RequireSession>
    ),
  },
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
      { path: 'attendance', element: <AttendanceHome /> },
      {
        path: 'attendance/live',
        element: (
          <RequirePermission anyOf={['attendance:read', 'attendance:team']}>
            <LiveBoardPage />
          </RequirePermission>
        ),
      },
      {
        path: 'attendance/calendar',
        element: (
          <RequirePermission anyOf={['attendance:read', 'attendance:team']}>
            <CalendarPage />
          </RequirePermission>
        ),
      },
      {
        path: 'attendance/day/:date',
        element: (
          <RequirePermission anyOf={['attendance:read', 'attendance:team']}>
            <DayViewPage />
          </RequirePermission>
        ),
      },
      {
        path: 'attendance/regularizations',
        element: (
          <RequirePermission anyOf={['regularization:approve', 'regularization:hr-approve']}>
            <RegularizationsPage />
          </RequirePermission>
        ),
      },
      { path: 'attendance/me', element: <MyAttendancePage /> },
      {
        path: 'attendance/settings',
        element: (
          <RequirePermission permission="attendance:manage">
            <AttendanceSettingsPage />
          </RequirePermission>
        ),
      },
      {
        path: 'terminals',
        element: (
          <RequirePermission permission="device:manage">
            <TerminalsPage />
          </RequirePermission>
        ),
      },
      { path: 'leave', element: <Navigate to="/leave/my" replace /> },
      { path: 'leave/my', element: <MyLeavePage /> },
      {
        path: 'leave/apply',
        element: (
          <RequirePermission permission="leave:apply">
            <ApplyLeavePage />
          </RequirePermission>
        ),
      },
      {
        path: 'leave/approvals',
        element: (
          <RequirePermission anyOf={['leave:approve', 'leave:hr-approve']}>
            <ApprovalsPage />
          </RequirePermission>
        ),
      },
      { path: 'leave/calendar', element: <LeaveCalendarPage /> },
      {
        path: 'leave/settings',
        element: (
          <RequirePermission permission="leave:manage">
            <LeaveAdminPage />
          </RequirePermission>
        ),
      },
      { path: 'documents', element: <DocumentsHome /> },
      { path: 'documents/my', element: <MyDocumentsPage /> },
      {
        path: 'documents/overview',
        element: (
          <RequirePermission permission="documents:manage">
            <DocumentsOverviewPage />
          </RequirePermission>
        ),
      },
      {
        path: 'documents/types',
        element: (
          <RequirePermission permission="documents:manage">
            <DocumentTypesPage />
          </RequirePermission>
        ),
      },
      {
        path: 'compliance',
        element: (
          <RequirePermission permission="compliance:read">
            <CompliancePage />
          </RequirePermission>
        ),
      },
      {
        path: 'reports',
        element: (
          <RequirePermission permission="report:read">
            <ReportsPage />
          </RequirePermission>
        ),
      },
      {
        path: 'reports/:id',
        element: (
          <RequirePermission permission="report:read">
            <ReportPage />
          </RequirePermission>
        ),
      },
      {
        path: 'audit',
        element: (
          <RequirePermission permission="audit:read">
            <AuditPage />
          </RequirePermission>
        ),
      },
      { path: 'sessions', element: <SessionsPage /> },
      { path: 'connected-apps', element: <ConnectedAppsPage /> },
      {
        path: 'settings',
        element: (
          <RequirePermission anyOf={['org:manage', 'user:manage', 'session:manage', 'device:manage']}>
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
          { path: 'lan', element: <LanSettings /> },
          { path: 'email', element: <EmailSettingsPage /> },
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
