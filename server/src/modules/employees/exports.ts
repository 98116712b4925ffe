import type { AuditExportQuery } from '../../../../shared/audit.ts';
import type { EmployeeListItem } from '../../../../shared/employees.ts';
import {
  AUDIT_CATEGORY_LABELS,
  AUDIT_RANGE_LABELS,
  EMPLOYEE_STATUS_LABELS,
  EMPLOYMENT_TYPE_LABELS,
  formatDate,
  labelOf,
} from '../../../../shared/labels.ts';
import type { TableModel } from '../../exports/table.ts';

/** The directory as one table (CSV, XLSX, PDF); CTC and PAN only for callers who may see them. */
export function directoryTable(rows: EmployeeListItem[], sensitive: boolean, today: string, timeZone: string): TableModel<EmployeeListItem> {
  return {
    title: 'Employee directory',
    subtitle: `As of ${formatDate(today)}`,
    filename: `employees-${today}`,
    landscape: true,
    timeZone,
    rows,
    columns: [
      { header: 'Code', width: 9, overflow: 'keep', value: (r) => r.code },
      { header: 'Name', width: 22, value: (r) => r.fullName },
      { header: 'Email', width: 26, value: (r) => r.email },
      { header: 'Phone', width: 14, overflow: 'keep', value: (r) => r.phone },
      { header: 'Designation', width: 18, value: (r) => r.designation?.name ?? null },
      { header: 'Department', width: 14, value: (r) => r.department?.name ?? null },
      { header: 'Location', width: 12, value: (r) => r.location?.name ?? null },
      { header: 'Reports to', width: 18, value: (r) => r.manager?.fullName ?? null },
      { header: 'Joined', width: 11, value: (r) => r.joinedDate, kind: 'date' },
      { header: 'Exit', width: 11, value: (r) => r.exitDate, kind: 'date' },
      { header: 'Status', width: 9, value: (r) => labelOf(EMPLOYEE_STATUS_LABELS, r.status) },
      { header: 'Type', width: 9, value: (r) => labelOf(EMPLOYMENT_TYPE_LABELS, r.employmentType) },
      ...(sensitive
        ? [
            { header: 'CTC (INR a year)', width: 12, value: (r: EmployeeListItem) => r.ctcAnnual ?? null, kind: 'money' as const },
            { header: 'PAN', width: 11, overflow: 'keep' as const, value: (r: EmployeeListItem) => r.pan ?? null },
          ]
        : []),
    ],
  };
}

/** "Category: Attendance · range: This month". */
export function auditFilterLine(query: Pick<AuditExportQuery, 'category' | 'range'>): string {
  return `Category: ${query.category ? AUDIT_CATEGORY_LABELS[query.category] : 'all'} · range: ${AUDIT_RANGE_LABELS[query.range]}`;
}
