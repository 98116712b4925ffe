import { OVERVIEW_STATUS_LABELS, type OverviewRow, type OverviewStatus } from '../../../../shared/documents.ts';
import type { TableModel } from '../../exports/table.ts';

const FILL: Record<OverviewStatus, string> = {
  Missing: 'FDE2E1',
  Rejected: 'FDE2E1',
  Expired: 'FDE2E1',
  ExpiringSoon: 'FFF1D6',
  AwaitingVerification: 'E3EEFF',
};

/** One list of the documents overview as a table (CSV, XLSX, PDF alike). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function localDay(instant: string, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) dayFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(new Date(instant));
}

export function overviewTable(rows: readonly OverviewRow[], filter: { status: OverviewStatus; withinDays: number }, today: string, timeZone: string): TableModel<OverviewRow> {
  const label = OVERVIEW_STATUS_LABELS[filter.status];
  return {
    title: `Documents: ${label.toLowerCase()}`,
    subtitle: `As of ${today} (${timeZone})${filter.status === 'ExpiringSoon' ? ` · expiring within ${filter.withinDays} days` : ''}`,
    filename: `documents-${label.toLowerCase().replace(/\s+/g, '-')}-${today}`,
    landscape: true,
    rows,
    columns: [
      { header: 'Code', width: 9, value: (r) => r.employee.code },
      { header: 'Employee', width: 22, value: (r) => r.employee.fullName },
      { header: 'Department', width: 16, value: (r) => r.department },
      { header: 'Location', width: 12, value: (r) => r.location },
      { header: 'Document', width: 22, value: (r) => r.name },
      { header: 'Category', width: 11, value: (r) => r.type?.category ?? 'Other' },
      { header: 'Status', width: 16, value: (r) => OVERVIEW_STATUS_LABELS[r.status], fill: (r) => FILL[r.status] },
      { header: 'Required', width: 9, value: (r) => (r.required ? 'Yes' : 'No') },
      { header: 'Expires', width: 11, value: (r) => r.expiresOn, kind: 'date' },
      { header: 'Requested on', width: 12, value: (r) => (r.requestedAt ? localDay(r.requestedAt, timeZone) : null), kind: 'date' },
      { header: 'Note', width: 28, value: (r) => r.note },
    ],
  };
}
