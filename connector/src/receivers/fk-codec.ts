/**
 * FK-family "log server" push, pure parts. The terminal connects over TCP and
 * sends NUL-terminated XML `<Message>`s: `TimeLog` / `TimeLog_v2` (a punch),
 * `AdminLog` / `AdminLog_v2` (an administrative event), `KeepAlive`. The
 * server acknowledges a log with `<Response>UploadedLog</Response>` and its
 * `TransID`; the terminal resends what was not acknowledged. The spec's
 * ingest field names (TransID, AttendStat, DeviceUID…) come from this family.
 */
import type { LocalDateTime } from '../local-time.ts';
import { parseLocal } from '../local-time.ts';

/** Splits the stream into messages: NUL-terminated, or complete `<Message>…</Message>` when a firmware omits the NUL. */
export class FkFramer {
  #pending = '';
  readonly #maxLength: number;

  constructor(maxLength = 4 * 1024 * 1024) {
    this.#maxLength = maxLength;
  }

  push(chunk: Buffer): string[] {
    this.#pending += chunk.toString('utf8');
    const messages: string[] = [];
    for (;;) {
      const nul = this.#pending.indexOf('\0');
      const close = this.#pending.indexOf('</Message>');
      let end: number;
      let skip: number;
      if (nul >= 0 && (close < 0 || nul <= close + '</Message>'.length)) {
        end = nul;
        skip = 1;
      } else if (close >= 0) {
        end = close + '</Message>'.length;
        skip = 0;
      } else {
        if (this.#pending.length > this.#maxLength) throw new Error(`an FK message exceeded ${this.#maxLength} bytes`);
        return messages;
      }
      const text = this.#pending.slice(0, end).trim();
      this.#pending = this.#pending.slice(end + skip);
      if (text) messages.push(text);
    }
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? '';
  });
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The flat fields of one `<Message>`: tag → text. Throws when it is not a Message. */
export function parseFkMessage(xml: string): Map<string, string> {
  const body = /<Message>([\s\S]*)<\/Message>/.exec(xml);
  if (!body) throw new Error('not an XML <Message>');
  const fields = new Map<string, string>();
  const tag = /<([A-Za-z_][\w.-]*)>([\s\S]*?)<\/\1>/g;
  for (let m = tag.exec(body[1]!); m; m = tag.exec(body[1]!)) fields.set(m[1]!, unescapeXml(m[2]!.trim()));
  return fields;
}

export type FkKind = 'TimeLog' | 'AdminLog' | 'KeepAlive' | 'Other';

/** What a message is: `<Request>` (classic) or `<Event>` (newer firmware), `_v2` variants included. */
export function fkKind(fields: Map<string, string>): FkKind {
  const name = (fields.get('Request') ?? fields.get('Event') ?? '').replace(/_v\d+$/i, '');
  return name === 'TimeLog' || name === 'AdminLog' || name === 'KeepAlive' ? name : 'Other';
}

/** The wall time of a log: Year/Month/Day/Hour/Minute/Second fields, or a `<Time>` text. */
export function fkTime(fields: Map<string, string>): LocalDateTime | undefined {
  const year = fields.get('Year');
  if (year !== undefined) {
    const n = (k: string) => Number(fields.get(k) ?? 'NaN');
    const t = { year: n('Year'), month: n('Month'), day: n('Day'), hour: n('Hour'), minute: n('Minute'), second: Number(fields.get('Second') ?? 0) };
    return Object.values(t).every(Number.isInteger) ? t : undefined;
  }
  const text = fields.get('Time');
  // e.g. `2026-11-21-T09:02:17Z` or `2026-11-21 09:02:17`; the Z is decoration, the clock has no zone.
  return text ? parseLocal(text.replace(/-?T/, ' ').replace(/Z$/i, '')) : undefined;
}

export function fkInt(fields: Map<string, string>, name: string): number | undefined {
  const text = fields.get(name);
  if (text === undefined || !/^-?\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A photo when the terminal attached one (`<Photo>No</Photo>` means none). */
export function fkPhoto(fields: Map<string, string>): string | undefined {
  const photo = (fields.get('Photo') ?? fields.get('LogImage') ?? '').replace(/\s+/g, '');
  return photo.length > 16 && /^[A-Za-z0-9+/]+=*$/.test(photo) ? photo : undefined;
}

function message(lines: string[]): Buffer {
  return Buffer.from(`<?xml version="1.0"?>\r\n<Message>\r\n${lines.join('\r\n')}\r\n</Message>\0`, 'utf8');
}

/** The acknowledgement a terminal waits for before it forgets a log. */
export function uploadedLogAck(transId: string): Buffer {
  return message(['<Response>UploadedLog</Response>', `<TransID>${escapeXml(transId)}</TransID>`]);
}

export function keepAliveReply(serverTime: string): Buffer {
  return message(['<Response>KeepAlive</Response>', '<Result>OK</Result>', `<DevTime>${escapeXml(serverTime)}</DevTime>`]);
}

/** Builds a terminal-side message (the emulator's and tests' side). */
export function fkMessage(fields: [string, string | number][]): Buffer {
  return message(fields.map(([k, v]) => `<${k}>${escapeXml(String(v))}</${k}>`));
}
