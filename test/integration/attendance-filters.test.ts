import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarResponse, type DayView, type LiveView } from '../../shared/attendance/index.ts';
import { type World, startWorld } from '../support/attendance.ts';

/**
 * The `departmentId` filter of the calendar, the day view, the live board and
 * the exports: every row belongs to the department, and the rows of every
 * other department (and of employees without one) are absent.
 */

let w: World;
let dept: { id: string; name: string };
/** Employee id → department id, from the database. */
let departmentOf: Map<string, string | null>;

beforeAll(async () => {
  w = await startWorld();
  const db = w.server.deps.db;
  departmentOf = new Map((await db.selectFrom('employee').select(['id', 'department_id']).execute()).map((e) => [e.id, e.department_id]));
  // The demo department with the most people, so the filter has plenty to keep and plenty to drop.
  const counts = new Map<string, number>();
  for (const d of departmentOf.values()) if (d) counts.set(d, (counts.get(d) ?? 0) + 1);
  const [id] = [...counts].sort((a, b) => b[1] - a[1])[0] as [string, number];
  dept = await db.selectFrom('department').select(['id', 'name']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(counts.size).toBeGreaterThan(1);
});
afterAll(async () => w.server.close());

/** Every page of a paginated attendance list. */
async function allPages<T extends { items: unknown[]; total: number }>(path: string): Promise<T['items']> {
  const items: T['items'] = [];
  for (let page = 1; page < 20; page++) {
    const res = await w.hr.get(`${path}${path.includes('?') ? '&' : '?'}pageSize=100&page=${page}`);
    expect(res.status, res.text).toBe(200);
    const body = res.body as T;
    items.push(...body.items);
    if (items.length >= body.total) return items;
  }
  throw new Error(`${path}: too many pages`);
}

/** The filtered rows are exactly the unfiltered rows of the department, and there are rows of others to drop. */
function expectOnlyTheDepartment(filtered: { employee: { id: string }; department: string | null }[], unfiltered: { employee: { id: string }; department: string | null }[]) {
  expect(filtered.length).toBeGreaterThan(0);
  for (const r of filtered) {
    expect(departmentOf.get(r.employee.id), r.employee.id).toBe(dept.id);
    expect(r.department).toBe(dept.name);
  }
  const others = unfiltered.filter((r) => departmentOf.get(r.employee.id) !== dept.id);
  expect(others.length).toBeGreaterThan(0);
  expect(others.some((r) => r.employee.id === w.employees[0]?.id)).toBe(true); // no department at all
  const kept = new Set(filtered.map((r) => r.employee.id));
  expect(others.filter((r) => kept.has(r.employee.id))).toEqual([]);
  expect([...kept].sort()).toEqual(unfiltered.filter((r) => departmentOf.get(r.employee.id) === dept.id).map((r) => r.employee.id).sort());
}

describe('departmentId filter', () => {
  it('GET /api/attendance/calendar/{month}: rows, total and kpis of that department only', async () => {
    const res = await w.hr.get(`/api/attendance/calendar/2031-03?departmentId=${dept.id}&pageSize=100`);
    expect(res.status).toBe(200);
    expect(CalendarResponse.safeParse(res.body).success).toBe(true);
    const filtered = res.body as CalendarResponse;
    const all = await allPages<CalendarResponse>('/api/attendance/calendar/2031-03');
    expectOnlyTheDepartment(filtered.items, all);
    expect(filtered.total).toBe(filtered.items.length);
    expect(filtered.kpis.employees).toBe(filtered.total);
    // Combined with another filter, both apply.
    const none = (await w.hr.get(`/api/attendance/calendar/2031-03?departmentId=${dept.id}&locationId=${w.locationId}`)).body as CalendarResponse;
    expect(none.total).toBe(0);
    expect((await w.hr.get('/api/attendance/calendar/2031-03?departmentId=sales')).body.errors[0].path).toBe('query.departmentId');
  });

  it('GET /api/attendance/day/{date}: every record is of that department', async () => {
    const filtered = await allPages<DayView>(`/api/attendance/day/2031-03-10?departmentId=${dept.id}`);
    const all = await allPages<DayView>('/api/attendance/day/2031-03-10');
    expectOnlyTheDepartment(filtered, all);
  });

  it('GET /api/attendance/live: every row is of that department; counts follow', async () => {
    const res = await w.hr.get(`/api/attendance/live?departmentId=${dept.id}`);
    expect(res.status).toBe(200);
    const filtered = res.body as LiveView;
    const all = (await w.hr.get('/api/attendance/live')).body as LiveView;
    expectOnlyTheDepartment(filtered.items, all.items);
    expect(filtered.counts.total).toBe(filtered.items.length);
    expect(all.counts.total).toBeGreaterThan(filtered.counts.total);
  });

  it('the day and live exports: every line is of that department', async () => {
    const codeOf = new Map((await w.server.deps.db.selectFrom('employee').select(['code', 'department_id']).execute()).map((e) => [e.code, e.department_id]));
    for (const path of ['/api/attendance/day/2031-03-10/export', '/api/attendance/live/export']) {
      const csv = await w.hr.get(`${path}?format=csv&departmentId=${dept.id}`);
      expect(csv.status, path).toBe(200);
      const [header, ...lines] = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
      expect(header?.split(',').slice(0, 3)).toEqual(['Code', 'Name', 'Department']);
      const codes = lines.map((l) => l.split(',')[0] as string).filter((c) => codeOf.has(c));
      expect(codes.length, path).toBeGreaterThan(0);
      expect(codes.filter((c) => codeOf.get(c) !== dept.id), path).toEqual([]);
      for (const l of lines.filter((x) => codeOf.has(x.split(',')[0] as string))) expect(l).toContain(`,${dept.name},`);
      // The unfiltered export has the others.
      const everyone = (await w.hr.get(`${path}?format=csv`)).text.split('\n').map((l) => l.split(',')[0] as string);
      expect(everyone.filter((c) => codeOf.has(c) && codeOf.get(c) !== dept.id).length, path).toBeGreaterThan(0);
      expect(everyone).toContain(w.employees[0]?.code);
      expect(codes).not.toContain(w.employees[0]?.code);
    }
  });
});
