import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, systemCaller } from '../../server/src/context.ts';
import { MAX_ATTEMPTS, isRetryable, onTransactionRetry, retryDelayMs, runTransaction } from '../../server/src/db/transaction.ts';
import { systemClock } from '../../server/src/clock.ts';
import { moduleLinks } from '../../server/src/wiring.ts';
import type { Database } from '../../server/src/db/database.ts';
import { testEngine } from '../support/engine.ts';
import { startServer, type TestServer } from '../support/server.ts';

const onPostgres = testEngine() === 'postgres';
if (!onPostgres) process.stdout.write('[postgres-only, not run on SQLite] transactions.test.ts: SERIALIZABLE retries (SQLite runs one transaction at a time)\n');

/** Resolves once `n` parties have arrived. */
function barrier(n: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return async () => {
    if (++arrived >= n) open();
    await opened;
  };
}

describe('retries of a transaction', () => {
  it('waits a jittered, bounded time that grows with the attempt', () => {
    expect(retryDelayMs(1, () => 0)).toBe(0);
    expect(retryDelayMs(1, () => 1)).toBe(8);
    expect(retryDelayMs(3, () => 1)).toBe(32);
    expect(retryDelayMs(20, () => 1)).toBe(250);
    expect(retryDelayMs(2, () => 0.5)).toBe(8);
  });

  it('retries serialization failures and deadlocks only', () => {
    expect(isRetryable({ code: '40001' })).toBe(true);
    expect(isRetryable({ code: '40P01' })).toBe(true);
    expect(isRetryable({ code: '23505' })).toBe(false);
    expect(isRetryable(new Error('SQLITE_BUSY'))).toBe(false);
    expect(isRetryable(null)).toBe(false);
  });
});

describe.skipIf(!onPostgres)('SERIALIZABLE transactions on PostgreSQL', () => {
  let server: TestServer;
  let db: Database;
  const retries: number[] = [];

  beforeAll(async () => {
    server = await startServer({ template: 'empty', outbox: false });
    db = server.database.db;
    onTransactionRetry(db, (attempt) => retries.push(attempt));
  });
  afterAll(async () => server?.close());

  /** Counts the designations of a race, then adds one named after that count: a read and the write it decides. */
  async function countThenInsert(race: string, who: string, meet: () => Promise<void>, attempts: { n: number }): Promise<void> {
    await runTransaction(db, async (trx) => {
      attempts.n++;
      const { n } = await trx.selectFrom('designation').select((eb) => eb.fn.countAll<number>().as('n')).where('name', 'like', `${race}-%`).executeTakeFirstOrThrow();
      // Both first attempts read before either writes: run one at a time, the second would have counted the first.
      if (attempts.n === 1) await meet();
      await trx.insertInto('designation').values({ id: `${race}-${who}`, name: `${race}-${n}-${who}`, created_at: new Date().toISOString() }).execute();
    });
  }

  it('runs two conflicting transactions as if one after the other: one fails to serialize and is run again', async () => {
    retries.length = 0;
    const meet = barrier(2);
    const a = { n: 0 };
    const b = { n: 0 };
    await Promise.all([countThenInsert('race1', 'a', meet, a), countThenInsert('race1', 'b', meet, b)]);
    const names = (await db.selectFrom('designation').select('name').where('name', 'like', 'race1-%').orderBy('name').execute()).map((r) => r.name);
    // One counted 0 and the other, run again after the first committed, counted 1: never both 0 (read committed would give that).
    expect(names.map((n) => n.split('-')[1]).sort()).toEqual(['0', '1']);
    expect(a.n + b.n).toBe(3);
    expect(retries).toEqual([1]);
  });

  it('runs inTransaction SERIALIZABLE too, and gives up after a bounded number of attempts', async () => {
    const ctx = { db, clock: systemClock, caller: systemCaller(), timeZone: 'Asia/Kolkata', links: moduleLinks };
    const level = await inTransaction(ctx, async (t) => (await t.db.selectNoFrom((eb) => eb.fn<string>('current_setting', [eb.val('transaction_isolation')]).as('level')).executeTakeFirstOrThrow()).level);
    expect(level).toBe('serializable');
    let runs = 0;
    const failing = runTransaction(db, async () => {
      runs++;
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    await expect(failing).rejects.toMatchObject({ code: '40001' });
    expect(runs).toBe(MAX_ATTEMPTS);
    let other = 0;
    await expect(
      runTransaction(db, async () => {
        other++;
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(other).toBe(1);
  });
});
