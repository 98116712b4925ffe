/**
 * The decode tool for Anviz captures: a byte stream (TCP 5010 or a serial
 * line) of command and reply frames in any order, each told apart by its CRC;
 * noise and stray bytes are reported. Replies are read by their code: record
 * info (0xBC), record pages (0xC0), a pushed punch (0xDF), the clock (0xB8).
 */
import { STX, anvizCrc, decodeAnvizRecord, decodeClock, decodeRecordInfo, RECORD_SIZE, type AnvizRecord } from '../drivers/anviz-codec.ts';
import { formatLocal } from '../local-time.ts';
import { latestPlausible, timeProblem } from '../plausible.ts';
import { hex, type DecodedLine } from './input.ts';

interface Frame {
  direction: 'command' | 'reply';
  deviceId: number;
  code: number;
  result?: number;
  data: Buffer;
  length: number;
}

/** A frame starting at `at` whose CRC holds, as a reply or as a command; undefined if neither. */
function frameAt(stream: Buffer, at: number): Frame | undefined {
  for (const direction of ['reply', 'command'] as const) {
    const head = direction === 'reply' ? 9 : 8;
    if (stream.length - at < head + 2) continue;
    const length = stream.readUInt16BE(at + head - 2);
    const total = head + length + 2;
    if (stream.length - at < total) continue;
    const frame = stream.subarray(at, at + total);
    if (anvizCrc(frame.subarray(0, total - 2)) !== frame.readUInt16LE(total - 2)) continue;
    return {
      direction,
      deviceId: frame.readUInt32BE(1),
      code: frame[5]!,
      ...(direction === 'reply' ? { result: frame[6]! } : {}),
      data: frame.subarray(head, head + length),
      length: total,
    };
  }
  return undefined;
}

function recordLine(r: AnvizRecord, bytes: Buffer, latest: ReturnType<typeof latestPlausible>): DecodedLine {
  const problem = timeProblem(r.time, latest);
  if (problem) return { kind: 'refused', reason: `record cannot be a punch: ${problem}`, bytes: hex(bytes) };
  return { kind: 'punch', userCode: r.userCode, time: formatLocal(r.time), backupCode: r.backupCode, recordType: r.recordType, workCode: r.workCode };
}

function replyDetails(frame: Frame, latest: ReturnType<typeof latestPlausible>): { fields: Record<string, unknown>; lines: DecodedLine[] } {
  const command = frame.code & 0x7f;
  try {
    if (command === 0x3c && frame.data.length >= 18) return { fields: { ...decodeRecordInfo(frame.data) }, lines: [] };
    if (command === 0x38 && frame.data.length >= 6) return { fields: { clock: formatLocal(decodeClock(frame.data)) }, lines: [] };
    if (command === 0x5f && frame.data.length >= RECORD_SIZE) {
      const bytes = frame.data.subarray(0, RECORD_SIZE);
      return { fields: { pushed: true }, lines: [recordLine(decodeAnvizRecord(bytes), bytes, latest)] };
    }
    if (command === 0x40 && frame.data.length >= 1) {
      const count = frame.data[0]!;
      if (frame.data.length < 1 + count * RECORD_SIZE) return { fields: {}, lines: [{ kind: 'refused', reason: `a record page claims ${count} records in ${frame.data.length} bytes` }] };
      const lines = Array.from({ length: count }, (_, i) => {
        const bytes = frame.data.subarray(1 + i * RECORD_SIZE, 1 + (i + 1) * RECORD_SIZE);
        return recordLine(decodeAnvizRecord(bytes), bytes, latest);
      });
      return { fields: { records: count }, lines };
    }
  } catch (error) {
    return { fields: {}, lines: [{ kind: 'refused', reason: (error as Error).message }] };
  }
  return { fields: {}, lines: [] };
}

/** Every decoded line of an Anviz capture. */
export function decodeAnviz(chunks: Buffer[], now: Date = new Date()): DecodedLine[] {
  const latest = latestPlausible(undefined, now);
  const stream = Buffer.concat(chunks);
  const lines: DecodedLine[] = [];
  let at = 0;
  let noise = 0;
  let framed = 0;
  while (at < stream.length) {
    if (stream[at] !== STX) {
      noise++;
      at++;
      continue;
    }
    const frame = frameAt(stream, at);
    if (!frame) {
      // A frame cut short at the end, or an STX in noise.
      const rest = stream.subarray(at);
      if (rest.length < 11 || stream.indexOf(STX, at + 1) < 0) {
        lines.push({ kind: 'leftover', bytes: hex(rest), reason: `${rest.length} bytes at the end form no whole frame` });
        at = stream.length;
        break;
      }
      noise++;
      at++;
      continue;
    }
    framed++;
    const details = frame.direction === 'reply' ? replyDetails(frame, latest) : { fields: {}, lines: [] };
    lines.push({
      kind: 'frame',
      direction: frame.direction,
      deviceId: frame.deviceId,
      code: frame.code,
      command: frame.code & 0x7f,
      ...(frame.result !== undefined ? { result: frame.result } : {}),
      dataLength: frame.data.length,
      data: hex(frame.data),
      ...details.fields,
    });
    lines.push(...details.lines);
    at += frame.length;
  }
  if (noise) lines.push({ kind: 'skipped', bytes: noise, reason: 'bytes outside any frame with a valid CRC' });
  if (framed === 0 && stream.length > 0 && stream.length % RECORD_SIZE === 0) {
    // Bare records (no frame): 14 bytes each.
    lines.length = 0;
    for (let i = 0; i < stream.length; i += RECORD_SIZE) {
      const bytes = stream.subarray(i, i + RECORD_SIZE);
      lines.push(recordLine(decodeAnvizRecord(bytes), bytes, latest));
    }
  } else if (framed === 0) lines.push({ kind: 'refused', reason: `${stream.length} bytes hold no Anviz frame with a valid CRC and are not whole 14-byte records` });
  return lines;
}
