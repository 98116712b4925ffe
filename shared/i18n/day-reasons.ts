import type { DayReason, DayReasonValue } from '../attendance/index.ts';
import { formatDurationIn, formatListIn } from './format.ts';
import type { Locale } from './locales.ts';
import { translatorFor } from './translate.ts';

/**
 * A reconciled day's reason in a reader's language: its message (`employee:dayReason.<id>`)
 * with the typed values written in that language. A reason stored before reasons carried a
 * message keeps its English words.
 */
export function renderDayReasonIn(locale: Locale, reason: DayReason): string {
  if (!reason.messageId) return reason.text;
  const t = translatorFor(locale);
  const values = Object.fromEntries(Object.entries(reason.messageValues ?? {}).map(([k, v]) => [k, reasonValueIn(locale, v)]));
  return t(`employee:dayReason.${reason.messageId}`, values);
}

function reasonValueIn(locale: Locale, value: DayReasonValue): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if ('duration' in value) return formatDurationIn(locale, value.duration);
  if ('nextDay' in value) return translatorFor(locale)('employee:dayReasonValue.nextDay', { time: value.nextDay });
  if ('list' in value) return formatListIn(locale, value.list);
  // "Casual leave (CL)": the organisation's own name in English, as the engine wrote it; elsewhere the
  // glossary's word for a standard code, which already names the code where offices print it ("किरकोळ रजा (CL)").
  const { code, name } = value.leaveType;
  if (locale === 'en-IN') return `${name} (${code})`;
  const label = translatorFor(locale)(`labels:leaveType.${code}`, { defaultValue: name });
  return label.includes(code) ? label : `${label} (${code})`;
}
