import fs from 'node:fs';
import { moduleLinks } from '../../server/src/wiring.ts';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCaller } from '../../server/src/context.ts';
import { backupDatabase, newestBackupAt } from '../../server/src/jobs/backup.ts';
import { JOBS, startScheduler } from '../../server/src/jobs/scheduler.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

const backupsDir = () => path.join(server.deps.config.dataDir, 'backups');

describe('the database backup job', () => {
  it('writes a consistent, openable copy while the server is serving, and keeps the newest ones', async () => {
    const { config } = server.deps;
    const hr = await server.login('hr@kaveri.example');
    // Writes while the copy runs must neither fail nor be blocked.
    const [result, ...writes] = await Promise.all([
      backupDatabase(config.databaseFile, config.dataDir, new Date('2026-11-01T02:30:00Z')),
      ...Array.from({ length: 5 }, (_, i) => hr.post('/api/attendance/holidays', { date: `2031-0${i + 1}-15`, name: `Backup test ${i}`, locationId: null, optional: false })),
    ]);
    expect(writes.map((w) => w.status)).toEqual([200, 200, 200, 200, 200]);
    expect(path.basename(result.file)).toBe('muster-20261101T023000Z.sqlite');
    const copy = new SQLite(result.file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const live = server.deps.db;
      const employees = await live.selectFrom('employee').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect((copy.prepare('select count(*) as n from employee').get() as { n: number }).n).toBe(Number(employees.n));
    } finally {
      copy.close();
    }
    expect(fs.readdirSync(backupsDir()).some((f) => f.endsWith('.partial'))).toBe(false);

    // Retention: the oldest go once there are more than `keep`.
    for (let d = 2; d <= 5; d++) await backupDatabase(config.databaseFile, config.dataDir, new Date(`2026-11-0${d}T02:30:00Z`), 3);
    expect(fs.readdirSync(backupsDir()).sort(), fs.readdirSync(backupsDir()).join()).toEqual([
      'muster-20261103T023000Z.documents',
      'muster-20261103T023000Z.sqlite',
      'muster-20261104T023000Z.documents',
      'muster-20261104T023000Z.sqlite',
      'muster-20261105T023000Z.documents',
      'muster-20261105T023000Z.sqlite',
    ]);
    expect(newestBackupAt(config.dataDir)?.toISOString()).toBe('2026-11-05T02:30:00.000Z');
  });

  it('runs nightly and at start-up only when the last copy is over a day old', async () => {
    const job = JOBS.find((j) => j.name === 'database-backup');
    expect(job).toMatchObject({ schedule: '30 2 * * *', catchUpAtStart: true });
    // Not before the server takes requests: a large database must not delay start-up.
    expect(job?.catchUpInBackground).toBe(true);
    const at = (iso: string) => ({ db: server.deps.db, clock: { now: () => new Date(iso) }, caller: systemCaller(), timeZone: 'Asia/Kolkata', links: moduleLinks });
    expect(await job?.run(at('2026-11-05T12:00:00Z'), server.deps)).toMatch(/^backup skipped/);
    expect(await job?.run(at('2026-11-06T03:00:00Z'), server.deps)).toMatch(/^backup muster-20261106T030000Z\.sqlite \(\d+ KiB\)/);
  });

  it('catches up in the background without holding up start-up, and stop waits for it', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const ran: string[] = [];
    const scheduler = await startScheduler(server.deps, [
      { name: 'first', schedule: '0 0 1 1 *', catchUpAtStart: true, run: async () => (ran.push('first'), 'ok') },
      { name: 'slow', schedule: '0 0 1 1 *', catchUpAtStart: true, catchUpInBackground: true, run: async () => (await held, ran.push('slow'), 'ok') },
    ]);
    expect(ran).toEqual(['first']); // started while the background catch-up still runs
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(ran).toEqual(['first', 'slow']);
  });
});
