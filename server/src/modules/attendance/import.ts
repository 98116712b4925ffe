import type { ImportRow, PunchImportInput, PunchImportResult } from '../../../../shared/attendance/index.ts';
import { type Locale, type Message, renderMessageOf } from '../../../../shared/i18n/index.ts';
import { isKnownTimeZone } from '../../../../shared/org.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { badRequest } from '../../http/problem.ts';
import { recordAudit } from '../audit/index.ts';
import { type EmployeeInfo, directoryOf, employeeForTerminalUser, employedOn, policyOf } from './policy-cache.ts';
import { type NewPunch, recordPunches } from './punches.ts';
import { listPunchKeys } from './repo/punches.ts';
import { zonedInstant } from './shift-time.ts';

/**
 * CSV import of punches from a terminal's USB export (ZK `attlog.dat`:
 * `user <TAB> YYYY-MM-DD HH:MM:SS <TAB> state <TAB> verify …`) or a plain
 * CSV (`user,date time,state`). The user is a terminal user id or an
 * employee code. Preview reports every row; commit stores the good ones.
 */

const MAX_LISTED = 5000;
const MAX_LINES = 200_000;

/** The sentences a row's outcome is (`hr:punchImport.<id>`), so HR reads the preview in their language. */
export const PUNCH_IMPORT_MESSAGES = ['noDateTime', 'noUser', 'future', 'before2000', 'ownPunches', 'notEmployed', 'unmatched', 'unknownTerminalUser', 'unknownCode', 'duplicate'] as const;
type ImportMessage = (typeof PUNCH_IMPORT_MESSAGES)[number];

/** A row's outcome in English (as the server always wrote it) and as a catalogue message. */
interface RowNote {
  english: string;
  text: Message;
}
const note = (english: string, id: ImportMessage, values?: Message['values']): RowNote => ({ english, text: { id: `punchImport.${id}`, values } });

interface Parsed {
  line: number;
  raw: string;
  userKey: string | null;
  date: string | null;
  minutes: number;
  seconds: number;
  attendStat: string;
  verifyMode: string | null;
  error: RowNote | null;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const INDIAN = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

function parseWhen(fields: string[]): { date: string; minutes: number; seconds: number; used: number } | null {
  const [a = '', b = ''] = fields;
  let m = ISO.exec(a);
  let y: number;
  let mo: number;
  let d: number;
  let h: number | undefined;
  let mi: number | undefined;
  let s = 0;
  let used = 1;
  if (m) {
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (m[4] !== undefined) [h, mi, s] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  } else if ((m = INDIAN.exec(a))) {
    [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (m[4] !== undefined) [h, mi, s] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  } else return null;
  if (h === undefined) {
    const t = TIME.exec(b);
    if (!t) return null;
    [h, mi, s] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)];
    used = 2;
  }
  if (!validDate(y, mo, d) || h > 23 || (mi ?? 0) > 59 || s > 59) return null;
  return { date: `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`, minutes: h * 60 + (mi ?? 0), seconds: s, used };
}

export function parseImport(content: string): Parsed[] {
  const lines = content.split(/\r?\n/);
  if (lines.length > MAX_LINES) throw badRequest(`The file has more than ${MAX_LINES} lines: split it.`, [{ path: 'body.content', message: 'too many lines' }]);
  const out: Parsed[] = [];
  lines.forEach((raw, i) => {
    const text = raw.trim();
    if (!text) return;
    const sep = text.includes('\t') ? '\t' : text.includes(',') ? ',' : text.includes(';') ? ';' : /\s{2,}/.test(text) ? /\s{2,}/ : ',';
    const fields = text.split(sep).map((f) => f.trim().replace(/^"(.*)"$/, '$1'));
    const userKey = fields[0] ?? '';
    const when = parseWhen(fields.slice(1));
    if (!when) {
      // A header line is skipped, not reported.
      if (i === 0 && !/^\d+$/.test(userKey)) return;
      out.push({ line: i + 1, raw, userKey: userKey || null, date: null, minutes: 0, seconds: 0, attendStat: '', verifyMode: null, error: note('no date and time in the second column (YYYY-MM-DD HH:MM[:SS] or DD/MM/YYYY HH:MM)', 'noDateTime') });
      return;
    }
    const rest = fields.slice(1 + when.used);
    out.push({
      line: i + 1,
      raw,
      userKey: userKey || null,
      date: when.date,
      minutes: when.minutes,
      seconds: when.seconds,
      attendStat: rest[0] ?? '',
      verifyMode: rest[1] ?? null,
      error: userKey ? null : note('no user id or employee code in the first column', 'noUser'),
    });
  });
  return out;
}

/**
 * Previews or commits an import; duplicates (already stored, or repeated in the file) are skipped.
 * Each row's message is in `locale` (the reader's); English is the server's English word for word.
 */
export async function importPunches(ctx: Ctx, input: PunchImportInput, locale: Locale = 'en-IN'): Promise<PunchImportResult> {
  requirePermission(ctx, 'attendance:manage');
  const [policy, directory] = await Promise.all([policyOf(ctx.db), directoryOf(ctx.db)]);
  const terminal = input.terminalId ? policy.terminals.get(input.terminalId.toLowerCase()) : undefined;
  if (input.terminalId && !terminal) throw badRequest('No such terminal.', [{ path: 'body.terminalId', message: 'no such terminal' }]).withText({ id: 'problemDetail.import.noTerminal' });
  const zone = input.timeZone ?? terminal?.timeZone ?? ctx.timeZone;
  if (!isKnownTimeZone(zone)) throw badRequest('Unknown time zone.', [{ path: 'body.timeZone', message: 'must be an IANA time zone' }]).withText({ id: 'problemDetail.import.unknownZone' });
  const parsed = parseImport(input.content);
  if (parsed.length === 0) throw badRequest('The file has no punch rows.', [{ path: 'body.content', message: 'has no rows' }]).withText({ id: 'problemDetail.import.noPunchRows' });
  const byCode = new Map(directory.list.map((e) => [e.code.toLowerCase(), e]));
  const now = ctx.clock.now().getTime();
  const serial = terminal?.serial ?? 'import';

  interface Candidate {
    row: ImportRow;
    at: number;
    employee: EmployeeInfo | null;
    terminalUserId: number | null;
    parsed: Parsed;
  }
  const rows: ImportRow[] = [];
  const candidates: Candidate[] = [];
  const texts = new Map<ImportRow, Message>();
  const say = (row: ImportRow, n: RowNote) => {
    row.message = n.english;
    texts.set(row, n.text);
  };
  for (const p of parsed) {
    const row: ImportRow = { line: p.line, raw: p.raw.slice(0, 200), userKey: p.userKey, at: null, attendStat: p.attendStat, employee: null, result: 'error', message: null };
    if (p.error) say(row, p.error);
    rows.push(row);
    if (p.error || !p.date || !p.userKey) continue;
    const at = zonedInstant(p.date, p.minutes, zone) + p.seconds * 1000;
    row.at = new Date(at).toISOString();
    if (at > now) {
      say(row, note('is in the future', 'future'));
      continue;
    }
    if (p.date < '2000-01-01') {
      say(row, note('is before 2000: check the terminal clock', 'before2000'));
      continue;
    }
    const numeric = /^\d{1,15}$/.test(p.userKey);
    const terminalUserId = numeric ? Number(p.userKey) : null;
    const employee =
      terminalUserId !== null ? employeeForTerminalUser(policy, directory, terminal?.id ?? null, terminalUserId) : (byCode.get(p.userKey.toLowerCase()) ?? null);
    if (employee) {
      if (employee.id === ctx.caller.employeeId) {
        // As with overrides: nobody records their own attendance by hand.
        say(row, note('your own punches: another HR person imports them', 'ownPunches'));
        continue;
      }
      if (!employedOn(employee, p.date)) {
        say(row, note(`${employee.fullName} was not employed on ${p.date}`, 'notEmployed', { name: employee.fullName, date: { date: p.date } }));
        continue;
      }
      row.employee = { id: employee.id, code: employee.code, fullName: employee.fullName };
    } else if (terminalUserId !== null && terminal) {
      row.result = 'unmatched';
      // The id as text: ICU would group a number's digits ("99,999").
      say(row, note(`no employee is mapped to terminal user ${terminalUserId}: kept as unmatched until mapped`, 'unmatched', { id: String(terminalUserId) }));
      candidates.push({ row, at, employee: null, terminalUserId, parsed: p });
      continue;
    } else {
      say(
        row,
        numeric
          ? note(`no employee has terminal user id ${p.userKey} (choose the terminal to keep it as unmatched)`, 'unknownTerminalUser', { id: p.userKey })
          : note(`no employee has the code ${p.userKey}`, 'unknownCode', { code: p.userKey }),
      );
      continue;
    }
    row.result = 'ok';
    row.message = null;
    candidates.push({ row, at, employee, terminalUserId, parsed: p });
  }

  // Duplicates: already stored (same employee and instant, or same terminal record), or repeated in the file.
  if (candidates.length) {
    // A loop, not Math.min(...list): spreading a large file's rows overflows the stack.
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const c of candidates) {
      if (c.at < min) min = c.at;
      if (c.at > max) max = c.at;
    }
    const lo = new Date(min).toISOString();
    const hi = new Date(max + 1).toISOString();
    const stored = await listPunchKeys(ctx.db, lo, hi);
    const seen = new Set<string>();
    for (const s of stored) {
      if (s.employee_id) seen.add(`e|${s.employee_id}|${s.at}`);
      if (s.terminal_serial) seen.add(`t|${s.terminal_serial}|${s.terminal_user_id}|${s.at}|${s.attend_stat}`);
    }
    for (const c of candidates) {
      const iso = new Date(c.at).toISOString();
      const keys = [c.employee ? `e|${c.employee.id}|${iso}` : null, `t|${serial}|${c.terminalUserId}|${iso}|${c.parsed.attendStat}`].filter((k): k is string => k !== null);
      if (keys.some((k) => seen.has(k))) {
        c.row.result = 'duplicate';
        say(c.row, note('already stored', 'duplicate'));
      }
      for (const k of keys) seen.add(k);
    }
  }

  const counts = { ok: 0, duplicate: 0, unmatched: 0, error: 0 };
  for (const r of rows) counts[r.result]++;
  const toStore = candidates.filter((c) => c.row.result === 'ok' || c.row.result === 'unmatched');
  if (input.commit && toStore.length) {
    await inTransaction(ctx, async (t) => {
      const punches: NewPunch[] = toStore.map((c) => ({
        employeeId: c.employee?.id ?? null,
        source: 'import',
        at: c.at,
        utcOffsetMinutes: Math.round((Date.parse(`${c.parsed.date}T00:00:00Z`) + (c.parsed.minutes * 60 + c.parsed.seconds) * 1000 - c.at) / 60_000),
        localDate: c.parsed.date as string,
        localTime: `${String(Math.floor(c.parsed.minutes / 60)).padStart(2, '0')}:${String(c.parsed.minutes % 60).padStart(2, '0')}:${String(c.parsed.seconds).padStart(2, '0')}`,
        terminalId: terminal?.id ?? null,
        terminalSerial: serial,
        terminalUserId: c.terminalUserId,
        attendStat: c.parsed.attendStat,
        verifyMode: c.parsed.verifyMode,
        note: `imported from file, line ${c.parsed.line}`,
      }));
      await recordPunches(t, punches);
      const perEmployee = new Map<string, number>();
      for (const c of toStore) if (c.employee) perEmployee.set(c.employee.id, (perEmployee.get(c.employee.id) ?? 0) + 1);
      for (const [employeeId, n] of perEmployee) {
        await recordAudit(t, {
          employeeId,
          category: 'Attendance',
          action: 'punches.imported',
          summary: `${n} punch${n === 1 ? '' : 'es'} imported from a file${terminal ? ` of ${terminal.name}` : ''}`,
        });
      }
    });
  }
  const listed = rows.slice(0, MAX_LISTED);
  if (locale !== 'en-IN') {
    for (const row of listed) {
      const text = texts.get(row);
      if (text) row.message = renderMessageOf(locale, 'hr', text);
    }
  }
  return { committed: input.commit && toStore.length > 0, counts, rows: listed };
}
