import fs from 'node:fs';
import path from 'node:path';
import { type IngestAccepted, type TimeLogResult, TimeLog, ingestInstant } from '../../../../shared/ingest.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import { AppError, validationError } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import type { Logger } from '../../logger.ts';
import { directoryOf, employeeForTerminalUser, policyOf, recordPunches } from '../attendance/index.ts';
import { type Contact, terminalForContact, touchTerminal } from '../terminals/index.ts';
import { type Photo, asReceived, contactOf, decodePhoto, requireConnector } from './records.ts';

/**
 * Time logs (spec §4.6): the connector posts each punch, alone or in
 * batches. Nothing is ever lost or doubled: a replay of the same (serial,
 * transId) or of the same natural punch answers `duplicate: true` and changes
 * nothing; every new punch is stored and its day reconciled in one
 * transaction, unmatched users included (kept until mapped).
 */

/** A live punch (not a backlog replay) tells us the terminal's clock skew. */
const LIVE_WINDOW_MS = 10 * 60_000;

/** A terminal's row is written by a time log at most once a second (by the clock): enough for its last punch and skew. */
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

/**
 * Stores time logs (one or a batch) in the caller's transaction: registers
 * unknown terminals, maps terminal users to employees, records the punches
 * (deduplicated) and reconciles their days together, keeps the photos,
 * and notes the terminals' contact (`touched`: when each terminal's row was
 * last written, by the clock).
 */
async function storeTimeLogs(ctx: Ctx, logs: readonly Prepared[], dataDir: string, touched: Map<string, number>): Promise<IngestAccepted[]> {
  // Chosen before the transaction, which may run again on PostgreSQL (db/transaction.ts): a photo written by an
  // attempt that was rolled back is overwritten by the next under the same name, never left behind under another.
  const ids = logs.map(() => newId());
  // The contact throttle learns of writes once they are committed.
  const touchedNow = new Map<string, number>();
  const answers = await inTransaction(ctx, async (t) => {
    touchedNow.clear();
    const terminals: { id: string }[] = [];
    for (const l of logs) terminals.push(await terminalForContact(t, l.contact));
    const [policy, directory] = await Promise.all([policyOf(t.db), directoryOf(t.db)]);
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
      const last = touchedNow.get(terminal.id) ?? touched.get(terminal.id);
      if (last === undefined || now - last >= TOUCH_EVERY_MS || now < last) {
        touchedNow.set(terminal.id, now);
        const live = Math.abs(now - l.at) <= LIVE_WINDOW_MS;
        await touchTerminal(t, terminal.id, l.contact, {
          last_punch_at: new Date(l.at).toISOString(),
          ...(live ? { clock_skew_seconds: Math.round((l.at - now) / 1000) } : {}),
        });
      }
    }
    return answers;
  });
  for (const [id, at] of touchedNow) touched.set(id, at);
  return answers;
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
    return { ok: false, status: error.status, detail: error.message, ...(error.errors ? { errors: error.errors.map(({ path, message }) => ({ path, message })) } : {}) };
  }
  return { ok: false, status: 500, detail: 'The record could not be stored now; send it again.' };
}

/**
 * The time-log use cases, with group commit: punches that arrive while a
 * transaction is running are stored (and their days reconciled) together in
 * the next one, so concurrent senders and batch requests share one commit
 * and one reconciliation per day. Each record is answered only after the
 * transaction holding it has committed. If a group fails, its records are
 * retried one transaction each, so one bad record fails alone. One per app
 * (its data folder keeps the photos).
 */
export class TimeLogBatcher {
  private readonly queue: Pending[] = [];
  private running = false;
  /** When each terminal's row was last written by a time log (by the clock). */
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly dataDir: string,
    private readonly logger?: Logger,
  ) {}

  /** `POST /timelog`: stores one punch; answers once it is committed. */
  async submit(ctx: Ctx, body: TimeLog): Promise<IngestAccepted> {
    requireConnector(ctx);
    return this.enqueue(ctx, prepare(body, decodePhoto(body.photoBase64)));
  }

  /**
   * `POST /timelogs`: validates each record on its own (spec §4.6, as the
   * single route) and stores the valid ones; one result per record, in order.
   */
  async submitMany(ctx: Ctx, records: readonly unknown[]): Promise<TimeLogResult[]> {
    requireConnector(ctx);
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
          answers = await storeTimeLogs(first.ctx, group.map((p) => p.log), this.dataDir, this.touched);
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
            const [one] = await storeTimeLogs(p.ctx, [p.log], this.dataDir, this.touched);
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
