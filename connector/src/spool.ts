/**
 * The durable spool: every record a terminal gives us is written here (WAL,
 * synchronous FULL) before it is acknowledged to a pushing terminal or counted
 * as read from a polled one, and stays until the server has answered 200.
 * A natural key makes re-reads, realtime/poll overlap and resends harmless.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { RawPunch } from './drivers/types.ts';
import type { AdmsCommand, AdmsCommandResult, AdmsUser, StampedTable, Stamps } from './receivers/adms-codec.ts';
import {
  adminKey,
  buildAdminLog,
  buildTimeLog,
  punchKey,
  type Built,
  type RawAdminLog,
  type TerminalIdentity,
} from './records.ts';

export type RecordKind = 'timelog' | 'adminlog';
export type OutboxState = 'pending' | 'sent' | 'dead';

export interface OutboxRow {
  id: number;
  kind: RecordKind;
  terminal: string;
  serial: string;
  transId: number;
  body: string;
}

export interface SpoolOutcome {
  /** New records written. */
  added: number;
  /** Records already in the spool (same natural key). */
  duplicates: number;
  /** New records that cannot be sent as they are (kept as dead letters with the reason). */
  dead: number;
}

export interface DeadLetter {
  id: number;
  terminal: string;
  serial: string;
  kind: RecordKind;
  status: number | null;
  reason: string;
  deadAt: string;
  raw: unknown;
}

export interface Alert {
  id: number;
  at: string;
  terminal: string | null;
  kind: string;
  message: string;
}

export interface LogCursor {
  recordCount: number;
  lastHash: string;
  fullReadAt: string;
}

export type Settlement =
  | { id: number; outcome: 'sent'; serverId?: string }
  | { id: number; outcome: 'dead'; status?: number; reason: string }
  /** Stays pending with a new body (e.g. without the photo the server refused). */
  | { id: number; outcome: 'rebuilt'; body: string };

/** Dead letters of one terminal may be rebuilt with its current zone and id mapping. */
export type CurrentTerminal = (terminal: string) => { timeZone?: string; mapping?: ReadonlyMap<string, number> } | undefined;

/** What a terminal sent, as kept in the spool: a record, or text that could not be read as one (kept with why). */
type Raw =
  | { kind: 'timelog'; identity: TerminalIdentity; punch: RawPunch }
  | { kind: 'adminlog'; identity: TerminalIdentity; admin: RawAdminLog }
  | { kind: RecordKind; identity: TerminalIdentity; unreadable: { text: string; reason: string } };

/** Builds a spooled record's body again (current zone, mapping); what could not be read stays unreadable. */
function rebuild(raw: Raw, identity: TerminalIdentity, transId: number, mapping?: ReadonlyMap<string, number>): Built<object> {
  if ('unreadable' in raw) return { reason: raw.unreadable.reason };
  return raw.kind === 'timelog' ? buildTimeLog(identity, raw.punch, transId, mapping) : buildAdminLog(identity, raw.admin, transId, mapping);
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  terminal TEXT NOT NULL,
  serial TEXT NOT NULL,
  natural_key TEXT NOT NULL,
  trans_id INTEGER NOT NULL,
  raw TEXT NOT NULL,
  body TEXT,
  state TEXT NOT NULL,
  spooled_at TEXT NOT NULL,
  sent_at TEXT,
  server_id TEXT,
  CONSTRAINT outbox_natural_key_uq UNIQUE (natural_key),
  CONSTRAINT outbox_trans_id_uq UNIQUE (serial, trans_id)
);
CREATE INDEX IF NOT EXISTS outbox_state_idx ON outbox (state, id);
CREATE INDEX IF NOT EXISTS outbox_terminal_idx ON outbox (terminal, state);
CREATE TABLE IF NOT EXISTS dead_letter (
  outbox_id INTEGER PRIMARY KEY REFERENCES outbox (id),
  status INTEGER,
  reason TEXT NOT NULL,
  dead_at TEXT NOT NULL,
  unmapped_user_id TEXT
);
CREATE TABLE IF NOT EXISTS trans_counter (serial TEXT PRIMARY KEY, next_id INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS log_cursor (
  terminal TEXT PRIMARY KEY,
  record_count INTEGER NOT NULL,
  last_hash TEXT NOT NULL,
  full_read_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS adms_command (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  serial TEXT NOT NULL,
  command TEXT NOT NULL,
  queued_at TEXT NOT NULL,
  sent_at TEXT,
  return_code INTEGER,
  result TEXT,
  returned_at TEXT
);
CREATE INDEX IF NOT EXISTS adms_command_serial_idx ON adms_command (serial, returned_at);
CREATE TABLE IF NOT EXISTS push_user (
  serial TEXT NOT NULL,
  pin TEXT NOT NULL,
  name TEXT,
  privilege TEXT,
  card TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (serial, pin)
);
CREATE TABLE IF NOT EXISTS alert (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  terminal TEXT,
  kind TEXT NOT NULL,
  message TEXT NOT NULL
);
`;

export const SPOOL_FILE = 'spool.sqlite';

export class Spool {
  readonly db: Database.Database;
  readonly #now: () => Date;
  readonly #stmt;

  constructor(file: string, now: () => Date = () => new Date()) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // FULL: a record acknowledged to a terminal survives a power cut.
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('foreign_keys = ON');
    this.db.exec(SCHEMA);
    this.#now = now;
    this.#upgrade();
    this.#stmt = {
      keyExists: this.db.prepare<[string], { id: number }>('SELECT id FROM outbox WHERE natural_key = ?'),
      transTaken: this.db.prepare<[string, number], { id: number }>('SELECT id FROM outbox WHERE serial = ? AND trans_id = ?'),
      counter: this.db.prepare<[string], { next_id: number }>('SELECT next_id FROM trans_counter WHERE serial = ?'),
      setCounter: this.db.prepare('INSERT INTO trans_counter (serial, next_id) VALUES (?, ?) ON CONFLICT (serial) DO UPDATE SET next_id = excluded.next_id'),
      // A natural key already spooled is a duplicate: the insert does nothing.
      insert: this.db.prepare(
        'INSERT INTO outbox (kind, terminal, serial, natural_key, trans_id, raw, body, state, spooled_at) VALUES (@kind, @terminal, @serial, @key, @transId, @raw, @body, @state, @at) ON CONFLICT (natural_key) DO NOTHING',
      ),
      insertDead: this.db.prepare('INSERT OR REPLACE INTO dead_letter (outbox_id, status, reason, dead_at, unmapped_user_id) VALUES (?, ?, ?, ?, ?)'),
      pending: this.db.prepare<[number], { id: number; kind: RecordKind; terminal: string; serial: string; trans_id: number; body: string }>(
        "SELECT id, kind, terminal, serial, trans_id, body FROM outbox WHERE state = 'pending' ORDER BY id LIMIT ?",
      ),
      markSent: this.db.prepare("UPDATE outbox SET state = 'sent', sent_at = ?, server_id = ? WHERE id = ? AND state = 'pending'"),
      markDead: this.db.prepare("UPDATE outbox SET state = 'dead' WHERE id = ? AND state = 'pending'"),
      setBody: this.db.prepare("UPDATE outbox SET body = ? WHERE id = ? AND state = 'pending'"),
      count: this.db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM outbox WHERE state = ?'),
      countFor: this.db.prepare<[string, string], { n: number }>('SELECT count(*) AS n FROM outbox WHERE terminal = ? AND state = ?'),
    };
  }

  #add(terminal: string, identity: TerminalIdentity, items: { key: string; deviceTransId?: number; raw: Raw; build: (transId: number) => Built<object> }[]): SpoolOutcome {
    const outcome: SpoolOutcome = { added: 0, duplicates: 0, dead: 0 };
    const at = this.#now().toISOString();
    const run = this.db.transaction(() => {
      // transIds for records without one of their own: a per-terminal counter. It starts at the
      // current time in ms, so a spool rebuilt from scratch never reuses an id the server already saw.
      const start = this.#stmt.counter.get(identity.serial)?.next_id ?? this.#now().getTime();
      let next = start;
      for (const item of items) {
        // The terminal's own number when it has one and it is free (some reuse theirs after a clear).
        const own = item.deviceTransId;
        const useOwn = own !== undefined && Number.isSafeInteger(own) && !this.#stmt.keyExists.get(item.key) && !this.#stmt.transTaken.get(identity.serial, own);
        const transId = useOwn ? own : next;
        const built = item.build(transId);
        const row = this.#stmt.insert.run({
          kind: item.raw.kind,
          terminal,
          serial: identity.serial,
          key: item.key,
          transId,
          raw: JSON.stringify(item.raw),
          body: 'body' in built ? JSON.stringify(built.body) : null,
          state: 'body' in built ? 'pending' : 'dead',
          at,
        });
        if (row.changes === 0) {
          outcome.duplicates++;
          continue;
        }
        if (!useOwn) next++;
        if ('reason' in built) {
          this.#stmt.insertDead.run(row.lastInsertRowid, null, built.reason, at, built.unmappedUserId ?? null);
          this.addAlert(terminal, 'dead-letter', built.reason);
          outcome.dead++;
        } else if (built.note) {
          this.addAlert(terminal, 'photo-dropped', built.note);
        }
        outcome.added++;
      }
      if (next !== start) this.#stmt.setCounter.run(identity.serial, next);
    });
    run();
    return outcome;
  }

  /** Spools punches of one terminal in one transaction. */
  addPunches(terminal: string, identity: TerminalIdentity, punches: RawPunch[], mapping?: ReadonlyMap<string, number>): SpoolOutcome {
    return this.#add(
      terminal,
      identity,
      punches.map((punch) => ({
        key: punchKey(identity.serial, punch),
        ...(punch.deviceTransId !== undefined ? { deviceTransId: punch.deviceTransId } : {}),
        raw: { kind: 'timelog', identity, punch },
        build: (transId: number) => buildTimeLog(identity, punch, transId, mapping),
      })),
    );
  }

  addAdminLogs(terminal: string, identity: TerminalIdentity, logs: RawAdminLog[], mapping?: ReadonlyMap<string, number>): SpoolOutcome {
    return this.#add(
      terminal,
      identity,
      logs.map((admin) => ({
        key: adminKey(identity.serial, admin),
        ...(admin.deviceTransId !== undefined ? { deviceTransId: admin.deviceTransId } : {}),
        raw: { kind: 'adminlog', identity, admin },
        build: (transId: number) => buildAdminLog(identity, admin, transId, mapping),
      })),
    );
  }

  /**
   * Keeps what a terminal sent that cannot be read as a record (e.g. an ADMS
   * line without a user id) as dead letters with the reason, so nothing it
   * sent is lost; the same text sent again is not kept twice.
   */
  addUnreadable(terminal: string, identity: TerminalIdentity, kind: RecordKind, items: { text: string; reason: string }[]): SpoolOutcome {
    return this.#add(
      terminal,
      identity,
      items.map((item) => ({
        key: JSON.stringify(['unreadable', identity.serial, kind, item.text]),
        raw: { kind, identity, unreadable: item },
        build: () => ({ reason: item.reason }),
      })),
    );
  }

  /** The oldest records not yet delivered. */
  pending(limit: number): OutboxRow[] {
    return this.#stmt.pending.all(limit).map((r) => ({ id: r.id, kind: r.kind, terminal: r.terminal, serial: r.serial, transId: r.trans_id, body: r.body }));
  }

  /** Records the server's answers, in one transaction. */
  settle(settlements: Settlement[]): void {
    if (settlements.length === 0) return;
    const at = this.#now().toISOString();
    this.db.transaction(() => {
      for (const s of settlements) {
        if (s.outcome === 'sent') {
          this.#stmt.markSent.run(at, s.serverId ?? null, s.id);
        } else if (s.outcome === 'rebuilt') {
          this.#stmt.setBody.run(s.body, s.id);
        } else if (this.#stmt.markDead.run(s.id).changes) {
          this.#stmt.insertDead.run(s.id, s.status ?? null, s.reason, at, null);
        }
      }
    })();
  }

  /**
   * Puts records the server acknowledged at or after `since` (ISO) back in the
   * queue: the server may have lost those commits (a power cut, a restored
   * backup). It answers a record it still has as a duplicate. Returns how many.
   */
  replaySentSince(since: string): number {
    return this.db.prepare("UPDATE outbox SET state = 'pending' WHERE state = 'sent' AND sent_at >= ?").run(since).changes;
  }

  count(state: OutboxState): number {
    return this.#stmt.count.get(state)?.n ?? 0;
  }

  countFor(terminal: string, state: OutboxState): number {
    return this.#stmt.countFor.get(terminal, state)?.n ?? 0;
  }

  deadLetters(limit = 100): DeadLetter[] {
    return this.db
      .prepare<[number], { id: number; terminal: string; serial: string; kind: RecordKind; status: number | null; reason: string; dead_at: string; raw: string }>(
        "SELECT o.id, o.terminal, o.serial, o.kind, d.status, d.reason, d.dead_at, o.raw FROM outbox o JOIN dead_letter d ON d.outbox_id = o.id WHERE o.state = 'dead' ORDER BY o.id DESC LIMIT ?",
      )
      .all(limit)
      .map((r) => ({ id: r.id, terminal: r.terminal, serial: r.serial, kind: r.kind, status: r.status, reason: r.reason, deadAt: r.dead_at, raw: JSON.parse(r.raw) as unknown }));
  }

  /**
   * Puts dead letters back in the queue, rebuilt from what the terminal sent
   * (with the terminal's current zone and id mapping). Those that still cannot
   * be built stay dead with the new reason. Returns how many were re-queued.
   */
  retryDeadLetters(current: CurrentTerminal = () => undefined): number {
    let requeued = 0;
    const rows = this.db
      .prepare<[], { id: number; terminal: string; trans_id: number; raw: string }>("SELECT id, terminal, trans_id, raw FROM outbox WHERE state = 'dead' ORDER BY id")
      .all();
    const at = this.#now().toISOString();
    const update = this.db.prepare("UPDATE outbox SET state = 'pending', body = ? WHERE id = ?");
    this.db.transaction(() => {
      for (const row of rows) {
        const raw = JSON.parse(row.raw) as Raw;
        const now = current(row.terminal);
        const identity = { ...raw.identity, ...(now?.timeZone ? { timeZone: now.timeZone } : {}) };
        const built = rebuild(raw, identity, row.trans_id, now?.mapping);
        if ('body' in built) {
          update.run(JSON.stringify(built.body), row.id);
          this.db.prepare('DELETE FROM dead_letter WHERE outbox_id = ?').run(row.id);
          requeued++;
        } else {
          this.#stmt.insertDead.run(row.id, null, built.reason, at, built.unmappedUserId ?? null);
        }
      }
    })();
    return requeued;
  }

  /**
   * The terminal user ids that kept a terminal's records back because they
   * are not plain numbers, with how many records each (for the server, which
   * keeps them until an administrator maps them).
   */
  unmappedUserIds(terminal: string, limit = 500): { userId: string; records: number }[] {
    return this.db
      .prepare<[string, number], { user_id: string; n: number }>(
        "SELECT d.unmapped_user_id AS user_id, count(*) AS n FROM dead_letter d JOIN outbox o ON o.id = d.outbox_id WHERE o.terminal = ? AND o.state = 'dead' AND d.unmapped_user_id IS NOT NULL GROUP BY d.unmapped_user_id ORDER BY n DESC, user_id LIMIT ?",
      )
      .all(terminal, limit)
      .map((r) => ({ userId: r.user_id, records: r.n }));
  }

  /**
   * Re-queues a terminal's records held back for a user id that `mapping` now
   * maps, rebuilt with it: each dead letter goes back to the queue once (it is
   * then pending, and sent like any record). Returns how many.
   */
  retryMapped(terminal: string, mapping: ReadonlyMap<string, number>, current: { timeZone?: string; registryId?: string } = {}): number {
    if (mapping.size === 0) return 0;
    const rows = this.db
      .prepare<[string], { id: number; trans_id: number; raw: string; user_id: string }>(
        "SELECT o.id, o.trans_id, o.raw, d.unmapped_user_id AS user_id FROM outbox o JOIN dead_letter d ON d.outbox_id = o.id WHERE o.terminal = ? AND o.state = 'dead' AND d.unmapped_user_id IS NOT NULL ORDER BY o.id",
      )
      .all(terminal)
      .filter((r) => mapping.has(r.user_id));
    if (rows.length === 0) return 0;
    const at = this.#now().toISOString();
    const requeue = this.db.prepare("UPDATE outbox SET state = 'pending', body = ? WHERE id = ? AND state = 'dead'");
    const forget = this.db.prepare('DELETE FROM dead_letter WHERE outbox_id = ?');
    let requeued = 0;
    this.db.transaction(() => {
      for (const row of rows) {
        const raw = JSON.parse(row.raw) as Raw;
        const identity: TerminalIdentity = {
          ...raw.identity,
          ...(current.timeZone ? { timeZone: current.timeZone } : {}),
          ...(current.registryId ? { registryId: current.registryId } : {}),
        };
        const built = rebuild(raw, identity, row.trans_id, mapping);
        if ('body' in built) {
          if (requeue.run(JSON.stringify(built.body), row.id).changes) {
            forget.run(row.id);
            requeued++;
          }
        } else {
          // Another id of the same record (e.g. its admin id) still needs a mapping.
          this.#stmt.insertDead.run(row.id, null, built.reason, at, built.unmappedUserId ?? null);
        }
      }
    })();
    return requeued;
  }

  /** Spools written before dead letters named their unmapped user id: add the column and fill it in. */
  #upgrade(): void {
    const columns = this.db.prepare<[], { name: string }>('PRAGMA table_info(dead_letter)').all();
    if (columns.some((c) => c.name === 'unmapped_user_id')) return;
    this.db.exec('ALTER TABLE dead_letter ADD COLUMN unmapped_user_id TEXT');
    const rows = this.db
      .prepare<[], { id: number; trans_id: number; raw: string }>("SELECT o.id, o.trans_id, o.raw FROM outbox o JOIN dead_letter d ON d.outbox_id = o.id WHERE o.state = 'dead' AND d.status IS NULL")
      .all();
    const set = this.db.prepare('UPDATE dead_letter SET unmapped_user_id = ? WHERE outbox_id = ?');
    this.db.transaction(() => {
      for (const row of rows) {
        const raw = JSON.parse(row.raw) as Raw;
        const built = rebuild(raw, raw.identity, row.trans_id);
        if ('reason' in built && built.unmappedUserId) set.run(built.unmappedUserId, row.id);
      }
    })();
  }

  cursor(terminal: string): LogCursor | undefined {
    const row = this.db
      .prepare<[string], { record_count: number; last_hash: string; full_read_at: string }>('SELECT record_count, last_hash, full_read_at FROM log_cursor WHERE terminal = ?')
      .get(terminal);
    return row ? { recordCount: row.record_count, lastHash: row.last_hash, fullReadAt: row.full_read_at } : undefined;
  }

  setCursor(terminal: string, cursor: LogCursor): void {
    this.db
      .prepare(
        'INSERT INTO log_cursor (terminal, record_count, last_hash, full_read_at) VALUES (?, ?, ?, ?) ON CONFLICT (terminal) DO UPDATE SET record_count = excluded.record_count, last_hash = excluded.last_hash, full_read_at = excluded.full_read_at',
      )
      .run(terminal, cursor.recordCount, cursor.lastHash, cursor.fullReadAt);
  }

  getValue<T>(key: string): T | undefined {
    const row = this.db.prepare<[string], { value: string }>('SELECT value FROM kv WHERE key = ?').get(key);
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  setValue(key: string, value: unknown): void {
    this.db.prepare('INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
  }

  // ----- ADMS terminals: upload stamps, the command queue, their user table --------------

  /** The stamps of the last uploads spooled from an ADMS terminal, per table. */
  admsStamps(serial: string): Stamps {
    return this.getValue<Stamps>(`adms-stamps:${serial}`) ?? {};
  }

  /** Remembers an upload's stamp once its records are spooled: the options block hands it back after a restart. */
  setAdmsStamp(serial: string, table: StampedTable, stamp: string): void {
    this.setValue(`adms-stamps:${serial}`, { ...this.admsStamps(serial), [table]: stamp });
  }

  /** Queues a command for an ADMS terminal (`INFO`, `CHECK`, `DATA QUERY ATTLOG …`); returns its id. */
  queueAdmsCommand(serial: string, command: string): number {
    if (/[\r\n]/.test(command)) throw new Error('an ADMS command is one line');
    return Number(this.db.prepare('INSERT INTO adms_command (serial, command, queued_at) VALUES (?, ?, ?)').run(serial, command, this.#now().toISOString()).lastInsertRowid);
  }

  /**
   * The commands to hand a terminal at its next getrequest: new ones, and
   * those it was given over five minutes ago without answering (the answer
   * was lost). Marks them given.
   */
  takeAdmsCommands(serial: string, limit = 16): AdmsCommand[] {
    const now = this.#now();
    const stale = new Date(now.getTime() - 5 * 60_000).toISOString();
    return this.db.transaction(() => {
      const rows = this.db
        .prepare<[string, string, number], { id: number; command: string }>(
          'SELECT id, command FROM adms_command WHERE serial = ? AND returned_at IS NULL AND (sent_at IS NULL OR sent_at < ?) ORDER BY id LIMIT ?',
        )
        .all(serial, stale, limit);
      const mark = this.db.prepare('UPDATE adms_command SET sent_at = ? WHERE id = ?');
      for (const r of rows) mark.run(now.toISOString(), r.id);
      return rows.map((r) => ({ id: r.id, command: r.command }));
    })();
  }

  /** Records a terminal's result for one of its commands; false when no such command was given to it. */
  recordAdmsResult(serial: string, result: AdmsCommandResult): boolean {
    return (
      this.db
        .prepare('UPDATE adms_command SET return_code = ?, result = ?, returned_at = ? WHERE id = ? AND serial = ?')
        .run(result.returnCode, JSON.stringify({ command: result.command, details: result.details }), this.#now().toISOString(), result.id, serial).changes > 0
    );
  }

  admsCommands(serial: string): { id: number; command: string; sentAt: string | null; returnCode: number | null; result: unknown }[] {
    return this.db
      .prepare<[string], { id: number; command: string; sent_at: string | null; return_code: number | null; result: string | null }>(
        'SELECT id, command, sent_at, return_code, result FROM adms_command WHERE serial = ? ORDER BY id',
      )
      .all(serial)
      .map((r) => ({ id: r.id, command: r.command, sentAt: r.sent_at, returnCode: r.return_code, result: r.result ? (JSON.parse(r.result) as unknown) : null }));
  }

  /** Users a push terminal reported (`USER` lines): kept apart from admin events, never sent as records. */
  upsertPushUsers(serial: string, users: readonly AdmsUser[]): void {
    if (users.length === 0) return;
    const at = this.#now().toISOString();
    const upsert = this.db.prepare(
      'INSERT INTO push_user (serial, pin, name, privilege, card, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (serial, pin) DO UPDATE SET name = excluded.name, privilege = excluded.privilege, card = excluded.card, updated_at = excluded.updated_at',
    );
    this.db.transaction(() => {
      for (const u of users) upsert.run(serial, u.pin, u.name ?? null, u.privilege ?? null, u.card ?? null, at);
    })();
  }

  pushUsers(serial: string): AdmsUser[] {
    return this.db
      .prepare<[string], { pin: string; name: string | null; privilege: string | null; card: string | null }>('SELECT pin, name, privilege, card FROM push_user WHERE serial = ? ORDER BY pin')
      .all(serial)
      .map((r) => ({ pin: r.pin, ...(r.name ? { name: r.name } : {}), ...(r.privilege ? { privilege: r.privilege } : {}), ...(r.card ? { card: r.card } : {}) }));
  }

  addAlert(terminal: string | null, kind: string, message: string): void {
    this.db.prepare('INSERT INTO alert (at, terminal, kind, message) VALUES (?, ?, ?, ?)').run(this.#now().toISOString(), terminal, kind, message);
  }

  /** Per kind, a terminal's alerts since `since` (ISO): how many, and the latest message. */
  alertSummary(terminal: string, kinds: readonly string[], since: string): { kind: string; count: number; latest: string }[] {
    if (kinds.length === 0) return [];
    return this.db
      .prepare<unknown[], { kind: string; n: number; latest: string }>(
        `SELECT kind, count(*) AS n, (SELECT message FROM alert b WHERE b.terminal = a.terminal AND b.kind = a.kind ORDER BY id DESC LIMIT 1) AS latest
         FROM alert a WHERE terminal = ? AND at >= ? AND kind IN (${kinds.map(() => '?').join(', ')}) GROUP BY kind ORDER BY kind`,
      )
      .all(terminal, since, ...kinds)
      .map((r) => ({ kind: r.kind, count: r.n, latest: r.latest }));
  }

  alerts(limit = 50): Alert[] {
    return this.db.prepare<[number], Alert>('SELECT id, at, terminal, kind, message FROM alert ORDER BY id DESC LIMIT ?').all(limit);
  }

  close(): void {
    this.db.close();
  }
}
