/**
 * Whether decoded terminal data can be what a terminal recorded. A record
 * layout applied to bytes of another layout still "decodes" (user ids like
 * `5/3\x01`, punches on 2000-01-01): these checks tell such garbage from
 * punches, so it is refused with a reason instead of being sent. Pure.
 */
import { formatLocal, type LocalDateTime } from './local-time.ts';

/** Terminal epochs start at 2000-01-01 (ZK) or 2000-01-02 (Anviz): zeroed bytes decode to those, never a punch. */
export const EARLIEST_PLAUSIBLE: LocalDateTime = { year: 2000, month: 1, day: 2, hour: 0, minute: 0, second: 0 };

/** How far past the terminal clock (or the true time, if later) a record may lie: clocks drift and get set. */
const FUTURE_SLACK_MS = 24 * 3_600_000;
/** The largest offset a zone has: a wall time of now anywhere is at most this ahead of UTC. */
const MAX_ZONE_OFFSET_MS = 14 * 3_600_000;

function fromUtcFields(ms: number): LocalDateTime {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

function toUtcMs(t: LocalDateTime): number {
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
}

/**
 * The latest wall time a record may carry: a day past the terminal clock, or
 * past the true time anywhere on earth when that is later (a terminal whose
 * clock battery died and reset to 2000 still has real punches).
 */
export function latestPlausible(terminalClock: LocalDateTime | undefined, now: Date = new Date()): LocalDateTime {
  const trueLatest = now.getTime() + MAX_ZONE_OFFSET_MS;
  const clock = terminalClock ? toUtcMs(terminalClock) : 0;
  return fromUtcFields(Math.max(clock, trueLatest) + FUTURE_SLACK_MS);
}

/** Why a record's wall time cannot be a punch, or undefined. Impossible dates (30 February) are checked later, per record. */
export function timeProblem(t: LocalDateTime, latest: LocalDateTime): string | undefined {
  const text = formatLocal(t);
  if (![t.year, t.month, t.day, t.hour, t.minute, t.second].every(Number.isInteger)) return `time ${text} is not a date-time`;
  if (t.month < 1 || t.month > 12 || t.day < 1 || t.day > 31 || t.hour > 23 || t.minute > 59 || t.second > 59) return `time ${text} is not a date-time`;
  if (text < formatLocal(EARLIEST_PLAUSIBLE)) return `time ${text} is before ${formatLocal(EARLIEST_PLAUSIBLE)}, the start of terminal clocks`;
  if (text > formatLocal(latest)) return `time ${text} is after ${formatLocal(latest)}, far in the future of the terminal clock`;
  return undefined;
}

/** Text with every character outside printable ASCII shown as `\xNN` (or `\u{…}`), quoted. */
export function showText(text: string): string {
  const shown = text.replace(/[^\x20-\x7e]|["\\]/g, (c) => {
    if (c === '"' || c === '\\') return `\\${c}`;
    const code = c.codePointAt(0)!;
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
  return `"${shown}"`;
}

/** Why a user id read as text cannot be one (empty, or not printable ASCII), or undefined. */
export function userIdProblem(id: string): string | undefined {
  if (id === '') return 'user id is empty';
  if (!/^[\x20-\x7e]+$/.test(id)) return `user id ${showText(id)} is not printable text`;
  if (id.trim() !== id) return `user id ${showText(id)} starts or ends with a space`;
  return undefined;
}
