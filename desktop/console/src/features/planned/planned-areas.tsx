/** What each not-yet-built area will hold, as its placeholder tells the user. */
export const PLANNED_AREAS = {
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
