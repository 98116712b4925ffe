import type { AuditEntry, OrgAuditExportQuery } from '../../../../shared/audit.ts';
import { type Locale, formatDateIn, formatLocalDateTimeIn, translatorFor } from '../../../../shared/i18n/index.ts';
import { AUDIT_CATEGORY_LABELS, AUDIT_SOURCE_LABELS, describeChange, labelOf, zoneName } from '../../../../shared/labels.ts';
import type { TableModel } from '../../exports/table.ts';

/**
 * Audit entries as a table (CSV, XLSX, PDF): local times headed with the zone's name ("When (IST)"),
 * categories and sources in words, fields as the forms name them ("Frozen: no → yes"); the action
 * code and the ISO instant stay in CSV/XLSX for integrators. `withEmployee` adds whom each entry is about.
 * Headers, categories, sources and the local times are in the downloader's language; what happened
 * (`summary`) and the changes are the trail's own English words.
 */
export function auditTable<E extends AuditEntry & { employeeName?: string; employeeCode?: string }>(
  model: { title: string; subtitle: string; filename: string },
  entries: readonly E[],
  timeZone: string,
  withEmployee: boolean,
  now: Date = new Date(),
  locale: Locale = 'en-IN',
): TableModel<E> {
  const t = translatorFor(locale);
  const h = (key: string, values: Record<string, unknown> = {}) => t(`hr:exports.audit.${key}`, values);
  const label = (group: string, labels: Readonly<Record<string, string>>, value: string) =>
    value in labels ? t(`labels:${group}.${value}`, { defaultValue: labelOf(labels, value) }) : labelOf(labels, value);
  const zone = zoneName(timeZone, now);
  return {
    ...model,
    landscape: true,
    timeZone,
    locale,
    rows: entries,
    columns: [
      { header: h('when', { zone }), width: 17, value: (e) => formatLocalDateTimeIn(locale, e.at, timeZone) },
      ...(withEmployee
        ? [{ header: h('employee'), width: 22, value: (e: E) => (e.employeeName ? h('employeeName', { name: e.employeeName, code: e.employeeCode ?? '' }) : null) }]
        : []),
      { header: h('category'), width: 12, value: (e) => label('auditCategory', AUDIT_CATEGORY_LABELS, e.category) },
      { header: h('what'), width: 36, value: (e) => e.summary },
      { header: h('by'), width: 16, value: (e) => (e.credential ? h('byVia', { actor: e.actorName, credential: e.credential.name }) : e.actorName) },
      { header: h('through'), width: 12, value: (e) => label('auditSource', AUDIT_SOURCE_LABELS, e.source) },
      { header: h('changes'), width: withEmployee ? 40 : 44, value: (e) => e.changes.map(describeChange).join('; ') },
      // For integrators: the action code and the instant, beside what people read.
      { header: h('action'), width: 18, formats: ['csv', 'xlsx'], value: (e) => e.action },
      { header: h('atIso'), width: 24, formats: ['csv', 'xlsx'], value: (e) => e.at },
    ],
  };
}

/**
 * The organisation-wide export's filter line, "Category: Leave · through Console · one employee · 1 Nov 2026
 * to 25 Nov 2026", in the reader's language: each filter one phrase of its own, joined as the screen's chips are.
 */
export function orgAuditFilterLine(
  query: Pick<OrgAuditExportQuery, 'category' | 'source' | 'employeeId' | 'actorEmployeeId' | 'from' | 'to'>,
  today: string,
  locale: Locale = 'en-IN',
): string {
  const t = translatorFor(locale);
  const h = (key: string, values: Record<string, unknown> = {}) => t(`hr:auditExport.${key}`, values);
  const day = (d: string) => formatDateIn(locale, d);
  return [
    query.category
      ? h('category', { category: t(`labels:auditCategory.${query.category}`, { defaultValue: AUDIT_CATEGORY_LABELS[query.category] }) })
      : h('allCategories'),
    query.source ? h('source', { source: t(`labels:auditSource.${query.source}`, { defaultValue: AUDIT_SOURCE_LABELS[query.source] }) }) : null,
    query.employeeId ? h('oneEmployee') : null,
    query.actorEmployeeId ? h('oneActor') : null,
    query.from ? h('span', { from: day(query.from), to: day(query.to ?? today) }) : query.to ? h('sinceStart', { to: day(query.to) }) : h('allTime'),
  ]
    .filter(Boolean)
    .join(' · ');
}
