import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../shared/dates.ts';
import { systemClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import { type Ctx, inTransaction, systemCaller } from '../../server/src/context.ts';
import { openDatabase, openPostgres, type OpenedDatabase } from '../../server/src/db/database.ts';
import { reconcileRange } from '../../server/src/modules/attendance/days.ts';
import { moduleLinks } from '../../server/src/wiring.ts';
import { Client, type HttpResult as Response } from '../support/client.ts';
import { freePort, spawnTs, type Spawned } from '../support/process.ts';
import { CONNECTOR_SECRET } from '../support/server.ts';
import { DEMO_PASSWORD, freshDataDir } from '../support/templates.ts';
import { freeWeek, topUp } from '../support/leave.ts';

/**
 * Races between connections (issue 19): two server processes on one SQLite file, each with its own
 * connection, so their transactions really interleave (one process's kysely driver runs one
 * transaction at a time and would hide the race). SQLite takes the write lock at `begin immediate`;
 * the unique indexes of migration 0017 are the backstop where a check is only a read.
 */

const TZ = 'Asia/Kolkata';
const CONNECTOR = { authorization: `Bearer ${CONNECTOR_SECRET}` };
/**
 * The engine as the rest of the suite takes it: MUSTER_TEST_PG_URL (the throwaway cluster's maintenance
 * database, set by `npm run test:postgres`) selects PostgreSQL. There the first instance seeds a fresh
 * database of the cluster with the demo organisation (migrations included), the second joins it; on
 * SQLite both open a copy of the demo template's file.
 */
const PG_URL = process.env.MUSTER_TEST_PG_URL;
const pgDatabase = PG_URL ? `races_${process.pid}_${Date.now().toString(36)}` : undefined;
const databaseUrl = PG_URL && pgDatabase ? Object.assign(new URL(PG_URL), { pathname: `/${pgDatabase}` }).toString() : undefined;
const dataDir = PG_URL ? fs.mkdtempSync(path.join(os.tmpdir(), 'muster-races-')) : freshDataDir('demo');
const children: Spawned[] = [];

async function onCluster(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
let database: OpenedDatabase;
let a: string;
let b: string;

async function startChild(): Promise<string> {
  const port = await freePort();
  const p = spawnTs('server/src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    MUSTER_DATA_DIR: dataDir,
    MUSTER_LOG_LEVEL: 'warn',
    MUSTER_JOBS: '0',
    MUSTER_CONNECTOR_SECRET: CONNECTOR_SECRET,
    ...(databaseUrl ? { MUSTER_DATABASE_URL: databaseUrl, MUSTER_DEMO: '1', MUSTER_DEMO_PASSWORD: DEMO_PASSWORD } : {}),
  });
  children.push(p);
  // A first start on PostgreSQL migrates and seeds the demo organisation: minutes on a loaded machine.
  await p.waitFor(/Muster listening on/, databaseUrl ? 540_000 : 120_000);
  return `http://127.0.0.1:${port}`;
}

async function login(url: string, email: string): Promise<Client> {
  const c = new Client(url);
  const res = await c.post('/api/auth/login', { email, password: DEMO_PASSWORD });
  if (res.status !== 200) throw new Error(`login as ${email}: ${res.status}`);
  return c;
}

/** The test's own view of the server's database, as a third connection (reads, and the fresh recompute). */
const view = { db: () => database.db };

beforeAll(async () => {
  if (databaseUrl) {
    // The first instance migrates and seeds; the second starts on the seeded database.
    await onCluster(`CREATE DATABASE ${pgDatabase}`);
    a = await startChild();
    b = await startChild();
    database = openPostgres(databaseUrl);
  } else {
    [a, b] = await Promise.all([startChild(), startChild()]);
    database = openDatabase(loadConfig({ MUSTER_DATA_DIR: dataDir }).databaseFile);
  }
}, 1_200_000);

afterAll(async () => {
  await database?.close();
  for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGTERM');
  await Promise.all(children.map((c) => c.exited));
  if (pgDatabase) await onCluster(`DROP DATABASE IF EXISTS ${pgDatabase}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const employeeId = async (email: string) =>
  (await view.db().selectFrom('employee').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

function tally(responses: Response[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of responses) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

describe('identical leave applications at once: exactly one is made', () => {
  const N = 6;

  async function raceOn(urls: readonly string[], weeksAhead: number) {
    const sneha = await employeeId('employee@kaveri.example');
    const cl = (await view.db().selectFrom('leave_type').select('id').where('code', '=', 'CL').executeTakeFirstOrThrow()).id;
    const hr = await login(a, 'hr@kaveri.example');
    await topUp(hr, sneha, cl, 3);
    const today = dayInZone(new Date(), TZ);
    const monday = await freeWeek({ deps: { db: view.db() } } as never, [sneha], addDays(today, 7 * weeksAhead));
    const clients = await Promise.all(urls.map((u) => login(u, 'employee@kaveri.example')));
    const body = { leaveTypeId: cl, fromDate: monday, toDate: monday, reason: `race ${weeksAhead}` };
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => (clients[i % clients.length] as Client).post('/api/leave/requests', body)));
    return { answers, sneha, monday };
  }

  function expectOneMade(answers: Response[]) {
    expect(tally(answers)).toEqual({ 200: 1, 409: N - 1 });
    for (const r of answers.filter((x) => x.status === 409)) {
      expect(r.headers.get('content-type')).toMatch(/problem\+json/);
      expect(r.body.errors).toEqual([expect.objectContaining({ path: 'body.fromDate', message: expect.stringMatching(/^overlaps /) })]);
    }
  }

  it(`${N} at once on one instance → one 200, the rest 409`, async () => {
    const { answers, sneha, monday } = await raceOn([a], 6);
    expectOneMade(answers);
    const days = await view.db().selectFrom('leave_day').select('request_id').where('employee_id', '=', sneha).where('date', '=', monday).execute();
    expect(days).toHaveLength(1);
  });

  it(`${N} at once across two instances on one database → one 200, the rest 409, one request stored`, async () => {
    const { answers, sneha, monday } = await raceOn([a, b], 10);
    expectOneMade(answers);
    const made = answers.find((r) => r.status === 200)?.body.id as string;
    const requests = await view.db().selectFrom('leave_request').select('id').where('employee_id', '=', sneha).where('from_date', '=', monday).execute();
    expect(requests.map((r) => r.id)).toEqual([made]);
    const days = await view.db().selectFrom('leave_day').select('request_id').where('employee_id', '=', sneha).where('date', '=', monday).execute();
    expect(days).toEqual([{ request_id: made }]);
  });
});

describe('two instances ingesting punches for one employee-day at once', () => {
  it('the stored day equals a fresh recompute from every punch', async () => {
    const admin = await login(a, 'admin@kaveri.example');
    const hr = await login(b, 'hr@kaveri.example');
    const manager = await view.db().selectFrom('employee').select('id').where('email', '=', 'manager@kaveri.example').executeTakeFirstOrThrow();
    const suffix = String(Date.now() % 1e6);
    const location = await admin.post('/api/locations', { name: `Race Works ${suffix}` });
    expect(location.status).toBe(200);
    const today = dayInZone(new Date(), TZ);
    const terminalUserId = 88001;
    const made = await hr.post('/api/employees', {
      code: `RC${suffix}`,
      fullName: 'Race Tester',
      email: `race.${suffix}@test.example`,
      joinedDate: addDays(today, -30),
      locationId: location.body.id,
      managerId: manager.id,
      terminalUserId,
    });
    expect(made.status).toBe(200);
    const id = made.body.id as string;
    // Several days at once, each day's punches split between the two instances: more transactions in flight, more chances to interleave.
    const days = [2, 3, 4, 5].map((n) => addDays(today, -n));
    const times = ['08:58', '10:40', '11:05', '13:00', '13:40', '15:15', '15:50', '18:07'];
    const sends = days.flatMap((day, d) => times.map((t, i) => ({ day, t, i, transId: 5000 + d * 100 + i })));
    const answers = await Promise.all(
      sends.map(({ day, t, i, transId }) =>
        new Client(i % 2 ? b : a).post(
          '/api/ingest/biometric/timelog',
          { serial: `RACE-${suffix}`, terminalType: 'zk', terminalId: 1, transId, at: `${day}T${t}:00+05:30`, terminalUserId },
          CONNECTOR,
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(sends.map(() => 200));
    expect(answers.map((r) => r.body.duplicate)).toEqual(sends.map(() => false));

    const first = days.at(-1) as string;
    const last = days[0] as string;
    const readDays = () =>
      view.db().selectFrom('attendance_day').selectAll().where('employee_id', '=', id).where('date', '>=', first).where('date', '<=', last).orderBy('date').execute();
    const stored = await readDays();
    expect(stored.map((d) => d.punch_count)).toEqual(days.map(() => times.length));
    const ctx: Ctx = { db: view.db(), clock: systemClock, caller: systemCaller(), timeZone: TZ, links: moduleLinks };
    await inTransaction(ctx, (t) => reconcileRange(t, [id], first, last));
    const fresh = await readDays();
    const withoutTime = (rows: typeof stored) => rows.map(({ computed_at: _c, ...day }) => day);
    expect(withoutTime(stored)).toEqual(withoutTime(fresh));
  });
});
