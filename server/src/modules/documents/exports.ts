import { OVERVIEW_STATUS_LABELS, type OverviewRow, type OverviewStatus } from '../../../../shared/documents.ts';
import { type Locale, formatDateIn, translatorFor } from '../../../../shared/i18n/index.ts';
import type { TableModel } from '../../exports/table.ts';

const FILL: Record<OverviewStatus, string> = {
  Missing: 'FDE2E1',
  Rejected: 'FDE2E1',
  Expired: 'FDE2E1',
  ExpiringSoon: 'FFF1D6',
  AwaitingVerification: 'E3EEFF',
};

/** `YYYY-MM-DD` of an instant in the zone. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function localDay(instant: string, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) dayFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(new Date(instant));
}

/** One list of the overview in the downloader's language: title, headers, statuses, categories; names and notes as stored. */
export function overviewTable(
  rows: readonly OverviewRow[],
  filter: { status: OverviewStatus; withinDays: number },
  today: string,
  timeZone: string,
  locale: Locale = 'en-IN',
): TableModel<OverviewRow> {
  const t = translatorFor(locale);
  const h = (key: string, values: Record<string, unknown> = {}) => t(`hr:exports.documents.${key}`, values);
  // The file's name stays English (a name on disk, not words a person reads in the file).
  const label = OVERVIEW_STATUS_LABELS[filter.status];
  const asOf = { date: formatDateIn(locale, today), days: filter.withinDays };
  return {
    title: h('title', { status: filter.status }),
    subtitle: filter.status === 'ExpiringSoon' ? h('asOfExpiring', asOf) : h('asOf', asOf),
    filename: `documents-${label.toLowerCase().replace(/\s+/g, '-')}-${today}`,
    landscape: true,
    timeZone,
    locale,
    rows,
    columns: [
      { header: h('code'), width: 9, overflow: 'keep', value: (r) => r.employee.code },
      { header: h('employee'), width: 22, value: (r) => r.employee.fullName },
      { header: h('department'), width: 16, value: (r) => r.department },
      { header: h('location'), width: 12, value: (r) => r.location },
      { header: h('document'), width: 22, value: (r) => r.name },
      { header: h('category'), width: 11, value: (r) => t(`labels:documentCategory.${r.type?.category ?? 'Other'}`) },
      { header: h('status'), width: 16, value: (r) => t(`labels:documentOverviewStatus.${r.status}`), fill: (r) => FILL[r.status] },
      { header: h('required'), width: 9, value: (r) => (r.required ? h('yes') : h('no')) },
      { header: h('expires'), width: 11, value: (r) => r.expiresOn, kind: 'date' },
      { header: h('requestedOn'), width: 12, value: (r) => (r.requestedAt ? localDay(r.requestedAt, timeZone) : null), kind: 'date' },
      { header: h('note'), width: 28, value: (r) => r.note },
    ],
  };
}
