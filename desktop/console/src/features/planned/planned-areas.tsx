/** What each not-yet-built area will hold, as its placeholder tells the user. */
export const PLANNED_AREAS = {
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
} as const;

export type PlannedArea = keyof typeof PLANNED_AREAS;
