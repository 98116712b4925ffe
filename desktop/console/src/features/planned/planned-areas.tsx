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
} as const;

export type PlannedArea = keyof typeof PLANNED_AREAS;
