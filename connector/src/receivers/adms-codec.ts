/**
 * ZKTeco ADMS / "iclock" push protocol (ZKTeco's PUSH SDK communication
 * protocol), pure parts. The terminal is an HTTP client:
 *
 * - `GET /iclock/cdata?SN=…&options=all&pushver=…` fetches its settings: the
 *   options block (`GET OPTION FROM: SN`, the stamps of what the server already
 *   has, `ErrorDelay`, `Delay`, `TransTimes`, `TransInterval`, `TransFlag`,
 *   `TimeZone`, `Realtime`, `Encrypt`);
 * - `POST /iclock/cdata?SN=…&table=ATTLOG&Stamp=N` uploads punches as
 *   tab-separated lines (`PIN  time  status  verify  workcode …`); `table=OPERLOG`
 *   (`OpStamp`) carries `OPLOG` lines (admin events) and `USER` / `FP` lines
 *   (user and fingerprint data, never admin events). The server answers
 *   `OK: n`; the terminal resends until it reads OK, and uploads only records
 *   newer than the stamp the options block gave it;
 * - `GET /iclock/getrequest?SN=…` asks for commands (`C:id:command` lines, or
 *   `OK` when none) and is its heartbeat; `POST /iclock/devicecmd?SN=…`
 *   returns their results (`ID=id&Return=code&CMD=command` lines), answered `OK`.
 */
import type { RawPunch } from '../drivers/types.ts';
import { parseLocal, type LocalDateTime } from '../local-time.ts';
import type { RawAdminLog } from '../records.ts';

/** ZK push verify codes. */
const VERIFY: Record<string, string> = { '0': 'password', '1': 'fingerprint', '2': 'card', '3': 'password', '4': 'card', '15': 'face', '25': 'palm' };

export interface ParsedLines<T> {
  records: T[];
  /** Lines that could not be read, with why (kept for the log, never silently dropped). */
  bad: { line: string; reason: string }[];
}

/** Reads a wall time, keeping impossible dates as they are (the spool dead-letters them with a reason). */
function readTime(text: string): LocalDateTime | undefined {
  return parseLocal(text);
}

export function parseAttLog(body: string): ParsedLines<RawPunch> {
  const records: RawPunch[] = [];
  const bad: { line: string; reason: string }[] = [];
  for (const line of body.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const [pin, time, status = '0', verify = '0'] = line.split('\t').map((f) => f.trim());
    const local = time ? readTime(time) : undefined;
    if (!pin || !local) {
      bad.push({ line, reason: !pin ? 'no user id' : `unreadable time "${time ?? ''}"` });
      continue;
    }
    records.push({ userId: pin, local, state: status || '0', verify: VERIFY[verify] ?? `code ${verify}` });
  }
  return { records, bad };
}

const OPERATIONS: Record<string, string> = {
  '0': 'PowerOn',
  '1': 'PowerOff',
  '3': 'Alarm',
  '4': 'MenuAccess',
  '5': 'ChangeSettings',
  '6': 'EnrollFinger',
  '7': 'EnrollPassword',
  '8': 'EnrollCard',
  '9': 'DeleteUser',
  '10': 'DeleteFinger',
  '11': 'DeletePassword',
  '12': 'DeleteCard',
  '13': 'ClearData',
  '30': 'EnrollUser',
  '36': 'ChangeUser',
};

/** A `USER` line of an OPERLOG upload: a user enrolled or changed on the terminal. */
export interface AdmsUser {
  pin: string;
  name?: string;
  privilege?: string;
  card?: string;
}

/** An `FP` line: a fingerprint template was enrolled (the template itself is not kept). */
export interface AdmsFinger {
  pin: string;
  fingerIndex?: string;
  size?: number;
  valid?: string;
}

/** `KEY=value` fields of a tab-separated data line (`USER PIN=1\tName=Asha…`). */
function keyValues(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of text.split('\t')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1));
  }
  return fields;
}

/**
 * OPERLOG bodies mix `OPLOG` lines (admin events) with `USER` and `FP` lines
 * (user and fingerprint data): only OPLOG lines are admin logs; users and
 * fingerprints are returned apart (a template's bytes are dropped), and
 * anything else is counted.
 */
export function parseOperLog(body: string): ParsedLines<RawAdminLog> & { users: AdmsUser[]; fingerprints: AdmsFinger[]; otherLines: number } {
  const records: RawAdminLog[] = [];
  const bad: { line: string; reason: string }[] = [];
  const users: AdmsUser[] = [];
  const fingerprints: AdmsFinger[] = [];
  let otherLines = 0;
  for (const line of body.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const data = /^(USER|FP)\s+(.*)$/.exec(line);
    if (data) {
      const f = keyValues(data[2]!);
      const pin = f.get('PIN')?.trim();
      if (!pin) {
        otherLines++;
        continue;
      }
      if (data[1] === 'USER') {
        const name = f.get('Name');
        const privilege = f.get('Pri');
        const card = f.get('Card');
        users.push({ pin, ...(name ? { name } : {}), ...(privilege ? { privilege } : {}), ...(card ? { card } : {}) });
      } else {
        const size = Number(f.get('Size'));
        const fingerIndex = f.get('FID');
        const valid = f.get('Valid');
        fingerprints.push({ pin, ...(fingerIndex ? { fingerIndex } : {}), ...(Number.isFinite(size) && f.has('Size') ? { size } : {}), ...(valid ? { valid } : {}) });
      }
      continue;
    }
    const m = /^OPLOG\s+(.*)$/.exec(line);
    if (!m) {
      otherLines++;
      continue;
    }
    const [op = '', admin = '', time = '', obj1 = ''] = m[1]!.split('\t').map((f) => f.trim());
    const local = readTime(time);
    if (!local) {
      bad.push({ line, reason: `unreadable time "${time}"` });
      continue;
    }
    records.push({
      action: OPERATIONS[op] ?? `Operation${op}`,
      ...(admin && admin !== '0' ? { adminId: admin } : {}),
      ...(obj1 && obj1 !== '0' ? { targetUserId: obj1 } : {}),
      local,
    });
  }
  return { records, bad, users, fingerprints, otherLines };
}

/** Upload tables whose stamp the server keeps: the terminal sends only what is newer than it. */
export const STAMPED_TABLES = ['ATTLOG', 'OPERLOG', 'ATTPHOTO'] as const;
export type StampedTable = (typeof STAMPED_TABLES)[number];
export type Stamps = Partial<Record<StampedTable, string>>;

/**
 * The stamp a POST carries for its table: `Stamp` (ATTLOG, ATTPHOTO and some
 * firmware's OPERLOG), `OpStamp` (OPERLOG).
 */
export function uploadStamp(params: URLSearchParams): string | undefined {
  const value = (params.get('Stamp') ?? params.get('OpStamp') ?? params.get('PhotoStamp') ?? '').trim();
  return /^\d{1,20}$/.test(value) ? value : undefined;
}

/** A command queued for a terminal, as `GET /iclock/getrequest` hands it over. */
export interface AdmsCommand {
  id: number;
  command: string;
}

/** The answer to `GET /iclock/getrequest`: one `C:id:command` line per command, or `OK` when there is none. */
export function commandsReply(commands: readonly AdmsCommand[]): string {
  if (commands.length === 0) return 'OK';
  return commands.map((c) => `C:${c.id}:${c.command}`).join('\n') + '\n';
}

/** One command result of `POST /iclock/devicecmd`. */
export interface AdmsCommandResult {
  id: number;
  /** The terminal's return code (0: done; negative: failed). */
  returnCode: number;
  command: string;
  /** Lines the result carried after its `ID=…` line (e.g. the answer to INFO). */
  details: string[];
}

/** Reads a devicecmd body: `ID=1&Return=0&CMD=INFO` lines, each maybe followed by data lines. */
export function parseDeviceCmd(body: string): { results: AdmsCommandResult[]; bad: string[] } {
  const results: AdmsCommandResult[] = [];
  const bad: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    if (/^ID=/i.test(line.trim())) {
      const params = new URLSearchParams(line.trim());
      const id = Number(params.get('ID'));
      const returnCode = Number(params.get('Return'));
      if (!Number.isSafeInteger(id) || !Number.isFinite(returnCode)) {
        bad.push(line);
        continue;
      }
      results.push({ id, returnCode, command: params.get('CMD') ?? '', details: [] });
    } else if (results.length) results.at(-1)!.details.push(line);
    else bad.push(line);
  }
  return { results, bad };
}

/**
 * The `INFO` a getrequest may carry: firmware version, users, fingerprints,
 * attendance records, IP address, … (comma-separated).
 */
export function parseGetRequestInfo(info: string | null): { firmware?: string; users?: number; fingerprints?: number; records?: number; ip?: string } | undefined {
  if (!info) return undefined;
  const [firmware, users, fingerprints, records, ip] = info.split(',').map((p) => p.trim());
  const n = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? { value: Number(v) } : undefined);
  return {
    ...(firmware ? { firmware } : {}),
    ...(n(users) ? { users: n(users)!.value } : {}),
    ...(n(fingerprints) ? { fingerprints: n(fingerprints)!.value } : {}),
    ...(n(records) ? { records: n(records)!.value } : {}),
    ...(ip ? { ip } : {}),
  };
}

/**
 * The options block answering `GET /iclock/cdata?options=all`. The stamps are
 * those of the last uploads the connector has spooled, so a terminal sends only
 * what is newer (after a restart of the connector too); `None` asks for
 * everything it holds (a terminal never heard from). Both spellings are given:
 * `Stamp`/`OpStamp`/`PhotoStamp` (PUSH protocol 1.x/2.0) and
 * `ATTLOGStamp`/`OPERLOGStamp`/`ATTPHOTOStamp` (2.2 and later).
 */
export function optionsReply(serial: string, opts: { delaySeconds: number; timeZoneHours: number; stamps?: Stamps; errorDelaySeconds?: number }): string {
  const stamp = (table: StampedTable) => opts.stamps?.[table] ?? 'None';
  return [
    `GET OPTION FROM: ${serial}`,
    `Stamp=${stamp('ATTLOG')}`,
    `OpStamp=${stamp('OPERLOG')}`,
    `PhotoStamp=${stamp('ATTPHOTO')}`,
    `ATTLOGStamp=${stamp('ATTLOG')}`,
    `OPERLOGStamp=${stamp('OPERLOG')}`,
    `ATTPHOTOStamp=${stamp('ATTPHOTO')}`,
    `ErrorDelay=${opts.errorDelaySeconds ?? 30}`,
    `Delay=${opts.delaySeconds}`,
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    'TransFlag=TransData AttLog OpLog',
    `TimeZone=${opts.timeZoneHours}`,
    'Realtime=1',
    'Encrypt=None',
    '',
  ].join('\n');
}

/** Reads an options block (a decode tool's and tests' side): key → value, and the serial it is for. */
export function parseOptionsReply(text: string): { serial?: string; options: Map<string, string> } {
  const options = new Map<string, string>();
  let serial: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const head = /^GET OPTION FROM:\s*(.*)$/.exec(line.trim());
    if (head) serial = head[1]!.trim();
    else if (line.includes('=')) options.set(line.slice(0, line.indexOf('=')).trim(), line.slice(line.indexOf('=') + 1).trim());
  }
  return { ...(serial ? { serial } : {}), options };
}
