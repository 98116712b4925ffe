/**
 * From what a terminal said to what the server receives: natural keys, user
 * id rules, and the TimeLog / AdminLog bodies. Pure functions.
 */
import { createHash } from 'node:crypto';
import { PHOTO_MAX_BYTES, type AdminLog, type TimeLog } from '../../shared/ingest.ts';
import type { RawPunch } from './drivers/types.ts';
import { formatLocal, impossibleReason, localToIso, type LocalDateTime } from './local-time.ts';

/** Who a record comes from, as the server identifies terminals. */
export interface TerminalIdentity {
  serial: string;
  /** Protocol family: `zk`, `anviz`, `fk`. */
  terminalType: string;
  /** Machine number (1 when the terminal has none). */
  terminalId: number;
  deviceUid?: string;
  /** IANA zone of the terminal clock. */
  timeZone: string;
  /** The terminal's id in the server's registry, when the connector was configured with it. */
  registryId?: string;
}

export interface RawAdminLog {
  adminId?: string;
  targetUserId?: string;
  local: LocalDateTime;
  action: string;
  result?: number;
  deviceTransId?: number;
}

/**
 * The spool's identity of a punch: serial, terminal user id as text,
 * device-local time, state and verify mode. The same punch read again, seen
 * in realtime and in the log, or resent by a pushing terminal has the same key.
 */
export function punchKey(serial: string, p: RawPunch): string {
  return JSON.stringify(['punch', serial, p.userId, formatLocal(p.local), p.state, p.verify]);
}

export function adminKey(serial: string, a: RawAdminLog): string {
  return JSON.stringify(['admin', serial, a.adminId ?? '', a.targetUserId ?? '', formatLocal(a.local), a.action]);
}

/** A short stable digest of a key (the log cursor remembers the last record's). */
export function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

/**
 * The integer the spec wants for a terminal user id. Plain decimal ids map
 * directly; ids with letters or a leading zero ("A12", "007") would be
 * mangled by a conversion, so they need an explicit mapping.
 */
export function terminalUserIdOf(raw: string, mapping?: ReadonlyMap<string, number>): { id: number } | { reason: string } {
  const mapped = mapping?.get(raw);
  if (mapped !== undefined) return { id: mapped };
  if (/^(0|[1-9]\d*)$/.test(raw)) {
    const id = Number(raw);
    if (Number.isSafeInteger(id)) return { id };
    return { reason: `terminal user id "${raw}" is too large for an integer` };
  }
  const what = /^0\d+$/.test(raw) ? 'has a leading zero' : raw === '' ? 'is empty' : 'is not a plain number';
  return { reason: `terminal user id "${raw}" ${what}: the server's Terminals page maps it to a number or an employee, then it is sent by itself` };
}

/**
 * A body to send (with a `note` when part of the record had to be left out),
 * or why not; `unmappedUserId`: the raw terminal user id a mapping would fix.
 */
export type Built<T> = { body: T; note?: string } | { reason: string; unmappedUserId?: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Why the server would refuse a punch photo (its own checks: base64 of a JPEG
 * or PNG, at most PHOTO_MAX_BYTES decoded), or undefined when it would not.
 */
export function photoProblem(base64: string): string | undefined {
  const text = base64.replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !BASE64.test(text)) return 'it is not valid base64';
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const size = (text.length / 4) * 3 - padding;
  if (size > PHOTO_MAX_BYTES) return `it is ${size} bytes, above the server's limit of ${PHOTO_MAX_BYTES}`;
  const head = Buffer.from(text.slice(0, 12), 'base64');
  const jpeg = head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = head.length >= 8 && head.subarray(0, 8).equals(PNG_MAGIC);
  return jpeg || png ? undefined : 'it is neither a JPEG nor a PNG';
}

/** A time log body without its photo (JSON text in, JSON text out); undefined when it had none. */
export function withoutPhoto(body: string): string | undefined {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  if (parsed.photoBase64 === undefined) return undefined;
  delete parsed.photoBase64;
  return JSON.stringify(parsed);
}

/** Whether the server can be asked to map an id (it keeps ids of up to 64 characters). */
function mappable(raw: string): boolean {
  return raw !== '' && raw.length <= 64;
}

export function buildTimeLog(t: TerminalIdentity, p: RawPunch, transId: number, mapping?: ReadonlyMap<string, number>): Built<TimeLog> {
  if (p.unreadable) return { reason: p.unreadable };
  const user = terminalUserIdOf(p.userId, mapping);
  if ('reason' in user) return mappable(p.userId) ? { ...user, unmappedUserId: p.userId } : user;
  const impossible = impossibleReason(p.local);
  if (impossible) return { reason: `the terminal recorded an impossible time (${impossible})` };
  let at: string;
  try {
    at = localToIso(p.local, t.timeZone);
  } catch (error) {
    return { reason: `cannot place ${formatLocal(p.local)} in time zone ${t.timeZone}: ${(error as Error).message}` };
  }
  // A photo the server would refuse must not cost the punch: it goes without it (the spool keeps the photo).
  const photoIssue = p.photoBase64 ? photoProblem(p.photoBase64) : undefined;
  const photo = p.photoBase64 && !photoIssue ? p.photoBase64 : undefined;
  return {
    ...(photoIssue ? { note: `The photo of user ${p.userId}'s punch at ${formatLocal(p.local)} (${t.serial}) was left out: ${photoIssue}. The punch is sent without it.` } : {}),
    body: {
      serial: t.serial,
      terminalType: t.terminalType,
      terminalId: t.terminalId,
      transId,
      at,
      terminalUserId: user.id,
      attendStat: p.state,
      verifyMode: p.verify,
      ...(t.deviceUid ? { deviceUid: t.deviceUid } : {}),
      ...(photo ? { photoBase64: photo } : {}),
      ...(t.registryId ? { registryId: t.registryId } : {}),
    },
  };
}

function optionalInt(raw: string | undefined, field: string, mapping?: ReadonlyMap<string, number>): { id?: number } | { reason: string; unmappedUserId?: string } {
  if (raw === undefined || raw === '') return {};
  const r = terminalUserIdOf(raw, mapping);
  if (!('reason' in r)) return r;
  return { reason: `${field}: ${r.reason}`, ...(mappable(raw) ? { unmappedUserId: raw } : {}) };
}

export function buildAdminLog(t: TerminalIdentity, a: RawAdminLog, transId: number, mapping?: ReadonlyMap<string, number>): Built<AdminLog> {
  const admin = optionalInt(a.adminId, 'admin id', mapping);
  if ('reason' in admin) return admin;
  const target = optionalInt(a.targetUserId, 'target user id', mapping);
  if ('reason' in target) return target;
  const impossible = impossibleReason(a.local);
  if (impossible) return { reason: `the terminal recorded an impossible time (${impossible})` };
  return {
    body: {
      serial: t.serial,
      terminalType: t.terminalType,
      terminalId: t.terminalId,
      transId,
      at: localToIso(a.local, t.timeZone),
      action: a.action.slice(0, 64) || 'Unknown',
      ...(admin.id !== undefined ? { adminId: admin.id } : {}),
      ...(target.id !== undefined ? { targetUserId: target.id } : {}),
      ...(a.result !== undefined ? { result: a.result } : {}),
      ...(t.deviceUid ? { deviceUid: t.deviceUid } : {}),
      ...(t.registryId ? { registryId: t.registryId } : {}),
    },
  };
}
