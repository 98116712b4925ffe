import { isLocale } from '../../../../../shared/i18n/index.ts';
import { i18n } from '../../i18n/i18n.ts';

/** `AB:CD:…` (32 bytes) in four lines of eight, easier to compare by eye. */
export function fingerprintLines(fingerprint: string): string[] {
  const bytes = fingerprint.split(':');
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += 8) lines.push(bytes.slice(i, i + 8).join(' '));
  return lines;
}

/**
 * `12 Mar 2031, 17:30 GMT+5:30` (or the zone's short name) in `timeZone`, or the browser's zone;
 * the month in the console's language, with Latin digits as everywhere in Muster.
 */
export function formatWithZone(instant: string, timeZone?: string): string {
  const locale = isLocale(i18n.language) && i18n.language !== 'en-IN' ? `${i18n.language}-u-nu-latn` : 'en-IN';
  // dateStyle/timeStyle cannot be combined with timeZoneName: the parts one by one.
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(instant));
}
