import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../shared/dates.ts';
import { renderMessageIn, translatorFor } from '../../shared/i18n/index.ts';
import { preferencesOf } from '../../server/src/modules/auth/index.ts';
import type { Client } from '../support/client.ts';
import { employeeIdOf, freeWeek, leaveTypeIdOf, topUp } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Issue 21 §1: the server's problems people read in the console (a refused leave application, a
 * refused regularization, a missing sign-in) come in the reader's language; their `type`, status
 * and field paths never change, and English readers and programs keep the English word for word.
 */

let server: TestServer;
let hr: Client;
let hindi: Client;
let english: Client;
let monday = '';
const ids = { sneha: '', CL: '' };
const today = () => dayInZone(new Date(), 'Asia/Kolkata');
const DEVANAGARI = /[\u0900-\u097F]/;

beforeAll(async () => {
  server = await startServer();
  [hr, hindi, english] = (await Promise.all(['hr', 'employee', 'manager'].map((w) => server.login(`${w}@kaveri.example`)))) as [Client, Client, Client];
  ids.sneha = await employeeIdOf(server, 'employee@kaveri.example');
  ids.CL = await leaveTypeIdOf(server, 'CL');
  await topUp(hr, ids.sneha, ids.CL, 10);
  monday = await freeWeek(server, [ids.sneha], addDays(today(), 70));
  expect((await hindi.put('/api/me/language', { locale: 'hi-IN' })).status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

describe('a Hindi reader’s refused leave application', () => {
  it('answers a 400 with a Hindi title and detail; type, status and field path unchanged', async () => {
    const day = addDays(monday, 2);
    const res = await hindi.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: day, toDate: day, duration: 'FullDay', backupEmployeeId: ids.sneha });
    expect(res.status, res.text).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.type).toBe('urn:muster:problem:validation');
    expect(res.body.status).toBe(400);
    expect(res.body.title).toBe('आपका अनुरोध सही नहीं है');
    expect(res.body.detail).toBe('यह छुट्टी का अनुरोध नहीं हो सकता। बैकअप कोई और होना चाहिए।');
    expect(res.body.errors).toEqual([{ path: 'body.backupEmployeeId', message: 'बैकअप कोई और होना चाहिए' }]);
  });

  it('zod’s own checks (a missing field, a wrong option, a bad date) read in Hindi; English keeps zod’s words', async () => {
    const body = { fromDate: 'not-a-date', toDate: addDays(monday, 2), duration: 'AllDay' };
    const res = await hindi.post('/api/leave/requests', body);
    expect(res.status, res.text).toBe(400);
    const byPath = Object.fromEntries((res.body.errors as { path: string; message: string }[]).map((e) => [e.path, e.message]));
    expect(byPath['body.leaveTypeId']).toBe(renderMessageIn('hi-IN', { id: 'field.required' }));
    expect(byPath['body.duration']).toBe(renderMessageIn('hi-IN', { id: 'field.option' }));
    const fromDate = (res.body.errors as { path: string; message: string }[]).filter((e) => e.path === 'body.fromDate');
    expect(fromDate.length).toBeGreaterThan(0);
    for (const e of fromDate) expect(e.message).toMatch(DEVANAGARI);
    expect(res.body.detail).toMatch(DEVANAGARI);
    const en = await english.post('/api/leave/requests', body);
    const enPaths = (en.body.errors as { path: string; message: string }[]).map((e) => e.path);
    expect(enPaths).toEqual((res.body.errors as { path: string }[]).map((e) => e.path));
    for (const e of en.body.errors as { message: string }[]) expect(e.message).not.toMatch(DEVANAGARI);
    expect((en.body.errors as { path: string; message: string }[]).find((e) => e.path === 'body.leaveTypeId')?.message).not.toBe('Required');
  });

  it('answers a 409 clash with the day in Hindi (Hindi month, Latin digits)', async () => {
    const day = addDays(monday, 1);
    const first = await hindi.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: day, toDate: day, duration: 'FullDay' });
    expect(first.status, first.text).toBe(200);
    const again = await hindi.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: day, toDate: day, duration: 'FullDay' });
    expect(again.status, again.text).toBe(409);
    expect(again.body.type).toBe('urn:muster:problem:conflict');
    expect(again.body.title).toBe('यह अभी नहीं हो सकता');
    expect(again.body.detail).toMatch(/^यह छुट्टी का अनुरोध नहीं हो सकता। \d{1,2} \S+ \d{4} के आपके बाकी अनुरोध से टकराता है।$/);
    expect(again.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.fromDate']);
  });

  it('the apply form’s quote names the refusals in Hindi too', async () => {
    const q = await hindi.get(`/api/leave/quote?leaveTypeId=${ids.CL}&fromDate=${addDays(monday, 3)}&toDate=${addDays(monday, 3)}&duration=FullDay`);
    expect(q.status, q.text).toBe(200);
    expect(q.body.problems).toEqual([]);
    const backwards = await hindi.get(`/api/leave/quote?leaveTypeId=${ids.CL}&fromDate=${addDays(monday, 3)}&toDate=${addDays(monday, 2)}&duration=FullDay`);
    expect(backwards.body.problems).toEqual([{ path: 'query.toDate', message: 'आख़िरी दिन पहले दिन से पहले नहीं हो सकता' }]);
  });

  it('an English reader gets the same refusal word for word as before', async () => {
    // The manager, who reads English, records nothing here: the same rule refuses them (their own backup).
    const managerId = await employeeIdOf(server, 'manager@kaveri.example');
    const day = addDays(monday, 2);
    const res = await english.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: day, toDate: day, duration: 'FullDay', backupEmployeeId: managerId });
    expect(res.status, res.text).toBe(400);
    expect(res.body.title).toBe('Your request is not valid');
    expect(res.body.detail).toBe('This leave request cannot be made. backupEmployeeId: must be someone else.');
    expect(res.body.errors).toEqual([{ path: 'body.backupEmployeeId', message: 'must be someone else' }]);
  });
});

describe('refusals an employee or a manager meets (problemDetail)', () => {
  const hi = translatorFor('hi-IN');

  it('a regularization of the wrong shape: the Hindi sentence; the English one word for word; fields unchanged', async () => {
    const day = addDays(today(), -2);
    const body = { date: day, kind: 'MissingPunchOut', reason: 'घर जल्दी गया', punches: [{ time: '12:00', direction: 'in' }], supersedes: [] };
    const res = await hindi.post('/api/regularizations', body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.detail).toBe(hi('messages:problemDetail.regularization.missingOutShape'));
    expect(res.body.detail).toMatch(DEVANAGARI);
    expect(res.body.errors).toEqual([{ path: 'body.punches', message: 'MissingPunchOut carries exactly one "out" punch.' }]);
    const en = await english.post('/api/regularizations', body);
    expect(en.status, en.text).toBe(400);
    expect(en.body.detail).toBe('MissingPunchOut carries exactly one "out" punch.');
  });

  it('a leave decision: deciding one’s own request, deciding it again, withdrawing approved leave', async () => {
    const day = addDays(monday, 4);
    const made = await hindi.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: day, toDate: day, duration: 'FullDay' });
    expect(made.status, made.text).toBe(200);
    const own = await hindi.post(`/api/leave/requests/${made.body.id}/approve`, {});
    expect(own.status, own.text).toBe(403);
    expect(own.body.detail).toBe(hi('messages:problemDetail.leaveDecision.own'));

    const first = await english.post(`/api/leave/requests/${made.body.id}/approve`, {});
    expect(first.status, first.text).toBe(200);
    if (first.body.status === 'ManagerApprovedPendingHR') expect((await hr.post(`/api/leave/requests/${made.body.id}/approve`, {})).status).toBe(200);
    const again = await english.post(`/api/leave/requests/${made.body.id}/approve`, {});
    expect(again.status, again.text).toBe(409);
    expect(again.body.detail).toBe('This request is already approved; it cannot be decided again.');

    const withdraw = await hindi.post(`/api/leave/requests/${made.body.id}/withdraw`, {});
    expect(withdraw.status, withdraw.text).toBe(409);
    expect(withdraw.body.detail).toBe(hi('messages:problemDetail.leaveDecision.withdrawApproved'));
    expect(withdraw.body.detail).toMatch(DEVANAGARI);
  });

  it('a file attached to withdrawn leave: refused in Hindi, the state in Hindi words', async () => {
    const made = await hindi.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: monday, toDate: monday, duration: 'FullDay' });
    expect(made.status, made.text).toBe(200);
    expect((await hindi.post(`/api/leave/requests/${made.body.id}/withdraw`, {})).status).toBe(200);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))], { type: 'application/pdf' }), 'certificate.pdf');
    const res = await hindi.form(`/api/leave/requests/${made.body.id}/documents`, form);
    expect(res.status, res.text).toBe(409);
    expect(res.body.detail).toBe(hi('messages:problemDetail.leaveAttachment.closed', { state: 'withdrawn' }));
    expect(res.body.detail).toContain('वापस लिया जा चुका है');
  });
});

describe('documents and punch imports (problemDetail)', () => {
  it('an empty file uploaded by a Hindi reader: a Hindi detail; for English the old sentence', async () => {
    const empty = () => {
      const form = new FormData();
      form.set('title', 'Ration card');
      form.set('file', new Blob([new Uint8Array(0)], { type: 'application/pdf' }), 'empty.pdf');
      return form;
    };
    const res = await hindi.form(`/api/employees/${ids.sneha}/documents`, empty());
    expect(res.status, res.text).toBe(400);
    expect(res.body.detail).toBe(translatorFor('hi-IN')('messages:problemDetail.file.empty'));
    expect(res.body.errors).toEqual([{ path: 'body.file', message: 'is empty' }]);
    const en = await english.form(`/api/employees/${await employeeIdOf(server, 'manager@kaveri.example')}/documents`, empty());
    expect(en.status, en.text).toBe(400);
    expect(en.body.detail).toBe('The file is empty.');
  });

  it('a punch file with an unknown zone, imported by HR reading Marathi', async () => {
    expect((await hr.put('/api/me/language', { locale: 'mr-IN' })).status).toBe(200);
    try {
      const res = await hr.post('/api/attendance/punches/import', { content: 'E001,2026-01-05 09:00', timeZone: 'Mars/Olympus', commit: false });
      expect(res.status, res.text).toBe(400);
      expect(res.body.detail).toBe(translatorFor('mr-IN')('messages:problemDetail.import.unknownZone'));
    } finally {
      await hr.put('/api/me/language', { locale: 'en-IN' });
    }
    const en = await hr.post('/api/attendance/punches/import', { content: 'E001,2026-01-05 09:00', timeZone: 'Mars/Olympus', commit: false });
    expect(en.status, en.text).toBe(400);
    expect(en.body.detail).toBe('Unknown time zone.');
  });
});

describe('attendance problems an employee meets', () => {
  it('a day in the future: the Hindi reader gets the sentence in Hindi, the English reader the old English', async () => {
    const day = addDays(today(), 3);
    // Her own day (ids.sneha is the Hindi reader); the English reader is her manager, looking at the same day.
    const res = await hindi.get(`/api/attendance/employee/${ids.sneha}/day/${day}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body.detail).toBe(renderMessageIn('hi-IN', { id: 'problemDetail.attendance.future', values: { date: { date: day } } }));
    expect(res.body.detail).toMatch(DEVANAGARI);
    const en = await english.get(`/api/attendance/employee/${ids.sneha}/day/${day}`);
    expect(en.status, en.text).toBe(400);
    expect(en.body.detail).toBe(`${day} is in the future: attendance exists only up to today.`);
  });
});

describe('other problems', () => {
  it('a regularization of a future day is refused in the reader’s language', async () => {
    expect((await hindi.put('/api/me/language', { locale: 'mr-IN' })).status).toBe(200);
    try {
      const res = await hindi.post('/api/regularizations', { date: addDays(today(), 3), kind: 'MissingPunchOut', reason: 'घरी जायला उशीर', punches: [{ time: '18:30', direction: 'out' }], supersedes: [] });
      expect(res.status, res.text).toBe(400);
      expect(res.body.type).toBe('urn:muster:problem:validation');
      expect(res.body.title).toBe('आपली विनंती योग्य नाही');
      expect(res.body.detail).toMatch(/ अजून यायचा आहे: फक्त मागील दिवस आणि आजची हजेरी दुरुस्ती करता येते\.$/);
      expect(res.body.errors).toEqual([{ path: 'body.date', message: 'पुढचा दिवस असू शकत नाही' }]);
    } finally {
      await hindi.put('/api/me/language', { locale: 'hi-IN' });
    }
  });

  it('a forbidden page: Hindi title, and a Hindi sentence in place of the English detail', async () => {
    const res = await hindi.get('/api/audit');
    expect(res.status).toBe(403);
    expect(res.body.type).toBe('urn:muster:problem:forbidden');
    expect(res.body.title).toBe('अनुमति नहीं है');
    expect(res.body.detail).toMatch(DEVANAGARI);
  });

  it('without a session the browser’s Accept-Language decides; no header (a program) means English', async () => {
    const anonymous = server.client();
    const tamil = await anonymous.get('/api/leave/requests', { 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.8' });
    expect(tamil.status).toBe(401);
    expect(tamil.body.type).toBe('urn:muster:problem:unauthorized');
    expect(tamil.body.title).toBe('உள்நுழைவு தேவை');
    const plain = await anonymous.get('/api/leave/requests');
    expect(plain.body.title).toBe('Authentication required');
    expect(plain.body.detail).toBe('Sign in to continue.');
  });

  it('a wrong password at sign-in says so in the browser’s language; a wrong current password in the reader’s', async () => {
    const anonymous = server.client();
    const creds = { email: 'nobody-i18n@kaveri.example', password: 'not-the-password-1' };
    const hindiSignIn = await anonymous.post('/api/auth/login', creds, { 'accept-language': 'hi-IN,hi;q=0.9' });
    expect(hindiSignIn.status).toBe(401);
    expect(hindiSignIn.body.detail).toBe(translatorFor('hi-IN')('messages:problemDetail.auth.wrongCredentials'));
    const plain = await anonymous.post('/api/auth/login', creds);
    expect(plain.body.detail).toBe('The email or password is wrong.');
    const wrong = await hindi.post('/api/auth/password', { currentPassword: 'not-my-password-1', newPassword: 'a-new-password-123' });
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body.detail).toBe(translatorFor('hi-IN')('messages:problemDetail.auth.currentPasswordWrong'));
    expect(wrong.body.errors).toEqual([{ path: 'body.currentPassword', message: translatorFor('hi-IN')('messages:problemDetail.auth.currentPasswordWrongField') }]);
  });

  it('reads Accept-Language by weight', () => {
    expect(preferencesOf('en;q=0.5, kn-IN, *;q=0.1, hi;q=0')).toEqual(['kn-IN', 'en']);
  });
});
