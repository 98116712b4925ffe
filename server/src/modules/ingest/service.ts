import fs from 'node:fs';
import path from 'node:path';
import {
  type AdminLog,
  type ConnectorConfig,
  type IngestAccepted,
  type KeepAlive,
  type KeepAliveAccepted,
  type TimeLogResult,
  PHOTO_MAX_BYTES,
  TimeLog,
  ingestInstant,
} from '../../../../shared/ingest.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import { AppError, badRequest, validationError } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import type { Logger } from '../../logger.ts';
import { recordAudit } from '../audit/index.ts';
import { directoryOf, employeeForTerminalUser, policyOf } from '../attendance/index.ts';
import { recordPunches } from '../attendance/index.ts';
import { recordUnmappedReport } from '../terminals/index.ts';
import { type Contact, connectorConfigTerminals, terminalForContact, touchTerminal } from '../terminals/index.ts';

/**
 * Biometric ingest (spec §4.6): the connector posts each punch, admin log
 * and keep-alive. Nothing is ever lost or doubled: a replay of the same
 * (serial, transId) or of the same natural punch answers `duplicate: true`
 * and changes nothing; every new punch is stored and its day reconciled in
 * one transaction, unmatched users included (kept until mapped).
 */

/** A live punch (not a backlog replay) tells us the terminal's clock skew. */
const LIVE_WINDOW_MS = 10 * 60_000;

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

/** When each terminal's row was last written by a time log (by the clock): at most once a second is enough. */
const touched = new Map<string, number>();
const TOUCH_EVERY_MS = 1000;

/** A validated time log ready to store. */
interface Prepared {
  body: TimeLog;
  photo: Photo | null;
  at: number;
  received: ReturnType<typeof asReceived>;
  contact: Contact;
}

function prepare(body: TimeLog, photo: Photo | null): Prepared {
  return {
    body,
    photo,
    at: ingestInstant(body.at).getTime(),
    received: asReceived(body.at),
    contact: contactOf(body),
  };
}

function contactOf(body: Pick<TimeLog, 'serial' | 'terminalType' | 'deviceUid' | 'registryId'> & { terminalId?: number | undefined }): Contact {
  return { serial: body.serial, terminalType: body.terminalType, terminalId: body.terminalId, deviceUid: body.deviceUid, registryId: body.registryId };
}

/**
 * Stores time logs (one or a batch) in the caller's transaction: registers
 * unknown terminals, maps terminal users to employees, records the punches
 * (deduplicated) and reconciles their days together, keeps the photos,
 * and notes the terminals' contact.
 */
async function storeTimeLogs(ctx: Ctx, logs: readonly Prepared[], dataDir: string): Promise<IngestAccepted[]> {
  return inTransaction(ctx, async (t) => {
    const terminals: { id: string }[] = [];
    for (const l of logs) terminals.push(await terminalForContact(t, l.contact));
    const [policy, directory] = await Promise.all([policyOf(t.db), directoryOf(t.db)]);
    const ids = logs.map(() => newId());
    const recorded = await recordPunches(
      t,
      logs.map((l, i) => {
        const terminal = terminals[i] as { id: string };
        const employee = employeeForTerminalUser(policy, directory, terminal.id, l.body.terminalUserId);
        return {
          id: ids[i] as string,
          employeeId: employee?.id ?? null,
          source: 'terminal' as const,
          at: l.at,
          utcOffsetMinutes: l.received.offsetMinutes,
          localDate: l.received.localDate,
          localTime: l.received.localTime,
          terminalId: terminal.id,
          terminalSerial: l.body.serial,
          terminalUserId: l.body.terminalUserId,
          transId: l.body.transId,
          attendStat: l.body.attendStat ?? '',
          verifyMode: l.body.verifyMode ?? null,
          photoPath: l.photo ? path.join('photos', l.received.localDate.slice(0, 7), `${ids[i]}.${l.photo.ext}`) : null,
        };
      }),
    );
    const now = ctx.clock.now().getTime();
    const answers: IngestAccepted[] = [];
    for (const [i, l] of logs.entries()) {
      const r = recorded[i] as { id: string; duplicate: boolean };
      answers.push({ ok: true, duplicate: r.duplicate, id: r.id });
      if (r.duplicate) continue;
      if (l.photo) {
        const file = path.join(dataDir, 'photos', l.received.localDate.slice(0, 7), `${r.id}.${l.photo.ext}`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, l.photo.bytes);
      }
      const terminal = terminals[i] as { id: string };
      const last = touched.get(terminal.id);
      if (last === undefined || now - last >= TOUCH_EVERY_MS || now < last) {
        touched.set(terminal.id, now);
        const live = Math.abs(now - l.at) <= LIVE_WINDOW_MS;
        await touchTerminal(t, terminal.id, l.contact, {
          last_punch_at: new Date(l.at).toISOString(),
          ...(live ? { clock_skew_seconds: Math.round((l.at - now) / 1000) } : {}),
        });
      }
    }
    return answers;
  });
}

/** Stores an admin log once per (serial, transId) and audits it (Devices) on the mapped employee. */
export async function ingestAdminLog(ctx: Ctx, body: AdminLog): Promise<IngestAccepted> {
  const at = ingestInstant(body.at).getTime();
  const received = asReceived(body.at);
  const contact = contactOf(body);
  return inTransaction(ctx, async (t) => {
    const existing = await t.db
      .selectFrom('terminal_admin_log')
      .select('id')
      .where('terminal_serial', '=', body.serial)
      .where('trans_id', '=', body.transId)
      .executeTakeFirst();
    if (existing) return { ok: true as const, duplicate: true, id: existing.id };
    const terminal = await terminalForContact(t, contact);
    const [policy, directory] = await Promise.all([policyOf(t.db), directoryOf(t.db)]);
    const employee = body.targetUserId !== undefined ? employeeForTerminalUser(policy, directory, terminal.id, body.targetUserId) : null;
    const id = newId();
    await t.db
      .insertInto('terminal_admin_log')
      .values({
        id,
        terminal_id: terminal.id,
        terminal_serial: body.serial,
        trans_id: body.transId,
        at: new Date(at).toISOString(),
        utc_offset_minutes: received.offsetMinutes,
        admin_id: body.adminId ?? null,
        target_user_id: body.targetUserId ?? null,
        employee_id: employee?.id ?? null,
        action: body.action,
        result: body.result ?? null,
        created_at: ctx.clock.now().toISOString(),
      })
      .execute();
    if (employee) {
      await recordAudit(t, {
        employeeId: employee.id,
        category: 'Devices',
        action: 'terminal.admin-log',
        summary: `${body.action} on ${terminal.name} for terminal user ${body.targetUserId}${body.adminId !== undefined ? ` by terminal admin ${body.adminId}` : ''}${body.result !== undefined ? ` (result ${body.result})` : ''} at ${received.localDate} ${received.localTime}`,
      });
    }
    await touchTerminal(t, terminal.id, contact, {});
    return { ok: true as const, duplicate: false, id };
  });
}

/**
 * A keep-alive counts as contact only when the connector reached the terminal
 * (`state` online, or absent from older connectors); it marks the terminal
 * synced (attendance may close days up to now) only when, besides, nothing
 * is left to deliver (`backlog` 0 or absent).
 */
export async function ingestKeepAlive(ctx: Ctx, body: KeepAlive): Promise<KeepAliveAccepted> {
  const contact = contactOf(body);
  const reached = body.state === undefined || body.state === 'online';
  return inTransaction(ctx, async (t) => {
    const terminal = await terminalForContact(t, contact);
    if (body.unmappedUserIds !== undefined) await recordUnmappedReport(t, terminal.id, body.unmappedUserIds);
    let stateSince: string | undefined;
    if (body.state !== undefined) {
      const before = await t.db.selectFrom('terminal').select(['connector_state', 'connector_state_since']).where('id', '=', terminal.id).executeTakeFirst();
      if (before?.connector_state !== body.state || !before.connector_state_since) stateSince = ctx.clock.now().toISOString();
    }
    await touchTerminal(
      t,
      terminal.id,
      contact,
      {
        ...(body.state !== undefined ? { connector_state: body.state } : {}),
        ...(stateSince ? { connector_state_since: stateSince } : {}),
        ...(body.backlog !== undefined ? { connector_backlog: body.backlog } : {}),
        ...(body.deadLetters !== undefined ? { connector_dead_letters: body.deadLetters } : {}),
        // With a state, the detail describes it: none clears an old error.
        ...(body.state !== undefined || body.detail !== undefined ? { connector_detail: body.detail ?? null } : {}),
        ...(body.clockSkewSeconds !== undefined ? { clock_skew_seconds: body.clockSkewSeconds } : {}),
        ...(body.firmware !== undefined ? { firmware_notes: body.firmware } : {}),
      },
      { reached, synced: reached && !body.backlog },
    );
    return { ok: true as const, terminalId: terminal.id };
  });
}

/** This server process's id: a connector seeing it change re-sends what it delivered lately (a power cut may have undone it). */
const SERVER_BOOT_ID = newId();

export async function connectorConfig(ctx: Ctx): Promise<ConnectorConfig> {
  return { organisationTimeZone: ctx.timeZone, terminals: await connectorConfigTerminals(ctx), serverBootId: SERVER_BOOT_ID };
}

interface Pending {
  ctx: Ctx;
  log: Prepared;
  resolve: (r: IngestAccepted) => void;
  reject: (e: unknown) => void;
}

/** Records stored in one transaction at most (a batch request's records, and whatever arrived meanwhile). */
const MAX_GROUP = 1000;
/** Past this many waiting records, gathering more would only add latency. */
const GATHER_TURNS_MAX_RECORDS = 64;

/** A refused record of a batch, as the single route would have answered it. */
function refusal(error: unknown): TimeLogResult {
  if (error instanceof AppError) {
    return { ok: false, status: error.status, detail: error.message, ...(error.errors ? { errors: error.errors } : {}) };
  }
  return { ok: false, status: 500, detail: 'The record could not be stored now; send it again.' };
}

/**
 * Group commit for time logs: punches that arrive while a transaction is
 * running are stored (and their days reconciled) together in the next one,
 * so concurrent senders and batch requests share one commit and one
 * reconciliation per day. Each record is answered only after the transaction
 * holding it has committed. If a group fails, its records are retried one
 * transaction each, so one bad record fails alone.
 */
export class TimeLogBatcher {
  private readonly queue: Pending[] = [];
  private running = false;

  constructor(
    private readonly dataDir: string,
    private readonly logger?: Logger,
  ) {}

  submit(ctx: Ctx, body: TimeLog): Promise<IngestAccepted> {
    return this.enqueue(ctx, prepare(body, decodePhoto(body.photoBase64)));
  }

  /**
   * `POST /timelogs`: validates each record on its own (spec §4.6, as the
   * single route) and stores the valid ones; one result per record, in order.
   */
  async submitMany(ctx: Ctx, records: readonly unknown[]): Promise<TimeLogResult[]> {
    const results: (TimeLogResult | Promise<TimeLogResult>)[] = records.map((record) => {
      const parsed = TimeLog.safeParse(record);
      if (!parsed.success) return refusal(validationError(parsed.error, 'body'));
      let log: Prepared;
      try {
        log = prepare(parsed.data, decodePhoto(parsed.data.photoBase64));
      } catch (error) {
        return refusal(error);
      }
      return this.enqueue(ctx, log).then(
        (accepted): TimeLogResult => accepted,
        (error: unknown) => {
          // The single route's problem handler logs a 500; here the record answers alone.
          if (!(error instanceof AppError)) this.logger?.error({ err: error, serial: log.body.serial, transId: log.body.transId }, 'a time log of a batch could not be stored');
          return refusal(error);
        },
      );
    });
    return Promise.all(results);
  }

  private enqueue(ctx: Ctx, log: Prepared): Promise<IngestAccepted> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ctx, log, resolve, reject });
      if (!this.running) {
        this.running = true;
        this.gather(0);
      }
    });
  }

  /**
   * SQLite answers synchronously, so a transaction never yields to the event
   * loop: waiting a turn lets the requests already read from the other
   * sockets join this group, and another while more keep arriving.
   */
  private gather(seen: number): void {
    setImmediate(() => {
      if (this.queue.length > seen && this.queue.length < MAX_GROUP && seen < GATHER_TURNS_MAX_RECORDS) this.gather(this.queue.length);
      else void this.drain();
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const group = this.queue.splice(0, MAX_GROUP);
        const first = group[0] as Pending;
        let answers: IngestAccepted[] | undefined;
        try {
          answers = await storeTimeLogs(first.ctx, group.map((p) => p.log), this.dataDir);
        } catch {
          // One bad record fails its whole group: store them one by one below.
          answers = undefined;
        }
        if (answers) {
          group.forEach((p, i) => p.resolve(answers[i] as IngestAccepted));
          continue;
        }
        for (const p of group) {
          try {
            const [one] = await storeTimeLogs(p.ctx, [p.log], this.dataDir);
            p.resolve(one as IngestAccepted);
          } catch (err) {
            p.reject(err);
          }
        }
      }
    } finally {
      this.running = false;
    }
  }
}
