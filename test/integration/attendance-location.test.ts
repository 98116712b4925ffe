import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type World, ist, punch, startWorld } from '../support/attendance.ts';

/**
 * What HR would notice: a punch at another location's terminal is kept, counted and
 * named on the day, the live board and the calendar KPIs; a first punch hours before
 * the shift is an early arrival, never "late"; an absence names the shift's hours.
 */

let w: World;
let home: string;
const ZK = 'DEMO-ZK-0001'; // the demo's Pune Plant gate

beforeAll(async () => {
  w = await startWorld({ suffix: 'loc' });
  home = 'Test Works loc';
  const [e0, e1] = w.employees as [World['employees'][number], World['employees'][number]];
  // e0 works at the test location but punches a day at the Pune Plant gate.
  await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-10', '09:20'), serial: ZK, attendStat: '0' });
  await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-10', '18:40'), serial: ZK, attendStat: '1' });
  // Today (the clock is 17:30 IST): e0 at the plant gate again; e1 in at 05:10, hours before the shift.
  await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-12', '09:05'), serial: ZK, attendStat: '0' });
  await punch(w.server, { terminalUserId: e1.terminalUserId, at: ist('2031-03-12', '05:10') });
  const job = await w.hr.post('/api/attendance/recompute', { from: '2031-03-09', to: '2031-03-12' });
  for (let i = 0; i < 300 && (await w.hr.get(`/api/attendance/recompute/${job.body.id}`)).body.status === 'running'; i++) await new Promise((r) => setTimeout(r, 25));
});
afterAll(async () => w.server.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of the JSON answers
const rowOf = (items: any[], id: string): any => items.find((r) => r.employee.id === id);

describe('a punch at another location', () => {
  it('counts, and the day says where it was made', async () => {
    const e0 = w.employees[0]!;
    const day = await w.hr.get(`/api/attendance/day/2031-03-10?locationId=${w.locationId}`);
    expect(day.status).toBe(200);
    const d = rowOf(day.body.items, e0.id).day;
    expect(d.status).toBe('Present');
    expect(d.reasons.map((r: { text: string }) => r.text)).toContain(`Punched at Pune Plant gate; works at ${home}`);
    const csv = await w.hr.get(`/api/attendance/day/2031-03-10/export?locationId=${w.locationId}`);
    expect(csv.text.split('\n').find((l) => l.startsWith(e0.code))).toContain('Punched at Pune Plant gate');
  });

  it('is counted in the calendar KPIs and totals', async () => {
    const e0 = w.employees[0]!;
    const cal = await w.hr.get(`/api/attendance/calendar/2031-03?locationId=${w.locationId}`);
    expect(cal.status).toBe(200);
    expect(cal.body.kpis.wrongLocation).toBeGreaterThanOrEqual(1);
    expect(rowOf(cal.body.items, e0.id).totals.wrongLocation).toBeGreaterThanOrEqual(1);
  });

  it('shows on the live board', async () => {
    const e0 = w.employees[0]!;
    const live = await w.hr.get(`/api/attendance/live?locationId=${w.locationId}`);
    const row = rowOf(live.body.items, e0.id);
    expect(row).toMatchObject({ state: 'In', lastPunch: { terminal: 'Pune Plant gate' } });
    expect(row.note).toContain(`Punched at Pune Plant gate; works at ${home}`);
  });
});

describe('punches far from the shift', () => {
  it('a first punch hours before the shift is an early arrival on the live board, not late', async () => {
    const e1 = w.employees[1]!;
    const live = await w.hr.get(`/api/attendance/live?locationId=${w.locationId}`);
    const row = rowOf(live.body.items, e1.id);
    expect(row.state).toBe('In');
    expect(row.lateMinutes).toBe(0);
    expect(row.note).toMatch(/^in at 05:10, \dh\d\d before the shift starts at \d\d:\d\d$/);
  });

  it('an absence names the shift hours, not the punch window', async () => {
    const e2 = w.employees[2]!;
    const day = await w.hr.get(`/api/attendance/day/2031-03-10?locationId=${w.locationId}`);
    const d = rowOf(day.body.items, e2.id).day;
    expect(d.status).toBe('Absent');
    const text = d.reasons.map((r: { text: string }) => r.text).join(' | ');
    expect(text).toMatch(/absent: no punch between \d\d:\d\d and \d\d:\d\d/);
    expect(text).not.toContain('for this shift day');
  });
});
