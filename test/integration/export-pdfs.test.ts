import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '../../shared/dates.ts';
import { LOOK_DIR, renderFirstPage, wordBoxes } from '../support/pdf.ts';
import { type TestServer, startServer } from '../support/server.ts';
import type { Client } from '../support/client.ts';

/**
 * Every PDF Muster writes, fetched over HTTP from the demo organisation: no word lies
 * outside the page (poppler reads the boxes from the file), page 1 is rendered with
 * pdftoppm into test-results/look/ for a person to look at, and what people read is
 * words and local times, not codes and UTC.
 */

let server: TestServer;
let hr: Client;
let today: string;
let employeeId: string;

beforeAll(async () => {
  server = await startServer();
  hr = await server.login('hr@kaveri.example');
  today = dayInZone(new Date(), 'Asia/Kolkata');
  const list = await hr.get('/api/employees?pageSize=1&q=employee@kaveri.example');
  employeeId = list.body.items[0].id;
  fs.mkdirSync(LOOK_DIR, { recursive: true });
});
afterAll(async () => server.close());

const exportsToCheck = () => [
  { name: 'calendar', url: `/api/attendance/calendar/${today.slice(0, 7)}/export?format=pdf` },
  { name: 'directory', url: '/api/employees/export?format=pdf' },
  { name: 'day', url: `/api/attendance/day/${today}/export?format=pdf` },
  { name: 'live', url: '/api/attendance/live/export?format=pdf' },
  { name: 'regularizations', url: '/api/regularizations/export?format=pdf' },
  { name: 'audit', url: `/api/employees/${employeeId}/audit/export?format=pdf` },
  { name: 'audit-organisation', url: '/api/audit/export?format=pdf' },
  { name: 'documents', url: '/api/documents/overview/export?status=Missing&format=pdf' },
];

describe('every PDF export stays on its page', () => {
  it.each(['calendar', 'directory', 'day', 'live', 'regularizations', 'audit', 'audit-organisation', 'documents'])('%s', async (name) => {
    const spec = exportsToCheck().find((e) => e.name === name);
    if (!spec) throw new Error(name);
    const res = await hr.get(spec.url);
    expect(res.status, spec.url).toBe(200);
    const pdf = res.body as Buffer;
    const words = wordBoxes(pdf);
    expect(words.length).toBeGreaterThan(20);
    for (const w of words) {
      const where = `"${w.text}" on page ${w.page + 1} at x ${w.xMin.toFixed(1)}–${w.xMax.toFixed(1)}, y ${w.yMin.toFixed(1)}–${w.yMax.toFixed(1)}`;
      expect(w.xMin, where).toBeGreaterThanOrEqual(30);
      expect(w.xMax, where).toBeLessThanOrEqual(w.pageWidth - 30);
      expect(w.yMin, where).toBeGreaterThanOrEqual(30);
      expect(w.yMax, where).toBeLessThanOrEqual(w.pageHeight - 20);
    }
    const text = words.map((w) => w.text).join(' ');
    // The generated line in the organisation's zone, with its name.
    expect(text).toMatch(/Generated \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST/);
    expect(text).not.toMatch(/\bUTC\b/);
    // No enum code where a word belongs.
    expect(text).not.toMatch(/\b(FullTime|PartTime|OnLeave|NotYetIn|MissingPunch\w*|PendingManager|AwaitingManager|ManagerApproved\w*|OnNotice|WrongLocation|workedMinutes)\b/);
    const page = renderFirstPage(pdf, path.join(LOOK_DIR, `export-${name}.png`));
    expect(page.inkRatio).toBeGreaterThan(0.01);
  });

  it('the month calendar: A3 landscape, names whole, totals and the legend on paper', async () => {
    const res = await hr.get(`/api/attendance/calendar/${today.slice(0, 7)}/export?format=pdf`);
    const words = wordBoxes(res.body as Buffer);
    const first = words.filter((w) => w.page === 0);
    expect(first[0]?.pageWidth).toBeCloseTo(1190.55, 0);
    expect(first[0]?.pageHeight).toBeCloseTo(841.89, 0);
    // The totals columns are on page 1.
    for (const h of ['HD', 'Late', 'LOP']) expect(first.some((w) => w.text === h), h).toBe(true);
    // "Name" is one word in the header, left of the day columns.
    const name = first.find((w) => w.text === 'Name');
    const day1 = first.find((w) => w.text === '1' && Math.abs(w.yMin - (name?.yMin ?? 0)) < 2);
    expect(name && day1 && name.xMax < day1.xMin).toBe(true);
    // A long demo name ("Tejas Pothuvaal-Bhadresha" style) is drawn whole: every employee name appears in full somewhere.
    const cal = await hr.get(`/api/attendance/calendar/${today.slice(0, 7)}?pageSize=100`);
    const all = words.map((w) => w.text).join(' ');
    for (const item of cal.body.items.slice(0, 40)) {
      for (const part of (item.employee.fullName as string).split(' ')) expect(all, item.employee.fullName).toContain(part.slice(0, 6));
    }
    expect(all.split('Legend:')).toHaveLength(2);
  });
});
