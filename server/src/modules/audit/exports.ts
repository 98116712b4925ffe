import type { AuditEntry } from '../../../../shared/audit.ts';
import { AUDIT_CATEGORY_LABELS, AUDIT_SOURCE_LABELS, describeChange, formatLocalDateTime, labelOf, zoneName } from '../../../../shared/labels.ts';
import type { TableModel } from '../../exports/table.ts';

/**
 * Audit entries as a table (CSV, XLSX, PDF): local times headed with the zone's name ("When (IST)"),
 * categories and sources in words, fields as the forms name them ("Frozen: no → yes"); the action
 * code and the ISO instant stay in CSV/XLSX for integrators. `withEmployee` adds whom each entry is about.
 */
export function auditTable<E extends AuditEntry & { employeeName?: string; employeeCode?: string }>(
  model: { title: string; subtitle: string; filename: string },
  entries: readonly E[],
  timeZone: string,
  withEmployee: boolean,
  now: Date = new Date(),
): TableModel<E> {
  const zone = zoneName(timeZone, now);
  return {
    ...model,
    landscape: true,
    timeZone,
    rows: entries,
    columns: [
      { header: `When (${zone})`, width: 17, value: (e) => formatLocalDateTime(e.at, timeZone) },
      ...(withEmployee ? [{ header: 'Employee', width: 22, value: (e: E) => (e.employeeName ? `${e.employeeName} (${e.employeeCode ?? ''})` : null) }] : []),
      { header: 'Category', width: 12, value: (e) => labelOf(AUDIT_CATEGORY_LABELS, e.category) },
      { header: 'What', width: 36, value: (e) => e.summary },
      { header: 'By', width: 16, value: (e) => (e.credential ? `${e.actorName} via ${e.credential.name}` : e.actorName) },
      { header: 'Through', width: 12, value: (e) => labelOf(AUDIT_SOURCE_LABELS, e.source) },
      { header: 'Changes', width: withEmployee ? 40 : 44, value: (e) => e.changes.map(describeChange).join('; ') },
      // For integrators: the action code and the instant, beside what people read.
      { header: 'Action', width: 18, formats: ['csv', 'xlsx'], value: (e) => e.action },
      { header: 'At (ISO 8601)', width: 24, formats: ['csv', 'xlsx'], value: (e) => e.at },
    ],
  };
}
