import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_SORT_KEYS, EmployeeListResponse, Employee as EmployeeSchema } from '../../shared/employees.ts';
import type { Client } from '../support/client.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let hr: Client;
beforeAll(async () => {
  server = await startServer();
  hr = await server.login('hr@kaveri.example');
});
afterAll(async () => server.close());

async function allRows(c: Client, query = '') {
  const rows = [];
  for (let page = 1; ; page++) {
    const res = await c.get(`/api/employees?pageSize=100&page=${page}${query}`);
    expect(res.status).toBe(200);
    rows.push(...res.body.items);
    if (rows.length >= res.body.total) return rows;
  }
}

async function employeeId(email: string): Promise<string> {
  const row = await server.deps.db.selectFrom('employee').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /api/employees pagination (spec §2.8, §4.8)', () => {
  it('defaults to page 1 of 50 and echoes both', async () => {
    const res = await hr.get('/api/employees');
    expect(res.status).toBe(200);
    expect(EmployeeListResponse.safeParse(res.body).success).toBe(true);
    const count = await server.deps.db.selectFrom('employee').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(res.body).toMatchObject({ page: 1, pageSize: 50, total: Number(count.n) });
    expect(res.body.items).toHaveLength(50);
  });

  it('echoes the requested page and size, and total counts across pages', async () => {
    const res = await hr.get('/api/employees?page=3&pageSize=7');
    expect(res.body).toMatchObject({ page: 3, pageSize: 7 });
    expect(res.body.items).toHaveLength(7);
    const all = await allRows(hr);
    expect(all).toHaveLength(res.body.total);
    expect(res.body.items.map((e: { id: string }) => e.id)).toEqual(all.slice(14, 21).map((e) => e.id));
  });

  it('accepts the bounds 1 and 100 and answers an empty page past the end', async () => {
    expect((await hr.get('/api/employees?pageSize=1')).body.items).toHaveLength(1);
    expect((await hr.get('/api/employees?pageSize=100')).body.items).toHaveLength(100);
    const past = await hr.get('/api/employees?page=999');
    expect(past.status).toBe(200);
    expect(past.body.items).toEqual([]);
    expect(past.body.total).toBeGreaterThan(100);
  });

  it.each([
    ['pageSize=101', 'query.pageSize'],
    ['pageSize=0', 'query.pageSize'],
    ['page=0', 'query.page'],
    ['page=-1', 'query.page'],
    ['page=1.5', 'query.page'],
    ['pageSize=abc', 'query.pageSize'],
    ['pageSize=', 'query.pageSize'],
    ['sort=salary', 'query.sort'],
    ['order=up', 'query.order'],
    ['status=Retired', 'query.status'],
    ['departmentId=not-a-uuid', 'query.departmentId'],
  ])('rejects %s with 400 naming %s', async (query, path) => {
    const res = await hr.get(`/api/employees?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ type: 'urn:muster:problem:validation', status: 400 });
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

type Row = Record<string, unknown> & { id: string; fullName: string };
const sortValue: Record<string, (r: Row) => string | number | null> = {
  code: (r) => r.code as string,
  fullName: (r) => r.fullName,
  designation: (r) => (r.designation as { name: string } | null)?.name ?? null,
  department: (r) => (r.department as { name: string } | null)?.name ?? null,
  location: (r) => (r.location as { name: string } | null)?.name ?? null,
  manager: (r) => (r.manager as { fullName: string } | null)?.fullName ?? null,
  joinedDate: (r) => r.joinedDate as string,
  status: (r) => r.status as string,
  ctcAnnual: (r) => r.ctcAnnual as number | null,
};

function expectedOrder(rows: Row[], key: string, order: 'asc' | 'desc'): string[] {
  const value = sortValue[key] ?? (() => null);
  const cmp = (a: string | number | null, b: string | number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  return [...rows]
    .sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      if (va === null || vb === null) {
        const n = cmp(va, vb);
        if (n !== 0) return n;
      } else {
        const n = cmp(va, vb) * (order === 'asc' ? 1 : -1);
        if (n !== 0) return n;
      }
      return cmp(a.fullName, b.fullName) || cmp(a.id, b.id);
    })
    .map((r) => r.id);
}

describe('sorting by every key of spec §2.6', () => {
  it.each(EMPLOYEE_SORT_KEYS.flatMap((k) => [[k, 'asc'], [k, 'desc']] as const))('sort=%s order=%s', async (key, order) => {
    const rows = (await allRows(hr, `&sort=${key}&order=${order}`)) as Row[];
    expect(rows.map((r) => r.id)).toEqual(expectedOrder(rows, key, order));
    // The order really depends on the key: first and last differ unless all values tie.
    const values = rows.map(sortValue[key] ?? (() => null));
    expect(new Set(values).size).toBeGreaterThan(1);
  });
});

describe('filters, facets and KPIs', () => {
  it('finds by free text over name, code and email', async () => {
    const byName = await hr.get('/api/employees?q=sneha%20kul');
    expect(byName.body.items.map((e: Row) => e.fullName)).toContain('Sneha Kulkarni');
    const byEmail = await hr.get('/api/employees?q=EMPLOYEE@kaveri');
    expect(byEmail.body.total).toBe(1);
    const byCode = await hr.get('/api/employees?q=kpc0001');
    expect(byCode.body.items[0].code).toBe('KPC0001');
    const wildcard = await hr.get('/api/employees?q=%25');
    expect(wildcard.body.total).toBe(0);
  });

  it('filters by department and status, with facets that ignore their own filter', async () => {
    const all = await hr.get('/api/employees?pageSize=1');
    const production = all.body.facets.department.find((d: { name: string }) => d.name === 'Production');
    expect(production.count).toBeGreaterThan(40);
    const filtered = await hr.get(`/api/employees?departmentId=${production.id}&pageSize=100`);
    expect(filtered.body.total).toBe(production.count);
    expect(filtered.body.items.every((e: Row) => (e.department as { name: string }).name === 'Production')).toBe(true);
    // Department facet still lists every department (it ignores its own filter) …
    expect(filtered.body.facets.department.length).toBe(all.body.facets.department.length);
    // … while the status facet counts only Production.
    const statusSum = filtered.body.facets.status.reduce((s: number, b: { count: number }) => s + b.count, 0);
    expect(statusSum).toBe(production.count);
    const exited = await hr.get('/api/employees?status=Exited');
    expect(exited.body.total).toBe(all.body.facets.status.find((s: { value: string }) => s.value === 'Exited').count);
    expect(exited.body.total).toBeGreaterThan(0);
  });

  it('reports headcount, joiners and leavers this month', async () => {
    const res = await hr.get('/api/employees?pageSize=1');
    const statuses = res.body.facets.status;
    const notExited = statuses.filter((s: { value: string }) => s.value !== 'Exited').reduce((n: number, s: { count: number }) => n + s.count, 0);
    expect(res.body.kpis.headcount).toBe(notExited);
    expect(res.body.kpis.joinersThisMonth).toBeGreaterThanOrEqual(3);
    expect(res.body.kpis.leaversThisMonth).toBeGreaterThanOrEqual(0);
  });

  it('filters by CTC range and joining years', async () => {
    const rows = (await allRows(hr, '&ctcMin=1000000&ctcMax=2000000&joinedYearFrom=2015&joinedYearTo=2020')) as Row[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.ctcAnnual as number).toBeGreaterThanOrEqual(1_000_000);
      expect(r.ctcAnnual as number).toBeLessThanOrEqual(2_000_000);
      expect((r.joinedDate as string) >= '2015-01-01' && (r.joinedDate as string) <= '2020-12-31').toBe(true);
    }
  });
});

describe('scope and sensitive fields', () => {
  it('an employee lists only themself and gets 404 for a colleague', async () => {
    const me = await server.login('employee@kaveri.example');
    const list = await me.get('/api/employees');
    expect(list.body.total).toBe(1);
    expect(list.body.items[0].email).toBe('employee@kaveri.example');
    expect(list.body.items[0].ctcAnnual).toBeUndefined();
    const colleague = await employeeId('manager@kaveri.example');
    const res = await me.get(`/api/employees/${colleague}`);
    expect(res.status).toBe(404);
    expect(res.body.type).toBe('urn:muster:problem:not-found');
    expect((await me.get(`/api/employees/${await employeeId('employee@kaveri.example')}`)).status).toBe(200);
  });

  it('a manager sees their whole reporting line (transitively) and nobody else', async () => {
    const md = await server.login('md@kaveri.example');
    const everyoneUnderMd = await md.get('/api/employees?pageSize=1');
    const total = await server.deps.db.selectFrom('employee').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(everyoneUnderMd.body.total).toBe(Number(total.n)); // MD tops the tree

    const mgr = await server.login('manager@kaveri.example');
    const team = (await allRows(mgr)) as Row[];
    const mgrId = await employeeId('manager@kaveri.example');
    const direct = await server.deps.db.selectFrom('employee').select('id').where('manager_id', '=', mgrId).execute();
    expect(team.length).toBe(direct.length + 1);
    expect(team.every((r) => r.id === mgrId || (r.manager as { id: string }).id === mgrId)).toBe(true);
    expect(team.every((r) => r.ctcAnnual === undefined && r.pan === undefined)).toBe(true);
    const outsider = await employeeId('hr@kaveri.example');
    expect((await mgr.get(`/api/employees/${outsider}`)).status).toBe(404);
    // The department head above the manager sees the manager's reports too (two levels down).
    const head = (await mgr.get(`/api/employees/${mgrId}`)).body.manager.id;
    const headUser = await server.deps.db.selectFrom('employee').select('email').where('id', '=', head).executeTakeFirstOrThrow();
    expect(headUser.email).toBeTruthy();
  });

  it('refuses salary filters and sort to those without employee:sensitive (403 naming the parameter)', async () => {
    const mgr = await server.login('manager@kaveri.example');
    const bySort = await mgr.get('/api/employees?sort=ctcAnnual');
    expect(bySort.status).toBe(403);
    expect(bySort.body.errors).toEqual([{ path: 'query.sort', message: expect.stringMatching(/employee:sensitive/) }]);
    expect((await mgr.get('/api/employees?ctcMin=1')).status).toBe(403);
  });

  it('shows HR salary and masked government ids in lists, full ids on the record', async () => {
    const list = await hr.get('/api/employees?q=kpc0010');
    const item = list.body.items[0];
    expect(typeof item.ctcAnnual).toBe('number');
    expect(item.pan).toMatch(/^\*{6}[0-9]{3}[A-Z]$/);
    const full = await hr.get(`/api/employees/${item.id}`);
    expect(EmployeeSchema.safeParse(full.body).success).toBe(true);
    expect(full.body.pan).toMatch(/^[A-Z]{5}[0-9]{4}[A-Z]$/);
    expect(full.body.bankIfsc).toMatch(/^[A-Z]{4}0/);
  });
});

describe('ids in paths (spec §2 uuid)', () => {
  it('answers 400 for a malformed id and 404 for a well-formed unknown one', async () => {
    for (const bad of ['123', 'zzzzzzzz-zzzz-4zzz-8zzz-zzzzzzzzzzzz', '123e4567-e89b-02d3-a456-426614174000', '123e4567-e89b-42d3-c456-426614174000']) {
      const res = await hr.get(`/api/employees/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors[0].path).toBe('params.id');
    }
    for (const ok of ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', '123e4567-e89b-82d3-b456-426614174000']) {
      const res = await hr.get(`/api/employees/${ok}`);
      expect(res.status, ok).toBe(404);
    }
  });

  it('accepts an upper-case id of an existing employee', async () => {
    const id = await employeeId('hr@kaveri.example');
    expect((await hr.get(`/api/employees/${id.toUpperCase()}`)).status).toBe(200);
  });
});

describe('create, update, exit, rehire', () => {
  const base = { code: 'T0001', fullName: 'Test Person', email: 'test.person@kaveri.example', joinedDate: '2025-01-06' };

  it('creates an employee and writes the audit row in the same change', async () => {
    const dept = (await hr.get('/api/departments')).body.items[0];
    const res = await hr.post('/api/employees', { ...base, departmentId: dept.id, ctcAnnual: 900000, pan: 'abcpe1234f' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'T0001', status: 'Active', department: { id: dept.id }, pan: 'ABCPE1234F', employmentType: 'FullTime' });
    const audit = await server.deps.db.selectFrom('audit_log').selectAll().where('employee_id', '=', res.body.id).execute();
    expect(audit.map((a) => a.category).sort()).toEqual(['Compensation', 'Compliance', 'Profile']);
    expect(audit.every((a) => a.actor_name === 'Priya Sharma' && a.source === 'console')).toBe(true);
  });

  it('refuses a duplicate code or email with 409 naming the field', async () => {
    const code = await hr.post('/api/employees', { ...base, email: 'other@kaveri.example' });
    expect(code.status).toBe(409);
    expect(code.body.errors[0].path).toBe('body.code');
    const email = await hr.post('/api/employees', { ...base, code: 'T0002', email: 'EMPLOYEE@kaveri.example' });
    expect(email.status).toBe(409);
    expect(email.body.errors[0].path).toBe('body.email');
  });

  it('validates fields with 400 naming each one, and writes nothing', async () => {
    const before = await server.deps.db.selectFrom('employee').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await hr.post('/api/employees', { code: 'bad code!', fullName: '', joinedDate: '2023-02-29', pan: 'XYZ', departmentId: '00000000-0000-0000-0000-000000000000' });
    expect(res.status).toBe(400);
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.code', 'body.fullName', 'body.joinedDate', 'body.pan']));
    const unknownDept = await hr.post('/api/employees', { ...base, code: 'T0003', email: null, departmentId: '00000000-0000-0000-0000-000000000000' });
    expect(unknownDept.status).toBe(400);
    expect(unknownDept.body.errors[0].path).toBe('body.departmentId');
    const after = await server.deps.db.selectFrom('employee').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('updates with before/after audit per category and notifies the employee', async () => {
    const id = await employeeId('employee@kaveri.example');
    const before = (await hr.get(`/api/employees/${id}`)).body;
    const res = await hr.patch(`/api/employees/${id}`, { phone: '+91 90000 11111', ctcAnnual: before.ctcAnnual + 50000 });
    expect(res.status).toBe(200);
    expect(res.body.phone).toBe('+91 90000 11111');
    const audit = await hr.get(`/api/employees/${id}/audit?pageSize=5`);
    const comp = audit.body.items.find((a: { category: string }) => a.category === 'Compensation');
    expect(comp.changes).toEqual([{ field: 'ctcAnnual', before: before.ctcAnnual, after: before.ctcAnnual + 50000 }]);
    const profile = audit.body.items.find((a: { category: string; action: string }) => a.category === 'Profile' && a.action === 'employee.updated');
    expect(profile.changes).toEqual([{ field: 'phone', before: before.phone, after: '+91 90000 11111' }]);
    const me = await server.login('employee@kaveri.example');
    expect((await me.get('/api/notifications/unread-count')).body.count).toBeGreaterThan(0);
  });

  it('refuses a reporting cycle with 409', async () => {
    const mgrId = await employeeId('manager@kaveri.example');
    const reportId = await employeeId('employee@kaveri.example');
    const res = await hr.patch(`/api/employees/${mgrId}`, { managerId: reportId });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].path).toBe('body.managerId');
    expect((await hr.patch(`/api/employees/${mgrId}`, { managerId: mgrId })).status).toBe(409);
  });

  it('refuses writes to people without employee:write (403) and empty patches (400)', async () => {
    const mgr = await server.login('manager@kaveri.example');
    const id = await employeeId('employee@kaveri.example');
    expect((await mgr.patch(`/api/employees/${id}`, { phone: '+91 90000 22222' })).status).toBe(403);
    expect((await hr.patch(`/api/employees/${id}`, {})).status).toBe(400);
    expect((await hr.patch(`/api/employees/${id}`, { status: 'Exited' })).status).toBe(400);
  });

  it('puts a future exit on notice, exits a past one, and rehires', async () => {
    const created = await hr.post('/api/employees', { code: 'T0100', fullName: 'Leaving Soon', joinedDate: '2020-01-01' });
    const id = created.body.id;
    const notice = await hr.post(`/api/employees/${id}/exit`, { exitDate: '2199-01-31', reason: 'Resigned' });
    expect(notice.body).toMatchObject({ status: 'OnNotice', exitDate: '2199-01-31' });
    const gone = await hr.post(`/api/employees/${id}/exit`, { exitDate: '2021-01-31', reason: 'Resigned' });
    expect(gone.body).toMatchObject({ status: 'Exited', exitDate: '2021-01-31' });
    expect((await hr.post(`/api/employees/${id}/exit`, { exitDate: '2021-01-31', reason: 'again' })).status).toBe(409);
    expect((await hr.post(`/api/employees/${id}/rehire`, { joinedDate: '2021-01-01' })).status).toBe(400);
    const back = await hr.post(`/api/employees/${id}/rehire`, { joinedDate: '2022-03-01' });
    expect(back.body).toMatchObject({ status: 'Active', joinedDate: '2022-03-01', exitDate: null });
    expect((await hr.post(`/api/employees/${id}/rehire`, { joinedDate: '2023-03-01' })).status).toBe(409);
  });

  it('will not exit a manager who still has reports (409)', async () => {
    const mgrId = await employeeId('manager@kaveri.example');
    const res = await hr.post(`/api/employees/${mgrId}/exit`, { exitDate: '2021-01-31', reason: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/direct report/);
  });
});

describe('cached directory answers stay fresh', () => {
  it('reflects every kind of directory change at once', async () => {
    const admin = await server.login('admin@kaveri.example');
    const key = (await admin.post('/api/api-keys', { name: 'fresh', scope: 'ReadOnly' })).body.key;
    const publicList = async () => (await server.client().get('/api/public/v1/employees', { 'x-api-key': key })).body;
    const find = async (q: string) => (await hr.get(`/api/employees?q=${encodeURIComponent(q)}`)).body;

    const before = await publicList();
    const created = await hr.post('/api/employees', { code: 'C0001', fullName: 'Cache Check', joinedDate: '2024-05-01', email: 'cache.check@kaveri.example' });
    expect((await publicList()).meta.count).toBe(before.meta.count + 1);
    expect((await find('cache check')).total).toBe(1);

    await hr.patch(`/api/employees/${created.body.id}`, { fullName: 'Cache Checked' });
    expect((await find('cache check')).items[0].fullName).toBe('Cache Checked');
    expect((await publicList()).data.find((e: { id: string }) => e.id === created.body.id).fullName).toBe('Cache Checked');

    const dept = await admin.post('/api/departments', { name: 'Cache Dept' });
    await hr.patch(`/api/employees/${created.body.id}`, { departmentId: dept.body.id });
    await admin.patch(`/api/departments/${dept.body.id}`, { name: 'Renamed Dept' });
    const listed = await find('cache check');
    expect(listed.items[0].department.name).toBe('Renamed Dept');
    expect(listed.facets.department.map((d: { name: string }) => d.name)).toContain('Renamed Dept');
    expect((await publicList()).data.find((e: { id: string }) => e.id === created.body.id).department).toBe('Renamed Dept');

    expect(listed.items[0].hasLogin).toBe(false);
    await admin.post('/api/users', { employeeId: created.body.id, roles: ['Employee'], password: 'cache-pass-1' });
    expect((await find('cache check')).items[0].hasLogin).toBe(true);

    await hr.post(`/api/employees/${created.body.id}/exit`, { exitDate: '2024-06-01', reason: 'test' });
    expect((await find('cache check')).items[0].status).toBe('Exited');
  });

  it('does not share one caller\'s cached answer with another', async () => {
    const mgr = await server.login('manager@kaveri.example');
    const md = await server.login('md@kaveri.example');
    const a = (await mgr.get('/api/employees?pageSize=5')).body;
    const b = (await md.get('/api/employees?pageSize=5')).body;
    const c = (await hr.get('/api/employees?pageSize=5')).body;
    expect(a.total).toBeLessThan(b.total);
    expect(a.items[0].ctcAnnual).toBeUndefined();
    expect(b.items[0].ctcAnnual).toBeUndefined();
    expect(typeof c.items[0].ctcAnnual).toBe('number');
  });
});

describe('changing the shift on the employee record', () => {
  it('goes through the roster from today, keeping the past', async () => {
    const id = await employeeId('employee@kaveri.example');
    const shifts = (await hr.get('/api/shifts')).body.items as { id: string; name: string }[];
    const night = shifts.find((s) => s.name === 'Night');
    expect(night).toBeDefined();
    const res = await hr.patch(`/api/employees/${id}`, { shiftId: night?.id });
    expect(res.status).toBe(200);
    expect(res.body.shift).toMatchObject({ id: night?.id, name: 'Night' });
    const roster = await server.deps.db
      .selectFrom('shift_assignment')
      .select(['shift_id', 'effective_from', 'effective_to'])
      .where('employee_id', '=', id)
      .orderBy('effective_from')
      .execute();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(roster.at(-1)).toMatchObject({ shift_id: night?.id, effective_from: today, effective_to: null });
    expect(roster.length).toBeGreaterThanOrEqual(2); // the earlier shift is kept for past days
    const audit = await server.deps.db.selectFrom('audit_log').select('action').where('employee_id', '=', id).where('action', '=', 'roster.assigned').execute();
    expect(audit.length).toBeGreaterThan(0);
  });
});
