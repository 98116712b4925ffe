/**
 * FK-family "log server" push, pure parts. The terminal connects over TCP and
 * sends NUL-terminated XML `<Message>`s named by `<Event>` (older emulators and
 * some firmware: `<Request>`): `TimeLog` / `TimeLog_v2` (a punch), `AdminLog` /
 * `AdminLog_v2` (an administrative event), `Alarm`, `KeepAlive`. The spec's
 * ingest field names (TransID, AttendStat, DeviceUID…) come from this family.
 *
 * Acknowledgements are written exactly as the vendor's reference log server
 * (BioFace SDK, `LogServer` sample, Terminal.cs ProcMessage) writes them:
 * `<?xml version="1.0"?><Message><Request>UploadedLog</Request><TransID>N</TransID></Message>`
 * and one NUL byte for a TimeLog / AdminLog / Alarm, `<Request>KeptAlive</Request>`
 * for a KeepAlive. Hardware write-ups (M61, A30C) report that replies using
 * `<Response>` were ignored and the terminal resent the same TransID forever.
 * The `_v2` events of newer firmware are answered as the vendor's v2 server
 * does: `<Response>TimeLog_v2</Response><Result>OK</Result><TransID>N</TransID>`.
 */
import { StringDecoder } from 'node:string_decoder';
import type { LocalDateTime } from '../local-time.ts';
import { parseLocal } from '../local-time.ts';

/** Splits the stream into messages: NUL-terminated, or complete `<Message>…</Message>` when a firmware omits the NUL. */
export class FkFramer {
  #pending = '';
  readonly #maxLength: number;
  /** A character split across two reads is decoded whole. */
  readonly #decoder = new StringDecoder('utf8');

  constructor(maxLength = 4 * 1024 * 1024) {
    this.#maxLength = maxLength;
  }

  push(chunk: Buffer): string[] {
    this.#pending += this.#decoder.write(chunk);
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

export type FkKind = 'TimeLog' | 'AdminLog' | 'Alarm' | 'KeepAlive' | 'Other';

/** The message's name as the terminal sent it (`<Event>`, else `<Request>`), e.g. `TimeLog_v2`. */
export function fkEventName(fields: Map<string, string>): string {
  return (fields.get('Event') ?? fields.get('Request') ?? '').trim();
}

/** Whether the message is a `_v2` event (newer firmware), answered in the v2 form. */
export function fkIsV2(fields: Map<string, string>): boolean {
  return /_v\d+$/i.test(fkEventName(fields));
}

/** What a message is, `_v2` variants included. */
export function fkKind(fields: Map<string, string>): FkKind {
  const name = fkEventName(fields).replace(/_v\d+$/i, '');
  return name === 'TimeLog' || name === 'AdminLog' || name === 'Alarm' || name === 'KeepAlive' ? name : 'Other';
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

/** A server reply as the vendor's log server writes it: one line, no line breaks, one NUL. */
function vendorReply(inner: string): Buffer {
  return Buffer.from(`<?xml version="1.0"?><Message>${inner}</Message>\0`, 'utf8');
}

/**
 * The TransID the vendor's server echoes. A message without one gets what the
 * vendor's server sends then (its "invalid" value, 0xFFFFFFFF, printed).
 */
function echoedTransId(transId: string | undefined): string {
  return transId === undefined || transId === '' ? '4294967295' : transId;
}

/** The acknowledgement a terminal waits for before it forgets a log (TimeLog, AdminLog, Alarm). */
export function uploadedLogAck(transId: string | undefined): Buffer {
  return vendorReply(`<Request>UploadedLog</Request><TransID>${escapeXml(echoedTransId(transId))}</TransID>`);
}

/** The answer to a KeepAlive. */
export function keptAliveReply(transId: string | undefined): Buffer {
  return vendorReply(`<Request>KeptAlive</Request><TransID>${escapeXml(echoedTransId(transId))}</TransID>`);
}

/** The acknowledgement of a `_v2` event (`TimeLog_v2`, `AdminLog_v2`): its name echoed, `OK`, its TransID. */
export function v2Ack(eventName: string, transId: string | undefined): Buffer {
  return vendorReply(`<Response>${escapeXml(eventName)}</Response><Result>OK</Result><TransID>${escapeXml(echoedTransId(transId))}</TransID>`);
}

/** The acknowledgement for a message, as the vendor's servers answer it; undefined for a message that gets none. */
export function fkAckFor(fields: Map<string, string>): Buffer | undefined {
  const kind = fkKind(fields);
  const transId = fields.get('TransID');
  if (kind === 'KeepAlive') return keptAliveReply(transId);
  if (kind === 'Other') return undefined;
  return fkIsV2(fields) ? v2Ack(fkEventName(fields), transId) : uploadedLogAck(transId);
}

/** A server's reply to a terminal, read in either form: the vendor's `<Request>` form, or the `<Response>` form. */
export interface FkReply {
  /** `Request`: the vendor form classic terminals act on; `Response`: the form they ignore (v2 events use it with `Result`). */
  tag: 'Request' | 'Response';
  /** `UploadedLog`, `KeptAlive`, `TimeLog_v2`, `KeepAlive`, … */
  value: string;
  transId?: string;
  result?: string;
}

/** Reads a server reply (either form); undefined when the message is not one. */
export function parseFkReply(fields: Map<string, string>): FkReply | undefined {
  const request = fields.get('Request');
  const response = fields.get('Response');
  const transId = fields.get('TransID');
  const result = fields.get('Result');
  const extra = { ...(transId !== undefined ? { transId } : {}), ...(result !== undefined ? { result } : {}) };
  if (request === 'UploadedLog' || request === 'KeptAlive') return { tag: 'Request', value: request, ...extra };
  if (response !== undefined) return { tag: 'Response', value: response.trim(), ...extra };
  return undefined;
}

/**
 * Whether a classic (non-v2) terminal acts on a reply for the log `transId`
 * it sent: only the vendor form, `<Request>UploadedLog</Request>` with that
 * TransID. A v2 terminal wants `<Response>{its event}</Response>`, `Result` OK
 * and the TransID.
 */
export function replyAcknowledges(reply: FkReply, sent: { transId: string; eventName: string }): boolean {
  if (reply.transId !== sent.transId) return false;
  if (/_v\d+$/i.test(sent.eventName)) return reply.tag === 'Response' && reply.value === sent.eventName && reply.result === 'OK';
  return reply.tag === 'Request' && reply.value === 'UploadedLog';
}

/** Builds a terminal-side message (the emulator's and tests' side). */
export function fkMessage(fields: [string, string | number][]): Buffer {
  return message(fields.map(([k, v]) => `<${k}>${escapeXml(String(v))}</${k}>`));
}
