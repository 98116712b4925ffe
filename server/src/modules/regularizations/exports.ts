import type { Regularization, RegularizationExportQuery } from '../../../../shared/attendance/index.ts';
import { type Locale, translatorFor } from '../../../../shared/i18n/index.ts';
import { DIRECTION_LABELS, REGULARIZATION_KIND_LABELS, REGULARIZATION_STATUS_LABELS, formatLocalDateTime, labelOf, zoneName } from '../../../../shared/labels.ts';
import type { Ctx } from '../../context.ts';
import type { TableModel } from '../../exports/table.ts';
import { todayOf } from '../attendance/index.ts';
import { regularizationsForExport } from './read.ts';

/** An enum value in the reader's words; a value the catalogue does not know is shown as English would show it. */
function labelIn(locale: Locale, group: string, labels: Readonly<Record<string, string>>, value: string | null | undefined): string {
  const english = labelOf(labels, value);
  return value && value in labels ? translatorFor(locale)(`labels:${group}.${value}`, { defaultValue: english }) : english;
}

/** Requests in the caller's scope matching the filter, as one table (the route renders it to CSV, XLSX or PDF), in the downloader's language. */
export async function exportRegularizations(ctx: Ctx, query: RegularizationExportQuery, locale: Locale = 'en-IN'): Promise<TableModel<Regularization>> {
  const t = translatorFor(locale);
  const h = (key: string, values: Record<string, unknown> = {}) => t(`hr:exports.regularizations.${key}`, values);
  const rows = await regularizationsForExport(ctx, query);
  const employee = query.employeeId ? (rows[0]?.employee ?? null) : null;
  const filter = [
    h('statusFilter', { status: query.status ? labelIn(locale, 'regularizationStatus', REGULARIZATION_STATUS_LABELS, query.status) : h('all') }),
    h('kindFilter', { kind: query.kind ? labelIn(locale, 'regularizationKind', REGULARIZATION_KIND_LABELS, query.kind) : h('all') }),
    ...(query.employeeId ? [h('employeeFilter', { employee: employee ? h('employeeName', { name: employee.fullName, code: employee.code }) : h('oneEmployee') })] : []),
  ].join(' · ');
  return regularizationTable(rows, filter, todayOf(ctx), ctx.timeZone, locale);
}

export function regularizationTable(rows: Regularization[], filter: string, today: string, timeZone = 'UTC', locale: Locale = 'en-IN'): TableModel<Regularization> {
  const t = translatorFor(locale);
  const h = (key: string, values: Record<string, unknown> = {}) => t(`hr:exports.regularizations.${key}`, values);
  const zone = zoneName(timeZone, `${today}T12:00:00Z`);
  return {
    title: h('title'),
    subtitle: filter,
    filename: `regularizations-${today}`,
    landscape: true,
    timeZone,
    locale,
    rows,
    columns: [
      { header: h('requested', { zone }), width: 17, value: (r) => formatLocalDateTime(r.createdAt, timeZone) },
      { header: h('code'), width: 9, overflow: 'keep', value: (r) => r.employee.code },
      { header: h('name'), width: 20, value: (r) => r.employee.fullName },
      { header: h('day'), width: 11, kind: 'date', value: (r) => r.date },
      { header: h('kind'), width: 18, value: (r) => labelIn(locale, 'regularizationKind', REGULARIZATION_KIND_LABELS, r.kind) },
      {
        header: h('punches', { zone }),
        width: 16,
        value: (r) => r.punches.map((p) => h('punch', { direction: labelIn(locale, 'direction', DIRECTION_LABELS, p.direction), time: p.time })).join(', '),
      },
      { header: h('reason'), width: 30, value: (r) => r.reason },
      { header: h('status'), width: 20, value: (r) => labelIn(locale, 'regularizationStatus', REGULARIZATION_STATUS_LABELS, r.status) },
      { header: h('manager'), width: 16, value: (r) => r.managerDecisionBy },
      { header: h('hr'), width: 16, value: (r) => r.hrDecisionBy },
      { header: h('note'), width: 24, value: (r) => r.decisionNote },
      // For integrators: the instant itself, beside the local time.
      { header: h('requestedIso'), width: 24, formats: ['csv', 'xlsx'], value: (r) => r.createdAt },
    ],
  };
}
