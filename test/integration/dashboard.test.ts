import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_REPORTS } from '../../shared/reports.ts';
import { chartPixels, renderFirstPage } from '../support/pdf.ts';
import { type ReportWorld, startReportWorld } from '../support/reports.ts';

/**
 * The dashboard on the fixture organisation (test/support/reports.ts, today
 * Wednesday 12 March 2031): every number equals the list it links to, each
 * role sees its own scope, the export carries the same numbers, and a write
 * shows at once.
 */

let w: ReportWorld;
beforeAll(async () => {
  w = await startReportWorld();
  // C (outside the fixture manager's line) has a birthday this week too.
  await w.server.deps.db.updateTable('employee').set({ date_of_birth: '1985-03-12' }).where('id', '=', w.people.C.id).execute();
});
afterAll(async () => w.server.close());

const total = async (who: 'hr' | 'manager', path: string) => {
  const res = await w[who].get(path);
  expect(res.status, path).toBe(200);
  return res.body.total as number;
};

describe('HR', () => {
  it('sees the organisation, and every number equals the filtered list it links to', async () => {
    const res = await w.hr.get('/api/dashboard');
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({ scope: 'org', today: '2031-03-12', timeZone: 'Asia/Kolkata' });

    // Today, by the live board's rules: the dashboard's links open the board filtered to each number.
    const live = (await w.hr.get('/api/attendance/live')).body;
    expect(d.attendance).toMatchObject({ employees: live.counts.total, inNow: live.counts.In, absentSoFar: live.counts.Late, notYetIn: live.counts.NotYetIn, onLeave: live.counts.OnLeave, off: live.counts.Off });
    expect(d.attendance.present).toBe(live.counts.In + live.counts.Out);
    expect((await w.hr.get('/api/attendance/live?present=true')).body.items).toHaveLength(d.attendance.present);
    expect((await w.hr.get('/api/attendance/live?late=true')).body.items).toHaveLength(d.attendance.late);
    expect((await w.hr.get('/api/attendance/live?state=Late')).body.items).toHaveLength(d.attendance.absentSoFar);

    // Approvals waiting for HR.
    expect(d.approvals.leave).toBe(await total('hr', '/api/leave/requests?toApprove=true&pageSize=1'));
    expect(d.approvals.regularizations).toBe(await total('hr', '/api/regularizations?awaitingMe=true&pageSize=1'));
    expect(d.approvals.documents).toBe(await total('hr', '/api/documents/overview?status=AwaitingVerification&pageSize=1'));
    expect(d.approvals.total).toBe(d.approvals.leave + d.approvals.regularizations + d.approvals.documents);

    // Headcount, joiners and leavers of the month: the directory filtered the same way.
    expect(d.headcount.headcount).toBe(await total('hr', '/api/employees?onRoll=true&pageSize=1'));
    expect(d.headcount.joiners).toBe(await total('hr', '/api/employees?joinedFrom=2031-03-01&joinedTo=2031-03-12&pageSize=1'));
    expect(d.headcount.leavers).toBe(await total('hr', '/api/employees?exitedFrom=2031-03-01&exitedTo=2031-03-12&pageSize=1'));
    expect(d.headcount.onNotice).toBe(await total('hr', '/api/employees?status=OnNotice&pageSize=1'));

    // The 30-day trend: 10 February has A's half day (late), B present, X present (late).
    expect(d.trend).toHaveLength(30);
    expect(d.trend[0].date).toBe('2031-02-10');
    expect(d.trend.at(-1).date).toBe('2031-03-11');
    expect(d.trend[0]).toEqual({ date: '2031-02-10', expected: 3, late: 2, attendanceRate: 0.833 });
    expect(d.trend[0].late).toBe(await total('hr', '/api/attendance/day/2031-02-10?late=true&pageSize=1'));
    expect(d.trend[1]).toMatchObject({ expected: 0, attendanceRate: null });

    // Terminals: the fixture gate reported five minutes ago, with records left to send; the demo terminals went quiet in 2026.
    expect(d.terminals).toMatchObject({ total: 3, online: 1, offline: 2, todayCanBeFinal: false, provisionalYesterday: 0 });
    expect(d.terminals.items.find((t: { name: string }) => t.name === 'Fixture gate')).toMatchObject({ online: true, backlog: 3 });

    // Birthdays and anniversaries this week (Monday 10 to Sunday 16 March), the whole organisation.
    const names = d.celebrations.map((c: { name: string; kind: string; date: string }) => `${c.name} ${c.kind} ${c.date}`);
    expect(names).toEqual(expect.arrayContaining(['Farah Manager anniversary 2031-03-11', 'Chetan Gamma birthday 2031-03-12', 'Bina Beta birthday 2031-03-13']));
  });
});

describe('a manager', () => {
  it('sees their reporting line only', async () => {
    const d = (await w.manager.get('/api/dashboard')).body;
    expect(d.scope).toBe('team');
    expect(d.terminals).toBeNull();
    // FM, A, B and X are employed today (Y left in February; C is not in the line).
    expect(d.attendance.employees).toBe(4);
    expect(d.headcount).toEqual({ headcount: 4, onNotice: 0, joiners: 0, leavers: 0, month: '2031-03' });
    expect(d.approvals).toEqual({ leave: 1, regularizations: 1, documents: null, total: 2 }); // B's pending leave and manual entry; managers verify no documents
    expect(d.leaveLoad.days).toHaveLength(14);
    expect(d.leaveLoad.peak).toEqual({ date: '2031-03-18', away: 2 });
    expect(d.leaveLoad.days.find((x: { date: string }) => x.date === '2031-03-17').away).toBe(1);
    expect(d.leaveLoad.people.map((p: { name: string; pending: boolean }) => `${p.name} ${p.pending}`)).toEqual(['Arun Alpha false', 'Bina Beta true']);
    expect(d.celebrations.map((c: { name: string; years: number | null }) => `${c.name} ${c.years}`)).toEqual(['Farah Manager 11', 'Bina Beta null']);
    expect(JSON.stringify(d)).not.toContain('Chetan');
    expect(d.trend[0]).toEqual({ date: '2031-02-10', expected: 3, late: 2, attendanceRate: 0.833 });
    expect(d.me).toMatchObject({ month: '2031-03', present: 0 });
  });

  it('sees a decision at once, within the same minute', async () => {
    const before = (await w.manager.get('/api/dashboard')).body;
    expect(before.approvals.leave).toBe(1);
    const pending = (await w.manager.get('/api/leave/requests?toApprove=true')).body.items[0];
    const topUp = await w.hr.post('/api/leave/adjustments', { employeeId: w.people.B.id, leaveTypeId: pending.leaveTypeId, days: 1, reason: 'Fixture credit' });
    expect(topUp.status, topUp.text).toBe(200);
    const approved = await w.manager.post(`/api/leave/requests/${pending.id}/approve`, { note: null });
    expect(approved.status, approved.text).toBe(200);
    const after = (await w.manager.get('/api/dashboard')).body;
    expect(after.approvals.leave).toBe(0);
    expect(after.leaveLoad.people.find((p: { name: string }) => p.name === 'Bina Beta').pending).toBe(false);
  });
});

describe('an employee', () => {
  it('sees only their own month', async () => {
    const d = (await w.employee.get('/api/dashboard')).body;
    expect(d).toMatchObject({ scope: 'self', attendance: null, approvals: null, terminals: null, trend: null, leaveLoad: null, celebrations: null, headcount: null });
    expect(d.me).toMatchObject({ month: '2031-03', present: 0, absent: 0, pendingRequests: 0 });
    expect(Array.isArray(d.me.balances)).toBe(true);
  });

  it('cannot reach the organisation through the export either', async () => {
    const csv = await w.employee.get('/api/dashboard/export?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('My month');
    expect(csv.text).not.toContain('Today,');
    expect(csv.text).not.toContain('Headcount');
  });
});

describe('the export', () => {
  it('carries the same numbers as the screen: CSV, XLSX with typed cells, a one-page A4 PDF with the charts', async () => {
    const d = (await w.manager.get('/api/dashboard')).body;
    const csv = await w.manager.get('/api/dashboard/export?format=csv');
    expect(csv.headers.get('content-disposition')).toContain('dashboard-2031-03-12.csv');
    expect(csv.text).toContain(`Today,Present,${d.attendance.present},`);
    expect(csv.text).toContain(`Today,Absent so far,${d.attendance.absentSoFar},`);
    expect(csv.text).toContain(`People,Headcount,${d.headcount.headcount},`);
    expect(csv.text).toContain(`Waiting for me,Leave requests,${d.approvals.leave},`);
    expect(csv.text).toContain('Scope: the reporting line of Farah Manager');

    const xlsx = await w.manager.get('/api/dashboard/export?format=xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(xlsx.body as Buffer).buffer);
    const sheet = wb.worksheets[0];
    const present = sheet?.getRows(1, sheet.rowCount)?.find((r) => r.getCell(2).value === 'Present');
    expect(present?.getCell(3).value).toBe(d.attendance.present);
    expect(wb.worksheets.map((s) => s.name).filter((n) => n.startsWith('Chart'))).toHaveLength(3);

    const pdf = await w.hr.get('/api/dashboard/export');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const page = renderFirstPage(pdf.body as Buffer);
    expect(page.pages).toBe(1);
    expect(page.height).toBeGreaterThan(page.width); // A4 portrait
    expect(chartPixels(pdf.body as Buffer, path.resolve(import.meta.dirname, '../test-results/screens/dashboard-export-hr.png')).coloured).toBeGreaterThan(150);
    expect((await w.hr.get('/api/dashboard/export?format=docx')).status).toBe(400);
    expect((await w.server.client().get('/api/dashboard')).status).toBe(401);
  });
});

describe('caches see every write', () => {
  it('a report run changes as soon as a day it covers is overridden', async () => {
    const url = `/api/reports/${BUILT_IN_REPORTS.attendanceSummary}?param=203102&departmentId=${w.departmentId}`;
    const before = (await w.hr.get(url)).body.items.find((r: { code: string }) => r.code === 'FXB');
    expect(before.workedHours).toBe(31);
    const patched = await w.hr.patch(`/api/attendance/employee/${w.people.B.id}/day/2031-02-03`, { reason: 'Gate register', workedMinutes: 540 });
    expect(patched.status, patched.text).toBe(200);
    const after = (await w.hr.get(url)).body.items.find((r: { code: string }) => r.code === 'FXB');
    expect(after.workedHours).not.toBe(31);
  });
});
