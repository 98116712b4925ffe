import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../shared/dashboard.ts';
import { type Locale, formatDateIn, formatDayMonthIn, formatDurationIn, formatInstantIn, formatLocalDateTimeIn, formatNumber, translatorFor } from '../../shared/i18n/index.ts';
import { AUDIT_CATEGORY_LABELS, AUDIT_SOURCE_LABELS, zoneName } from '../../shared/labels.ts';
import { fixedClock } from '../../server/src/clock.ts';
import { dashboardLines, dashboardTable } from '../../server/src/modules/dashboard/export.ts';
import { generatedLine } from '../../server/src/exports/table.ts';
import type { Client } from '../support/client.ts';
import { parseCsv, pdfText } from '../support/compliance.ts';
import { LOOK_DIR, renderFirstPage, wordBoxes } from '../support/pdf.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Issue 21 §3, the last two downloads: the organisation's audit trail and the dashboard are written in
 * the downloader's language (a session's own choice, else the organisation's). Expected words come from
 * the catalogue through `translatorFor`, never copied here; English readers get the English words the
 * exports always wrote. The server runs on a clock fixed at the start, so every call in this file reads
 * the same day and the dashboard's figures do not move between two requests.
 */

const ZONE = 'Asia/Kolkata';
const NOW = new Date();
let server: TestServer;
let hr: Client;
let admin: Client;
let manager: Client;
let employee: Client;

const hi = translatorFor('hi-IN');
const mr = translatorFor('mr-IN');
const ta = translatorFor('ta-IN');
type T = typeof hi;

async function workbookOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(body).buffer);
  return wb;
}

/** The texts of a sheet's rows, cell by cell (row 1 first). */
function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => (rows[n - 1] = (row.values as unknown[]).slice(1)));
  return rows;
}

/**
 * The words of a message that pdftotext gives back as written: it writes shaped text in visual order,
 * so a word with a pre-base vowel sign (Devanagari ि, Tamil ெ ே ை) or a reph (र्) comes out reordered.
 */
function comparableWords(message: string): string[] {
  return message.split(/[\s,:·()]+/).filter((w) => w.length > 1 && !/[\u093F\u0BC6-\u0BC8]|र्/.test(w));
}

/** No word of a PDF lies outside its page: translated headers and details do not overflow. */
function expectOnPage(pdf: Buffer) {
  const words = wordBoxes(pdf);
  expect(words.length).toBeGreaterThan(20);
  for (const w of words) {
    const where = `"${w.text}" on page ${w.page + 1} at x ${w.xMin.toFixed(1)}–${w.xMax.toFixed(1)}`;
    expect(w.xMin, where).toBeGreaterThanOrEqual(20);
    expect(w.xMax, where).toBeLessThanOrEqual(w.pageWidth - 20);
    expect(w.yMax, where).toBeLessThanOrEqual(w.pageHeight - 15);
  }
}

/** Keeps a PDF to look at (the pages in docs/i18n were rendered from these with `pdftoppm -r 60`). */
function keep(pdf: Buffer, name: string) {
  fs.mkdirSync(LOOK_DIR, { recursive: true });
  fs.writeFileSync(path.join(LOOK_DIR, `${name}.pdf`), pdf);
  return renderFirstPage(pdf, path.join(LOOK_DIR, `${name}.png`));
}

async function speak(c: Client, locale: Locale | null) {
  const res = await c.put('/api/me/language', { locale });
  expect(res.status, res.text).toBe(200);
}

beforeAll(async () => {
  server = await startServer({ clock: fixedClock(NOW) });
  [hr, admin, manager, employee] = (await Promise.all(['hr', 'admin', 'manager', 'employee'].map((w) => server.login(`${w}@kaveri.example`)))) as [
    Client,
    Client,
    Client,
    Client,
  ];
  await speak(hr, 'hi-IN');
  await speak(manager, 'ta-IN');
  await speak(employee, 'mr-IN');
});
afterAll(async () => server.close());

describe('the organisation’s audit trail export in the downloader’s language', () => {
  const headers = (t: T) => [
    t('hr:exports.audit.when', { zone: zoneName(ZONE, NOW) }),
    ...['employee', 'category', 'what', 'by', 'through', 'changes', 'action', 'atIso'].map((k) => t(`hr:exports.audit.${k}`)),
  ];

  it('CSV for a Hindi reader: headers, categories and channels from the catalogue, local times in Hindi in the organisation’s zone', async () => {
    const res = await hr.get('/api/audit/export?format=csv');
    expect(res.status, res.text).toBe(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(headers(hi));
    const categories = new Set(Object.keys(AUDIT_CATEGORY_LABELS).map((k) => hi(`labels:auditCategory.${k}`)));
    const sources = new Set(Object.keys(AUDIT_SOURCE_LABELS).map((k) => hi(`labels:auditSource.${k}`)));
    expect(rows.length, 'the demo organisation has a trail').toBeGreaterThan(20);
    for (const row of rows.slice(1)) {
      expect(categories.has(row[2] ?? ''), row[2]).toBe(true);
      expect(sources.has(row[5] ?? ''), row[5]).toBe(true);
      // The last column is the instant for integrators; the first, the same instant as a Hindi reader reads it.
      expect(row[0]).toBe(formatLocalDateTimeIn('hi-IN', row[8] ?? '', ZONE));
    }
    expect(rows.slice(1).some((row) => /[\u0900-\u097F]/.test(row[0] ?? '')), 'a month name in Devanagari').toBe(true);
  });

  it('XLSX and PDF: the title and the filter line in the reader’s language (a Marathi PDF, page looked at: docs/i18n/audit-mr-IN.png)', async () => {
    const query = 'category=Leave&source=console&from=2026-01-01&to=2026-12-31';
    const wb = await workbookOf((await hr.get(`/api/audit/export?format=xlsx&${query}`)).body as Buffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.name).toBe(hi('hr:auditExport.title').slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
    expect(rowsOf(sheet as ExcelJS.Worksheet)[0]).toEqual(headers(hi));

    await speak(admin, 'mr-IN');
    try {
      const res = await admin.get(`/api/audit/export?format=pdf&${query}`);
      expect(res.status).toBe(200);
      const pdf = res.body as Buffer;
      expect(keep(pdf, 'audit-mr-IN').inkRatio).toBeGreaterThan(0.01);
      expectOnPage(pdf);
      const text = pdfText(pdf);
      const filter = [
        mr('hr:auditExport.category', { category: mr('labels:auditCategory.Leave') }),
        mr('hr:auditExport.source', { source: mr('labels:auditSource.console') }),
        mr('hr:auditExport.span', { from: formatDateIn('mr-IN', '2026-01-01'), to: formatDateIn('mr-IN', '2026-12-31') }),
      ];
      for (const message of [mr('hr:auditExport.title'), ...filter, mr('hr:exports.audit.category'), mr('hr:exports.audit.through')]) {
        for (const word of comparableWords(message)) expect(text, `${word} of "${message}"`).toContain(word);
      }
      for (const english of ['Audit trail', 'Category:', 'through Console', 'Generated', 'When (']) expect(text).not.toContain(english);
    } finally {
      await speak(admin, null);
    }
  });

  it('English for an English reader, word for word, whatever the browser’s Accept-Language (a session reads its own language)', async () => {
    const res = await admin.get('/api/audit/export?format=csv&category=Leave', { 'accept-language': 'ta-IN' });
    expect(res.status).toBe(200);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(['When (IST)', 'Employee', 'Category', 'What', 'By', 'Through', 'Changes', 'Action', 'At (ISO 8601)']);
    for (const row of rows.slice(1)) expect(row[2]).toBe('Leave');
    const pdf = pdfText((await admin.get('/api/audit/export?format=pdf&source=console&from=2026-01-01&to=2026-12-31')).body as Buffer);
    expect(pdf).toContain('Audit trail: organisation');
    expect(pdf).toContain('All categories · through Console · 1 Jan 2026 to 31 Dec 2026');
  });
});

describe('the dashboard export in the downloader’s language', () => {
  const columns = (t: T) => ['section', 'measure', 'value', 'detail'].map((k) => t(`hr:dashboardExport.columns.${k}`));
  const sections = (t: T) => new Set(['today', 'approvals', 'terminals', 'trend', 'leaveLoad', 'people', 'week', 'myMonth', 'myLeave'].map((k) => t(`hr:dashboardExport.section.${k}`)));

  it('CSV for a Hindi HR reader: header lines, columns, sections and measures from the catalogue', async () => {
    const d = (await hr.get('/api/dashboard')).body as Dashboard;
    const res = await hr.get('/api/dashboard/export?format=csv');
    expect(res.status, res.text).toBe(200);
    const rows = parseCsv(res.text);
    expect(rows[0]?.[0]).toBe(hi('hr:dashboardExport.asOf', { when: formatLocalDateTimeIn('hi-IN', d.generatedAt, ZONE), zone: ZONE }));
    expect(rows[1]?.[0]).toBe(hi('hr:dashboardExport.scope', { scope: hi('hr:dashboardExport.scopeOrg') }));
    expect(rows[3]).toEqual(columns(hi));
    const lines = rows.slice(4);
    const known = sections(hi);
    for (const line of lines) expect(known.has(line[0] ?? ''), line[0]).toBe(true);
    const today = hi('hr:dashboardExport.section.today');
    const present = lines.find((l) => l[0] === today && l[1] === hi('hr:dashboardExport.today.present'));
    expect(present?.[2]).toBe(String(d.attendance?.present));
    expect(present?.[3]).toBe(hi('hr:dashboardExport.today.presentDetail', { inNow: formatNumber(d.attendance?.inNow ?? -1), employees: formatNumber(d.attendance?.employees ?? -1) }));
    const headcount = lines.find((l) => l[1] === hi('hr:dashboardExport.people.headcount'));
    expect(headcount?.[2]).toBe(String(d.headcount?.headcount));
    const online = lines.find((l) => l[1] === hi('hr:dashboardExport.terminals.online'));
    expect(online?.[2]).toBe(hi('hr:dashboardExport.terminals.onlineValue', { online: formatNumber(d.terminals?.online ?? -1), total: formatNumber(d.terminals?.total ?? -1) }));
    expect(res.text).not.toMatch(/Today|Present|Headcount|Scope:/);
  });

  it('PDF for a Hindi reader: as many A4 pages as in English, shaped and on the page (looked at: docs/i18n/dashboard-hi-IN.png)', async () => {
    await speak(hr, null);
    const englishPages = renderFirstPage((await hr.get('/api/dashboard/export?format=pdf')).body as Buffer).pages;
    await speak(hr, 'hi-IN');
    const res = await hr.get('/api/dashboard/export?format=pdf');
    expect(res.status).toBe(200);
    const pdf = res.body as Buffer;
    const page = keep(pdf, 'dashboard-hi-IN');
    expect(page.pages).toBe(englishPages);
    expect(page.height).toBeGreaterThan(page.width);
    expectOnPage(pdf);
    const text = pdfText(pdf);
    // poppler reads back the column headers' Devanagari; the body's shaped cells are checked by looking at the page.
    for (const message of ['section', 'measure', 'value'].map((k) => hi(`hr:dashboardExport.columns.${k}`))) {
      for (const word of comparableWords(message)) expect(text, `${word} of "${message}"`).toContain(word);
    }
    for (const english of ['Section', 'Measure', 'Absent so far', 'Attendance rate', 'Generated']) expect(text).not.toContain(english);
  });

  it('Tamil for a Tamil manager: her team’s scope line, the chart sheets’ titles and days in Tamil (XLSX)', async () => {
    const d = (await manager.get('/api/dashboard')).body as Dashboard;
    const csv = parseCsv((await manager.get('/api/dashboard/export?format=csv')).text);
    const { fullName } = ((await manager.get('/api/auth/me')).body as { user: { fullName: string } }).user;
    expect(csv[1]?.[0]).toBe(ta('hr:dashboardExport.scope', { scope: ta('hr:dashboardExport.scopeTeam', { name: fullName }) }));
    expect(csv[3]).toEqual(columns(ta));
    const wb = await workbookOf((await manager.get('/api/dashboard/export?format=xlsx')).body as Buffer);
    const charts = wb.worksheets.slice(1);
    expect(charts.map((s) => rowsOf(s)[0]?.[0])).toEqual([
      `${ta('hr:dashboardExport.charts.rate')} (%)`,
      `${ta('hr:dashboardExport.charts.late')} (${ta('hr:dashboardExport.charts.people')})`,
      `${ta('hr:dashboardExport.charts.away')} (${ta('hr:dashboardExport.charts.people')})`,
    ]);
    const trendDays = rowsOf(charts[0] as ExcelJS.Worksheet).slice(2).map((r) => r[0]);
    expect(trendDays).toEqual((d.trend ?? []).map((p) => formatDayMonthIn('ta-IN', p.date)));
    expect(rowsOf(charts[0] as ExcelJS.Worksheet)[1]?.slice(1)).toEqual([ta('hr:dashboardExport.charts.rateSeries')]);
  });

  it('an employee’s own month in Marathi: measures, worked time through formatDurationIn, leave types from the labels catalogue', async () => {
    const d = (await employee.get('/api/dashboard')).body as Dashboard;
    const rows = parseCsv((await employee.get('/api/dashboard/export?format=csv')).text).slice(4);
    const mine = rows.filter((r) => r[0] === mr('hr:dashboardExport.section.myMonth'));
    expect(mine.map((r) => r[1])).toEqual(['present', 'absent', 'late', 'leave', 'worked'].map((k) => mr(`hr:dashboardExport.me.${k}`)));
    expect(mine[4]?.[2]).toBe(formatDurationIn('mr-IN', d.me?.workedMinutes ?? -1));
    const balances = rows.filter((r) => r[0] === mr('hr:dashboardExport.section.myLeave')).slice(1);
    expect(balances.map((r) => r[1])).toEqual(
      (d.me?.balances ?? []).map((b) => mr('hr:dashboardExport.me.available', { leaveType: mr(`labels:leaveType.${b.code}`, { defaultValue: b.name }) })),
    );
    expect(balances.length, 'the demo employee has leave balances').toBeGreaterThan(0);
  });

  it('English for an English reader: the words the export always wrote', async () => {
    const d = (await admin.get('/api/dashboard')).body as Dashboard;
    const res = await admin.get('/api/dashboard/export?format=csv', { 'accept-language': 'hi-IN' });
    const rows = parseCsv(res.text);
    expect(rows[0]?.[0]).toMatch(/^As of \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2} \(Asia\/Kolkata\)$/);
    expect(rows[1]?.[0]).toBe('Scope: the whole organisation');
    expect(rows[3]).toEqual(['Section', 'Measure', 'Value', 'Detail']);
    expect(rows).toContainEqual(['Today', 'Present', String(d.attendance?.present), `${d.attendance?.inNow} in now, of ${d.attendance?.employees} employed today`]);
    expect(rows.find((r) => r[1] === 'Headcount')?.slice(0, 3)).toEqual(['People', 'Headcount', String(d.headcount?.headcount)]);
  });
});

describe('the dashboard’s lines (pure)', () => {
  const big: Dashboard = {
    scope: 'org',
    generatedAt: '2026-11-25T04:30:00.000Z',
    today: '2026-11-25',
    timeZone: ZONE,
    attendance: { present: 120345, inNow: 1234, employees: 123456, late: 0, absentSoFar: 0, notYetIn: 0, onLeave: 0, off: 0 },
    approvals: null,
    terminals: null,
    trend: null,
    leaveLoad: null,
    celebrations: [{ employeeId: '0194a3b0-0000-7000-8000-000000000001', name: 'Asha Rao', kind: 'anniversary', date: '2026-11-26', years: 1 }],
    headcount: null,
    me: { month: '2026-11', live: null, present: 3, halfDays: 1, absent: 0, late: 0, leave: 0, workedMinutes: 493, otMinutes: 0, pendingRequests: 0, balances: [] },
  };

  it('writes running figures with lakh grouping in other languages, and plain as always in English', () => {
    const [present] = dashboardLines(big, 'hi-IN');
    expect(present?.detail).toBe(hi('hr:dashboardExport.today.presentDetail', { inNow: '1,234', employees: '1,23,456' }));
    expect(present?.value).toBe(120345);
    expect(dashboardLines(big)[0]?.detail).toBe('1234 in now, of 123456 employed today');
  });

  it('says when in the organisation’s local time with the zone’s name, in English and Hindi (04:30 UTC is 10:00 in Asia/Kolkata)', () => {
    const english = dashboardTable(big, 'Kaveri Textiles', 'Asha Rao');
    expect(english.header?.[0]).toBe('As of 25 Nov 2026, 10:00 (Asia/Kolkata)');
    expect(generatedLine(english, new Date(big.generatedAt))).toBe(`Generated 25 Nov 2026, 10:00 IST · ${english.rows.length} rows`);
    const hindi = dashboardTable(big, 'Kaveri Textiles', 'Asha Rao', 'hi-IN');
    const when = formatLocalDateTimeIn('hi-IN', big.generatedAt, ZONE);
    expect(when).toContain('10:00');
    expect(hindi.header?.[0]).toBe(hi('hr:dashboardExport.asOf', { when, zone: ZONE }));
    const generated = generatedLine(hindi, new Date(big.generatedAt));
    expect(generated).toBe(hi('hr:exports.generated', { when: formatInstantIn('hi-IN', big.generatedAt, ZONE), rows: hindi.rows.length }));
    expect(generated).toContain('10:00');
    expect(generated).not.toContain('04:30');
  });

  it('plurals by the language’s rules: one half day, one year of service', () => {
    const detailOf = (locale: Locale, measure: string) => dashboardLines(big, locale).find((l) => l.measure === translatorFor(locale)(measure))?.detail;
    expect(detailOf('mr-IN', 'hr:dashboardExport.me.present')).toBe(mr('hr:dashboardExport.me.halfDays', { count: 1 }));
    expect(mr('hr:dashboardExport.me.halfDays', { count: 1 })).not.toBe(mr('hr:dashboardExport.me.halfDays', { count: 2 }));
    const celebration = detailOf('ta-IN', 'hr:dashboardExport.week.celebrations');
    expect(celebration).toBe(ta('hr:dashboardExport.week.celebration', { name: 'Asha Rao', kind: 'anniversary', years: 1, date: formatDayMonthIn('ta-IN', '2026-11-26') }));
    expect(dashboardLines(big).find((l) => l.measure === 'Birthdays and anniversaries')?.detail).toBe('Asha Rao (1 yr, 26 Nov)');
  });
});
