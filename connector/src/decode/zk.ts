/**
 * The decode tool for ZK captures: TCP streams (packets behind `50 50 82 7D`
 * tops, split or coalesced any way), UDP datagrams, or bare data (a record,
 * an event payload). Requests and replies are paired by reply id, so a
 * table read (ATTLOG_RRQ, or a buffered read and its chunks) is decoded as a
 * whole; a reply seen without its request is read by its shape and marked
 * `guess`. Records and events are checked for plausibility like the driver
 * does: what cannot be a punch is refused with the reason.
 */
import {
  CMD,
  EF_ATTLOG,
  RECORD_SIZES,
  TCP_TOP,
  checksumMatches,
  decodeAttEvents,
  decodeBufferedReadRequest,
  decodePacket,
  decodeRecord,
  decodeSizes,
  decodeUsers,
  decodeZkTime,
  zkRecordProblem,
  type RecordSize,
  type ZkPacket,
  type ZkRecord,
} from '../drivers/zk-codec.ts';
import { zkVerifyName } from '../drivers/zk.ts';
import { formatLocal, type LocalDateTime } from '../local-time.ts';
import { latestPlausible, userIdProblem } from '../plausible.ts';
import { hex, type DecodedLine } from './input.ts';

const NAMES = new Map<number, string>(Object.entries(CMD).map(([name, code]) => [code, name]));

interface Context {
  latest: LocalDateTime;
  /** Reply id → the request's command (and the table a buffered read asked for). */
  requests: Map<number, { command: number; table?: number }>;
  /** Records the terminal reported (GET_FREE_SIZES), when the capture shows it. */
  recordCount?: number;
  /** A table being read: its command and its bytes so far. */
  table?: { command: number; parts: Buffer[]; ownSize: boolean };
}

function punchLine(r: ZkRecord, from: 'log' | 'realtime', extra: Record<string, unknown> = {}): DecodedLine {
  return {
    kind: 'punch',
    from,
    userId: r.userId,
    time: formatLocal(r.time),
    state: r.state,
    verify: r.verify,
    verifyName: zkVerifyName(r.verify),
    ...(r.uid !== undefined ? { uid: r.uid } : {}),
    ...(r.workCode !== undefined ? { workCode: r.workCode } : {}),
    ...extra,
  };
}

/** The records of an attendance table's data, in the layout that fits, or a refusal. */
function attendanceRecords(data: Buffer, latest: LocalDateTime, reportedCount?: number): DecodedLine[] {
  const fits = RECORD_SIZES.filter((s) => data.length > 0 && data.length % s === 0);
  const tried: string[] = [];
  for (const size of fits) {
    const n = data.length / size;
    if (reportedCount !== undefined && Math.abs(n - reportedCount) > Math.max(16, Math.ceil(reportedCount * 0.05))) {
      tried.push(`as ${size}-byte records it holds ${n}, not the ${reportedCount} reported`);
      continue;
    }
    const records = Array.from({ length: n }, (_, i) => data.subarray(i * size, (i + 1) * size));
    const decoded = records.map((b) => decodeRecord(b, size as RecordSize));
    const problems = decoded.map((r) => zkRecordProblem(r, latest));
    const bad = problems.filter(Boolean).length;
    if (bad * 2 > Math.min(n, 50)) {
      tried.push(`as ${size}-byte records ${bad} of ${n} are implausible (${problems.filter(Boolean).slice(0, 2).join('; ')})`);
      continue;
    }
    // Without the terminal's record count, a layout is also judged by order: a log is appended in time, so
    // times that mostly run backwards are bytes of another layout.
    const backwards = decoded.slice(1).filter((r, i) => formatLocal(r.time) < formatLocal(decoded[i]!.time)).length;
    if (reportedCount === undefined && n >= 3 && backwards * 2 > n - 1) {
      tried.push(`as ${size}-byte records their times run backwards in ${backwards} of ${n - 1} steps, which a log does not`);
      continue;
    }
    return decoded.map((r, i) =>
      problems[i]
        ? { kind: 'refused', reason: `record ${i + 1} (${size} bytes) cannot be a punch: ${problems[i]}`, bytes: hex(records[i]!) }
        : punchLine(r, 'log', { layout: size, packedTime: records[i]!.readUInt32LE(size === 40 ? 27 : size === 16 ? 4 : 3) }),
    );
  }
  return [
    {
      kind: 'refused',
      reason: `a ${data.length}-byte attendance block matches no record layout${tried.length ? `: ${tried.join('; ')}` : ' (not a whole number of 40-, 16- or 8-byte records)'}; nothing of it is a punch`,
      blockBytes: data.length,
      bytes: hex(data.subarray(0, 4096)),
    },
  ];
}

function userLines(data: Buffer): DecodedLine[] | undefined {
  for (const size of [72, 28] as const) {
    if (data.length === 0 || data.length % size !== 0) continue;
    const users = decodeUsers(data, size);
    if (users.every((u) => !userIdProblem(u.userId) && /^[\x20-\x7e]*$/.test(u.name))) {
      return users.map((u, index) => ({ kind: 'user', index, layout: size, uid: u.uid, userId: u.userId, name: u.name, privilege: u.privilege }));
    }
  }
  return undefined;
}

/** A finished table read: the 4-byte size, then records or users. */
function tableLines(command: number | undefined, bytes: Buffer, ctx: Context): DecodedLine[] {
  if (bytes.length < 4) return [{ kind: 'refused', reason: `a table of ${bytes.length} bytes has no size` }];
  const size = bytes.readUInt32LE(0);
  const data = bytes.subarray(4, 4 + size);
  const head: DecodedLine = { kind: 'table', table: command === CMD.USERTEMP_RRQ ? 'users' : command === CMD.ATTLOG_RRQ ? 'attendance' : 'unknown', bytes: size, ...(data.length < size ? { captured: data.length } : {}) };
  if (command === CMD.ATTLOG_RRQ) return [head, ...attendanceRecords(data, ctx.latest, ctx.recordCount)];
  if (command === CMD.USERTEMP_RRQ) return [head, ...(userLines(data) ?? [{ kind: 'refused', reason: `a ${data.length}-byte user table matches neither the 72- nor the 28-byte layout` }])];
  // No request seen: whichever reading is plausible.
  const users = userLines(data);
  if (users) return [{ ...head, table: 'users', guess: true }, ...users];
  return [{ ...head, table: 'attendance', guess: true }, ...attendanceRecords(data, ctx.latest, ctx.recordCount)];
}

function finishTable(ctx: Context): DecodedLine[] {
  const table = ctx.table;
  ctx.table = undefined;
  if (!table || table.parts.length === 0) return [];
  return tableLines(table.command, Buffer.concat(table.parts), ctx);
}

/** A reply without its request, read by its shape. */
function guessReply(p: ZkPacket, ctx: Context): DecodedLine[] {
  const text = p.payload.toString('latin1').replace(/\0+$/, '');
  if (p.payload.length >= 80 && p.payload.length <= 100) {
    const sizes = decodeSizes(p.payload);
    ctx.recordCount = sizes.records;
    return [{ kind: 'sizes', guess: true, ...sizes }];
  }
  if (/^[\x20-\x7e]+=[\x20-\x7e]*$/.test(text)) return [{ kind: 'option', guess: true, name: text.slice(0, text.indexOf('=')), value: text.slice(text.indexOf('=') + 1) }];
  if (/^Ver [\x20-\x7e]+$/.test(text)) return [{ kind: 'firmware', guess: true, version: text }];
  return [];
}

/** What a reply says, given the request it answers (when the capture has it). */
function replyLines(p: ZkPacket, ctx: Context): DecodedLine[] {
  const request = ctx.requests.get(p.replyId);
  if (p.command === CMD.PREPARE_DATA) {
    return [{ kind: 'prepare-data', bytes: p.payload.length >= 4 ? p.payload.readUInt32LE(0) : null }];
  }
  if (p.command === CMD.DATA) {
    // Inline table data (or a chunk of one): kept until the read ends.
    if (!ctx.table) ctx.table = { command: request?.table ?? request?.command ?? 0, parts: [], ownSize: true };
    ctx.table.parts.push(p.payload);
    return [];
  }
  if (p.command !== CMD.ACK_OK || p.payload.length === 0) return [];
  switch (request?.command) {
    case CMD.GET_FREE_SIZES: {
      const sizes = decodeSizes(p.payload);
      ctx.recordCount = sizes.records;
      return [{ kind: 'sizes', ...sizes }];
    }
    case CMD.GET_TIME:
      return [{ kind: 'clock', time: formatLocal(decodeZkTime(p.payload.readUInt32LE(0))) }];
    case CMD.OPTIONS_RRQ: {
      const text = p.payload.toString('latin1').replace(/\0.*$/s, '');
      return [{ kind: 'option', name: text.slice(0, text.indexOf('=')), value: text.slice(text.indexOf('=') + 1) }];
    }
    case CMD.GET_VERSION:
      return [{ kind: 'firmware', version: p.payload.toString('latin1').replace(/\0.*$/s, '') }];
    case CMD.DATA_WRRQ:
      return [{ kind: 'buffered-read', bytes: p.payload.length >= 5 ? p.payload.readUInt32LE(1) : null }];
    case undefined:
      return guessReply(p, ctx);
    default:
      return [];
  }
}

function packetLines(raw: Buffer, ctx: Context, extra: Record<string, unknown> = {}): DecodedLine[] {
  const p = decodePacket(raw);
  const name = NAMES.get(p.command) ?? `command ${p.command}`;
  const lines: DecodedLine[] = [
    { kind: 'packet', command: p.command, name, sessionId: p.sessionId, replyId: p.replyId, checksumValid: checksumMatches(raw), payloadBytes: p.payload.length, ...extra },
  ];
  if (p.command === CMD.REG_EVENT) {
    if ((p.sessionId & EF_ATTLOG) === 0) return lines;
    const { records, problems } = decodeAttEvents(p.payload, ctx.latest);
    lines.push(...records.map((r) => punchLine(r, 'realtime')), ...problems.map((reason) => ({ kind: 'refused', reason: `realtime attendance event not understood: ${reason}`, bytes: hex(p.payload) })));
    return lines;
  }
  const isReply = p.command >= 2000 || p.command === CMD.DATA || p.command === CMD.PREPARE_DATA;
  if (!isReply) {
    // A request: a new table read ends the last one.
    if (p.command === CMD.ATTLOG_RRQ || p.command === CMD.DATA_WRRQ || p.command === CMD.FREE_DATA || p.command === CMD.EXIT) lines.push(...finishTable(ctx));
    const table = p.command === CMD.DATA_WRRQ && p.payload.length >= 3 ? decodeBufferedReadRequest(p.payload).command : p.command === CMD.ATTLOG_RRQ ? CMD.ATTLOG_RRQ : undefined;
    ctx.requests.set(p.replyId, { command: p.command, ...(table !== undefined ? { table } : {}) });
    if (table !== undefined) ctx.table = { command: table, parts: [], ownSize: true };
    return lines;
  }
  lines.push(...replyLines(p, ctx));
  return lines;
}

/** Packets of a TCP stream, and what is left at its end (a capture cut short). */
function tcpPackets(stream: Buffer): { packets: Buffer[]; skipped: number; rest: Buffer } {
  const packets: Buffer[] = [];
  let skipped = 0;
  let at = 0;
  for (;;) {
    const start = stream.indexOf(TCP_TOP, at);
    if (start < 0) {
      skipped += stream.length - at;
      return { packets, skipped, rest: Buffer.alloc(0) };
    }
    skipped += start - at;
    if (stream.length - start < 8) return { packets, skipped, rest: stream.subarray(start) };
    const length = stream.readUInt32LE(start + 4);
    if (length < 8) {
      at = start + 1;
      skipped++;
      continue;
    }
    if (stream.length - start - 8 < length) return { packets, skipped, rest: stream.subarray(start) };
    packets.push(stream.subarray(start + 8, start + 8 + length));
    at = start + 8 + length;
  }
}

/** Bare bytes (no packet): a record, a table, or an event payload, whichever is plausible. */
function bareLines(data: Buffer, ctx: Context): DecodedLine[] {
  const records = attendanceRecords(data, ctx.latest, ctx.recordCount);
  if (records.some((l) => l.kind === 'punch')) return [{ kind: 'data', bytes: data.length, read: 'attendance records', guess: true }, ...records];
  const events = decodeAttEvents(data, ctx.latest);
  if (events.records.length && events.problems.length === 0) return [{ kind: 'data', bytes: data.length, read: 'realtime event payload', guess: true }, ...events.records.map((r) => punchLine(r, 'realtime'))];
  if (data.length >= 4 && data.readUInt32LE(0) === data.length - 4) return tableLines(undefined, data, ctx);
  return [{ kind: 'refused', reason: `${data.length} bytes without a packet header read as no record, table or event`, bytes: hex(data.subarray(0, 256)) }];
}

/** Every decoded line of a ZK capture. */
export function decodeZk(chunks: Buffer[], now: Date = new Date()): DecodedLine[] {
  const ctx: Context = { latest: latestPlausible(undefined, now), requests: new Map() };
  const stream = Buffer.concat(chunks);
  const lines: DecodedLine[] = [];
  if (stream.includes(TCP_TOP)) {
    const { packets, skipped, rest } = tcpPackets(stream);
    if (skipped) lines.push({ kind: 'skipped', bytes: skipped, reason: 'bytes outside any packet' });
    for (const packet of packets) lines.push(...packetLines(packet, ctx));
    if (rest.length) {
      const declared = rest.length >= 8 ? rest.readUInt32LE(4) : null;
      lines.push({ kind: 'truncated', reason: `the capture ends inside a packet${declared !== null ? ` that declares ${declared} bytes` : ''}: ${rest.length - 8} captured; decoded as far as it goes`, declared, captured: Math.max(0, rest.length - 8) });
      if (rest.length >= 16) lines.push(...packetLines(rest.subarray(8), ctx, { truncated: true }));
    }
  } else {
    for (const chunk of chunks) {
      if (chunk.length >= 8 && checksumMatches(chunk)) lines.push(...packetLines(chunk, ctx, { transport: 'udp' }));
      else lines.push(...bareLines(chunk, ctx));
    }
  }
  lines.push(...finishTable(ctx));
  return lines;
}

