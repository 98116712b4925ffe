/** What each not-yet-built area will hold, as its placeholder tells the user. */
export const PLANNED_AREAS = {
  attendanceLive: {
    title: 'Live attendance',
    summary: 'Who is in right now, as the biometric terminals report punches.',
    features: [
      'See everyone who has punched in today, who is late and who is missing',
      'Filter by department, location and shift',
      'Spot terminals that have stopped reporting',
      'Export the live view to CSV, Excel or PDF',
    ],
  },
  attendanceCalendar: {
    title: 'Attendance calendar',
    summary: 'A monthly grid of reconciled attendance for every employee.',
    features: [
      'Present, half-day, absent, leave, holiday and weekly-off days at a glance',
      'Worked and overtime minutes per day',
      'Override a reconciled day with a reason, and freeze it',
      'Export a month to CSV, Excel or PDF',
    ],
  },
  regularizations: {
    title: 'Regularizations',
    summary: 'Requests to correct missing punches and off-zone entries.',
    features: [
      'Review missing punch-in/out, off-zone, manual and wrong-location requests',
      'Approve as manager, then as HR where required',
      'Filter by status, kind and employee, and export the list',
    ],
  },
  leave: {
    title: 'Leave',
    summary: 'Leave requests, balances and approvals.',
    features: [
      'Apply for leave and track its approval timeline',
      'Approve or reject as manager and HR, with the team load in view',
      'See balances and accruals per leave type',
    ],
  },
  documents: {
    title: 'Documents',
    summary: 'Employee documents and requests for missing ones.',
    features: [
      'Upload and keep each employee’s documents in one place',
      'Request missing documents from employees',
      'See which files are still outstanding',
    ],
  },
  compliance: {
    title: 'Compliance',
    summary: 'Statutory registers and the compliance bundle.',
    features: [
      'Generate the statutory registers from attendance and payroll data',
      'Download the complete compliance bundle for an inspection',
    ],
  },
  reports: {
    title: 'Reports',
    summary: 'Ready-made reports across attendance, leave and headcount.',
    features: [
      'Run headcount, attrition, attendance and overtime reports',
      'Export any report to CSV, Excel or PDF',
    ],
  },
  audit: {
    title: 'Audit',
    summary: 'Every change to people data across the organisation.',
    features: [
      'Search the organisation-wide audit trail by category, actor and date',
      'Export audit entries for a period',
      'Per-employee audit trails are already available on each employee’s profile',
    ],
  },
} as const;

export type PlannedArea = keyof typeof PLANNED_AREAS;
