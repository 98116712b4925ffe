/**
 * ZKTeco ADMS / "iclock" push protocol, pure parts. The terminal is an HTTP
 * client: `GET /iclock/cdata?SN=…&options=all` fetches its settings,
 * `POST /iclock/cdata?SN=…&table=ATTLOG` uploads punches as tab-separated lines
 * (`PIN  time  status  verify  workcode …`), `table=OPERLOG` administrative
 * lines (`OPLOG op  admin  time  obj1 …`), `GET /iclock/getrequest` asks for
 * commands (and is its heartbeat). The terminal resends until it reads `OK`.
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

/** OPERLOG bodies mix `OPLOG` lines with user/fingerprint data lines; only OPLOG lines are admin logs. */
export function parseOperLog(body: string): ParsedLines<RawAdminLog> & { otherLines: number } {
  const records: RawAdminLog[] = [];
  const bad: { line: string; reason: string }[] = [];
  let otherLines = 0;
  for (const line of body.split(/\r?\n/)) {
    if (line.trim() === '') continue;
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
  return { records, bad, otherLines };
}

/** The settings reply to `GET /iclock/cdata?options=all`: stamps tell the terminal to send everything it has not yet delivered. */
export function optionsReply(serial: string, opts: { delaySeconds: number; timeZoneHours: number }): string {
  return [
    `GET OPTION FROM: ${serial}`,
    'ATTLOGStamp=None',
    'OPERLOGStamp=None',
    'ATTPHOTOStamp=None',
    'ErrorDelay=30',
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
