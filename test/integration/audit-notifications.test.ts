import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditList } from '../../shared/audit.ts';
import { NotificationList } from '../../shared/notifications.ts';
import { fixedClock } from '../../server/src/clock.ts';
import { startServer, type TestServer } from '../support/server.ts';

// 2026-11-18 is a Wednesday; the FY (April start) began 2026-04-01.
const clock = fixedClock('2026-11-18T06:30:00.000Z');
let server: TestServer;
let employeeId: string;

beforeAll(async () => {
  server = await startServer({ clock });
  const row = await server.deps.db.selectFrom('employee').select('id').where('email', '=', 'employee@kaveri.example').executeTakeFirstOrThrow();
  employeeId = row.id;
  const hr = await server.login('hr@kaveri.example');
  // Changes at known instants (IST = UTC+5:30).
  const at = async (iso: string, patch: object) => {
    clock.set(iso);
    expect((await hr.patch(`/api/employees/${employeeId}`, patch)).status).toBe(200);
  };
  await at('2026-03-20T06:00:00.000Z', { phone: '+91 90000 00001' }); // previous FY
  await at('2026-04-10T06:00:00.000Z', { ctcAnnual: 1_500_000 }); // this FY
  await at('2026-11-03T06:00:00.000Z', { phone: '+91 90000 00002' }); // this month
  await at('2026-11-16T06:00:00.000Z', { phone: '+91 90000 00003' }); // this week (Mon)
  await at('2026-11-17T19:00:00.000Z', { phone: '+91 90000 00004' }); // 00:30 IST on the 18th: today
  clock.set('2026-11-18T06:30:00.000Z');
});
afterAll(async () => server.close());

describe('GET /api/employees/{id}/audit', () => {
  it('filters by the spec §2.7 ranges in the organisation time zone', async () => {
    const hr = await server.login('hr@kaveri.example');
    const count = async (q: string) => {
      const res = await hr.get(`/api/employees/${employeeId}/audit?pageSize=100&action=x${q}`);
      expect(res.status).toBe(200);
      return res.body.items.filter((e: { action: string }) => e.action === 'employee.updated').length;
    };
    expect(await count('&range=today')).toBe(1);
    expect(await count('&range=week')).toBe(2);
    expect(await count('&range=month')).toBe(3);
    expect(await count('&range=fy')).toBe(4);
    expect(await count('&range=all')).toBe(5);
    expect(await count('')).toBe(5);
  });

  it('filters by category and paginates newest first', async () => {
    const hr = await server.login('hr@kaveri.example');
    const comp = await hr.get(`/api/employees/${employeeId}/audit?category=Compensation`);
    expect(AuditList.safeParse(comp.body).success).toBe(true);
    expect(comp.body.items.every((e: { category: string }) => e.category === 'Compensation')).toBe(true);
    expect(comp.body.items[0].changes[0]).toMatchObject({ field: 'ctcAnnual', after: 1_500_000 });
    const page1 = await hr.get(`/api/employees/${employeeId}/audit?pageSize=2`);
    const page2 = await hr.get(`/api/employees/${employeeId}/audit?pageSize=2&page=2`);
    expect(page1.body).toMatchObject({ page: 1, pageSize: 2 });
    expect(page1.body.items[0].at >= page1.body.items[1].at).toBe(true);
    expect(page1.body.items[1].at >= page2.body.items[0].at).toBe(true);
    expect((await hr.get(`/api/employees/${employeeId}/audit?category=Salary`)).status).toBe(400);
    expect((await hr.get(`/api/employees/${employeeId}/audit?range=year`)).status).toBe(400);
  });

  it('lets the employee read their own trail, refuses a manager (403) and hides outsiders (404)', async () => {
    const me = await server.login('employee@kaveri.example');
    expect((await me.get(`/api/employees/${employeeId}/audit`)).status).toBe(200);
    const mgr = await server.login('manager@kaveri.example');
    expect((await mgr.get(`/api/employees/${employeeId}/audit`)).status).toBe(403);
    const hrId = await server.deps.db.selectFrom('employee').select('id').where('email', '=', 'hr@kaveri.example').executeTakeFirstOrThrow();
    expect((await me.get(`/api/employees/${hrId.id}/audit`)).status).toBe(404);
  });

  it('exports the filtered trail', async () => {
    const hr = await server.login('hr@kaveri.example');
    const csv = await hr.get(`/api/employees/${employeeId}/audit/export?category=Profile&range=month&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="?audit-sneha-kulkarni-2026-11-18\.csv"?$/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
    // Times local to the organisation with its zone named; sources in words; changes before and after.
    expect(lines[0]).toBe('When (Asia/Kolkata),Category,Summary,By,Source,Changes (before to after)');
    expect(lines.slice(1).filter((l) => l.includes(',Updated: '))).toHaveLength(3);
    expect(lines.slice(1).every((l) => l.includes(',Console,') || l.includes(',Scheduled job / system,'))).toBe(true);
    expect((await hr.get(`/api/employees/${employeeId}/audit/export?format=doc`)).status).toBe(400);
  });
});

describe('notifications (spec §4.5)', () => {
  it('counts unread, lists, marks one and then all read', async () => {
    const me = await server.login('employee@kaveri.example');
    const count = await me.get('/api/notifications/unread-count');
    expect(count.status).toBe(200);
    expect(count.body).toEqual({ count: 6 }); // the demo's welcome, and one per profile update above
    const list = await me.get('/api/notifications?pageSize=2');
    expect(NotificationList.safeParse(list.body).success).toBe(true);
    expect(list.body).toMatchObject({ total: 6, page: 1, pageSize: 2 });
    expect((await me.post(`/api/notifications/${list.body.items[0].id}/read`)).body).toEqual({ ok: true });
    expect((await me.get('/api/notifications/unread-count')).body).toEqual({ count: 5 });
    expect((await me.get('/api/notifications?unreadOnly=true')).body.total).toBe(5);
    const all = await me.post('/api/notifications/mark-all-read');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ ok: true });
    expect((await me.get('/api/notifications/unread-count')).body).toEqual({ count: 0 });
  });

  it('keeps notifications private: another user\'s id is 404', async () => {
    const me = await server.login('employee@kaveri.example');
    const mine = (await me.get('/api/notifications')).body.items[0];
    const other = await server.login('hr@kaveri.example');
    expect((await other.post(`/api/notifications/${mine.id}/read`)).status).toBe(404);
    expect((await server.client().get('/api/notifications/unread-count')).status).toBe(401);
  });
});
