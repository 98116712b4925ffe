import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayDetail } from '../../shared/attendance/index.ts';
import type { Terminal } from '../../shared/terminals.ts';
import { newId } from '../../server/src/ids.ts';
import { CONNECTOR, type World, ist, startWorld } from '../support/attendance.ts';

/**
 * Setting an employee's biometric id (terminal user id) later claims the
 * punches that id left unmatched, on every terminal without its own mapping
 * of the id, and reconciles those days, in the same transaction as the change.
 */

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => w.server.close());

let transId = 1;
const punch = (serial: string, terminalUserId: number, at: string, attendStat: string) =>
  w.server.client().post('/api/ingest/biometric/timelog', { serial, terminalType: 'zk', terminalId: 1, transId: transId++, at, terminalUserId, attendStat }, CONNECTOR);
const dayOf = async (id: string, date: string) => (await w.hr.get(`/api/attendance/employee/${id}/day/${date}`)).body as DayDetail;

async function owners(terminalUserId: number): Promise<Record<string, (string | null)[]>> {
  const rows = await w.server.deps.db
    .selectFrom('punch')
    .select(['terminal_serial', 'employee_id'])
    .where('terminal_user_id', '=', terminalUserId)
    .orderBy('terminal_serial')
    .orderBy('at')
    .execute();
  const out: Record<string, (string | null)[]> = {};
  for (const r of rows) (out[r.terminal_serial as string] ??= []).push(r.employee_id);
  return out;
}

describe("an employee's biometric id set later", () => {
  it('attaches the unmatched punches of that id (not those of a terminal with its own mapping) and reconciles their days', async () => {
    const [e0, , e2] = w.employees as [World['employees'][number], World['employees'][number], World['employees'][number]];
    for (const [serial, day, time, stat] of [
      ['BIO-A', '2031-03-10', '09:00', '0'],
      ['BIO-A', '2031-03-10', '18:00', '1'],
      ['BIO-B', '2031-03-11', '09:30', '0'],
      ['BIO-C', '2031-03-10', '12:00', '0'],
    ] as const) {
      expect((await punch(serial, 88001, ist(day, time), stat)).status).toBe(200);
    }
    // BIO-C has its own mapping of 88001 (to someone else): its punches are not the new id holder's to take.
    const bioC = ((await w.admin.get('/api/terminals')).body.items as Terminal[]).find((t) => t.serial === 'BIO-C')!;
    await w.server.deps.db
      .insertInto('terminal_enrolment')
      .values({ id: newId(), scope_key: bioC.id, terminal_id: bioC.id, terminal_user_id: 88001, employee_id: e2.id, created_by_name: 'test', created_at: new Date().toISOString() })
      .execute();
    expect((await dayOf(e0.id, '2031-03-10')).punches).toHaveLength(0);

    const res = await w.hr.patch(`/api/employees/${e0.id}`, { terminalUserId: 88001 });
    expect(res.status).toBe(200);
    expect(res.body.terminalUserId).toBe(88001);
    expect(await owners(88001)).toEqual({ 'BIO-A': [e0.id, e0.id], 'BIO-B': [e0.id], 'BIO-C': [null] });
    const monday = await dayOf(e0.id, '2031-03-10');
    expect(monday.day).toMatchObject({ status: 'Present', provisional: false });
    expect(monday.punches.map((p) => p.role)).toEqual(['in', 'out']);
    expect((await dayOf(e0.id, '2031-03-11')).day?.status).toBe('MissingPunch');
    const unmatched = (await w.admin.get('/api/terminals/unmatched')).body.items as { serial: string; terminalUserId: number }[];
    expect(unmatched.filter((u) => u.terminalUserId === 88001).map((u) => u.serial)).toEqual(['BIO-C']);
    const audit = (await w.hr.get(`/api/employees/${e0.id}/audit?pageSize=50`)).body.items as { action: string; summary: string }[];
    expect(audit.find((a) => a.action === 'terminal.punches-attached')?.summary).toContain('3 unmatched punches of terminal user 88001 attached');
  });

  it('a refused change attaches nothing (same transaction)', async () => {
    const [e0, e1] = w.employees as [World['employees'][number], World['employees'][number]];
    expect((await punch('BIO-A', 88002, ist('2031-03-10', '09:10'), '0')).status).toBe(200);
    // The new code clashes with another employee's: 409, and the punch stays unmatched.
    const res = await w.hr.patch(`/api/employees/${e1.id}`, { terminalUserId: 88002, code: e0.code });
    expect(res.status).toBe(409);
    expect(await owners(88002)).toEqual({ 'BIO-A': [null] });
  });

  it('a new employee created with the id takes its earlier punches', async () => {
    expect((await punch('BIO-B', 88003, ist('2031-03-10', '09:15'), '0')).status).toBe(200);
    const res = await w.hr.post('/api/employees', { code: 'BIO88003', fullName: 'Late Joiner', joinedDate: '2031-03-01', locationId: w.locationId, managerId: w.managerId, terminalUserId: 88003 });
    expect(res.status).toBe(200);
    expect(await owners(88003)).toEqual({ 'BIO-B': [res.body.id] });
    expect((await dayOf(res.body.id, '2031-03-10')).punches.map((p) => p.localTime)).toEqual(['09:15:00']);
  });
});
