import type SQLite from 'better-sqlite3';

/**
 * A version per table, bumped by every statement that writes it: the one
 * signal the in-process caches (`db/cache.ts`) are invalidated by. It is fed
 * where every statement of the server passes — the connection's `prepare`
 * (`database.ts`), which kysely, the reusable queries and raw `sql` all use —
 * so a write from any channel (a route, a job, an import, the agent endpoint)
 * invalidates what it must without anybody remembering to.
 *
 * Besides the table a statement names, it bumps the tables a foreign key
 * cascades to (ON DELETE/UPDATE CASCADE or SET NULL), read from the schema.
 * Tables written inside a transaction are bumped again when it ends (commit or
 * rollback), so nothing cached while it was open outlives it.
 *
 * Columns that record activity rather than data (a session's last use, a
 * terminal's last contact) are declared in `ACTIVITY_COLUMNS`: an UPDATE that
 * sets only those bumps `<table>#activity` instead, so a terminal heard every
 * second does not throw away the attendance policy each time.
 *
 * One process is the only writer of its SQLite file (architecture note), but
 * two threads of it write: the requests' and the outbox delivery thread's
 * (`delivery.ts`). The counters therefore live in shared memory: a
 * connection opened in the delivery thread with the server's
 * `TableVersions.buffer` bumps the very counters the request thread's caches
 * read, and the other way round, so a cache is exact across both.
 */
export class TableVersions {
  /** The shared memory: `SLOTS` name hashes, then the total and `SLOTS` counters. */
  readonly buffer: SharedArrayBuffer;
  readonly #keys: Int32Array;
  readonly #counts: Int32Array;
  /** This thread's table → slot, so the hash is worked out once per name. */
  readonly #slots = new Map<string, number>();

  constructor(buffer?: SharedArrayBuffer) {
    this.buffer = buffer ?? new SharedArrayBuffer((2 * SLOTS + 1) * 4);
    this.#keys = new Int32Array(this.buffer, 0, SLOTS);
    this.#counts = new Int32Array(this.buffer, SLOTS * 4, SLOTS + 1);
  }

  /**
   * The counter of a table: an open-addressed table of 32-bit name hashes in
   * the shared memory, claimed with compare-and-swap, so both threads agree
   * without talking. Two names with one hash would share a counter: a write
   * to one then throws away the other's cached values too, never keeps a
   * stale one.
   */
  #slotOf(table: string): number {
    const known = this.#slots.get(table);
    if (known !== undefined) return known;
    let hash = 0x811c9dc5;
    for (let i = 0; i < table.length; i++) hash = Math.imul(hash ^ table.charCodeAt(i), 0x01000193);
    hash |= 1; // 0 marks a free slot
    let slot = -1;
    for (let probe = 0, i = hash & (SLOTS - 1); probe < SLOTS; probe++, i = (i + 1) & (SLOTS - 1)) {
      const held = Atomics.compareExchange(this.#keys, i, 0, hash);
      if (held === 0 || held === hash) {
        slot = i;
        break;
      }
    }
    // Every slot taken (far more tables than a schema has): all share the last counter.
    const counter = (slot < 0 ? SLOTS - 1 : slot) + 1;
    this.#slots.set(table, counter);
    return counter;
  }

  /** The current version of one table (0 until it is first written). */
  of(table: string): number {
    return Atomics.load(this.#counts, this.#slotOf(table));
  }

  /** One number that changes whenever any of the tables is written. */
  sumOf(tables: readonly string[]): number {
    let sum = 0;
    for (const t of tables) sum += Atomics.load(this.#counts, this.#slotOf(t));
    return sum;
  }

  /** Writes seen since the database was opened, all tables together (tests and diagnostics). */
  get total(): number {
    return Atomics.load(this.#counts, 0);
  }

  bump(tables: Iterable<string>): void {
    for (const t of tables) {
      Atomics.add(this.#counts, this.#slotOf(t), 1);
      Atomics.add(this.#counts, 0, 1);
    }
  }
}

/** Counters in the shared memory: a power of two, well above the schema's tables and their activity twins. */
const SLOTS = 1024;

/** Columns whose updates say "still here", not "changed": see the class comment. */
export const ACTIVITY_COLUMNS: Readonly<Record<string, ReadonlySet<string>>> = {
  session: new Set(['last_seen_at']),
  user_account: new Set(['last_login_at']),
  // Agent credentials in use: the agent endpoint's credential cache keeps its answers.
  api_key: new Set(['last_used_at']),
  oauth_client: new Set(['last_used_at']),
  oauth_grant: new Set(['last_used_at']),
  terminal: new Set([
    'last_contact_at',
    'last_punch_at',
    'synced_until',
    'clock_skew_seconds',
    'connector_state',
    'connector_state_since',
    'connector_backlog',
    'connector_dead_letters',
    'connector_detail',
    'firmware_notes',
    'offline_notified_at',
    'device_uid',
    'terminal_type',
  ]),
};

/** What a statement means for the versions, worked out once per SQL text. */
export interface StatementEffect {
  /** Tables the statement writes (before cascades). */
  writes: readonly string[];
  transaction?: 'begin' | 'end';
  /** A schema change: foreign keys must be read again. */
  ddl?: boolean;
}

const NONE: StatementEffect = { writes: [] };
const WRITE_TARGET = /\b(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+(?:"(\w+)"|(\w+))/gi;

/** Reads what a statement writes from its SQL text (kysely's, or a marked raw statement). */
export function effectOf(sql: string): StatementEffect {
  const head = sql.trimStart().slice(0, 12).toLowerCase();
  if (head.startsWith('begin')) return { writes: [], transaction: 'begin' };
  // A savepoint lives inside a transaction: its writes are bumped when the transaction ends.
  if (head.startsWith('savepoint') || head.startsWith('release') || /^rollback\s+to\b/.test(head)) return NONE;
  if (head.startsWith('commit') || head.startsWith('rollback') || head.startsWith('end')) return { writes: [], transaction: 'end' };
  if (head.startsWith('create') || head.startsWith('alter') || head.startsWith('drop')) return { writes: [], ddl: true };
  if (head.startsWith('select') || head.startsWith('pragma')) return NONE;
  const writes = new Set<string>();
  for (const m of sql.matchAll(WRITE_TARGET)) {
    const table = (m[1] ?? m[2] ?? '').toLowerCase();
    if (table === 'set' || table === 'where') continue;
    writes.add(activityOnly(sql, table) ? `${table}#activity` : table);
  }
  return writes.size ? { writes: [...writes] } : NONE;
}

/** True when an UPDATE of `table` sets nothing but its activity columns. */
function activityOnly(sql: string, table: string): boolean {
  const activity = ACTIVITY_COLUMNS[table];
  if (!activity) return false;
  const m = new RegExp(`\\bupdate\\s+"?${table}"?\\s+set\\s+([\\s\\S]*?)(?:\\swhere\\s|\\sreturning\\s|$)`, 'i').exec(sql);
  if (!m?.[1]) return false;
  const columns = [...m[1].matchAll(/"(\w+)"\s*=/g)].map((c) => c[1] as string);
  return columns.length > 0 && columns.every((c) => activity.has(c));
}

/** Tables a write to each table also changes through foreign keys (cascade, set null). */
function cascadesOf(sqlite: SQLite.Database): Map<string, string[]> {
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") // SQLite-only: the catalogue
    .pluck()
    .all() as string[];
  const direct = new Map<string, Set<string>>();
  for (const child of tables) {
    const keys = sqlite.prepare(`PRAGMA foreign_key_list("${child}")`).all() as { table: string; on_update: string; on_delete: string }[]; // SQLite-only
    for (const k of keys) {
      const acts = [k.on_delete, k.on_update].some((a) => a === 'CASCADE' || a === 'SET NULL' || a === 'SET DEFAULT');
      if (!acts) continue;
      let set = direct.get(k.table);
      if (!set) direct.set(k.table, (set = new Set()));
      set.add(child);
    }
  }
  return cascadeClosure(direct);
}

/**
 * Every table a write to each parent reaches through chains of acting foreign keys, from the
 * direct parent → children links (both engines read their catalogue into this shape).
 */
export function cascadeClosure(direct: ReadonlyMap<string, ReadonlySet<string>>): Map<string, string[]> {
  const closed = new Map<string, string[]>();
  for (const parent of direct.keys()) {
    const seen = new Set<string>();
    const stack = [...(direct.get(parent) ?? [])];
    while (stack.length) {
      const t = stack.pop() as string;
      if (seen.has(t)) continue;
      seen.add(t);
      stack.push(...(direct.get(t) ?? []));
    }
    closed.set(parent, [...seen]);
  }
  return closed;
}

/**
 * Feeds `versions` from the statements prepared on `sqlite`: call the
 * returned function with a statement's effect (`effectOf`, worked out once per
 * SQL text by the caller's statement cache) each time it is about to run.
 * better-sqlite3 runs it synchronously right after, so for every other caller
 * "before" and "after" are the same moment.
 */
export function versionTracker(sqlite: SQLite.Database, versions: TableVersions): (effect: StatementEffect) => void {
  let cascades: Map<string, string[]> | undefined;
  let open: Set<string> | undefined;
  const visible = afterRun(versions);
  return (effect) => {
    if (effect === NONE) return;
    if (effect.transaction === 'begin') {
      open ??= new Set();
      return;
    }
    if (effect.transaction === 'end') {
      if (open?.size) visible(open);
      open = undefined;
      return;
    }
    if (effect.ddl) {
      cascades = undefined;
      return;
    }
    if (!effect.writes.length) return;
    cascades ??= cascadesOf(sqlite);
    const touched = new Set<string>();
    for (const t of effect.writes) {
      touched.add(t);
      for (const c of cascades.get(t) ?? []) touched.add(c);
    }
    if (open) {
      versions.bump(touched);
      for (const t of touched) open.add(t);
    } else visible(touched);
  };
}

/**
 * A write other connections see once the statement has run (a commit, or a
 * write outside a transaction): bumped now, and again right after it ran
 * (the statement runs synchronously after `prepare`, so a microtask comes
 * after it). The second bump is for the other thread: a value it computed
 * between the first bump and the commit read the old rows, and must not be
 * kept under the new version.
 */
function afterRun(versions: TableVersions): (tables: ReadonlySet<string>) => void {
  return (tables) => {
    versions.bump(tables);
    queueMicrotask(() => versions.bump(tables));
  };
}
