import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { parseCsv, pdfText } from '../support/compliance.ts';
import { renderFirstPage } from '../support/pdf.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * The directory export over HTTP with people named in Devanagari, Kannada and
 * Tamil: the names come back intact from CSV and XLSX, and the salary column
 * reads in Indian grouping on paper and in the spreadsheet.
 */

let server: TestServer;
let hr: Client;

const PEOPLE = [
  { code: 'SCR001', fullName: 'प्रिया क्षत्रिय', ctcAnnual: 100000 },
  { code: 'SCR002', fullName: 'ಶ್ರೀನಿವಾಸ ಕೃಷ್ಣ', ctcAnnual: 1234567 },
  { code: 'SCR003', fullName: 'ஸ்ரீநிவாஸ் கொண்டல்', ctcAnnual: 12345678 },
];

beforeAll(async () => {
  server = await startServer();
  hr = await server.login('hr@kaveri.example');
  for (const p of PEOPLE) {
    const created = await hr.post('/api/employees', { ...p, joinedDate: '2024-01-01' });
    expect(created.status, p.code).toBe(200);
  }
});
afterAll(async () => server.close());

const exportOf = (format: string) => hr.get(`/api/employees/export?format=${format}&q=SCR&sort=code&order=asc`);

describe('the directory export in Indian scripts', () => {
  it('CSV keeps every name as typed, with the BOM Excel needs', async () => {
    const res = await exportOf('csv');
    expect(res.status).toBe(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.text);
    const ctc = rows[0]?.indexOf('CTC (INR a year)') ?? -1;
    expect(ctc).toBeGreaterThan(0);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[ctc]])).toEqual(PEOPLE.map((p) => [p.code, p.fullName, String(p.ctcAnnual)]));
  });

  it('XLSX keeps the names and holds salaries as numbers in lakh/crore grouping', async () => {
    const res = await exportOf('xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.body as Buffer).buffer);
    const sheet = wb.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]) ?? [];
    const ctc = header.indexOf('CTC (INR a year)');
    PEOPLE.forEach((p, i) => {
      const row = sheet?.getRow(i + 2);
      expect(row?.getCell(2).value).toBe(p.fullName);
      expect(row?.getCell(ctc).value).toBe(p.ctcAnnual);
      // exceljs reads the format back without its backslashes: the lakh and crore commas are there.
      expect(row?.getCell(ctc).numFmt).toBe('[>=10000000]##,##,##,##0;[>=100000]##,##,##0;##,##0');
    });
  });

  it('the PDF embeds the Indic fonts and writes salaries as ₹1,00,000', async () => {
    const res = await exportOf('pdf');
    expect(res.status).toBe(200);
    const pdf = res.body as Buffer;
    const text = pdfText(pdf);
    for (const amount of ['₹1,00,000', '₹12,34,567', '₹1,23,45,678']) expect(text).toContain(amount);
    expect(text).not.toContain('?');
    expect(renderFirstPage(pdf).inkRatio).toBeGreaterThan(0.01);
    const fonts = pdf.toString('latin1');
    for (const font of ['NotoSansDevanagari-Regular', 'NotoSansKannada-Regular', 'NotoSansTamil-Regular']) expect(fonts).toContain(font);
  });
});
