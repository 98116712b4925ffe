/**
 * ZK standalone protocol ("zkemsdk"), pure frame ↔ value codecs. Learned from
 * pyzk (zk/base.py and its test vectors), node-zklib and zkteco-js; written
 * here from the protocol, not copied.
 *
 * A packet is an 8-byte header (command, checksum, session id, reply id, all
 * u16 little-endian) and a payload. Over TCP every packet is preceded by the
 * "top" `50 50 82 7D` and the packet length as u32 LE.
 */
import type { LocalDateTime } from '../local-time.ts';
import { latestPlausible, timeProblem, userIdProblem } from '../plausible.ts';

export const CMD = {
  CONNECT: 1000,
  EXIT: 1001,
  ENABLEDEVICE: 1002,
  DISABLEDEVICE: 1003,
  RESTART: 1004,
  REFRESHDATA: 1013,
  GET_VERSION: 1100,
  AUTH: 1102,
  PREPARE_DATA: 1500,
  DATA: 1501,
  FREE_DATA: 1502,
  DATA_WRRQ: 1503,
  DATA_RDY: 1504,
  USERTEMP_RRQ: 9,
  OPTIONS_RRQ: 11,
  OPTIONS_WRQ: 12,
  ATTLOG_RRQ: 13,
  CLEAR_ATTLOG: 15,
  GET_FREE_SIZES: 50,
  CANCELCAPTURE: 62,
  STARTVERIFY: 60,
  GET_TIME: 201,
  SET_TIME: 202,
  REG_EVENT: 500,
  ACK_OK: 2000,
  ACK_ERROR: 2001,
  ACK_DATA: 2002,
  ACK_RETRY: 2003,
  ACK_REPEAT: 2004,
  ACK_UNAUTH: 2005,
  ACK_UNKNOWN: 0xffff,
} as const;

/** Event flag for attendance records (CMD_REG_EVENT payload and event packets' session field). */
export const EF_ATTLOG = 1;
/** `FCT_USER`: the function code asking CMD_DATA_WRRQ for the user table. */
export const FCT_USER = 5;
/** pyzk's TCP chunk size: large reads are fetched in chunks of at most this many bytes. */
export const TCP_MAX_CHUNK = 0xffc0;
/** Over UDP pyzk reads 16 KiB chunks; each arrives as 1 KiB CMD_DATA datagrams. */
export const UDP_MAX_CHUNK = 16 * 1024;
export const UDP_DATA_PACKET = 1024;

export const TCP_TOP = Buffer.from([0x50, 0x50, 0x82, 0x7d]);
const USHRT_MAX = 0xffff;

export interface ZkPacket {
  command: number;
  checksum: number;
  sessionId: number;
  replyId: number;
  payload: Buffer;
}

/**
 * The 16-bit one's-complement checksum of a packet whose checksum field is
 * zero: 16-bit little-endian words summed with end-around carry, a trailing
 * odd byte added as is, then complemented.
 */
export function zkChecksum(packet: Uint8Array): number {
  let sum = 0;
  let i = 0;
  for (; i + 1 < packet.length; i += 2) {
    sum += (packet[i] ?? 0) | ((packet[i + 1] ?? 0) << 8);
    if (sum > USHRT_MAX) sum -= USHRT_MAX;
  }
  if (i < packet.length) sum += packet[i] ?? 0;
  while (sum > USHRT_MAX) sum -= USHRT_MAX;
  return USHRT_MAX - sum;
}

/** A packet (header + payload) with its checksum filled in. */
export function encodePacket(command: number, sessionId: number, replyId: number, payload: Uint8Array = Buffer.alloc(0)): Buffer {
  const buf = Buffer.alloc(8 + payload.length);
  buf.writeUInt16LE(command, 0);
  buf.writeUInt16LE(sessionId & USHRT_MAX, 4);
  buf.writeUInt16LE(replyId & USHRT_MAX, 6);
  buf.set(payload, 8);
  buf.writeUInt16LE(zkChecksum(buf), 2);
  return buf;
}

/** `50 50 82 7D`, u32 LE length, then the packet. */
export function withTcpTop(packet: Buffer): Buffer {
  const top = Buffer.alloc(8);
  TCP_TOP.copy(top, 0);
  top.writeUInt32LE(packet.length, 4);
  return Buffer.concat([top, packet]);
}

export function decodePacket(buf: Buffer): ZkPacket {
  if (buf.length < 8) throw new ZkProtocolError(`packet of ${buf.length} bytes is shorter than its 8-byte header`);
  return {
    command: buf.readUInt16LE(0),
    checksum: buf.readUInt16LE(2),
    sessionId: buf.readUInt16LE(4),
    replyId: buf.readUInt16LE(6),
    payload: buf.subarray(8),
  };
}

/** True when the checksum field matches the packet (0 and 0xFFFF are the same one's-complement value). */
export function checksumMatches(buf: Buffer): boolean {
  if (buf.length < 8) return false;
  const copy = Buffer.from(buf);
  const sent = copy.readUInt16LE(2);
  copy.writeUInt16LE(0, 2);
  return sent % USHRT_MAX === zkChecksum(copy) % USHRT_MAX;
}

export class ZkProtocolError extends Error {}

/**
 * Splits a TCP byte stream into packets: tolerant of packets split over reads
 * and of several packets in one read. Bytes before a TCP top are skipped.
 */
export class ZkTcpFramer {
  #pending: Buffer = Buffer.alloc(0);
  /** Largest packet accepted; a length beyond it means the stream is corrupt. */
  readonly #maxPacket: number;

  constructor(maxPacket = 1024 * 1024) {
    this.#maxPacket = maxPacket;
  }

  push(chunk: Buffer): Buffer[] {
    this.#pending = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    const packets: Buffer[] = [];
    for (;;) {
      const start = this.#pending.indexOf(TCP_TOP);
      if (start < 0) {
        // Keep the last 3 bytes: they may be the start of a top split across reads.
        this.#pending = this.#pending.subarray(Math.max(0, this.#pending.length - 3));
        return packets;
      }
      if (start > 0) this.#pending = this.#pending.subarray(start);
      if (this.#pending.length < 8) return packets;
      const length = this.#pending.readUInt32LE(4);
      if (length < 8 || length > this.#maxPacket) {
        // Not a real top: skip its first byte and look again.
        this.#pending = this.#pending.subarray(1);
        continue;
      }
      if (this.#pending.length < 8 + length) return packets;
      packets.push(Buffer.from(this.#pending.subarray(8, 8 + length)));
      this.#pending = this.#pending.subarray(8 + length);
    }
  }

  get buffered(): number {
    return this.#pending.length;
  }
}

/**
 * The scrambled comm key CMD_AUTH carries (zkemsdk's MakeKey): the key's 32
 * bits reversed, plus the session id, XORed with "ZKSO", halves swapped, then
 * XORed with the tick byte.
 */
export function makeCommKey(key: number, sessionId: number, ticks = 50): Buffer {
  let k = 0;
  for (let i = 0; i < 32; i++) k = ((k << 1) | ((key >>> i) & 1)) >>> 0;
  k = (k + sessionId) >>> 0;
  const b = Buffer.alloc(4);
  b.writeUInt32LE(k, 0);
  const x = [b[0]! ^ 0x5a, b[1]! ^ 0x4b, b[2]! ^ 0x53, b[3]! ^ 0x4f];
  // Swap the two 16-bit halves.
  const swapped = [x[2]!, x[3]!, x[0]!, x[1]!];
  const t = ticks & 0xff;
  return Buffer.from([swapped[0]! ^ t, swapped[1]! ^ t, t, swapped[3]! ^ t]);
}

/** Packs a device-local date-time the way the terminal stores it (zkemsdk EncodeTime). */
export function encodeZkTime(t: LocalDateTime): number {
  return ((t.year % 100) * 12 * 31 + (t.month - 1) * 31 + t.day - 1) * 86_400 + (t.hour * 60 + t.minute) * 60 + t.second;
}

/**
 * Unpacks a stored time. The packing gives every month 31 days, so the result
 * can be a date that does not exist (30 February): callers check it.
 */
export function decodeZkTime(packed: number): LocalDateTime {
  let t = packed;
  const second = t % 60;
  t = Math.floor(t / 60);
  const minute = t % 60;
  t = Math.floor(t / 60);
  const hour = t % 24;
  t = Math.floor(t / 24);
  const day = (t % 31) + 1;
  t = Math.floor(t / 31);
  const month = (t % 12) + 1;
  t = Math.floor(t / 12);
  return { year: t + 2000, month, day, hour, minute, second };
}

/** The 6-byte time of realtime events: year − 2000, month, day, hour, minute, second. */
export function decodeTimeHex(b: Buffer): LocalDateTime {
  if (b.length < 6) throw new ZkProtocolError('time field shorter than 6 bytes');
  return { year: 2000 + b[0]!, month: b[1]!, day: b[2]!, hour: b[3]!, minute: b[4]!, second: b[5]! };
}

export function encodeTimeHex(t: LocalDateTime): Buffer {
  return Buffer.from([t.year - 2000, t.month, t.day, t.hour, t.minute, t.second]);
}

/** One attendance record as the terminal stores it. */
export interface ZkRecord {
  /** The enrolment number ("user id" / PIN) as text, exactly as the terminal has it. */
  userId: string;
  /** The terminal's internal user slot (40- and 8-byte layouts); absent in the 16-byte one. */
  uid?: number;
  time: LocalDateTime;
  /** Punch state: 0 check-in, 1 check-out, 4/5 overtime in/out, 255 none. */
  state: number;
  /** Verification: 0 password, 1 fingerprint, 2 card, 15 face, … */
  verify: number;
  workCode?: number;
}

export const RECORD_SIZES = [40, 16, 8] as const;
export type RecordSize = (typeof RECORD_SIZES)[number];

function cString(b: Buffer): string {
  const end = b.indexOf(0);
  return b.subarray(0, end < 0 ? b.length : end).toString('latin1');
}

/** Decodes one record. The 8-byte layout carries only the internal uid: `uidToUserId` maps it. */
export function decodeRecord(b: Buffer, size: RecordSize, uidToUserId?: (uid: number) => string | undefined): ZkRecord {
  if (b.length < size) throw new ZkProtocolError(`record of ${b.length} bytes, expected ${size}`);
  if (size === 40) {
    // uid u16, user id char[24], verify u8, time u32, state u8, reserved[8]
    return {
      uid: b.readUInt16LE(0),
      userId: cString(b.subarray(2, 26)),
      verify: b[26]!,
      time: decodeZkTime(b.readUInt32LE(27)),
      state: b[31]!,
    };
  }
  if (size === 16) {
    // user id u32, time u32, verify u8, state u8, reserved u16, work code u32
    return {
      userId: String(b.readUInt32LE(0)),
      time: decodeZkTime(b.readUInt32LE(4)),
      verify: b[8]!,
      state: b[9]!,
      workCode: b.readUInt32LE(12),
    };
  }
  // uid u16, verify u8, time u32, state u8
  const uid = b.readUInt16LE(0);
  return { uid, userId: uidToUserId?.(uid) ?? String(uid), verify: b[2]!, time: decodeZkTime(b.readUInt32LE(3)), state: b[7]! };
}

/** Encodes one record (the emulator's side). `packedTime` overrides `time` to store dates that cannot exist. */
export function encodeRecord(r: ZkRecord & { packedTime?: number }, size: RecordSize): Buffer {
  const b = Buffer.alloc(size);
  const packed = r.packedTime ?? encodeZkTime(r.time);
  if (size === 40) {
    b.writeUInt16LE(r.uid ?? 0, 0);
    b.write(r.userId.slice(0, 23), 2, 'latin1');
    b[26] = r.verify;
    b.writeUInt32LE(packed, 27);
    b[31] = r.state;
  } else if (size === 16) {
    b.writeUInt32LE(Number(r.userId) >>> 0, 0);
    b.writeUInt32LE(packed, 4);
    b[8] = r.verify;
    b[9] = r.state;
    b.writeUInt32LE(r.workCode ?? 0, 12);
  } else {
    b.writeUInt16LE(r.uid ?? 0, 0);
    b[2] = r.verify;
    b.writeUInt32LE(packed, 3);
    b[7] = r.state;
  }
  return b;
}

/**
 * The record size of an attendance buffer, as pyzk decides it: total bytes
 * divided by the record count the terminal reported. A punch may land between
 * the count and the read, so when that is not exact the layout whose record
 * count is closest wins.
 */
export function recordSizeFor(totalBytes: number, reportedCount: number, known?: RecordSize): RecordSize | undefined {
  if (totalBytes === 0) return known;
  if (known && totalBytes % known === 0) return known;
  const fits = RECORD_SIZES.filter((s) => totalBytes % s === 0);
  if (fits.length === 0) return undefined;
  return fits.reduce((best, s) => (Math.abs(totalBytes / s - reportedCount) < Math.abs(totalBytes / best - reportedCount) ? s : best));
}

/**
 * Payload sizes of realtime attendance events (CMD_REG_EVENT with EF_ATTLOG),
 * as pyzk's live_capture reads them: older ZEM firmware sends 10 (user id
 * u16), 12 (u32) or 14 bytes (u16 + 4 reserved); TFT firmware a 24-byte text
 * user id with 32, 36 or 37 bytes; newer firmware 52 bytes per event (20
 * reserved), several events in one packet at times. Each carries verify u8,
 * state u8 and the 6-byte time after the user id.
 */
export const ATT_EVENT_LAYOUTS = [10, 12, 14, 32, 36, 37, 52] as const;
export type AttEventLayout = (typeof ATT_EVENT_LAYOUTS)[number];
const EXACT_EVENT_SIZES = new Set<number>([10, 12, 14, 32, 36, 37]);

function decodeAttEventAt(b: Buffer, layout: AttEventLayout): ZkRecord {
  if (layout === 10 || layout === 14) return { userId: String(b.readUInt16LE(0)), verify: b[2]!, state: b[3]!, time: decodeTimeHex(b.subarray(4, 10)) };
  if (layout === 12) return { userId: String(b.readUInt32LE(0)), verify: b[4]!, state: b[5]!, time: decodeTimeHex(b.subarray(6, 12)) };
  return { userId: cString(b.subarray(0, 24)), verify: b[24]!, state: b[25]!, time: decodeTimeHex(b.subarray(26, 32)) };
}

export interface AttEvents {
  records: ZkRecord[];
  /** What could not be read as an event, with why (a size no layout has, an implausible user id or time). */
  problems: string[];
}

/**
 * The events of a realtime attendance packet's payload. A layout is chosen by
 * the bytes left: an exact 10/12/14/32/36/37, else 52 while 52 or more remain.
 * An event whose user id or time is implausible is reported, not returned.
 */
export function decodeAttEvents(payload: Buffer, latest: LocalDateTime = latestPlausible(undefined)): AttEvents {
  const records: ZkRecord[] = [];
  const problems: string[] = [];
  let rest = payload;
  while (rest.length > 0) {
    const layout = (EXACT_EVENT_SIZES.has(rest.length) ? rest.length : rest.length >= 52 ? 52 : undefined) as AttEventLayout | undefined;
    if (layout === undefined) {
      problems.push(
        `${rest.length} bytes${records.length || problems.length ? ` left after ${payload.length - rest.length} bytes of events` : ''} match no realtime attendance layout (10, 12, 14, 32, 36, 37 or 52+ bytes)`,
      );
      break;
    }
    const record = decodeAttEventAt(rest.subarray(0, layout), layout);
    const problem = zkRecordProblem(record, latest);
    if (problem) problems.push(`a ${layout}-byte event: ${problem}`);
    else records.push(record);
    rest = rest.subarray(layout);
  }
  return { records, problems };
}

/** The first event of a payload (see decodeAttEvents), or undefined. */
export function decodeAttEvent(payload: Buffer): ZkRecord | undefined {
  return decodeAttEvents(payload).records[0];
}

/** Encodes one realtime event in a layout (the emulator's side). */
export function encodeAttEvent(r: ZkRecord, layout: AttEventLayout): Buffer {
  const b = Buffer.alloc(layout);
  if (layout === 10 || layout === 14) {
    b.writeUInt16LE(Number(r.userId) & 0xffff, 0);
    b[2] = r.verify;
    b[3] = r.state;
    encodeTimeHex(r.time).copy(b, 4);
  } else if (layout === 12) {
    b.writeUInt32LE(Number(r.userId) >>> 0, 0);
    b[4] = r.verify;
    b[5] = r.state;
    encodeTimeHex(r.time).copy(b, 6);
  } else {
    b.write(r.userId.slice(0, 23), 0, 'latin1');
    b[24] = r.verify;
    b[25] = r.state;
    encodeTimeHex(r.time).copy(b, 26);
  }
  return b;
}

/** Why a decoded record (log or event) cannot be a punch: its user id or its time, or undefined. */
export function zkRecordProblem(r: ZkRecord, latest: LocalDateTime): string | undefined {
  return userIdProblem(r.userId) ?? timeProblem(r.time, latest);
}

/** What CMD_GET_FREE_SIZES reports: 20 int32 fields (+ 3 for faces on newer firmware). */
export interface ZkSizes {
  users: number;
  fingers: number;
  records: number;
  cards: number;
  fingersCapacity: number;
  usersCapacity: number;
  recordsCapacity: number;
  faces: number;
  facesCapacity: number;
}

export function decodeSizes(payload: Buffer): ZkSizes {
  if (payload.length < 80) throw new ZkProtocolError(`free sizes reply of ${payload.length} bytes, expected at least 80`);
  const f = (i: number) => payload.readInt32LE(i * 4);
  const faces = payload.length >= 92 ? { faces: payload.readInt32LE(80), facesCapacity: payload.readInt32LE(88) } : { faces: 0, facesCapacity: 0 };
  return {
    users: f(4),
    fingers: f(6),
    records: f(8),
    cards: f(12),
    fingersCapacity: f(14),
    usersCapacity: f(15),
    recordsCapacity: f(16),
    ...faces,
  };
}

export function encodeSizes(s: ZkSizes): Buffer {
  const b = Buffer.alloc(92);
  const set = (i: number, v: number) => b.writeInt32LE(v, i * 4);
  set(4, s.users);
  set(6, s.fingers);
  set(8, s.records);
  set(12, s.cards);
  set(14, s.fingersCapacity);
  set(15, s.usersCapacity);
  set(16, s.recordsCapacity);
  set(17, s.fingersCapacity - s.fingers);
  set(18, s.usersCapacity - s.users);
  set(19, s.recordsCapacity - s.records);
  b.writeInt32LE(s.faces, 80);
  b.writeInt32LE(s.facesCapacity, 88);
  return b;
}

/** The value of a CMD_OPTIONS_RRQ reply: `~SerialNumber=ABC\0` → `ABC`. */
export function decodeOption(payload: Buffer): string {
  const text = cString(payload);
  const eq = text.indexOf('=');
  return eq < 0 ? '' : text.slice(eq + 1);
}

/** CMD_DATA_WRRQ's request: which table to prepare (`<bhii`: 1, command, fct, ext). */
export function encodeBufferedReadRequest(command: number, fct = 0, ext = 0): Buffer {
  const b = Buffer.alloc(11);
  b.writeInt8(1, 0);
  b.writeInt16LE(command, 1);
  b.writeInt32LE(fct, 3);
  b.writeInt32LE(ext, 7);
  return b;
}

export function decodeBufferedReadRequest(payload: Buffer): { command: number; fct: number } {
  if (payload.length < 3) throw new ZkProtocolError('buffered read request too short');
  return { command: payload.readInt16LE(1), fct: payload.length >= 7 ? payload.readInt32LE(3) : 0 };
}

/** A user of the terminal's table: the internal slot and the enrolment number. */
export interface ZkUser {
  uid: number;
  userId: string;
  name: string;
  privilege: number;
}

/** Decodes the user table (after its 4-byte size): 72-byte users (TCP firmware) or 28-byte (ZK6). */
export function decodeUsers(data: Buffer, size: 72 | 28): ZkUser[] {
  const users: ZkUser[] = [];
  for (let at = 0; at + size <= data.length; at += size) {
    const u = data.subarray(at, at + size);
    if (size === 72) {
      users.push({ uid: u.readUInt16LE(0), privilege: u[2]!, name: cString(u.subarray(11, 35)), userId: cString(u.subarray(48, 72)) });
    } else {
      users.push({ uid: u.readUInt16LE(0), privilege: u[2]!, name: cString(u.subarray(8, 16)), userId: String(u.readUInt32LE(24)) });
    }
  }
  return users;
}

export function encodeUser(u: ZkUser, size: 72 | 28): Buffer {
  const b = Buffer.alloc(size);
  b.writeUInt16LE(u.uid, 0);
  b[2] = u.privilege;
  if (size === 72) {
    b.write(u.name.slice(0, 23), 11, 'latin1');
    b.write(u.userId.slice(0, 23), 48, 'latin1');
  } else {
    b.write(u.name.slice(0, 7), 8, 'latin1');
    b.writeUInt32LE(Number(u.userId) >>> 0, 24);
  }
  return b;
}

/** A device-local time as the connector reasons about it. */
export type { LocalDateTime };
