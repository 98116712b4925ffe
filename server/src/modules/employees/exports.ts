import type { AuditExportQuery } from '../../../../shared/audit.ts';
import type { EmployeeListItem } from '../../../../shared/employees.ts';
import { type Locale, formatDateIn, translatorFor } from '../../../../shared/i18n/index.ts';
import { AUDIT_CATEGORY_LABELS, AUDIT_RANGE_LABELS } from '../../../../shared/labels.ts';
import type { TableModel } from '../../exports/table.ts';

/**
 * The directory as one table (CSV, XLSX, PDF) in the downloader's language (headers, statuses,
 * title; names and codes as stored); CTC and PAN only for callers who may see them.
 */
export function directoryTable(rows: EmployeeListItem[], sensitive: boolean, today: string, timeZone: string, locale: Locale = 'en-IN'): TableModel<EmployeeListItem> {
  const t = translatorFor(locale);
  const h = (key: string) => t(`hr:exports.directory.${key}`);
  return {
    title: h('title'),
    subtitle: t('hr:exports.directory.asOf', { date: formatDateIn(locale, today) }),
    filename: `employees-${today}`,
    landscape: true,
    timeZone,
    locale,
    rows,
    columns: [
      { header: h('code'), width: 9, overflow: 'keep', value: (r) => r.code },
      { header: h('name'), width: 22, value: (r) => r.fullName },
      { header: h('email'), width: 26, value: (r) => r.email },
      { header: h('phone'), width: 14, overflow: 'keep', value: (r) => r.phone },
      { header: h('designation'), width: 18, value: (r) => r.designation?.name ?? null },
      { header: h('department'), width: 14, value: (r) => r.department?.name ?? null },
      { header: h('location'), width: 12, value: (r) => r.location?.name ?? null },
      { header: h('reportsTo'), width: 18, value: (r) => r.manager?.fullName ?? null },
      { header: h('joined'), width: 11, value: (r) => r.joinedDate, kind: 'date' },
      { header: h('exit'), width: 11, value: (r) => r.exitDate, kind: 'date' },
      { header: h('status'), width: 9, value: (r) => t(`labels:employeeStatus.${r.status}`) },
      { header: h('type'), width: 9, value: (r) => t(`labels:employmentType.${r.employmentType}`) },
      ...(sensitive
        ? [
            { header: h('ctc'), width: 12, value: (r: EmployeeListItem) => r.ctcAnnual ?? null, kind: 'money' as const },
            { header: h('pan'), width: 11, overflow: 'keep' as const, value: (r: EmployeeListItem) => r.pan ?? null },
          ]
        : []),
    ],
  };
}

/** "Category: Attendance · range: This month", in the reader's language. */
export function auditFilterLine(query: Pick<AuditExportQuery, 'category' | 'range'>, locale: Locale = 'en-IN'): string {
  const t = translatorFor(locale);
  return t('hr:exports.audit.employeeFilter', {
    category: query.category ? t(`labels:auditCategory.${query.category}`, { defaultValue: AUDIT_CATEGORY_LABELS[query.category] }) : t('hr:exports.audit.all'),
    range: t(`labels:auditRange.${query.range}`, { defaultValue: AUDIT_RANGE_LABELS[query.range] }),
  });
}
