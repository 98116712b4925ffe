/**
 * Anviz terminal protocol (TC/T-series "communication protocol"), the same
 * framing over TCP 5010 and over RS-232/RS-485. Learned from Anviz's published
 * protocol and the MxLabs/Anviz SDK and benperiton/anviz-protocol captures;
 * written here, not copied.
 *
 * Command:  A5 | device id u32 BE | command | length u16 BE | data | CRC16 LE
 * Reply:    A5 | device id u32 BE | command + 0x80 | result | length u16 BE | data | CRC16 LE
 */
import type { LocalDateTime } from '../local-time.ts';

export const STX = 0xa5;
export const ANVIZ = {
  GET_INFO: 0x30,
  GET_SN: 0x24,
  GET_CLOCK: 0x38,
  SET_CLOCK: 0x39,
  GET_RECORD_INFO: 0x3c,
  GET_RECORDS: 0x40,
  GET_DEVICE_ID: 0x46,
  GET_DEVICE_TYPE: 0x48,
  CLEAR_RECORDS: 0x4e,
} as const;

/** Result byte of a reply. */
export const ANVIZ_RESULT = { SUCCESS: 0x00, FAIL: 0x01, FULL: 0x04, EMPTY: 0x05, NO_USER: 0x06, TIME_OUT: 0x08 } as const;

/** GET_RECORDS's first byte: the first page of all records, of new ones, or the next page. */
export const RECORDS_ALL = 0x01;
export const RECORDS_NEW = 0x02;
export const RECORDS_NEXT = 0x00;
/** Records per GET_RECORDS reply at most. */
export const RECORDS_PER_PAGE = 25;
export const RECORD_SIZE = 14;

// CRC-16 with the reflected polynomial 0x8408, initial value 0xFFFF, no final XOR.
const CRC_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x8408 : c >>> 1;
    table[n] = c;
  }
  return table;
})();

export function anvizCrc(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) crc = (crc >>> 8) ^ CRC_TABLE[(crc ^ byte) & 0xff]!;
  return crc & 0xffff;
}

export class AnvizProtocolError extends Error {}

function withCrc(body: Buffer): Buffer {
  const crc = anvizCrc(body);
  return Buffer.concat([body, Buffer.from([crc & 0xff, crc >>> 8])]);
}

export function encodeCommand(deviceId: number, command: number, data: Uint8Array = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(8);
  head[0] = STX;
  head.writeUInt32BE(deviceId >>> 0, 1);
  head[5] = command;
  head.writeUInt16BE(data.length, 6);
  return withCrc(Buffer.concat([head, data]));
}

export function encodeReply(deviceId: number, command: number, result: number, data: Uint8Array = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(9);
  head[0] = STX;
  head.writeUInt32BE(deviceId >>> 0, 1);
  head[5] = (command | 0x80) & 0xff;
  head[6] = result;
  head.writeUInt16BE(data.length, 7);
  return withCrc(Buffer.concat([head, data]));
}

export interface AnvizFrame {
  deviceId: number;
  /** The command byte (replies: command + 0x80). */
  code: number;
  /** Replies only. */
  result?: number;
  data: Buffer;
}

/**
 * Splits a byte stream (a TCP socket or a serial line) into frames. `kind`
 * says which side's frames to expect: commands carry no result byte. Frames
 * with a bad CRC are dropped (a serial line has noise); noise before an STX
 * is skipped.
 */
export class AnvizFramer {
  #pending: Buffer = Buffer.alloc(0);
  readonly #headLength: number;
  /** CRC failures seen, for diagnostics. */
  badFrames = 0;

  constructor(readonly kind: 'command' | 'reply') {
    this.#headLength = kind === 'command' ? 8 : 9;
  }

  push(chunk: Buffer): AnvizFrame[] {
    this.#pending = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    const frames: AnvizFrame[] = [];
    for (;;) {
      const start = this.#pending.indexOf(STX);
      if (start < 0) {
        this.#pending = Buffer.alloc(0);
        return frames;
      }
      if (start > 0) this.#pending = this.#pending.subarray(start);
      if (this.#pending.length < this.#headLength) return frames;
      const length = this.#pending.readUInt16BE(this.#headLength - 2);
      const total = this.#headLength + length + 2;
      if (this.#pending.length < total) {
        // A bogus length could stall the stream: cap what a frame may claim.
        if (length > 4096) {
          this.#pending = this.#pending.subarray(1);
          this.badFrames++;
          continue;
        }
        return frames;
      }
      const frame = this.#pending.subarray(0, total);
      const crc = frame.readUInt16LE(total - 2);
      if (anvizCrc(frame.subarray(0, total - 2)) !== crc) {
        this.badFrames++;
        this.#pending = this.#pending.subarray(1);
        continue;
      }
      this.#pending = this.#pending.subarray(total);
      frames.push({
        deviceId: frame.readUInt32BE(1),
        code: frame[5]!,
        ...(this.kind === 'reply' ? { result: frame[6]! } : {}),
        data: Buffer.from(frame.subarray(this.#headLength, this.#headLength + length)),
      });
    }
  }
}

/** Records count their seconds from 2000-01-02 00:00:00 device-local (not 01-01, whatever the manual says). */
const RECORD_EPOCH_MS = Date.UTC(2000, 0, 2);

export function decodeRecordTime(seconds: number): LocalDateTime {
  const d = new Date(RECORD_EPOCH_MS + seconds * 1000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

export function encodeRecordTime(t: LocalDateTime): number {
  return Math.round((Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - RECORD_EPOCH_MS) / 1000);
}

export interface AnvizRecord {
  /** The enrolment number (5 bytes, numeric). */
  userCode: number;
  time: LocalDateTime;
  /** How the person verified (fingerprint 1/2, password, card…), as the terminal codes it. */
  backupCode: number;
  /** Attendance state (in, out, break…); 255 when none. */
  recordType: number;
  workCode: number;
}

function readUIntBE(b: Buffer, offset: number, bytes: number): number {
  let v = 0;
  for (let i = 0; i < bytes; i++) v = v * 256 + b[offset + i]!;
  return v;
}

function writeUIntBE(b: Buffer, offset: number, bytes: number, value: number): void {
  let v = value;
  for (let i = bytes - 1; i >= 0; i--) {
    b[offset + i] = v % 256;
    v = Math.floor(v / 256);
  }
}

export function decodeAnvizRecord(b: Buffer): AnvizRecord {
  if (b.length < RECORD_SIZE) throw new AnvizProtocolError(`record of ${b.length} bytes, expected ${RECORD_SIZE}`);
  return {
    userCode: readUIntBE(b, 0, 5),
    time: decodeRecordTime(b.readUInt32BE(5)),
    backupCode: b[9]!,
    recordType: b[10]!,
    workCode: readUIntBE(b, 11, 3),
  };
}

export function encodeAnvizRecord(r: AnvizRecord): Buffer {
  const b = Buffer.alloc(RECORD_SIZE);
  writeUIntBE(b, 0, 5, r.userCode);
  b.writeUInt32BE(encodeRecordTime(r.time) >>> 0, 5);
  b[9] = r.backupCode;
  b[10] = r.recordType;
  writeUIntBE(b, 11, 3, r.workCode);
  return b;
}

/** A GET_RECORDS reply: a count byte, then that many 14-byte records. */
export function decodeRecordPage(data: Buffer): AnvizRecord[] {
  if (data.length < 1) throw new AnvizProtocolError('empty record page');
  const count = data[0]!;
  if (data.length < 1 + count * RECORD_SIZE) throw new AnvizProtocolError(`record page claims ${count} records in ${data.length} bytes`);
  return Array.from({ length: count }, (_, i) => decodeAnvizRecord(data.subarray(1 + i * RECORD_SIZE, 1 + (i + 1) * RECORD_SIZE)));
}

export function encodeRecordPage(records: AnvizRecord[]): Buffer {
  return Buffer.concat([Buffer.from([records.length]), ...records.map(encodeAnvizRecord)]);
}

export function encodeRecordsRequest(kind: number, amount: number): Buffer {
  return Buffer.from([kind, Math.min(Math.max(amount, 1), RECORDS_PER_PAGE)]);
}

/** GET_RECORD_INFO: users, fingerprints, passwords, cards, all records, new records (3 bytes BE each). */
export interface AnvizRecordInfo {
  users: number;
  fingerprints: number;
  passwords: number;
  cards: number;
  allRecords: number;
  newRecords: number;
}

export function decodeRecordInfo(data: Buffer): AnvizRecordInfo {
  if (data.length < 18) throw new AnvizProtocolError(`record info of ${data.length} bytes, expected 18`);
  const at = (i: number) => readUIntBE(data, i * 3, 3);
  return { users: at(0), fingerprints: at(1), passwords: at(2), cards: at(3), allRecords: at(4), newRecords: at(5) };
}

export function encodeRecordInfo(info: AnvizRecordInfo): Buffer {
  const b = Buffer.alloc(18);
  [info.users, info.fingerprints, info.passwords, info.cards, info.allRecords, info.newRecords].forEach((v, i) => writeUIntBE(b, i * 3, 3, v));
  return b;
}

/** GET_CLOCK / SET_CLOCK: year − 2000, month, day, hour, minute, second. */
export function decodeClock(data: Buffer): LocalDateTime {
  if (data.length < 6) throw new AnvizProtocolError('clock reply shorter than 6 bytes');
  return { year: 2000 + data[0]!, month: data[1]!, day: data[2]!, hour: data[3]!, minute: data[4]!, second: data[5]! };
}

export function encodeClock(t: LocalDateTime): Buffer {
  return Buffer.from([t.year - 2000, t.month, t.day, t.hour, t.minute, t.second]);
}

/** Printable ASCII of a text reply (serial number, device type). */
export function decodeText(data: Buffer): string {
  return data.toString('latin1').replace(/[^\x20-\x7e]/g, '').trim();
}
