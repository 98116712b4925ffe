import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_REPORTS, type ReportColumn, type ReportResult } from '../../shared/reports.ts';
import { chartPixels, renderFirstPage } from '../support/pdf.ts';
import { type ReportWorld, startReportWorld } from '../support/reports.ts';

/**
 * Exports equal the JSON (XLSX read back cell by cell, CSV parsed, PDF
 * rendered to PNG with its chart), saved reports, and every 4xx of the
 * report routes, on the fixture organisation.
 */

let w: ReportWorld;
beforeAll(async () => {
  w = await startReportWorld();
});
afterAll(async () => w.server.close());

const screens = path.resolve(import.meta.dirname, '../test-results/screens');

/** Every row of a run, page by page (page size 2, to cross pages). */
async function allRows(id: string, query: string, who: 'hr' | 'manager' = 'hr'): Promise<ReportResult> {
  const first = (await w[who].get(`/api/reports/${id}?${query}&pageSize=2&page=1`)).body as ReportResult;
  const items = [...first.items];
  for (let page = 2; (page - 1) * 2 < first.total; page++) items.push(...((await w[who].get(`/api/reports/${id}?${query}&pageSize=2&page=${page}`)).body as ReportResult).items);
  return { ...first, items };
}

/** A local `YYYY-MM-DD HH:MM` in Asia/Kolkata, as exports write instants. */
function local(instant: string): string {
  return new Date(Date.parse(instant) + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** What an XLSX cell holds for a JSON value of a column. */
function xlsxExpected(c: ReportColumn, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (c.type === 'date') return new Date(`${v as string}T00:00:00.000Z`);
  if (c.type === 'instant') return new Date(`${local(v as string).replace(' ', 'T')}:00.000Z`);
  return v;
}

/** What a CSV cell holds. */
function csvExpected(c: ReportColumn, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (c.type === 'instant') return local(v as string);
  return String(v);
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (ch !== '\r') cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const CASES: [string, string, string][] = [
  ['attendance summary', BUILT_IN_REPORTS.attendanceSummary, 'param=203102'],
  ['work on days off (instants, dates, SQL paging)', BUILT_IN_REPORTS.offDayWork, 'param=203102'],
  ['leave balances', BUILT_IN_REPORTS.leaveBalances, 'param=2030'],
  ['headcount by tenure', BUILT_IN_REPORTS.headcount, 'param=2031&groupBy=tenure'],
  ['regularizations', BUILT_IN_REPORTS.regularizations, 'param=203102'],
];

describe('exports equal the JSON', () => {
  for (const [name, id, params] of CASES) {
    it(`${name}: XLSX cell by cell, with the header, frozen column header, totals and the chart sheet`, async () => {
      const query = `${params}&departmentId=${w.departmentId}`;
      const json = await allRows(id, query);
      const res = await w.hr.get(`/api/reports/${id}/export?${query}&format=xlsx`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(new Uint8Array(res.body as Buffer).buffer);
      const sheet = wb.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      // Header lines: the period, the filters, the scope, when; a blank row; the column header (frozen).
      expect(sheet.getRow(1).getCell(1).value).toBe(`Period: ${json.parameter.label} (${[json.parameter.from, json.parameter.to].map((d) => `${Number(d.slice(8))} ${new Date(`${d}T00:00:00Z`).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${d.slice(0, 4)}`).join(' to ')})`);
      expect(sheet.getRow(2).getCell(1).value).toBe(`Filters: ${json.filters.map((f) => `${f.label}: ${f.valueLabel}`).join(' · ')}`);
      expect(sheet.getRow(3).getCell(1).value).toBe('Scope: the whole organisation');
      expect(String(sheet.getRow(4).getCell(1).value)).toMatch(/^Generated 12 Mar 2031, 17:30 IST by Priya Sharma · \d+ rows?$/);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 6 });
      expect(sheet.getRow(6).values).toEqual([undefined, ...json.columns.map((c) => c.label)]);
      json.items.forEach((row, i) => {
        json.columns.forEach((c, k) => expect(sheet.getRow(7 + i).getCell(k + 1).value ?? null, `${c.key} of row ${i}`).toEqual(xlsxExpected(c, row[c.key])));
      });
      const totalsRow = sheet.getRow(7 + json.items.length);
      if (json.totals) {
        json.columns.forEach((c, k) => expect(totalsRow.getCell(k + 1).value ?? null, `total ${c.key}`).toEqual(xlsxExpected(c, json.totals?.[c.key])));
        expect(totalsRow.font?.bold).toBe(true);
      }
      // Typed cells: numbers are numbers, percentages formatted as such.
      const percent = json.columns.findIndex((c) => c.type === 'percent');
      if (percent >= 0 && json.items.length) expect(sheet.getRow(7).getCell(percent + 1).numFmt).toBe('0.0%');
      // The chart's figures on a sheet of their own.
      const chartSheet = wb.worksheets[1];
      expect(chartSheet?.name.startsWith('Chart')).toBe(true);
      expect(chartSheet?.getRow(2).values).toEqual([undefined, '', ...(json.chart?.series.map((s) => s.label) ?? [])]);
      json.chart?.categories.forEach((cat, i) => {
        expect(chartSheet?.getRow(3 + i).getCell(1).value).toBe(cat);
        json.chart?.series.forEach((s, k) => expect(chartSheet?.getRow(3 + i).getCell(k + 2).value).toBe(s.values[i]));
      });
    });

    it(`${name}: CSV with the header lines, the same rows and the totals`, async () => {
      const query = `${params}&departmentId=${w.departmentId}`;
      const json = await allRows(id, query);
      const res = await w.hr.get(`/api/reports/${id}/export?${query}&format=csv`);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const rows = parseCsv((res.text as string).replace(/^\uFEFF/, ''));
      expect(rows[0]?.[0]).toContain(`Period: ${json.parameter.label}`);
      expect(rows[4]).toEqual(['']);
      expect(rows[5]).toEqual(json.columns.map((c) => c.label));
      json.items.forEach((row, i) => expect(rows[6 + i]).toEqual(json.columns.map((c) => csvExpected(c, row[c.key]))));
      if (json.totals) expect(rows[6 + json.items.length]).toEqual(json.columns.map((c) => csvExpected(c, json.totals?.[c.key])));
    });
  }

  it('PDF: renders with its chart drawn above the table (looked at: test/test-results/screens/report-*.png)', async () => {
    for (const [name, id, params] of CASES) {
      const res = await w.hr.get(`/api/reports/${id}/export?${params}&departmentId=${w.departmentId}&format=pdf`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const pdf = res.body as Buffer;
      const page = renderFirstPage(pdf);
      expect(page.inkRatio, name).toBeGreaterThan(0.01);
      const chart = chartPixels(pdf, path.join(screens, `report-${name.split(' ')[0]}-${name.split(' ')[1] ?? ''}.png`));
      expect(chart.coloured, `${name}: chart colours on page 1`).toBeGreaterThan(150);
    }
    // Without rows, the chart frame still says so and the file is a valid PDF.
    const empty = await w.hr.get(`/api/reports/${BUILT_IN_REPORTS.overtime}/export?param=203001&departmentId=${w.departmentId}&format=pdf`);
    expect(renderFirstPage(empty.body as Buffer).pages).toBe(1);
  });

  it('a manager’s export never contains someone outside their line', async () => {
    for (const id of [BUILT_IN_REPORTS.attendanceSummary, BUILT_IN_REPORTS.lateEarly, BUILT_IN_REPORTS.offDayWork, BUILT_IN_REPORTS.absenteeism]) {
      for (const format of ['csv', 'xlsx', 'pdf']) {
        const res = await w.manager.get(`/api/reports/${id}/export?param=203102&format=${format}`);
        expect(res.status).toBe(200);
        const text = format === 'csv' ? (res.text as string) : format === 'xlsx' ? await xlsxText(res.body as Buffer) : '';
        if (format !== 'pdf') {
          expect(text).toContain('FXA');
          expect(text).not.toContain('FXC');
          expect(text).not.toContain('Chetan');
          expect(text).toContain('Scope: the reporting line of Farah Manager');
        }
      }
    }
  });
});

async function xlsxText(body: Buffer): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(body).buffer);
  const out: string[] = [];
  wb.eachSheet((s) => s.eachRow((r) => out.push(JSON.stringify(r.values))));
  return out.join('\n');
}

describe('saved reports', () => {
  it('saves a report with its parameter and filters; the owner runs and deletes it; shared ones reach HR only', async () => {
    const saved = await w.manager.post('/api/reports', { name: 'My team in February', reportId: BUILT_IN_REPORTS.lateEarly, param: 203102, filters: {}, shared: true });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ name: 'My team in February', builtIn: false, category: 'Attendance', saved: { baseReportId: BUILT_IN_REPORTS.lateEarly, param: 203102, shared: true, mine: true, ownerName: 'Farah Manager' } });
    const id = saved.body.id as string;
    expect(id).not.toBe(BUILT_IN_REPORTS.lateEarly);
    // The owner runs it with the saved parameter; their scope applies.
    const run = (await w.manager.get(`/api/reports/${id}`)).body;
    expect(run.report).toMatchObject({ id, name: 'My team in February', baseReportId: BUILT_IN_REPORTS.lateEarly });
    expect(run.parameter.value).toBe(203102);
    expect(run.items.map((r: { code: string }) => r.code)).not.toContain('FXC');
    // Shared with HR: HR sees it in the catalogue and runs it with HR's own scope (C included).
    const catalogue = (await w.hr.get('/api/reports')).body.items.find((r: { id: string }) => r.id === id);
    expect(catalogue.saved).toMatchObject({ mine: false, ownerName: 'Farah Manager' });
    const hrRun = (await w.hr.get(`/api/reports/${id}?departmentId=${w.departmentId}`)).body;
    expect(hrRun.items.map((r: { code: string }) => r.code)).toContain('FXC');
    // HR cannot delete it; another manager cannot see it.
    expect((await w.hr.delete(`/api/reports/${id}`)).status).toBe(403);
    const other = await w.server.login('manager@kaveri.example');
    expect((await other.get(`/api/reports/${id}`)).status).toBe(404);
    expect((await other.delete(`/api/reports/${id}`)).status).toBe(404);
    expect((await other.get('/api/reports')).body.items.map((r: { id: string }) => r.id)).not.toContain(id);
    // The owner deletes it; it is gone.
    expect((await w.manager.delete(`/api/reports/${id}`)).body).toEqual({ ok: true });
    expect((await w.manager.get(`/api/reports/${id}`)).status).toBe(404);
  });

  it('keeps filters; a query overrides them; without a saved parameter it runs on the current period', async () => {
    const saved = await w.hr.post('/api/reports', { name: 'Fixture headcount by tenure', reportId: BUILT_IN_REPORTS.headcount, param: null, filters: { departmentId: w.departmentId, groupBy: 'tenure' } });
    expect(saved.status, saved.text).toBe(200);
    const run = (await w.hr.get(`/api/reports/${saved.body.id}`)).body;
    expect(run.parameter.value).toBe(2031);
    expect(run.columns[0].label).toBe('Tenure');
    expect(run.filters.map((f: { key: string }) => f.key)).toEqual(['departmentId', 'groupBy']);
    const overridden = (await w.hr.get(`/api/reports/${saved.body.id}?groupBy=month`)).body;
    expect(overridden.columns[0].label).toBe('Month');
    // Private: the manager does not see HR's unshared report.
    expect((await w.manager.get(`/api/reports/${saved.body.id}`)).status).toBe(404);
  });

  it('checks what it saves as a run would (400 naming the field), and needs report:read', async () => {
    const bad = async (body: Record<string, unknown>, path: string) => {
      const res = await w.hr.post('/api/reports', { name: 'X', reportId: BUILT_IN_REPORTS.attendanceSummary, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path), JSON.stringify(body)).toContain(path);
    };
    await bad({ param: 202613 }, 'body.param');
    await bad({ filters: { groupBy: 'tenure' } }, 'body.filters.groupBy');
    await bad({ filters: { departmentId: '0190a0a0-0000-7000-8000-000000000000' } }, 'body.filters.departmentId');
    await bad({ name: '   ' }, 'body.name');
    await bad({ name: 'x'.repeat(81) }, 'body.name');
    await bad({ shared: 'yes' }, 'body.shared');
    await bad({ extra: 1 }, 'body');
    expect((await w.hr.post('/api/reports', { name: 'X', reportId: '0190a0a0-0000-7000-8000-000000000000' })).status).toBe(404);
    expect((await w.employee.post('/api/reports', { name: 'X', reportId: BUILT_IN_REPORTS.attendanceSummary })).status).toBe(403);
    expect((await w.hr.delete(`/api/reports/${BUILT_IN_REPORTS.attendanceSummary}`)).status).toBe(403);
  });
});

describe('4xx', () => {
  it('answers 404 for an unknown id, 400 for a malformed one', async () => {
    expect((await w.hr.get('/api/reports/0190a0a0-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await w.hr.get('/api/reports/0190a0a0-0000-7000-8000-000000000000/export?format=csv')).status).toBe(404);
    const malformed = await w.hr.get('/api/reports/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].path).toBe('params.id');
  });

  it('answers 400 naming the parameter: bad param, filter, sort, page, format', async () => {
    const cases: [string, string, string][] = [
      [BUILT_IN_REPORTS.attendanceSummary, 'param=202613', 'query.param'],
      [BUILT_IN_REPORTS.attendanceSummary, 'param=12', 'query.param'],
      [BUILT_IN_REPORTS.attendanceSummary, 'param=abc', 'query.param'],
      [BUILT_IN_REPORTS.attendanceSummary, 'param=2026.5', 'query.param'],
      [BUILT_IN_REPORTS.headcount, 'param=202611', 'query.param'],
      [BUILT_IN_REPORTS.terminalHealth, 'param=0', 'query.param'],
      [BUILT_IN_REPORTS.terminalHealth, 'param=367', 'query.param'],
      [BUILT_IN_REPORTS.terminalHealth, 'departmentId=0190a0a0-0000-7000-8000-000000000000', 'query.departmentId'],
      [BUILT_IN_REPORTS.attendanceSummary, 'groupBy=tenure', 'query.groupBy'],
      [BUILT_IN_REPORTS.headcount, 'groupBy=weekday', 'query.groupBy'],
      [BUILT_IN_REPORTS.attendanceSummary, 'departmentId=0190a0a0-0000-7000-8000-000000000000', 'query.departmentId'],
      [BUILT_IN_REPORTS.attendanceSummary, 'locationId=nope', 'query.locationId'],
      [BUILT_IN_REPORTS.attendanceSummary, 'status=Retired', 'query.status'],
      [BUILT_IN_REPORTS.attendanceSummary, 'sort=salary', 'query.sort'],
      [BUILT_IN_REPORTS.offDayWork, 'sort=compOff', 'query.sort'],
      [BUILT_IN_REPORTS.headcount, 'sort=leavers', 'query.sort'],
      [BUILT_IN_REPORTS.attendanceSummary, 'order=sideways', 'query.order'],
      [BUILT_IN_REPORTS.attendanceSummary, 'pageSize=101', 'query.pageSize'],
      [BUILT_IN_REPORTS.attendanceSummary, 'page=0', 'query.page'],
    ];
    for (const [id, q, path] of cases) {
      const res = await w.hr.get(`/api/reports/${id}?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path), q).toContain(path);
      const exported = await w.hr.get(`/api/reports/${id}/export?${q.startsWith('page') ? 'format=csv' : q}`);
      if (!q.startsWith('page')) expect(exported.status, `export ${q}`).toBe(400);
    }
    const format = await w.hr.get(`/api/reports/${BUILT_IN_REPORTS.attendanceSummary}/export?format=docx`);
    expect(format.status).toBe(400);
    expect(format.body.errors[0].path).toBe('query.format');
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await w.server.client().get('/api/reports')).status).toBe(401);
    expect((await w.server.client().get(`/api/reports/${BUILT_IN_REPORTS.headcount}/export`)).status).toBe(401);
    expect((await w.employee.get(`/api/reports/${BUILT_IN_REPORTS.headcount}`)).status).toBe(403);
  });
});
