import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayDetail } from '../../shared/attendance/index.ts';
import { directionFromTerminal } from '../../server/src/modules/attendance/policy-cache.ts';
import { CONNECTOR, type World, ist, startWorld } from '../support/attendance.ts';

/**
 * FK-family terminals name the punch state in words (`Duty On`, `Duty Off`,
 * `Overtime On`, `Go Out`, `Return`…), where ZK terminals send codes. A
 * by-state terminal takes in/out from either.
 */

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => w.server.close());

let transId = 1;
const fkPunch = (terminalUserId: number, at: string, attendStat: string) =>
  w.server.client().post('/api/ingest/biometric/timelog', { serial: 'FK-STATES-1', terminalType: 'fk', terminalId: 1, transId: transId++, at, terminalUserId, attendStat, verifyMode: 'FP' }, CONNECTOR);
const dayOf = async (id: string, date: string) => (await w.hr.get(`/api/attendance/employee/${id}/day/${date}`)).body as DayDetail;

describe('FK textual punch states', () => {
  it('name the direction under the by-state policy (ZK codes keep theirs; unknown states alternate)', () => {
    for (const s of ['Duty On', 'duty on', 'DutyOn', 'Overtime On', 'OverTime On', 'Go In', 'Return', 'In', 'Check-In', '0', '4']) expect([s, directionFromTerminal('by-state', s)]).toEqual([s, 'in']);
    for (const s of ['Duty Off', 'DUTY OFF', 'Overtime Off', 'OverTime Off', 'Go Out', 'Out', 'check_out', '1', '5']) expect([s, directionFromTerminal('by-state', s)]).toEqual([s, 'out']);
    for (const s of ['255', '2', 'Break', '', 'None']) expect(directionFromTerminal('by-state', s)).toBeNull();
    expect(directionFromTerminal('alternating', 'Duty Off')).toBeNull();
    expect(directionFromTerminal('fixed-in', 'Duty Off')).toBe('in');
  });

  it('a day punched Duty On / Go Out / Return / Duty Off pairs as in, out, in, out', async () => {
    const [e0] = w.employees as [World['employees'][number]];
    for (const [time, state] of [
      ['09:05', 'Duty On'],
      ['13:00', 'Go Out'],
      ['13:40', 'Return'],
      ['18:10', 'Duty Off'],
    ] as const) {
      expect((await fkPunch(e0.terminalUserId, ist('2031-03-10', time), state)).status).toBe(200);
    }
    const d = await dayOf(e0.id, '2031-03-10');
    expect(d.punches.map((p) => [p.attendStat, p.role])).toEqual([
      ['Duty On', 'in'],
      ['Go Out', 'out'],
      ['Return', 'in'],
      ['Duty Off', 'out'],
    ]);
    expect(d.pairs.map((p) => p.minutes)).toEqual([235, 270]);
  });

  it('a lone Duty Off is an out (alternation would have taken it for an in)', async () => {
    const [, e1] = w.employees as [World['employees'][number], World['employees'][number]];
    expect((await fkPunch(e1.terminalUserId, ist('2031-03-10', '18:05'), 'Duty Off')).status).toBe(200);
    const d = await dayOf(e1.id, '2031-03-10');
    expect(d.punches.map((p) => [p.attendStat, p.role])).toEqual([['Duty Off', 'unpaired']]);
    expect(d.pairs).toEqual([]);
    const reasons = d.day?.reasons.map((r) => r.text).join(' | ');
    expect(reasons).toContain('out at 18:05 has no in');
    expect(reasons).not.toContain('has no out');
  });
});
