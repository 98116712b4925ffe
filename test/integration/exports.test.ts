import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { renderFirstPage } from '../support/pdf.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let hr: Client;
beforeAll(async () => {
  server = await startServer();
  hr = await server.login('hr@kaveri.example');
});
afterAll(async () => server.close());

describe('GET /api/employees/export', () => {
  it('exports CSV that Excel reads as UTF-8, with a dated file name', async () => {
    const res = await hr.get('/api/employees/export?format=csv&sort=code&order=asc');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?employees-\d{4}-\d{2}-\d{2}\.csv"?$/);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const lines = res.text.slice(1).trim().split('\n');
    expect(lines[0]?.split(',').slice(0, 3)).toEqual(['Code', 'Name', 'Email']);
    const total = (await hr.get('/api/employees?pageSize=1')).body.total;
    expect(lines).toHaveLength(total + 1);
    expect(lines[1]?.startsWith('KPC0001,Vikram Rao,')).toBe(true);
  });

  it('quotes commas and quotes in values', async () => {
    const created = await hr.post('/api/employees', { code: 'Q0001', fullName: 'Rao, "Chinni" K', joinedDate: '2024-01-01' });
    expect(created.status).toBe(200);
    const res = await hr.get('/api/employees/export?format=csv&q=q0001');
    expect(res.text).toContain('Q0001,"Rao, ""Chinni"" K"');
  });

  it('exports XLSX that opens with a frozen, filtered header and typed cells', async () => {
    const res = await hr.get('/api/employees/export?format=xlsx&sort=code&page=1&pageSize=10');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/filename="?employees-\d{4}-\d{2}-\d{2}\.xlsx"?$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.body as Buffer).buffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.rowCount).toBe(11);
    expect(sheet?.getRow(1).getCell(1).value).toBe('Code');
    expect(sheet?.getRow(2).getCell(1).value).toBe('KPC0001');
    expect(sheet?.getRow(2).getCell(2).value).toBe('Vikram Rao');
    expect(sheet?.getRow(2).getCell(9).value).toBeInstanceOf(Date); // Joined
    expect(typeof sheet?.getRow(2).getCell(13).value).toBe('number'); // CTC for HR
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('exports a PDF that renders with ink on page 1', async () => {
    const res = await hr.get('/api/employees/export?format=pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const page = renderFirstPage(pdf);
    expect(page.width).toBeGreaterThan(page.height); // landscape
    expect(page.pages).toBeGreaterThan(3); // ~150 rows over several pages
    expect(page.inkRatio).toBeGreaterThan(0.02);
  });

  it('validates the spec §4.7 parameters', async () => {
    for (const [q, path] of [
      ['format=docx', 'query.format'],
      ['pageSize=101&page=1', 'query.pageSize'],
      ['page=0&pageSize=10', 'query.page'],
      ['ctcMin=-1', 'query.ctcMin'],
      ['sort=age', 'query.sort'],
      ['order=sideways', 'query.order'],
      ['joinedYearFrom=abc', 'query.joinedYearFrom'],
    ]) {
      const res = await hr.get(`/api/employees/export?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path), q).toContain(path);
    }
    expect((await hr.get('/api/employees/export?page=2')).status).toBe(400);
  });

  it('keeps the scope and hides salary from a manager', async () => {
    const mgr = await server.login('manager@kaveri.example');
    const res = await mgr.get('/api/employees/export?format=csv');
    const lines = res.text.slice(1).trim().split('\n');
    expect(lines[0]).not.toContain('CTC');
    const team = (await mgr.get('/api/employees?pageSize=1')).body.total;
    expect(lines).toHaveLength(team + 1);
    expect((await mgr.get('/api/employees/export?ctcMax=100')).status).toBe(403);
  });
});
