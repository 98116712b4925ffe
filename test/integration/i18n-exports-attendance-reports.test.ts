import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_STATUSES, REGULARIZATION_KINDS, STATUS_META } from '../../shared/attendance/index.ts';
import { dayInZone } from '../../shared/dates.ts';
import { AUDIT_CATEGORY_LABELS, AUDIT_SOURCE_LABELS, REGULARIZATION_KIND_LABELS, REGULARIZATION_STATUS_LABELS } from '../../shared/labels.ts';
import { type Locale, LOCALES, formatMonthIn, hasOwnMessage, translatorFor } from '../../shared/i18n/index.ts';
import { DOCUMENT_CATEGORIES } from '../../shared/documents.ts';
import { BUILT_IN_REPORTS, type ReportResult } from '../../shared/reports.ts';
import { BUILT_IN } from '../../server/src/modules/reports/catalogue.ts';
import type { Client } from '../support/client.ts';
import { parseCsv, pdfText } from '../support/compliance.ts';
import { LOOK_DIR, renderFirstPage, wordBoxes } from '../support/pdf.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Issue 21 §3, the downloads after the directory and the live board: the attendance calendar's
 * month, the day view and the reports are written in the downloader's language — titles, column
 * headers, legends, statuses and a report's header lines from the `hr:exports.*` catalogue; names,
 * codes and figures as stored. Someone reading English gets the words they always got. Expected
 * words are read from the catalogue, never copied here.
 */

let server: TestServer;
let hr: Client;
let admin: Client;
let manager: Client;

const hi = translatorFor('hi-IN');
const en = translatorFor('en-IN');
const today = dayInZone(new Date(), 'Asia/Kolkata');
const month = today.slice(0, 7);

/** No word of a PDF lies outside its page (poppler reads the boxes from the file): translated headers and legends do not overflow. */
function expectOnPage(pdf: Buffer) {
  const words = wordBoxes(pdf);
  expect(words.length).toBeGreaterThan(20);
  for (const w of words) {
    const where = `"${w.text}" on page ${w.page + 1} at x ${w.xMin.toFixed(1)}–${w.xMax.toFixed(1)}`;
    expect(w.xMin, where).toBeGreaterThanOrEqual(30);
    expect(w.xMax, where).toBeLessThanOrEqual(w.pageWidth - 30);
    expect(w.yMax, where).toBeLessThanOrEqual(w.pageHeight - 20);
  }
}

beforeAll(async () => {
  server = await startServer();
  [hr, admin, manager] = (await Promise.all(['hr', 'admin', 'manager'].map((w) => server.login(`${w}@kaveri.example`)))) as [Client, Client, Client];
  expect((await hr.put('/api/me/language', { locale: 'hi-IN' })).status).toBe(200);
  expect((await manager.put('/api/me/language', { locale: 'ta-IN' })).status).toBe(200);
});
afterAll(async () => server.close());

const calendarHeaders = (t: typeof hi) => [t('hr:exports.calendar.code'), t('hr:exports.calendar.name')];
const calendarTotalsHeaders = (t: typeof hi) => ['late', 'elsewhere', 'workedHours', 'otHours', 'lopDays'].map((k) => t(`hr:exports.calendar.${k}`));

async function sheetOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(body).buffer);
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('the attendance calendar’s export in the downloader’s language', () => {
  it('CSV: Hindi headers and the totals row for a Hindi reader (UTF-8 with a BOM), English for an English one', async () => {
    const res = await hr.get(`/api/attendance/calendar/${month}/export?format=csv`);
    expect(res.status, res.text).toBe(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.text);
    expect(rows[0]?.slice(0, 2)).toEqual(calendarHeaders(hi));
    expect(rows[0]?.slice(-5)).toEqual(calendarTotalsHeaders(hi));
    const last = rows.at(-1) ?? [];
    expect(last[0]).toBe(hi('hr:exports.calendar.total'));
    expect(last[1]).toBe(hi('hr:exports.calendar.totalName', { count: Number(last[1]?.split(' ')[0]) }));

    const english = parseCsv((await admin.get(`/api/attendance/calendar/${month}/export?format=csv`)).text);
    expect(english[0]?.slice(0, 2)).toEqual(['Code', 'Name']);
    expect(english[0]?.slice(-5)).toEqual(['Late', 'Elsewhere', 'Worked h', 'OT h', 'LOP days']);
    expect(english.at(-1)?.[0]).toBe('Total');
    // The day columns and status codes are the same in both: codes, explained by the legend.
    expect(rows[0]?.slice(2, -5)).toEqual(english[0]?.slice(2, -5));
  });

  it('XLSX: the sheet is titled in Hindi, with Hindi headers; the figures stay numbers', async () => {
    const res = await hr.get(`/api/attendance/calendar/${month}/export?format=xlsx`);
    expect(res.status).toBe(200);
    const sheet = await sheetOf(res.body as Buffer);
    const title = hi('hr:exports.calendar.title', { month: formatMonthIn('hi-IN', month) });
    expect(title).not.toBe(en('hr:exports.calendar.title', { month: formatMonthIn('en-IN', month) }));
    expect(sheet.name).toBe(title.slice(0, 31));
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 2)).toEqual(calendarHeaders(hi));
    expect(header.slice(-5)).toEqual(calendarTotalsHeaders(hi));
    // The totals row, then the legends under the table.
    const firstColumn = sheet.getColumn(1).values;
    const at = firstColumn.indexOf(hi('hr:exports.calendar.total'));
    expect(at).toBeGreaterThan(1);
    expect(typeof sheet.getRow(at).getCell(header.length).value).toBe('number');
    expect(firstColumn).toContain(hi('hr:exports.calendar.totalsLegend'));
  });

  it('PDF: Hindi headers, legend and page footer, no English left of them (page looked at: docs/i18n/calendar-hi-IN.png)', async () => {
    const res = await hr.get(`/api/attendance/calendar/${month}/export?format=pdf`);
    expect(res.status).toBe(200);
    const pdf = res.body as Buffer;
    fs.mkdirSync(LOOK_DIR, { recursive: true });
    const page = renderFirstPage(pdf, path.join(LOOK_DIR, 'calendar-hi-IN.png'));
    expect(page.inkRatio).toBeGreaterThan(0.01);
    expectOnPage(pdf);
    const text = pdfText(pdf, 1, 99);
    // pdftotext writes shaped Devanagari in visual order (a pre-base vowel sign before its consonant): words without one are compared.
    for (const words of [hi('hr:exports.calendar.code'), hi('hr:exports.calendar.name'), hi('hr:exports.calendar.total'), 'पृष्ठ 1 /', 'संकेत:']) expect(text, words).toContain(words);
    for (const english of ['Legend:', 'Totals per employee', 'page 1 of', 'Generated', 'attendance rate']) expect(text).not.toContain(english);
  });
});

describe('the day view’s export in the downloader’s language', () => {
  const yesterday = dayInZone(new Date(Date.now() - 86_400_000), 'Asia/Kolkata');
  const dayHeaders = (t: typeof hi) => ['code', 'name', 'department', 'location', 'shift', 'status'].map((k) => t(`hr:exports.day.${k}`));

  it('CSV: Hindi headers, statuses from the labels catalogue, clock columns naming the zone; English for an English reader', async () => {
    const res = await hr.get(`/api/attendance/day/${yesterday}/export?format=csv`);
    expect(res.status, res.text).toBe(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.text);
    expect(rows[0]?.slice(0, 6)).toEqual(dayHeaders(hi));
    expect(rows[0]?.[6]).toMatch(new RegExp(`^${hi('hr:exports.day.firstIn', { zone: 'ZONE' }).replace('(ZONE)', '\\(.+\\)')}$`));
    expect(rows[0]?.slice(8)).toEqual(['worked', 'ot', 'lateMinutes', 'why'].map((k) => hi(`hr:exports.day.${k}`)));
    const statuses = new Set([
      hi('hr:exports.day.notReconciled'),
      ...ATTENDANCE_STATUSES.flatMap((s) => {
        const label = hi(`labels:attendanceStatus.${s}`);
        return [label, hi('hr:exports.day.statusFrozen', { status: label })];
      }),
    ]);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) expect(statuses.has(row[5] ?? ''), row[5]).toBe(true);
    expect(rows.slice(1).some((row) => row[5] !== hi('hr:exports.day.notReconciled')), 'no reconciled day to show a status').toBe(true);

    const english = parseCsv((await admin.get(`/api/attendance/day/${yesterday}/export?format=csv`)).text);
    expect(english[0]?.slice(0, 6)).toEqual(['Code', 'Name', 'Department', 'Location', 'Shift', 'Status']);
    const englishStatuses = new Set(['Not reconciled', ...ATTENDANCE_STATUSES.flatMap((s) => [STATUS_META[s].label, `${STATUS_META[s].label} (frozen)`])]);
    for (const row of english.slice(1)) expect(englishStatuses.has(row[5] ?? ''), row[5]).toBe(true);
  });
});

describe('report exports in the downloader’s language', () => {
  const id = BUILT_IN_REPORTS.attendanceSummary;

  it('CSV: the header lines and the column headers in Hindi; English for an English reader, as the run labels them', async () => {
    const run = (await admin.get(`/api/reports/${id}`)).body as ReportResult;
    const res = await hr.get(`/api/reports/${id}/export?format=csv`);
    expect(res.status, res.text).toBe(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.text);
    const blank = rows.findIndex((r) => r.length === 0 || (r.length === 1 && r[0] === ''));
    const lines = rows.slice(0, blank).map((r) => r[0] ?? '');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(hi('hr:exports.report.filters', { filters: hi('hr:exports.report.noFilters') }));
    expect(lines[2]).toBe(hi('hr:exports.report.scope', { scope: hi('hr:exports.report.scopeOrg') }));
    expect(lines[0]?.startsWith(hi('hr:exports.report.period', { label: '', from: '', to: '' }).split(':')[0] ?? '?')).toBe(true);
    expect(rows[blank + 1]).toEqual(run.columns.map((c) => hi(`hr:exports.report.attendanceSummary.columns.${c.key}`)));

    const english = parseCsv((await admin.get(`/api/reports/${id}/export?format=csv`)).text);
    const englishBlank = english.findIndex((r) => r.length === 0 || (r.length === 1 && r[0] === ''));
    expect(english[englishBlank + 1]).toEqual(run.columns.map((c) => c.label));
    expect(english[1]?.[0]).toBe('Filters: none');
    expect(english[2]?.[0]).toBe('Scope: the whole organisation');
    expect(english[0]?.[0]).toMatch(/^Period: .+ \(\d{1,2} [A-Z][a-z]{2} \d{4} to \d{1,2} [A-Z][a-z]{2} \d{4}\)$/);
  });

  it('XLSX: a Hindi sheet and headers; a filter’s value (an employee status) from the labels catalogue', async () => {
    const res = await hr.get(`/api/reports/${BUILT_IN_REPORTS.headcount}/export?format=xlsx&status=Active&groupBy=department`);
    expect(res.status).toBe(200);
    const sheet = await sheetOf(res.body as Buffer);
    expect(sheet.name).toBe(hi('hr:exports.report.headcount.name').slice(0, 31));
    const cells = sheet.getColumn(1).values.filter((v): v is string => typeof v === 'string');
    const filters = hi('hr:exports.report.filters', {
      filters: [
        hi('hr:exports.report.filter', { label: hi('hr:exports.report.filterLabel.status'), value: hi('labels:employeeStatus.Active') }),
        hi('hr:exports.report.filter', { label: hi('hr:exports.report.filterLabel.groupBy'), value: hi('hr:exports.report.groupBy.department') }),
      ].join(' · '),
    });
    expect(cells).toContain(filters);
    expect(cells).toContain(hi('hr:exports.report.headcount.groups.department'));
  });

  it('PDF in Tamil for a Tamil manager: the title, headers, her team’s scope and the page footer (page looked at: docs/i18n/report-ta-IN.png)', async () => {
    const ta = translatorFor('ta-IN');
    const res = await manager.get(`/api/reports/${id}/export?format=pdf`);
    expect(res.status).toBe(200);
    const pdf = res.body as Buffer;
    fs.mkdirSync(LOOK_DIR, { recursive: true });
    expect(renderFirstPage(pdf, path.join(LOOK_DIR, 'report-ta-IN.png')).inkRatio).toBeGreaterThan(0.01);
    expectOnPage(pdf);
    const text = pdfText(pdf);
    // Tamil words without a pre-base vowel sign (ெ ே ை are drawn before their consonant, so pdftotext reorders them).
    for (const words of [ta('hr:exports.report.attendanceSummary.columns.code'), ta('hr:exports.report.attendanceSummary.columns.employee'), 'பக்கம் 1 /']) expect(text, words).toContain(words);
    for (const english of ['Period:', 'Filters:', 'Scope:', 'Generated', 'page 1 of', 'Attendance summary']) expect(text).not.toContain(english);
  });

  it('a saved report keeps the name its owner gave it; its columns are still translated', async () => {
    const saved = await hr.post('/api/reports', { name: 'Plant month', reportId: id });
    expect(saved.status, saved.text).toBe(200);
    const res = await hr.get(`/api/reports/${saved.body.id}/export?format=xlsx`);
    expect(res.status).toBe(200);
    const sheet = await sheetOf(res.body as Buffer);
    expect(sheet.name).toBe('Plant month');
    const header = sheet.getColumn(1).values.filter((v): v is string => typeof v === 'string');
    expect(header).toContain(hi('hr:exports.report.attendanceSummary.columns.code'));
  });
});

describe('the regularizations and documents exports in the downloader’s language', () => {
  it('regularizations CSV: Hindi headers, the filter line, kinds and statuses from the labels catalogue', async () => {
    const res = await hr.get('/api/regularizations/export?format=csv');
    expect(res.status, res.text).toBe(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.text);
    expect(rows[0]?.slice(1, 5)).toEqual(['code', 'name', 'day', 'kind'].map((k) => hi(`hr:exports.regularizations.${k}`)));
    expect(rows[0]?.[0]).toMatch(new RegExp(`^${hi('hr:exports.regularizations.requested', { zone: 'Z' }).replace('(Z)', '\\(.+\\)')}$`));
    expect(rows[0]?.at(-1)).toBe(hi('hr:exports.regularizations.requestedIso'));
    const kinds = new Set(Object.keys(REGULARIZATION_KIND_LABELS).map((k) => hi(`labels:regularizationKind.${k}`)));
    const statuses = new Set(Object.keys(REGULARIZATION_STATUS_LABELS).map((k) => hi(`labels:regularizationStatus.${k}`)));
    expect(rows.length, 'the demo has regularizations').toBeGreaterThan(1);
    for (const row of rows.slice(1)) {
      expect(kinds.has(row[4] ?? ''), row[4]).toBe(true);
      expect(statuses.has(row[7] ?? ''), row[7]).toBe(true);
    }
    const english = parseCsv((await admin.get('/api/regularizations/export?format=csv')).text);
    expect(english[0]?.slice(1, 5)).toEqual(['Code', 'Name', 'Day', 'Kind']);
  });

  it('regularizations PDF: the filter line in Hindi', async () => {
    const res = await hr.get('/api/regularizations/export?format=pdf&status=Approved');
    expect(res.status).toBe(200);
    const text = pdfText(res.body as Buffer);
    expect(text).toContain(hi('labels:regularizationStatus.Approved'));
    expect(text).not.toContain('Status: Approved');
  });

  it('documents overview CSV: Hindi headers, statuses and categories from the labels catalogue', async () => {
    const res = await hr.get('/api/documents/overview/export?status=Missing&format=csv');
    expect(res.status, res.text).toBe(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(['code', 'employee', 'department', 'location', 'document', 'category', 'status', 'required', 'expires', 'requestedOn', 'note'].map((k) => hi(`hr:exports.documents.${k}`)));
    const categories = new Set(DOCUMENT_CATEGORIES.map((c) => hi(`labels:documentCategory.${c}`)));
    expect(rows.length, 'the demo misses documents').toBeGreaterThan(1);
    for (const row of rows.slice(1)) {
      expect(categories.has(row[5] ?? ''), row[5]).toBe(true);
      expect(row[6]).toBe(hi('labels:documentOverviewStatus.Missing'));
      expect([hi('hr:exports.documents.yes'), hi('hr:exports.documents.no')]).toContain(row[7]);
    }
    const xlsx = await sheetOf((await hr.get('/api/documents/overview/export?status=ExpiringSoon&format=xlsx')).body as Buffer);
    expect(xlsx.name).toBe(hi('hr:exports.documents.title', { status: 'ExpiringSoon' }).slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
    const english = parseCsv((await admin.get('/api/documents/overview/export?status=Missing&format=csv')).text);
    expect(english[0]?.slice(0, 3)).toEqual(['Code', 'Employee', 'Department']);
    for (const row of english.slice(1)) expect(row[6]).toBe('Missing');
  });
});

describe('an employee’s audit trail export in the downloader’s language', () => {
  it('CSV: Hindi headers, categories and channels from the labels catalogue, the filter line; the trail’s own words as written', async () => {
    const list = await hr.get('/api/employees?pageSize=1&q=employee@kaveri.example');
    const id = list.body.items[0].id as string;
    const res = await hr.get(`/api/employees/${id}/audit/export?format=csv`);
    expect(res.status, res.text).toBe(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.text);
    expect(rows[0]?.slice(1)).toEqual(['category', 'what', 'by', 'through', 'changes', 'action', 'atIso'].map((k) => hi(`hr:exports.audit.${k}`)));
    const categories = new Set(Object.keys(AUDIT_CATEGORY_LABELS).map((k) => hi(`labels:auditCategory.${k}`)));
    const sources = new Set(Object.keys(AUDIT_SOURCE_LABELS).map((k) => hi(`labels:auditSource.${k}`)));
    expect(rows.length, 'the demo employee has a trail').toBeGreaterThan(1);
    for (const row of rows.slice(1)) {
      expect(categories.has(row[1] ?? ''), row[1]).toBe(true);
      expect(sources.has(row[4] ?? ''), row[4]).toBe(true);
    }
    const xlsx = await sheetOf((await hr.get(`/api/employees/${id}/audit/export?format=xlsx&range=month`)).body as Buffer);
    expect(xlsx.name.startsWith(hi('hr:exports.audit.employeeTitle', { name: '' }).split(':')[0] ?? '?')).toBe(true);
    const pdf = pdfText((await hr.get(`/api/employees/${id}/audit/export?format=pdf&range=month`)).body as Buffer);
    expect(pdf).toContain(hi('labels:auditRange.month'));
    expect(pdf).not.toContain('range: This month');
    const english = parseCsv((await admin.get(`/api/employees/${id}/audit/export?format=csv`)).text);
    expect(english[0]?.slice(1, 4)).toEqual(['Category', 'What', 'By']);
  });
});

describe('the report catalogue’s words', () => {
  // The export takes a word from the catalogue only while its English is the definition's; this keeps them in step.
  it('holds every built-in report’s name and column labels in English, as the definitions write them', () => {
    const keyOf = new Map<string, string>(Object.entries(BUILT_IN_REPORTS).map(([k, v]) => [v, k]));
    for (const def of BUILT_IN) {
      const key = keyOf.get(def.id);
      expect(en(`hr:exports.report.${key}.name`), def.id).toBe(def.name);
      for (const c of def.columns.filter((x) => !(key === 'headcount' && x.key === 'group'))) expect(en(`hr:exports.report.${key}.columns.${c.key}`), `${key}.${c.key}`).toBe(c.label);
    }
    // Headcount's first column is named after its grouping.
    expect(en('hr:exports.report.headcount.groups.month')).toBe(BUILT_IN.find((d) => d.id === BUILT_IN_REPORTS.headcount)?.columns[0]?.label);
  });

  it('has them in every shipped language (Hindi, Marathi, Kannada, Tamil)', () => {
    const keyOf = new Map<string, string>(Object.entries(BUILT_IN_REPORTS).map(([k, v]) => [v, k]));
    for (const locale of LOCALES.filter((l): l is Exclude<Locale, 'en-IN'> => l !== 'en-IN')) {
      for (const def of BUILT_IN) {
        const key = keyOf.get(def.id);
        expect(hasOwnMessage(locale, 'hr', `exports.report.${key}.name`), `${locale} ${key}`).toBe(true);
        for (const c of def.columns.filter((x) => x.key !== 'group')) expect(hasOwnMessage(locale, 'hr', `exports.report.${key}.columns.${c.key}`), `${locale} ${key}.${c.key}`).toBe(true);
      }
      for (const g of ['month', 'department', 'location', 'tenure']) expect(hasOwnMessage(locale, 'hr', `exports.report.headcount.groups.${g}`), `${locale} ${g}`).toBe(true);
      for (const k of ['calendar.title', 'calendar.legend', 'calendar.totalsLegend', 'day.title', 'day.notReconciled', 'report.period', 'report.generated']) {
        expect(hasOwnMessage(locale, 'hr', `exports.${k}`), `${locale} ${k}`).toBe(true);
      }
    }
  });
});

describe('a report’s own words (totals, kinds, the chart) in the reader’s language', () => {
  /** The table of a report CSV: the column headers' row and the records under it (the totals row last). */
  function table(text: string): string[][] {
    const rows = parseCsv(text);
    const blank = rows.findIndex((r) => r.length === 0 || (r.length === 1 && r[0] === ''));
    return rows.slice(blank + 1);
  }

  it('the JSON run: the totals row and the chart’s title in Hindi for a Hindi reader, in Tamil for a Tamil one; English as always; names and figures the same', async () => {
    const id = BUILT_IN_REPORTS.attendanceSummary;
    const english = (await admin.get(`/api/reports/${id}`)).body as ReportResult;
    const hindi = (await hr.get(`/api/reports/${id}`)).body as ReportResult;
    expect(english.totals?.employee).toMatch(/^Total \(\d+ employees\)$/);
    expect(english.totals?.employee).toBe(en('hr:reportWords.total.employees', { count: english.total }));
    expect(english.chart?.title).toBe('Each day: present, absent and late');
    expect(hindi.totals?.employee).toBe(hi('hr:reportWords.total.employees', { count: hindi.total }));
    expect(hindi.chart?.title).toBe(hi('hr:reportWords.chart.attendanceByDay'));
    expect(hindi.chart?.series.map((s) => s.label)).toEqual(['presentDays', 'absent', 'late'].map((k) => hi(`hr:reportWords.series.${k}`)));
    expect(hindi.items.map((r) => r.code)).toEqual(english.items.map((r) => r.code));
    expect({ ...hindi.totals, employee: null }).toEqual({ ...english.totals, employee: null });

    const ta = translatorFor('ta-IN');
    const tamil = (await manager.get(`/api/reports/${id}`)).body as ReportResult;
    expect(tamil.scope).toBe('team');
    expect(tamil.totals?.employee).toBe(ta('hr:reportWords.total.employees', { count: tamil.total }));
  });

  it('CSV: a Hindi reader’s regularizations report names each kind from the labels catalogue, and its totals row in Hindi; an English reader gets the product’s English kinds', async () => {
    const id = BUILT_IN_REPORTS.regularizations;
    const res = await hr.get(`/api/reports/${id}/export?format=csv`);
    expect(res.status, res.text).toBe(200);
    const rows = table(res.text);
    // Every kind, in the spec's order, then the totals row.
    expect(rows.slice(1).map((r) => r[0])).toEqual([...REGULARIZATION_KINDS.map((k) => hi(`labels:regularizationKind.${k}`)), hi('hr:reportWords.total.allKinds')]);
    const english = table((await admin.get(`/api/reports/${id}/export?format=csv`)).text);
    expect(english.slice(1).map((r) => r[0])).toEqual([...REGULARIZATION_KINDS.map((k) => REGULARIZATION_KIND_LABELS[k]), 'All kinds']);
    // The figures are the same in both.
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual(english.slice(1).map((r) => r.slice(1)));
  });

  it('a report’s notes: in Hindi in the JSON run and its XLSX, the organisation’s zone inside the sentence; English as the reports always wrote them', async () => {
    const id = BUILT_IN_REPORTS.terminalHealth;
    const english = (await admin.get(`/api/reports/${id}`)).body as ReportResult;
    expect(english.notes[1]).toBe(`Times are in ${english.timeZone}.`);
    expect(english.notes[0]).toBe(en('hr:reportWords.note.terminalHealth.uptime'));
    const hindi = (await hr.get(`/api/reports/${id}`)).body as ReportResult;
    const expected = [hi('hr:reportWords.note.terminalHealth.uptime'), hi('hr:reportWords.note.timesIn', { zone: english.timeZone })];
    expect(hindi.notes).toEqual(expected);
    expect(hindi.notes[1]).toContain(english.timeZone);
    const res = await hr.get(`/api/reports/${id}/export?format=xlsx`);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.body as Buffer).buffer);
    const cells = wb.worksheets.flatMap((s) => s.getSheetValues().flatMap((r) => (Array.isArray(r) ? r : []))).filter((v): v is string => typeof v === 'string');
    for (const note of expected) expect(cells).toContain(note);
    expect(cells.some((c) => c.startsWith('Times are in') || c.startsWith('Uptime counts'))).toBe(false);
  });

  it('XLSX: the Hindi totals row of the overtime report, and the chart sheet titled in Hindi', async () => {
    const res = await hr.get(`/api/reports/${BUILT_IN_REPORTS.overtime}/export?format=xlsx`);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.body as Buffer).buffer);
    const cells = wb.worksheets.flatMap((s) => s.getSheetValues().flatMap((r) => (Array.isArray(r) ? r : []))).filter((v): v is string => typeof v === 'string');
    const run = (await hr.get(`/api/reports/${BUILT_IN_REPORTS.overtime}`)).body as ReportResult;
    expect(cells).toContain(hi('hr:reportWords.total.people', { count: run.total }));
    expect(cells.some((c) => c.includes(hi('hr:reportWords.chart.overtime')))).toBe(true);
    expect(cells.some((c) => /^Total \(/.test(c))).toBe(false);
  });

  it('PDF in Tamil: the kinds, the totals row and the chart’s title and legend (page looked at: docs/i18n/report-totals-ta-IN.png)', async () => {
    const ta = translatorFor('ta-IN');
    const res = await manager.get(`/api/reports/${BUILT_IN_REPORTS.regularizations}/export?format=pdf`);
    expect(res.status).toBe(200);
    const pdf = res.body as Buffer;
    fs.mkdirSync(LOOK_DIR, { recursive: true });
    expect(renderFirstPage(pdf, path.join(LOOK_DIR, 'report-totals-ta-IN.png')).inkRatio).toBeGreaterThan(0.01);
    expectOnPage(pdf);
    const text = pdfText(pdf);
    // Tamil words without a vowel sign drawn before its consonant (ெ ே ை ொ ோ ௌ: pdftotext writes those in visual order).
    const words = [
      ta('hr:reportWords.total.allKinds'),
      ta('hr:reportWords.chart.regularizations'),
      ta('hr:reportWords.series.waiting'),
      ...REGULARIZATION_KINDS.map((k) => ta(`labels:regularizationKind.${k}`)),
    ]
      .flatMap((w) => w.split(/\s+/))
      .map((w) => w.replace(/[(),:]/g, ''))
      .filter((w) => w.length > 1 && !/[\u0BC6-\u0BCC]/.test(w));
    expect(words.length).toBeGreaterThan(5);
    for (const w of words) expect(text, w).toContain(w);
    for (const english of ['All kinds', 'Requests by month and outcome', 'Missing punch in', 'Waiting', '(requests)']) expect(text).not.toContain(english);
  });
});
