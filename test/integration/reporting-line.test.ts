import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * The reporting-line closure (table reporting_line, migration 0014) and the
 * per-date away counts (leave_day_load) are kept by triggers: after every
 * kind of change they must equal what the employee and leave_day rows say,
 * worked out here in plain TypeScript by walking manager_id upwards.
 */

let server: TestServer;
let hr: Client;

beforeAll(async () => {
  server = await startServer({ outbox: false });
  hr = await server.login('hr@kaveri.example');
});
afterAll(async () => server.close());

const db = () => server.deps.db;

async function idOf(email: string): Promise<string> {
  return (await db().selectFrom('employee').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** Every (ancestor, descendant, depth) the manager_id column implies, self rows included. */
async function expectedClosure(): Promise<string[]> {
  const rows = await db().selectFrom('employee').select(['id', 'manager_id']).execute();
  const managerOf = new Map(rows.map((r) => [r.id, r.manager_id]));
  const out: string[] = [];
  for (const r of rows) {
    let depth = 0;
    for (let at: string | null | undefined = r.id; at; at = managerOf.get(at)) {
      out.push(`${at}>${r.id}@${depth++}`);
      if (depth > rows.length) throw new Error('circle in manager_id');
    }
  }
  return out.sort();
}

async function storedClosure(): Promise<string[]> {
  const rows = await db().selectFrom('reporting_line').select(['ancestor_id', 'descendant_id', 'depth']).execute();
  return rows.map((r) => `${r.ancestor_id}>${r.descendant_id}@${r.depth}`).sort();
}

async function expectClosureExact() {
  expect(await storedClosure()).toEqual(await expectedClosure());
}

/** People away per (date, department) as leave_day and employee say, against the counts the triggers keep. */
async function expectLoadExact() {
  const days = await db().selectFrom('leave_day as d').innerJoin('employee as e', 'e.id', 'd.employee_id').select(['d.date', 'd.employee_id', 'e.department_id']).execute();
  const people = new Map<string, Set<string>>();
  for (const d of days) {
    const key = `${d.date}|${d.department_id ?? ''}`;
    const set = people.get(key) ?? new Set<string>();
    set.add(d.employee_id);
    people.set(key, set);
  }
  const expected = [...people].map(([k, s]) => `${k}=${s.size}`).sort();
  const stored = (await db().selectFrom('leave_day_load').select(['date', 'department_id', 'people']).where('people', '>', 0).execute())
    .map((r) => `${r.date}|${r.department_id}=${r.people}`)
    .sort();
  expect(stored).toEqual(expected);
  expect(expected.length).toBeGreaterThan(10);
}

describe('reporting line closure', () => {
  it('is backfilled by the migration and matches the demo line', async () => {
    await expectClosureExact();
    // The managing director is above everyone else.
    const md = await idOf('md@kaveri.example');
    const below = await db().selectFrom('reporting_line').select('descendant_id').where('ancestor_id', '=', md).where('depth', '>', 0).execute();
    const others = await db().selectFrom('employee').select('id').where('id', '!=', md).where('manager_id', 'is not', null).execute();
    expect(below.length).toBe(others.length);
  });

  it('moves a whole subtree when a manager gets a new manager, and a manager sees the moved team at once', async () => {
    const manager = await idOf('manager@kaveri.example');
    const employee = await idOf('employee@kaveri.example');
    const hrId = await idOf('hr@kaveri.example');
    const before = (await db().selectFrom('employee').select('manager_id').where('id', '=', manager).executeTakeFirstOrThrow()).manager_id;
    expect(before).not.toBe(hrId);
    const hrTeamBefore = await hr.get(`/api/employees/${employee}`);
    expect(hrTeamBefore.status).toBe(200);
    const moved = await hr.patch(`/api/employees/${manager}`, { managerId: hrId });
    expect(moved.status).toBe(200);
    await expectClosureExact();
    // The manager's reports (the demo employee among them) are now below HR at depth 2.
    const row = await db().selectFrom('reporting_line').select('depth').where('ancestor_id', '=', hrId).where('descendant_id', '=', employee).executeTakeFirst();
    expect(row?.depth).toBe(2);
    // And no longer below the old manager's chain (unless HR is in it).
    if (before) {
      const old = await db().selectFrom('reporting_line').select('depth').where('ancestor_id', '=', before).where('descendant_id', '=', employee).executeTakeFirst();
      const hrBelowOld = await db().selectFrom('reporting_line').select('depth').where('ancestor_id', '=', before).where('descendant_id', '=', hrId).executeTakeFirst();
      expect(old === undefined).toBe(hrBelowOld === undefined);
    }
    // Move back.
    expect((await hr.patch(`/api/employees/${manager}`, { managerId: before })).status).toBe(200);
    await expectClosureExact();
  });

  it('cuts a line when the manager is removed, and joins it again', async () => {
    const manager = await idOf('manager@kaveri.example');
    const employee = await idOf('employee@kaveri.example');
    const before = (await db().selectFrom('employee').select('manager_id').where('id', '=', manager).executeTakeFirstOrThrow()).manager_id;
    expect((await hr.patch(`/api/employees/${manager}`, { managerId: null })).status).toBe(200);
    await expectClosureExact();
    const above = await db().selectFrom('reporting_line').select('ancestor_id').where('descendant_id', '=', employee).where('depth', '>', 0).execute();
    expect(above.map((a) => a.ancestor_id)).toEqual([manager]);
    expect((await hr.patch(`/api/employees/${manager}`, { managerId: before })).status).toBe(200);
    await expectClosureExact();
  });

  it('refuses a circle: 409 from the use case, and the trigger aborts a plain statement', async () => {
    const md = await idOf('md@kaveri.example');
    const employee = await idOf('employee@kaveri.example');
    const res = await hr.patch(`/api/employees/${md}`, { managerId: employee });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].path).toBe('body.managerId');
    await expect(db().updateTable('employee').set({ manager_id: employee }).where('id', '=', md).execute()).rejects.toThrow(/reporting line circle/);
    await expect(db().updateTable('employee').set({ manager_id: md }).where('id', '=', md).execute()).rejects.toThrow(/reporting line circle/);
    await expectClosureExact();
  });

  it('keeps the line through an exit and a rehire, as the recursive walk did (status does not cut it)', async () => {
    const manager = await idOf('manager@kaveri.example');
    const created = await hr.post('/api/employees', { code: 'RL001', fullName: 'Line Person', email: 'line.person@kaveri.example', joinedDate: '2024-01-08', managerId: manager });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    await expectClosureExact();
    expect((await hr.post(`/api/employees/${id}/exit`, { exitDate: '2025-01-31', reason: 'Resigned' })).status).toBe(200);
    await expectClosureExact();
    expect((await hr.post(`/api/employees/${id}/rehire`, { joinedDate: '2025-06-02' })).status).toBe(200);
    await expectClosureExact();
    const mgr = await server.login('manager@kaveri.example');
    expect((await mgr.get(`/api/employees/${id}`)).status).toBe(200);
  });

  it('links reports inserted before their manager in one statement', async () => {
    const top = await idOf('md@kaveri.example');
    const row = await db().selectFrom('employee').selectAll().where('id', '=', top).executeTakeFirstOrThrow();
    const a = '01900000-0000-7000-8000-00000000000a';
    const b = '01900000-0000-7000-8000-00000000000b';
    const person = (id: string, code: string, managerId: string) => ({ ...row, id, code, email: `${code}@kaveri.example`, manager_id: managerId, search_text: code, terminal_user_id: null });
    // b reports to a, a to the managing director; b comes first.
    await db().insertInto('employee').values([person(b, 'rl-b', a), person(a, 'rl-a', top)]).execute();
    await expectClosureExact();
    const depth = await db().selectFrom('reporting_line').select('depth').where('ancestor_id', '=', top).where('descendant_id', '=', b).executeTakeFirst();
    expect(depth?.depth).toBe(2);
  });
});

describe('people away per date and department', () => {
  it('match leave_day after applying, withdrawing and a change of department', async () => {
    await expectLoadExact();
    const employee = await idOf('employee@kaveri.example');
    const me = await server.login('employee@kaveri.example');
    const types = (await me.get('/api/leave/types')).body.items as { id: string; code: string }[];
    const cl = types.find((t) => t.code === 'CL')?.id;
    // A half day on a day someone else in the department may already be away: counted once per person.
    let day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    let applied: { status: number; body: { id: string } } | undefined;
    for (let i = 0; i < 20 && applied?.status !== 200; i++) {
      applied = await me.post('/api/leave/requests', { leaveTypeId: cl, fromDate: day, toDate: day, duration: 'FirstHalf' });
      if (applied.status !== 200) day = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    }
    expect(applied?.status).toBe(200);
    await expectLoadExact();
    const second = await me.post('/api/leave/requests', { leaveTypeId: cl, fromDate: day, toDate: day, duration: 'SecondHalf' });
    expect(second.status).toBe(200);
    await expectLoadExact();
    expect((await me.post(`/api/leave/requests/${applied?.body.id}/withdraw`, {})).status).toBe(200);
    await expectLoadExact();
    const depts = (await hr.get('/api/departments')).body.items as { id: string }[];
    const current = (await db().selectFrom('employee').select('department_id').where('id', '=', employee).executeTakeFirstOrThrow()).department_id;
    const other = depts.find((d) => d.id !== current)?.id;
    expect((await hr.patch(`/api/employees/${employee}`, { departmentId: other })).status).toBe(200);
    await expectLoadExact();
    // A plain statement is counted too.
    await sql`UPDATE employee SET department_id = NULL WHERE id = ${employee}`.execute(db());
    await expectLoadExact();
    expect((await me.post(`/api/leave/requests/${second.body.id}/withdraw`, {})).status).toBe(200);
    await expectLoadExact();
  });
});
