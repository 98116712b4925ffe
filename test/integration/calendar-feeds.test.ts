import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../shared/dates.ts';
import type { Client } from '../support/client.ts';
import { employeeIdOf, freeWeek, leaveTypeIdOf, topUp } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Issue 17 §4: a secret iCalendar URL per person, read here with ical.js
 * (Mozilla's parser, what Thunderbird uses): all-day events, half days,
 * holidays, the zone named; a manager's team and HR's organisation; revoke
 * and regenerate.
 */

const BASE = 'https://muster.kaveri.example';
let server: TestServer;
let hr: Client;
let manager: Client;
let employee: Client;
let monday = '';

interface Ev {
  summary: string;
  start: string;
  end: string;
  isDate: boolean;
  uid: string;
  description: string;
}

async function feed(url: string): Promise<{ status: number; type: string | null; events: Ev[]; text: string; zone: string | undefined }> {
  const res = await server.client().get(url.replace(BASE, ''));
  if (res.status !== 200) return { status: res.status, type: res.headers.get('content-type'), events: [], text: res.text, zone: undefined };
  const comp = new ICAL.Component(ICAL.parse(res.text));
  const events = comp.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return { summary: e.summary, start: e.startDate.toString(), end: e.endDate.toString(), isDate: e.startDate.isDate, uid: e.uid, description: e.description };
  });
  return { status: res.status, type: res.headers.get('content-type'), events, text: res.text, zone: comp.getFirstPropertyValue('x-wr-timezone') as string | undefined };
}

beforeAll(async () => {
  server = await startServer({ env: { MUSTER_PUBLIC_URL: BASE } });
  [hr, manager, employee] = (await Promise.all(['hr', 'manager', 'employee'].map((w) => server.login(`${w}@kaveri.example`)))) as [Client, Client, Client];
  const sneha = await employeeIdOf(server, 'employee@kaveri.example');
  const cl = await leaveTypeIdOf(server, 'CL');
  await topUp(hr, sneha, cl, 10);
  monday = await freeWeek(server, [sneha], addDays(dayInZone(new Date(), 'Asia/Kolkata'), 28));
  // Tuesday–Wednesday full days, Friday the first half: both approved by the manager.
  for (const body of [
    { fromDate: addDays(monday, 1), toDate: addDays(monday, 2), duration: 'FullDay' },
    { fromDate: addDays(monday, 4), toDate: addDays(monday, 4), duration: 'FirstHalf' },
  ]) {
    const r = await employee.post('/api/leave/requests', { leaveTypeId: cl, reason: 'Private reason not for calendars', ...body });
    expect(r.status, r.text).toBe(200);
    expect((await manager.post(`/api/leave/requests/${r.body.id}/approve`, {})).status).toBe(200);
  }
});
afterAll(async () => server.close());

describe('calendar feeds', () => {
  let url = '';

  it('a person creates their secret URL (shown once) and subscribes: all-day events, half days, holidays, the zone named', async () => {
    expect((await employee.get('/api/me/calendar-feed')).body).toMatchObject({ active: false, scope: 'self' });
    const res = await employee.post('/api/me/calendar-feed');
    expect(res.status).toBe(200);
    url = res.body.url;
    expect(url).toMatch(new RegExp(`^${BASE}/api/calendar/cal_[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await employee.get('/api/me/calendar-feed')).text).not.toContain(url.split('/').pop() as string);
    const f = await feed(url);
    expect(f.status).toBe(200);
    expect(f.type).toMatch(/^text\/calendar/);
    expect(f.zone).toBe('Asia/Kolkata');
    const leave = f.events.filter((e) => e.summary.startsWith('On leave'));
    expect(leave).toContainEqual(expect.objectContaining({ summary: 'On leave: Casual leave', start: addDays(monday, 1), end: addDays(monday, 3), isDate: true }));
    expect(leave).toContainEqual(expect.objectContaining({ summary: 'On leave: Casual leave (first half)', start: addDays(monday, 4), end: addDays(monday, 5), isDate: true }));
    expect(f.events.some((e) => e.summary.startsWith('Holiday: ') && e.isDate)).toBe(true);
    expect(f.text).not.toContain('Private reason');
    expect(f.text).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    // Only her own leave.
    expect(f.events.every((e) => !/^[A-Z][a-z]+ [A-Z][a-z]+: /.test(e.summary))).toBe(true);
  });

  it("a manager's feed has the team's leave, HR's the organisation's", async () => {
    const m = await feed((await manager.post('/api/me/calendar-feed')).body.url);
    expect(m.events.map((e) => e.summary)).toContain('Sneha Kulkarni: Casual leave');
    const h = await hr.post('/api/me/calendar-feed');
    expect(h.body.scope).toBe('org');
    const hf = await feed(h.body.url);
    expect(hf.events.map((e) => e.summary)).toContain('Sneha Kulkarni: Casual leave (first half)');
    const teamNames = new Set(m.events.map((e) => e.summary.split(':')[0]));
    expect(new Set(hf.events.map((e) => e.summary.split(':')[0])).size).toBeGreaterThanOrEqual(teamNames.size);
  });

  it('regenerating stops the old URL; revoking stops it; an unknown one is 404', async () => {
    const again = await employee.post('/api/me/calendar-feed');
    expect((await feed(url)).status).toBe(404);
    expect((await feed(again.body.url)).status).toBe(200);
    const revoked = await employee.delete('/api/me/calendar-feed');
    expect(revoked.body.active).toBe(false);
    expect((await feed(again.body.url)).status).toBe(404);
    expect((await server.client().get('/api/calendar/cal_nothing.ics')).status).toBe(404);
    expect((await server.client().get('/api/calendar/whatever.ics')).status).toBe(404);
    const audit = await server.deps.db.selectFrom('audit_log').select('action').where('action', 'like', 'calendar-feed.%').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['calendar-feed.issued', 'calendar-feed.revoked']));
  });

  it('a feed whose owner can no longer sign in answers 404', async () => {
    const res = await manager.post('/api/me/calendar-feed');
    await server.deps.db.updateTable('user_account').set({ active: 0 }).where('email', '=', 'manager@kaveri.example').execute();
    expect((await feed(res.body.url)).status).toBe(404);
    await server.deps.db.updateTable('user_account').set({ active: 1 }).where('email', '=', 'manager@kaveri.example').execute();
  });
});
