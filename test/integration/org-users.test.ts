import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin@kaveri.example');
});
afterAll(async () => server.close());

describe('organisation settings and catalogues', () => {
  it('reads and changes the organisation; others may read but not change', async () => {
    const org = await admin.get('/api/org');
    expect(org.body).toMatchObject({ timeZone: 'Asia/Kolkata', financialYearStartMonth: 4, setupCompleted: true });
    expect(org.body.weeklyOffs).toEqual([{ weekday: 0, weeks: 'all' }, { weekday: 6, weeks: [2, 4] }]);
    const changed = await admin.patch('/api/org', { financialYearStartMonth: 1, weeklyOffs: [{ weekday: 0, weeks: 'all' }] });
    expect(changed.body).toMatchObject({ financialYearStartMonth: 1, weeklyOffs: [{ weekday: 0, weeks: 'all' }] });
    expect((await admin.patch('/api/org', { timeZone: 'Asia/Calcutta2' })).status).toBe(400);
    expect((await admin.patch('/api/org', { weeklyOffs: [{ weekday: 7, weeks: 'all' }] })).status).toBe(400);
    const emp = await server.login('employee@kaveri.example');
    expect((await emp.get('/api/org')).status).toBe(200);
    expect((await emp.patch('/api/org', { name: 'Mine now' })).status).toBe(403);
    await admin.patch('/api/org', { financialYearStartMonth: 4 });
  });

  it('creates, renames and deletes a department; refuses duplicates and deleting one in use', async () => {
    const created = await admin.post('/api/departments', { name: 'Research', code: 'RND' });
    expect(created.body).toMatchObject({ name: 'Research', code: 'RND', headcount: 0 });
    expect((await admin.post('/api/departments', { name: 'Research' })).status).toBe(409);
    const renamed = await admin.patch(`/api/departments/${created.body.id}`, { name: 'R&D' });
    expect(renamed.body.name).toBe('R&D');
    const production = (await admin.get('/api/departments')).body.items.find((d: { name: string }) => d.name === 'Production');
    expect(production.headcount).toBeGreaterThan(40);
    const inUse = await admin.delete(`/api/departments/${production.id}`);
    expect(inUse.status).toBe(409);
    expect((await admin.delete(`/api/departments/${created.body.id}`)).body).toEqual({ ok: true });
    expect((await admin.delete(`/api/departments/${created.body.id}`)).status).toBe(404);
  });

  it('keeps locations with an address', async () => {
    const loc = await admin.post('/api/locations', { name: 'Chennai Depot', addressLine: '12 SIDCO Estate', city: 'Chennai', state: 'Tamil Nadu', postalCode: '600032' });
    expect(loc.body).toMatchObject({ name: 'Chennai Depot', city: 'Chennai', country: 'India', headcount: 0 });
    const list = (await admin.get('/api/locations')).body.items;
    expect(list.map((l: { name: string }) => l.name)).toEqual(['Bengaluru HQ', 'Chennai Depot', 'Pune Plant']);
  });

  it('lists designations, shifts and this year\'s holidays', async () => {
    expect((await admin.get('/api/designations')).body.items.length).toBeGreaterThan(20);
    const shifts = (await admin.get('/api/shifts')).body.items;
    expect(shifts.find((s: { isDefault: boolean }) => s.isDefault)).toMatchObject({ name: 'General', startTime: '09:30', endTime: '18:30' });
    const year = new Date().getFullYear();
    const holidays = (await admin.get(`/api/holidays?year=${year}`)).body.items;
    expect(holidays.map((h: { name: string }) => h.name)).toEqual(expect.arrayContaining(['Republic Day', 'Independence Day', 'Gandhi Jayanti']));
  });
});

describe('users and roles', () => {
  async function employeeByEmail(email: string) {
    return server.deps.db.selectFrom('employee').select(['id', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
  }

  it('gives an employee a login, changes roles with an audit row, and disables it', async () => {
    const person = await server.deps.db
      .selectFrom('employee')
      .leftJoin('user_account', 'user_account.employee_id', 'employee.id')
      .select(['employee.id', 'employee.email'])
      .where('user_account.id', 'is', null)
      .where('employee.status', '=', 'Active')
      .executeTakeFirstOrThrow();
    const created = await admin.post('/api/users', { employeeId: person.id, roles: ['Employee'], password: 'welcome-123' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ email: person.email, roles: ['Employee'], active: true });
    expect((await admin.post('/api/users', { employeeId: person.id, roles: ['Employee'], password: 'welcome-123' })).status).toBe(409);
    const session = await server.login(person.email ?? '', 'welcome-123');
    expect((await session.get('/api/notifications/unread-count')).body.count).toBe(1);

    const promoted = await admin.patch(`/api/users/${created.body.id}`, { roles: ['Manager', 'Employee'] });
    expect(promoted.body.roles).toEqual(['Manager', 'Employee']);
    const audit = await server.deps.db.selectFrom('audit_log').select(['category', 'action', 'changes']).where('employee_id', '=', person.id).where('action', '=', 'roles.changed').executeTakeFirstOrThrow();
    expect(audit.category).toBe('Permissions');
    expect(JSON.parse(audit.changes)).toEqual([{ field: 'roles', before: ['Employee'], after: ['Manager', 'Employee'] }]);
    // The session sees new permissions at once.
    expect((await session.get('/api/auth/me')).body.user.permissions).toContain('team:read');

    expect((await admin.patch(`/api/users/${created.body.id}`, { active: false })).body.active).toBe(false);
    expect((await session.get('/api/auth/me')).status).toBe(401);
    expect((await server.client().post('/api/auth/login', { email: person.email, password: 'welcome-123' })).status).toBe(401);
  });

  it('will not let an admin remove their own admin access', async () => {
    const me = (await admin.get('/api/auth/me')).body.user;
    const res = await admin.patch(`/api/users/${me.id}`, { roles: ['HR'] });
    expect(res.status).toBe(409);
    expect((await admin.patch(`/api/users/${me.id}`, { active: false })).status).toBe(409);
  });

  it('needs user:manage (403) and validates roles (400)', async () => {
    const hr = await server.login('hr@kaveri.example');
    expect((await hr.get('/api/users')).status).toBe(403);
    const e = await employeeByEmail('employee@kaveri.example');
    expect((await admin.post('/api/users', { employeeId: e.id, roles: ['Boss'], password: 'welcome-123' })).status).toBe(400);
    expect((await admin.post('/api/users', { employeeId: e.id, roles: [], password: 'welcome-123' })).status).toBe(400);
  });
});
