import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_STATUSES, STATUS_META } from '../../shared/attendance/index.ts';
import { renderFirstPage } from '../support/pdf.ts';
import { type World, ist, punch, startWorld } from '../support/attendance.ts';

/** Spec §4.7 attendance exports: one table model rendered to CSV, XLSX and PDF. */

let w: World;
let e0: World['employees'][number];

beforeAll(async () => {
  w = await startWorld();
  [e0] = w.employees as [typeof e0];
  await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-10', '09:25') });
  await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-10', '18:35') });
  await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-11', '09:50') });
  await w.hr.patch(`/api/attendance/employee/${e0.id}/day/2031-03-11`, { reason: 'gate register', workedMinutes: 480, frozen: true });
  const job = await w.hr.post('/api/attendance/recompute', { from: '2031-03-01', to: '2031-03-12' });
  for (let i = 0; i < 300 && (await w.hr.get(`/api/attendance/recompute/${job.body.id}`)).body.status === 'running'; i++) await new Promise((r) => setTimeout(r, 25));
});
afterAll(async () => w.server.close());

/** The text of a PDF's pages (poppler's pdftotext, layout kept), one string per page, whitespace runs folded to one space. */
function pdfPages(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-pdftext-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    // pdftotext ends every page with a form feed.
    return text.split('\f').slice(0, -1).map((p) => p.replace(/\s+/g, ' ').trim());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Every status of the legend, as code and label (Pending is shown as "… not final yet"). */
function expectLegend(text: string) {
  const at = text.indexOf('Legend:');
  expect(at, 'no legend in the PDF').toBeGreaterThanOrEqual(0);
  const legend = text.slice(at);
  for (const s of ATTENDANCE_STATUSES.filter((x) => x !== 'Pending')) expect(legend).toContain(`${STATUS_META[s].code} ${STATUS_META[s].label}`);
  expect(legend).toContain('… not final yet');
  expect(legend).toContain('* frozen by HR');
}

async function workbook(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(body).buffer);
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('GET /api/attendance/calendar/{month}/export', () => {
  const url = (q: string) => `/api/attendance/calendar/2031-03/export?locationId=${w.locationId}&${q}`;

  it('xlsx: a frozen header, a coloured status cell per day, totals per employee and a totals row', async () => {
    const res = await w.hr.get(url('format=xlsx'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="?attendance-2031-03\.xlsx"?/);
    const sheet = await workbook(res.body as Buffer);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = sheet.getRow(1).values as unknown[];
    expect(header.slice(1, 4)).toEqual(['Code', 'Name', '1']);
    expect(header).toEqual(expect.arrayContaining(['P', 'A', 'Late', 'Worked h', 'OT h', 'LOP days']));
    const rowOf = (code: string) => {
      for (let r = 2; r <= sheet.rowCount; r++) if (sheet.getRow(r).getCell(1).value === code) return sheet.getRow(r);
      throw new Error(`no row ${code}`);
    };
    const row = rowOf(e0.code);
    const day10 = row.getCell(2 + 10);
    expect(day10.value).toBe('P');
    expect((day10.fill as ExcelJS.FillPattern).fgColor?.argb).toBe(`FF${STATUS_META.Present.fill}`);
    expect(row.getCell(2 + 11).value).toBe('P*'); // frozen
    expect(row.getCell(2 + 1).value).toBe('A');
    expect((row.getCell(2 + 1).fill as ExcelJS.FillPattern).fgColor?.argb).toBe(`FF${STATUS_META.Absent.fill}`);
    expect(row.getCell(2 + 8).value).toBe('WO');
    const presentCol = header.indexOf('P');
    expect(row.getCell(presentCol).value).toBe(2);
    expect(rowOf('Total').getCell(presentCol).value).toBeGreaterThanOrEqual(2);
    // The legend sits under the table.
    let legend = false;
    sheet.eachRow((r) => {
      if (String(r.getCell(1).value ?? '').startsWith('Legend:')) legend = true;
    });
    expect(legend).toBe(true);
  });

  it('pdf: landscape, paged, with ink on the first page', async () => {
    const res = await w.hr.get('/api/attendance/calendar/2031-03/export?format=pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/filename="?attendance-2031-03\.pdf"?/);
    const page = renderFirstPage(res.body as Buffer);
    expect(page.width).toBeGreaterThan(page.height);
    expect(page.pages).toBeGreaterThan(2); // ~150 employees
    expect(page.inkRatio).toBeGreaterThan(0.03);
  });

  it('pdf: the legend of every status code sits under the table, on the last page', async () => {
    const res = await w.hr.get('/api/attendance/calendar/2031-03/export?format=pdf');
    expect(res.status).toBe(200);
    const pages = pdfPages(res.body as Buffer);
    expect(pages.length).toBe(renderFirstPage(res.body as Buffer).pages);
    const last = pages.at(-1) ?? '';
    expectLegend(last);
    // Under the table: after the totals row, and only once in the document.
    if (last.includes('Total')) expect(last.indexOf('Legend:')).toBeGreaterThan(last.indexOf('Total'));
    else expect(pages.at(-2)).toContain('Total');
    expect(pages.join(' ').split('Legend:')).toHaveLength(2);
    // A filtered, one-page calendar carries it too, with the status codes in its cells.
    const small = pdfPages((await w.hr.get(`/api/attendance/calendar/2031-03/export?format=pdf&locationId=${w.locationId}`)).body as Buffer);
    expect(small).toHaveLength(1);
    expect(small[0]).toContain(e0.code);
    expectLegend(small[0] ?? '');
  });

  it('csv: one line per employee plus the totals row, UTF-8 with BOM', async () => {
    const res = await w.hr.get(url('format=csv'));
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = res.text.slice(1).trim().split('\n');
    expect(lines[0]?.startsWith('Code,Name,1,2,3')).toBe(true);
    expect(lines.find((l) => l.startsWith(e0.code))?.split(',')[11]).toBe('P');
    expect(lines.at(-1)?.startsWith('Total')).toBe(true);
    expect((await w.hr.get(url('format=docx'))).body.errors[0].path).toBe('query.format');
    expect((await w.hr.get('/api/attendance/calendar/March/export')).status).toBe(400);
  });
});

describe('GET /api/attendance/day/{date}/export and /api/attendance/live/export', () => {
  it('the day: every employee with status, times and reasons in each format', async () => {
    const csv = await w.hr.get(`/api/attendance/day/2031-03-10/export?locationId=${w.locationId}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/filename="?attendance-day-2031-03-10\.csv"?/);
    const line = csv.text.split('\n').find((l) => l.startsWith(e0.code)) ?? '';
    expect(line).toContain('Present');
    expect(line).toContain('09:25');
    expect(line).toContain('18:35');
    const xlsx = await w.hr.get(`/api/attendance/day/2031-03-10/export?format=xlsx&locationId=${w.locationId}`);
    const sheet = await workbook(xlsx.body as Buffer);
    expect(sheet.rowCount).toBeGreaterThanOrEqual(4);
    const pdf = await w.hr.get('/api/attendance/day/2031-03-10/export?format=pdf');
    expect(renderFirstPage(pdf.body as Buffer).inkRatio).toBeGreaterThan(0.02);
    expectLegend(pdfPages(pdf.body as Buffer).at(-1) ?? '');
  });

  it('the live board exports with its state column and the terminals', async () => {
    const csv = await w.hr.get(`/api/attendance/live/export?locationId=${w.locationId}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/filename="?attendance-live-2031-03-12\.csv"?/);
    expect(csv.text.split('\n')[0]).toContain('State');
    expect(csv.text.split('\n')).toHaveLength(3 + 2);
    const pdf = await w.hr.get('/api/attendance/live/export?format=pdf');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(renderFirstPage(pdf.body as Buffer).inkRatio).toBeGreaterThan(0.02);
    expect((await w.hr.get('/api/attendance/live/export?state=Asleep')).status).toBe(400);
  });

  it('exports keep the scope', async () => {
    const csv = await w.employee.get('/api/attendance/day/2031-03-10/export');
    expect(csv.text.slice(1).trim().split('\n')).toHaveLength(2);
  });
});
