import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headingsOf } from '../../server/src/modules/compliance/catalogue.ts';
import { FORM_A, FORM_B } from '../../server/src/modules/compliance/layouts/central-2017.ts';
import type { Client } from '../support/client.ts';
import { parseCsv, pdfText, readRegisterXlsx } from '../support/compliance.ts';
import { renderFirstPage } from '../support/pdf.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * The registers against the demo organisation, cell by cell for a few
 * employees (CSV parsed, XLSX read back with exceljs), every layout rendered
 * to PNG with pdftoppm, and every 4xx of the export. `COMPLIANCE_SHOTS=dir`
 * keeps the first page of each form as a PNG.
 */

let server: TestServer;
let hr: Client;
let blr: string;
let pun: string;
let priya: { id: string; code: string; fullName: string; joinedDate: string; dateOfBirth: string; gender: string; pan: string; uan: string; esi: string | null; bankAccountNumber: string; bankIfsc: string; designation: { name: string } };
let priyaReg: Record<string, string | null>;
const MONTH = '2026-10';
const AS_OF = '2026-10-31';

beforeAll(async () => {
  server = await startServer();
  hr = await server.login('hr@kaveri.example');
  const locations = (await hr.get('/api/locations')).body.items as { id: string; name: string }[];
  blr = locations.find((l) => l.name === 'Bengaluru HQ')?.id as string;
  pun = locations.find((l) => l.name === 'Pune Plant')?.id as string;
  const found = (await hr.get('/api/employees?q=Priya%20Sharma')).body.items[0];
  priya = (await hr.get(`/api/employees/${found.id}`)).body;
  priyaReg = (await hr.get(`/api/employees/${found.id}/register`)).body;
});
afterAll(async () => server.close());

const exportOf = (key: string, query: string) => hr.get(`/api/compliance/registers/${key}/export?${query}`);

async function csvTable(key: string, query: string) {
  const res = await exportOf(key, `${query}&format=csv`);
  expect(res.status, res.text.slice(0, 200)).toBe(200);
  const [headings, ...rows] = parseCsv(res.text);
  return { headings: headings ?? [], rows: rows.filter((r) => r.length > 1) };
}

describe('the catalogue', () => {
  it('lists every register with its legal basis, period kind, layouts and blank columns', async () => {
    const res = await hr.get('/api/compliance/registers');
    expect(res.status).toBe(200);
    const keys = res.body.items.map((i: { key: string }) => i.key);
    expect(res.body.items.every((i: { available: boolean }) => i.available)).toBe(true);
    expect(keys).toEqual(['employee-register', 'attendance-register', 'leave-register', 'holiday-register', 'overtime-register', 'wage-register', 'joiners-leavers', 'maternity-register', 'statutory-ids', 'document-checklist']);
    const emp = res.body.items[0];
    expect(emp).toMatchObject({ periodKind: 'date', profiles: expect.arrayContaining(['central-2017', 'tn']) });
    expect(emp.layouts[0].columns).toEqual(headingsOf(FORM_A));
    const wage = res.body.items.find((i: { key: string }) => i.key === 'wage-register');
    expect(wage.periodKind).toBe('month');
    expect(wage.unfillableColumns.map((c: { column: string }) => c.column)).toContain('Rate of Wage');
    expect(res.body.items.find((i: { key: string }) => i.key === 'leave-register').profiles).toEqual(expect.arrayContaining(['central-2017', 'tn', 'ka', 'mh', 'dl']));
  });
});

describe('Form A (employee register)', () => {
  it('CSV: Priya’s row cell by cell, as of the month end', async () => {
    const { headings, rows } = await csvTable('employee-register', `period=${AS_OF}&location=${blr}`);
    expect(headings).toEqual(headingsOf(FORM_A));
    const row = rows.find((r) => r[1] === priya.code);
    expect(row).toBeDefined();
    const cell = (h: string) => row?.[headings.indexOf(h)];
    expect(cell('Name')).toBe('Priya');
    expect(cell('Surname')).toBe('Sharma');
    expect(cell('Gender')).toBe('Female');
    expect(cell("Father's/Spouse Name")).toBe(priyaReg.fatherOrSpouseName);
    expect(cell('Date of Birth')).toBe(priya.dateOfBirth);
    expect(cell('Date of Joining')).toBe(priya.joinedDate);
    expect(cell('Designation')).toBe(priya.designation.name);
    expect(cell('UAN')).toBe(priya.uan);
    expect(cell('PAN')).toBe(priya.pan);
    expect(cell('ESIC IP')).toBe(priya.esi ?? '');
    expect(cell('Bank A/c Number')).toBe(priya.bankAccountNumber);
    expect(cell('Branch (IFSC)')).toBe(priya.bankIfsc);
    expect(cell('Present Address')).toBe(priyaReg.presentAddress);
    expect(cell('Service Book No.')).toBe(priyaReg.serviceBookNumber);
    expect(cell('Nationality')).toBe('Indian');
    expect(cell('Photo')).toBe('');
    // The register's running serial numbers (order of joining at the location): unique and ascending.
    const serials = rows.map((r) => Number(r[0]));
    expect(serials).toEqual([...serials].sort((a, b) => a - b));
    expect(new Set(serials).size).toBe(serials.length);
  });

  it('XLSX: frozen headings, typed cells, landscape fit to width', async () => {
    const res = await exportOf('employee-register', `period=${AS_OF}&location=${blr}&format=xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`employee-register_ka_${AS_OF}.xlsx`);
    const t = await readRegisterXlsx(res.body as Buffer, 'Sl. No.');
    expect(t.headings).toEqual(headingsOf(FORM_A));
    const row = t.rows.find((r) => r[1] === priya.code);
    expect(typeof row?.[0]).toBe('number');
    expect(row?.[6]).toBeInstanceOf(Date);
    expect((row?.[6] as Date).toISOString().slice(0, 10)).toBe(priya.dateOfBirth);
    expect((row?.[9] as Date).toISOString().slice(0, 10)).toBe(priya.joinedDate);
    expect(row?.[14]).toBe(priya.uan);
    expect(t.sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: t.headingRow + 1 });
    expect(t.sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1 });
    // The establishment header sits above the table.
    const above = Array.from({ length: t.headingRow }, (_, i) => JSON.stringify(t.sheet.getRow(i + 1).getCell(1).value)).join(' ');
    expect(above).toContain('Kaveri Precision Components Pvt. Ltd. (Bengaluru HQ)');
    expect(above).toContain('1-2345-6789-0');
  });
});

describe('Form D (attendance register)', () => {
  it('each day’s code with IN and OUT, and the days worked, match the reconciled days', async () => {
    const res = await exportOf('attendance-register', `period=${MONTH}&location=${blr}&format=xlsx`);
    expect(res.status).toBe(200);
    const t = await readRegisterXlsx(res.body as Buffer, 'Sl. Number in Employee register');
    expect(t.headings.slice(4, 35)).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1)));
    const row = t.rows.find((r) => r[1] === priya.fullName);
    expect(row).toBeDefined();
    const days = await server.deps.db
      .selectFrom('attendance_day')
      .select(['date', 'status', 'leave_code', 'present_days', 'first_in', 'provisional'])
      .where('employee_id', '=', priya.id)
      .where('date', '>=', `${MONTH}-01`)
      .where('date', '<=', `${MONTH}-31`)
      .execute();
    expect(days.length).toBeGreaterThan(20);
    const expected: Record<string, string> = { Present: 'P', Absent: 'A', HalfDay: 'HD', WeeklyOff: 'WO', MissingPunch: 'MP' };
    let checked = 0;
    for (const d of days) {
      const cell = String(row?.[4 + Number(d.date.slice(8)) - 1] ?? '');
      const code = cell.split('\n')[0];
      if (d.status in expected) {
        expect(code, d.date).toBe(expected[d.status]);
        checked++;
      }
      if (d.status === 'OnLeave') expect(code, d.date).toBe(d.leave_code);
      if (d.status === 'Holiday') expect(['NH', 'FH'], d.date).toContain(code);
      if (d.status === 'Present' && d.first_in) {
        const local = new Date(d.first_in).toLocaleTimeString('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
        expect(cell.split('\n')[1], d.date).toBe(local);
      }
    }
    expect(checked).toBeGreaterThan(15);
    const summary = t.headings.indexOf('Summary No. of Days');
    expect(row?.[summary]).toBe(days.reduce((s, d) => s + d.present_days, 0));
  });

  it('TN Form V: the hours of each day, loss of pay and holiday benefits', async () => {
    const { headings, rows } = await csvTable('attendance-register', `period=${MONTH}&location=${blr}&profile=tn`);
    expect(headings.slice(0, 6)).toEqual(['Serial Number', 'Name of the Employee', 'Employee Identification No.', 'Time at which work commences', 'Rest Interval', 'Time at which work ends']);
    const row = rows.find((r) => r[2] === priya.code);
    expect(row?.[3]).toMatch(/^\d{2}:\d{2}$/);
    const worked = await server.deps.db
      .selectFrom('attendance_day')
      .select(['date', 'worked_minutes'])
      .where('employee_id', '=', priya.id)
      .where('date', '=', `${MONTH}-14`)
      .executeTakeFirst();
    if (worked && worked.worked_minutes > 0) expect(Number(row?.[6 + 13])).toBeCloseTo(worked.worked_minutes / 60, 1);
  });
});

describe('other registers', () => {
  it('Form B: identity, days worked and overtime filled; every wage cell blank, with the note', async () => {
    const res = await exportOf('wage-register', `period=${MONTH}&location=${pun}&format=xlsx`);
    const t = await readRegisterXlsx(res.body as Buffer, 'Sl. No. in Employee Register');
    expect(t.headings).toEqual(headingsOf(FORM_B));
    expect(t.rows.length).toBeGreaterThan(10);
    for (const r of t.rows) {
      expect(r[2]).toBeNull(); // Rate of Wage
      expect(r.slice(5, 24).every((v) => v === null)).toBe(true);
      expect(typeof r[3]).toBe('number');
    }
    const notes: string[] = [];
    t.sheet.eachRow((row) => {
      const v = row.getCell(1).value;
      if (typeof v === 'string' && v.length > 60) notes.push(v);
    });
    expect(notes.join(' ')).toMatch(/never derived from CTC/);
  });

  it('the leave register (Karnataka Form F) closes on the ledger’s balance', async () => {
    const { headings, rows } = await csvTable('leave-register', `period=2026&location=${blr}`);
    expect(headings[1]).toBe('Name of the employee');
    const row = rows.find((r) => r[1] === priya.fullName);
    const el = await server.deps.db.selectFrom('leave_type').select('id').where('code', '=', 'EL').executeTakeFirstOrThrow();
    const sum = async (where: (q: any) => any) => Number((await where(server.deps.db.selectFrom('leave_ledger').select((eb) => eb.fn.sum<number>('days').as('t')).where('employee_id', '=', priya.id).where('leave_type_id', '=', el.id)).executeTakeFirst())?.t ?? 0);
    const closing = await sum((q) => q.where('effective_date', '<=', '2026-12-31'));
    const availed = -(await sum((q) => q.where('kind', 'in', ['usage', 'reversal']).where('effective_date', '>=', '2026-01-01').where('effective_date', '<=', '2026-12-31')));
    expect(Number(row?.[headings.indexOf('Balance at credit')])).toBeCloseTo(closing, 2);
    expect(Number(row?.[7])).toBeCloseTo(availed, 2);
  });

  it('the overtime register sums each employee’s overtime', async () => {
    const { headings, rows } = await csvTable('overtime-register', `period=${MONTH}&location=${pun}`);
    expect(rows.length).toBeGreaterThan(0);
    const sums = await server.deps.db
      .selectFrom('attendance_day')
      .innerJoin('employee', 'employee.id', 'attendance_day.employee_id')
      .select(['employee.full_name', (eb) => eb.fn.sum<number>('attendance_day.ot_minutes').as('ot')])
      .where('attendance_day.date', '>=', `${MONTH}-01`)
      .where('attendance_day.date', '<=', `${MONTH}-31`)
      .where('employee.location_id', '=', pun)
      .groupBy('employee.full_name')
      .execute();
    for (const r of rows.slice(0, 5)) {
      const ot = sums.find((s) => s.full_name === r[1]);
      expect(Number(r[headings.indexOf('Total overtime hours')])).toBeCloseTo(Number(ot?.ot ?? 0) / 60, 1);
    }
  });

  it('the holiday register lists each holiday, national or festival, and who worked', async () => {
    const { rows } = await csvTable('holiday-register', `period=2026&location=${blr}`);
    const gandhi = rows.find((r) => r[1] === '2026-10-02');
    expect(gandhi?.[3]).toBe('National');
    const holidays = await server.deps.db.selectFrom('holiday').select('date').where('date', '>=', '2026-01-01').where('date', '<=', '2026-12-31').where((eb) => eb.or([eb('location_id', 'is', null), eb('location_id', '=', blr)])).execute();
    expect(new Set(rows.map((r) => `${r[1]}`)).size).toBe(new Set(holidays.map((h) => h.date)).size);
  });

  it('statutory ids: Priya’s identifiers, the bank account masked, coverage', async () => {
    const { headings, rows } = await csvTable('statutory-ids', `period=${AS_OF}&location=${blr}`);
    const row = rows.find((r) => r[1] === priya.code);
    expect(row?.[headings.indexOf('UAN')]).toBe(priya.uan);
    expect(row?.[headings.indexOf('PAN')]).toBe(priya.pan);
    expect(row?.[headings.indexOf('PF member id')]).toBe(priyaReg.pfMemberId);
    expect(row?.[headings.indexOf('Bank A/c (masked)')]).toBe(`${'*'.repeat(priya.bankAccountNumber.length - 4)}${priya.bankAccountNumber.slice(-4)}`);
    expect(row?.[headings.indexOf('EPF coverage')]).toBe('Covered');
  });

  it('joiners and leavers: each exit of a month with its reason and the full-and-final date', async () => {
    const exit = await server.deps.db.selectFrom('employee').select(['code', 'exit_date', 'exit_reason', 'location_id']).where('exit_date', 'is not', null).orderBy('exit_date', 'desc').executeTakeFirstOrThrow();
    const month = (exit.exit_date as string).slice(0, 7);
    const { headings, rows } = await csvTable('joiners-leavers', `period=${month}&location=${exit.location_id}`);
    const row = rows.find((r) => r[2] === exit.code && r[1] === 'Left');
    expect(row?.[headings.indexOf('Date of Exit (Form A col. 26)')]).toBe(exit.exit_date);
    expect(row?.[headings.indexOf('Reason for Exit (Form A col. 27)')]).toBe(exit.exit_reason);
    expect(row?.[headings.indexOf('Full and final settlement due by')]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('the document checklist: each required document with its state, verifier and date, as on the day', async () => {
    const employee = await server.login('employee@kaveri.example');
    const me = (await employee.get('/api/auth/me')).body;
    const today = me.organisation.today as string;
    const sneha = (await hr.get(`/api/employees/${me.user.employeeId}`)).body;
    const { headings, rows } = await csvTable('document-checklist', `period=${today}&location=${sneha.location.id}`);
    expect(headings).toEqual(['Sl. No.', 'Employee Code', 'Name', 'Document', 'Status', 'Verified by', 'Verified on', 'Expires on', 'Remarks']);
    const mine = rows.filter((r) => r[1] === sneha.code);
    expect(mine.length).toBeGreaterThan(3);
    const docs = await server.deps.db
      .selectFrom('employee_document as d')
      .innerJoin('document_type as t', 't.id', 'd.document_type_id')
      .select(['t.name', 'd.status', 'd.version', 'd.reviewed_by_name', 'd.reviewed_at'])
      .where('d.employee_id', '=', sneha.id)
      .where('d.deleted_at', 'is', null)
      .orderBy('d.version', 'desc')
      .execute();
    const verified = docs.find((d) => d.status === 'Verified');
    if (verified) {
      const row = mine.find((r) => r[3] === verified.name);
      expect(row?.[4]).toBe('Verified');
      expect(row?.[5]).toBe(verified.reviewed_by_name);
      expect(row?.[6]).toBe(verified.reviewed_at?.slice(0, 10));
    }
    expect(mine.some((r) => r[4] === 'Required, not received' || r[4] === 'Received, not verified' || r[4] === 'Verified')).toBe(true);
  });

  it('the maternity register lists approved maternity leave', async () => {
    const ml = await server.deps.db
      .selectFrom('leave_request as r')
      .innerJoin('leave_type as t', 't.id', 'r.leave_type_id')
      .innerJoin('employee as e', 'e.id', 'r.employee_id')
      .select(['e.code', 'e.location_id', 'r.from_date'])
      .where('t.code', '=', 'ML')
      .where('r.status', '=', 'Approved')
      .execute();
    const { rows } = await csvTable('maternity-register', `period=2026&location=${pun}`);
    expect(rows.length).toBe(ml.filter((m) => m.location_id === pun && m.from_date <= '2026-12-31').length);
  });
});

describe('PDFs look like the printed forms', () => {
  const shots = process.env.COMPLIANCE_SHOTS;
  const cases: [string, string, string, string][] = [
    ['employee-register', AS_OF, 'central-2017', 'form-a'],
    ['employee-register', AS_OF, 'tn', 'tn-form-u'],
    ['attendance-register', MONTH, 'central-2017', 'form-d'],
    ['attendance-register', MONTH, 'tn', 'tn-form-v'],
    ['wage-register', MONTH, 'central-2017', 'form-b'],
    ['wage-register', MONTH, 'tn', 'tn-form-w'],
    ['leave-register', '2026', 'central-2017', 'leave-register'],
    ['leave-register', '2026', 'tn', 'tn-form-x'],
    ['leave-register', '2026', 'ka', 'ka-form-f'],
    ['leave-register', '2026', 'mh', 'mh-form-o'],
    ['leave-register', '2026', 'dl', 'dl-form-i'],
    ['holiday-register', '2026', 'central-2017', 'holidays'],
    ['overtime-register', MONTH, 'central-2017', 'overtime'],
    ['joiners-leavers', MONTH, 'central-2017', 'joiners-leavers'],
    ['maternity-register', '2026', 'central-2017', 'maternity'],
    ['statutory-ids', AS_OF, 'central-2017', 'statutory-ids'],
    ['document-checklist', AS_OF, 'central-2017', 'document-checklist'],
  ];
  for (const [key, period, profile, shot] of cases) {
    it(`${shot}: landscape, paged, with ink`, async () => {
      const location = key === 'overtime-register' || key === 'maternity-register' ? pun : blr;
      const res = await exportOf(key, `period=${period}&profile=${profile}&location=${location}&format=pdf`);
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const pdf = res.body as Buffer;
      const out = shots ? path.join(shots, `${shot}.png`) : undefined;
      if (shots) fs.mkdirSync(shots, { recursive: true });
      const page = renderFirstPage(pdf, out);
      expect(page.width).toBeGreaterThan(page.height);
      expect(page.inkRatio).toBeGreaterThan(0.02);
      const text = pdfText(pdf, 1, 1);
      expect(text).toMatch(/Page 1 of \d+/);
      expect(text).toContain('Kaveri Precision Components Pvt. Ltd.');
      if (page.pages > 1) {
        // Header and headings repeat on every page.
        const last = pdfText(pdf, page.pages, page.pages);
        expect(last).toContain(`Page ${page.pages} of ${page.pages}`);
        expect(last).toContain('Kaveri Precision Components Pvt. Ltd.');
      }
    });
  }
});

describe('export parameters (spec §4.7)', () => {
  it('answers 404 for an unknown key, 400 naming the parameter for a bad period, format or profile', async () => {
    expect((await exportOf('no-such-register', 'period=2026-10')).status).toBe(404);
    for (const [key, query, field] of [
      ['attendance-register', 'period=2026-10-31', 'query.period'],
      ['employee-register', 'period=2026-10', 'query.period'],
      ['leave-register', 'period=2026-10', 'query.period'],
      ['attendance-register', 'period=2026-13', 'query.period'],
      ['attendance-register', 'period=2026-10&format=docx', 'query.format'],
      ['attendance-register', 'period=2026-10&profile=up', 'query.profile'],
      ['wage-register', 'period=2026-10&profile=ka&format=csv', ''],
      ['holiday-register', 'period=2026&profile=zz', 'query.profile'],
      ['attendance-register', 'period=2026-10&location=not-a-uuid', 'query.location'],
      ['attendance-register', 'period=2026-10&location=0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e', 'query.location'],
      ['attendance-register', '', 'query.period'],
    ] as const) {
      const res = await exportOf(key, query);
      if (!field) {
        expect(res.status, query).toBe(200);
        continue;
      }
      expect(res.status, `${key}?${query}`).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.errors.map((e: { path: string }) => e.path), `${key}?${query}`).toContain(field);
    }
  });

  it('is for HR and Admin only (403), and needs a session (401)', async () => {
    const manager = await server.login('manager@kaveri.example');
    const employee = await server.login('employee@kaveri.example');
    for (const c of [manager, employee]) {
      expect((await c.get(`/api/compliance/registers/attendance-register/export?period=${MONTH}`)).status).toBe(403);
      expect((await c.get('/api/compliance/registers')).status).toBe(403);
      expect((await c.get(`/api/compliance/bundle?period=${MONTH}`)).status).toBe(403);
    }
    expect((await server.client().get(`/api/compliance/registers/attendance-register/export?period=${MONTH}`)).status).toBe(401);
    expect((await server.client().get(`/api/compliance/bundle?period=${MONTH}`)).status).toBe(401);
    const admin = await server.login('admin@kaveri.example');
    expect((await admin.get(`/api/compliance/registers/attendance-register/export?period=${MONTH}&format=csv`)).status).toBe(200);
  });

  it('audits each download on the downloader’s trail (Compliance)', async () => {
    await exportOf('statutory-ids', `period=${AS_OF}&location=${blr}&format=csv`);
    const me = (await hr.get('/api/auth/me')).body.user.employeeId;
    const audit = await hr.get(`/api/employees/${me}/audit?category=Compliance`);
    expect(audit.body.items[0].summary).toMatch(/^Downloaded Statutory Identifiers/);
  });
});
