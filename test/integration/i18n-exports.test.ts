import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { parseCsv, pdfText } from '../support/compliance.ts';
import { startServer, type TestServer } from '../support/server.ts';
import type { Caller } from '../../server/src/context.ts';
import { readerLocale } from '../../server/src/modules/auth/index.ts';

/**
 * Issue 21 §3: the exports a person downloads speak their language. The directory's title,
 * column headers and statuses come from the catalogue in the downloader's effective language
 * (their choice, else the organisation's); names and codes stay as stored; an API key gets
 * English unless its request asks otherwise (Accept-Language).
 */

let server: TestServer;
let hr: Client;
let admin: Client;

const ENGLISH_HEADERS = ['Code', 'Name', 'Email', 'Phone', 'Designation', 'Department', 'Location', 'Reports to', 'Joined', 'Exit', 'Status', 'Type', 'CTC (INR a year)', 'PAN'];
const HINDI_HEADERS = ['कोड', 'नाम', 'ईमेल', 'फ़ोन', 'पद', 'विभाग', 'स्थान', 'रिपोर्ट करते हैं', 'जॉइन किया', 'निकास', 'स्थिति', 'प्रकार', 'CTC (INR प्रति वर्ष)', 'PAN'];

beforeAll(async () => {
  server = await startServer();
  [hr, admin] = (await Promise.all(['hr', 'admin'].map((w) => server.login(`${w}@kaveri.example`)))) as [Client, Client];
  const created = await hr.post('/api/employees', { code: 'LNG001', fullName: 'प्रिया क्षत्रिय', ctcAnnual: 100000, joinedDate: '2024-01-01' });
  expect(created.status, created.text).toBe(200);
});
afterAll(async () => server.close());

const exportOf = (c: Client, format: string, headers?: Record<string, string>) => c.get(`/api/employees/export?format=${format}&q=LNG001`, headers);

describe('the directory export in the downloader’s language', () => {
  it('is English for someone who reads English: the same headers and labels as before', async () => {
    const rows = parseCsv((await exportOf(hr, 'csv')).text);
    expect(rows[0]).toEqual(ENGLISH_HEADERS);
    expect(rows[1]?.slice(0, 2)).toEqual(['LNG001', 'प्रिया क्षत्रिय']);
    expect(rows[1]?.slice(10, 13)).toEqual(['Active', 'Full-time', '100000']);
  });

  it('is Hindi for an HR user who chose Hindi: CSV headers and statuses, values as stored', async () => {
    expect((await hr.put('/api/me/language', { locale: 'hi-IN' })).status).toBe(200);
    const res = await exportOf(hr, 'csv');
    expect(res.status).toBe(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(HINDI_HEADERS);
    expect(rows[1]?.slice(0, 2)).toEqual(['LNG001', 'प्रिया क्षत्रिय']);
    expect(rows[1]?.slice(10, 13)).toEqual(['कार्यरत', 'पूर्णकालिक', '100000']);
    // Only hers: a colleague reading English still gets English.
    expect(parseCsv((await exportOf(admin, 'csv')).text)[0]?.slice(0, 2)).toEqual(['Code', 'Name']);
  });

  it('is Hindi in XLSX: sheet, header row and statuses; the salary still a number in lakh grouping', async () => {
    const res = await exportOf(hr, 'xlsx');
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.body as Buffer).buffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.name).toBe('कर्मचारी निर्देशिका');
    expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual(HINDI_HEADERS);
    expect(sheet?.getRow(2).getCell(11).value).toBe('कार्यरत');
    expect(sheet?.getRow(2).getCell(13).value).toBe(100000);
    expect(sheet?.getRow(2).getCell(13).numFmt).toBe('[>=10000000]##,##,##,##0;[>=100000]##,##,##0;##,##0');
  });

  it('is Hindi in the PDF: title, headers, the generated line and the page footer', async () => {
    const res = await exportOf(hr, 'pdf');
    expect(res.status).toBe(200);
    const text = pdfText(res.body as Buffer);
    // pdftotext gives shaped Devanagari in visual order (a pre-base vowel sign before its consonant): words without one are compared; the title is checked in XLSX.
    for (const words of ['कोड', 'नाम', 'बनाया गया', 'पृष्ठ 1 / 1', '₹1,00,000']) expect(text, words).toContain(words);
    expect(text).not.toContain('Generated');
    expect(text).not.toContain('page 1 of');
  });

  it('the live board’s export too: headers, states and the counts line in Hindi; English for an English reader', async () => {
    const hindi = await hr.get('/api/attendance/live/export?format=csv');
    expect(hindi.status, hindi.text).toBe(200);
    const rows = parseCsv(hindi.text);
    expect(rows[0]?.slice(0, 6)).toEqual(['कोड', 'नाम', 'विभाग', 'स्थान', 'शिफ़्ट', 'स्थिति']);
    expect(rows[0]?.[6]).toMatch(/^पहला इन \(.+\)$/);
    const hindiStates = new Set(['अंदर', 'बाहर', 'अभी नहीं आए', 'देर से', 'छुट्टी पर', 'आज अवकाश']);
    const englishStates = new Set(['In', 'Out', 'Not yet in', 'Late', 'On leave', 'Off today']);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) expect(hindiStates.has(row[5] ?? ''), row[5]).toBe(true);
    const english = parseCsv((await admin.get('/api/attendance/live/export?format=csv')).text);
    expect(english[0]?.slice(0, 6)).toEqual(['Code', 'Name', 'Department', 'Location', 'Shift', 'State']);
    for (const row of english.slice(1)) expect(englishStates.has(row[5] ?? ''), row[5]).toBe(true);
  });

  it('follows the organisation’s language for someone who has not chosen one', async () => {
    expect((await admin.put('/api/org/language', { defaultLocale: 'hi-IN' })).status).toBeLessThan(300);
    try {
      expect(parseCsv((await exportOf(admin, 'csv')).text)[0]?.slice(0, 2)).toEqual(['कोड', 'नाम']);
    } finally {
      await admin.put('/api/org/language', { defaultLocale: 'en-IN' });
    }
  });

  it('gives an API key English, unless its request asks for a language (Accept-Language)', async () => {
    // The directory export takes sessions only; the rule is the one every download asks (auth's readerLocale, the same that picks a problem's language).
    const key = { kind: 'apiKey', userId: null, employeeId: null, name: 'directory sync', roles: [], permissions: [], scope: { kind: 'all' }, source: 'api' } as unknown as Caller;
    expect(await readerLocale(server.deps.db, key, undefined)).toBe('en-IN');
    expect(await readerLocale(server.deps.db, key, 'hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi-IN');
    expect(await readerLocale(server.deps.db, key, 'ta')).toBe('ta-IN');
    expect(await readerLocale(server.deps.db, key, 'fr-FR, de')).toBe('en-IN');
  });
});
