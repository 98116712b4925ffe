import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../shared/dates.ts';
import type { Client } from '../support/client.ts';
import { employeeIdOf, freeWeek, leaveTypeIdOf, topUp } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Issue 17 §6: every free-text field (shared/free-text.ts) refuses control and bidi override
 * characters and unpaired surrogates with a 400 naming the field, writes nothing then, and
 * stores the text in NFC. Here through three routes: an employee's name, a leave reason, a note.
 */

let server: TestServer;
let hr: Client;
let employee: Client;
let manager: Client;
const ids = { sneha: '', CL: '' };
let monday = '';

beforeAll(async () => {
  server = await startServer();
  [hr, employee, manager] = (await Promise.all(['hr', 'employee', 'manager'].map((w) => server.login(`${w}@kaveri.example`)))) as [Client, Client, Client];
  ids.sneha = await employeeIdOf(server, 'employee@kaveri.example');
  ids.CL = await leaveTypeIdOf(server, 'CL');
  await topUp(hr, ids.sneha, ids.CL, 10);
  monday = await freeWeek(server, [ids.sneha], addDays(dayInZone(new Date(), 'Asia/Kolkata'), 35));
});
afterAll(async () => server.close());

const base = { code: 'FT001', email: 'free.text@kaveri.example', joinedDate: '2025-01-06' };

describe("an employee's name", () => {
  it.each([
    ['NUL', 'Ravi\u0000Kumar'],
    ['a right-to-left override', 'Ravi \u202EramuK'],
    ['a first strong isolate', 'Ravi \u2068Kumar'],
    ['a line break', 'Ravi\nKumar'],
  ])('refuses %s with a 400 naming body.fullName and creates nobody', async (_what, fullName) => {
    const res = await hr.post('/api/employees', { ...base, fullName });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.fullName']);
    const found = await hr.get(`/api/employees?q=${encodeURIComponent(base.email)}`);
    expect(found.body.total).toBe(0);
  });

  it('refuses an unpaired surrogate sent as a JSON escape', async () => {
    const raw = JSON.stringify({ ...base, fullName: 'RAVI' }).replace('RAVI', 'Ravi \\ud83d');
    const res = await hr.request('POST', '/api/employees', { raw, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'body.fullName', message: 'must not contain unpaired surrogates (broken UTF-16)' }]);
  });

  it('stores the name in NFC and finds it by either form', async () => {
    const decomposed = 'Ame\u0301lie Rao';
    const res = await hr.post('/api/employees', { ...base, fullName: `  ${decomposed} ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.fullName).toBe('Amélie Rao');
    expect(res.body.fullName).toBe(decomposed.normalize('NFC'));
    const read = await hr.get(`/api/employees/${res.body.id}`);
    expect(read.body.fullName).toBe('Amélie Rao');
    const renamed = await hr.patch(`/api/employees/${res.body.id}`, { fullName: 'Amélie\u202E Rao' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors[0].path).toBe('body.fullName');
    expect((await hr.get(`/api/employees/${res.body.id}`)).body.fullName).toBe('Amélie Rao');
  });
});

describe('a leave reason and a decision note', () => {
  const apply = (reason: string, offset = 0) =>
    employee.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: addDays(monday, offset), toDate: addDays(monday, offset), duration: 'FullDay', reason });

  it('refuses control and bidi characters in the reason, naming body.reason, and files nothing', async () => {
    const before = (await employee.get('/api/leave/requests?mine=true&pageSize=100')).body.total as number;
    for (const reason of ['Family\u0000function', 'Family \u202Dfunction', 'Family\r\nfunction', 'Family \uDC00']) {
      const res = await apply(reason);
      expect(res.status, JSON.stringify(reason)).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.reason']);
    }
    expect((await employee.get('/api/leave/requests?mine=true&pageSize=100')).body.total).toBe(before);
  });

  it('keeps line breaks and tabs in a reason, normalised to NFC', async () => {
    const res = await apply('Cousin’s wedding in Mysuru\n\tback on Tuesday, cafe\u0301 closed', 1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.reason).toBe('Cousin’s wedding in Mysuru\n\tback on Tuesday, café closed');
  });

  it("refuses a bidi isolate in a manager's rejection note and keeps the request pending", async () => {
    const applied = await apply('Dentist', 2);
    expect(applied.status).toBe(200);
    const bad = await manager.post(`/api/leave/requests/${applied.body.id}/reject`, { note: 'Not this week \u2066please' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.note']);
    expect((await employee.get(`/api/leave/requests/${applied.body.id}`)).body.status).toBe('PendingManager');
    const ok = await manager.post(`/api/leave/requests/${applied.body.id}/reject`, { note: 'Not this week:\nthe audit is on.' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.status).toBe('Rejected');
  });
});
