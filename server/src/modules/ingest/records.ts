import { PHOTO_MAX_BYTES, type TimeLog } from '../../../../shared/ingest.ts';
import type { Ctx } from '../../context.ts';
import { AppError, badRequest, forbidden } from '../../http/problem.ts';
import type { Contact } from '../terminals/index.ts';

/** What every ingest use case reads off a connector's record before storing it (pure, apart from the caller check). */

/**
 * Refuses (403) anyone but the connector (or the system itself). Ingest has
 * no permission string: the connector's secret is its credential, and no
 * console, API-key or agent caller sends terminal records.
 */
export function requireConnector(ctx: Pick<Ctx, 'caller'>): void {
  if (ctx.caller.kind !== 'connector' && ctx.caller.kind !== 'system') throw forbidden('Only the connector sends terminal records.');
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface Photo {
  bytes: Buffer;
  ext: 'jpg' | 'png';
}

/** Validates `photoBase64`: strict base64 of a JPEG or PNG, at most PHOTO_MAX_BYTES decoded (413 above). */
export function decodePhoto(value: string | undefined): Photo | null {
  if (value === undefined || value === '') return null;
  const text = value.replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw badRequest('photoBase64 is not valid base64.', [{ path: 'body.photoBase64', message: 'must be base64' }]);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const size = (text.length / 4) * 3 - padding;
  if (size > PHOTO_MAX_BYTES) {
    throw new AppError(413, 'payload-too-large', 'Photo too large', `The photo is ${size} bytes; at most ${PHOTO_MAX_BYTES} bytes (decoded) are accepted.`, [
      { path: 'body.photoBase64', message: `is over ${PHOTO_MAX_BYTES} bytes decoded` },
    ]);
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { bytes, ext: 'jpg' };
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { bytes, ext: 'png' };
  throw badRequest('photoBase64 is neither a JPEG nor a PNG.', [{ path: 'body.photoBase64', message: 'must be a JPEG or PNG image' }]);
}

/** The offset (minutes) and local date/time an ingest date-time was written in. */
export function asReceived(at: string): { offsetMinutes: number; localDate: string; localTime: string } {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|([+-])(\d{2})(?::?(\d{2}))?)$/.exec(at);
  if (!m) return { offsetMinutes: 0, localDate: at.slice(0, 10), localTime: '00:00:00' };
  const [, date, h, mi, s, zone, sign, oh, om] = m;
  const offset = zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om ?? 0));
  return { offsetMinutes: offset, localDate: date as string, localTime: `${h}:${mi}:${s ?? '00'}` };
}

/** Who a record says it comes from, as the terminal registry finds it. */
export function contactOf(body: Pick<TimeLog, 'serial' | 'terminalType' | 'deviceUid' | 'registryId'> & { terminalId?: number | undefined }): Contact {
  return { serial: body.serial, terminalType: body.terminalType, terminalId: body.terminalId, deviceUid: body.deviceUid, registryId: body.registryId };
}
