import type { AuditEntry, AuditExportQuery } from '../../../../shared/audit.ts';
import type { EmployeeListItem } from '../../../../shared/employees.ts';
import {
  AUDIT_CATEGORY_LABELS,
  AUDIT_RANGE_LABELS,
  AUDIT_SOURCE_LABELS,
  EMPLOYEE_STATUS_LABELS,
  EMPLOYMENT_TYPE_LABELS,
  describeChange,
  formatDate,
  formatLocalDateTime,
  labelOf,
  zoneName,
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

/** An employee's audit trail: local times with the zone's name, fields as the forms name them ("Frozen: no → yes"). */
export function auditTable(employeeName: string, entries: AuditEntry[], today: string, filter: string, timeZone: string): TableModel<AuditEntry> {
  const zone = zoneName(timeZone, `${today}T12:00:00Z`);
  return {
    title: `Audit trail: ${employeeName}`,
    subtitle: filter,
    filename: `audit-${employeeName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${today}`,
    landscape: true,
    timeZone,
    rows: entries,
    columns: [
      { header: `When (${zone})`, width: 17, value: (e) => formatLocalDateTime(e.at, timeZone) },
      { header: 'Category', width: 12, value: (e) => labelOf(AUDIT_CATEGORY_LABELS, e.category) },
      { header: 'What', width: 36, value: (e) => e.summary },
      { header: 'By', width: 16, value: (e) => e.actorName },
      { header: 'Through', width: 12, value: (e) => labelOf(AUDIT_SOURCE_LABELS, e.source) },
      { header: 'Changes', width: 44, value: (e) => e.changes.map(describeChange).join('; ') },
      // For integrators: the action code and the instant, beside what people read.
      { header: 'Action', width: 18, formats: ['csv', 'xlsx'], value: (e) => e.action },
      { header: 'At (ISO 8601)', width: 24, formats: ['csv', 'xlsx'], value: (e) => e.at },
    ],
  };
}
