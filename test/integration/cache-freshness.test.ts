import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, systemCaller, type Ctx } from '../../server/src/context.ts';
import { tableVersions } from '../../server/src/db/cache.ts';
import { JOBS } from '../../server/src/jobs/scheduler.ts';
import { updateEmployee } from '../../server/src/modules/employees/index.ts';
import { permissionsOf } from '../../shared/permissions.ts';
import { moduleLinks } from '../../server/src/wiring.ts';
import type { Client } from '../support/client.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Caches are fed by the connection (db/table-versions.ts): whatever channel
 * writes — a console route, a job, a use case called directly as the agent
 * endpoint will, or a plain statement — the next read sees the change.
 */
let server: TestServer;
let hr: Client;
let apiKey: string;
beforeAll(async () => {
  server = await startServer();
  hr = await server.login('hr@kaveri.example');
  const admin = await server.login('admin@kaveri.example');
  apiKey = (await admin.post('/api/api-keys', { name: 'freshness', scope: 'ReadOnly' })).body.key as string;
});
afterAll(async () => server.close());

async function idOf(email: string): Promise<string> {
  return (await server.deps.db.selectFrom('employee').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** Reads an employee the three cached ways: the directory page, the public list, the leave list's names. */
async function namesSeen(id: string) {
  const page = await hr.get('/api/employees?pageSize=100&q=');
  const all = [...page.body.items];
  for (let p = 2; all.length < page.body.total; p++) all.push(...(await hr.get(`/api/employees?pageSize=100&page=${p}`)).body.items);
  const publicList = (await fetch(`${server.url}/api/public/v1/employees`, { headers: { authorization: `Bearer ${apiKey}` } }).then((r) => r.json())) as { data: { id: string; fullName: string }[] };
  return {
    directory: all.find((e: { id: string }) => e.id === id)?.fullName,
    publicApi: publicList.data.find((e) => e.id === id)?.fullName,
  };
}

describe('every channel invalidates the caches it must', () => {
  it('a console route', async () => {
    const id = await idOf('employee@kaveri.example');
    await namesSeen(id); // warm every cache
    expect((await hr.patch(`/api/employees/${id}`, { fullName: 'Sneha K. Route' })).status).toBe(200);
    expect(await namesSeen(id)).toEqual({ directory: 'Sneha K. Route', publicApi: 'Sneha K. Route' });
  });

  it('a use case called directly, as the agent endpoint does', async () => {
    const id = await idOf('employee@kaveri.example');
    await namesSeen(id);
    const hrRow = await server.deps.db.selectFrom('user_account').select(['id', 'employee_id']).where('email', '=', 'hr@kaveri.example').executeTakeFirstOrThrow();
    const ctx: Ctx = {
      db: server.deps.db,
      clock: server.deps.clock,
      timeZone: 'Asia/Kolkata',
      links: moduleLinks,
      caller: callerFor({ kind: 'apiKey', userId: hrRow.id, employeeId: hrRow.employee_id, name: 'HR agent', roles: ['HR'], permissions: permissionsOf(['HR']), source: 'mcp' }),
    };
    await updateEmployee(ctx, id, { fullName: 'Sneha K. Agent' });
    expect(await namesSeen(id)).toEqual({ directory: 'Sneha K. Agent', publicApi: 'Sneha K. Agent' });
  });

  it('a scheduled job', async () => {
    const id = await idOf('employee@kaveri.example');
    const before = (await hr.get(`/api/employees?pageSize=100&status=Active`)).body.total as number;
    await server.deps.db.updateTable('employee').set({ status: 'OnNotice', exit_date: '2000-01-01' }).where('id', '=', id).execute();
    const job = JOBS.find((j) => j.name === 'complete-due-exits');
    if (!job) throw new Error('no complete-due-exits job');
    await hr.get(`/api/employees?pageSize=100&status=Exited`); // cached before the job runs
    await job.run({ db: server.deps.db, clock: server.deps.clock, caller: systemCaller(), timeZone: 'Asia/Kolkata', links: moduleLinks }, server.deps);
    const exited = (await hr.get(`/api/employees?pageSize=100&status=Exited`)).body.items.map((e: { id: string }) => e.id);
    expect(exited).toContain(id);
    expect((await hr.get(`/api/employees?pageSize=100&status=Active`)).body.total).toBe(before - 1);
  });

  it('a plain statement on the database, and the organisation settings every request reads', async () => {
    const dept = await server.deps.db.selectFrom('department').select(['id', 'name']).executeTakeFirstOrThrow();
    await hr.get('/api/employees?pageSize=100');
    await server.deps.db.updateTable('department').set({ name: 'Renamed by SQL' }).where('id', '=', dept.id).execute();
    const facets = (await hr.get('/api/employees?pageSize=100')).body.facets.department as { name: string }[];
    expect(facets.map((f) => f.name)).toContain('Renamed by SQL');

    const admin = await server.login('admin@kaveri.example');
    expect((await admin.patch('/api/org', { timeZone: 'Asia/Dubai' })).status).toBe(200);
    expect((await hr.get('/api/org')).body.timeZone).toBe('Asia/Dubai');
    expect((await admin.patch('/api/org', { timeZone: 'Asia/Kolkata' })).status).toBe(200);
  });

  it('activity (a session used, a terminal heard) does not count as a change', async () => {
    const versions = tableVersions(server.deps.db);
    const before = versions.of('terminal');
    await server.deps.db.updateTable('terminal').set({ last_contact_at: new Date().toISOString() }).execute();
    expect(versions.of('terminal')).toBe(before);
    expect(versions.of('terminal#activity')).toBeGreaterThan(0);
    await server.deps.db.updateTable('terminal').set({ name: 'Gate' }).where('id', '=', 'nothing').execute();
    expect(versions.of('terminal')).toBe(before + 2); // a real change bumps it (before and right after it ran), even when no row matched
  });
});
