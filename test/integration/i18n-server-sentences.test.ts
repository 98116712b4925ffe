import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates.ts';
import { type Locale, formatDateIn, hasOwnMessage, translatorFor } from '../../shared/i18n/index.ts';
import { PUNCH_IMPORT_MESSAGES } from '../../server/src/modules/attendance/import.ts';
import { POLICY_LOG_MESSAGES } from '../../server/src/modules/attendance/policy/log.ts';
import type { Client } from '../support/client.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Issue 21: sentences the server writes for people to read, in the reader's language — the attendance
 * policy log (stored as a message beside its English), a punch import's row outcomes, and the refusals
 * of the OAuth consent page. English readers get the server's English word for word.
 */

let server: TestServer;
let hr: Client;
let admin: Client;
let employee: Client;
const LANGUAGES: Locale[] = ['en-IN', 'hi-IN', 'mr-IN', 'kn-IN', 'ta-IN'];
const DEVANAGARI = /[\u0900-\u097F]/;
const TAMIL = /[\u0B80-\u0BFF]/;

beforeAll(async () => {
  server = await startServer();
  [hr, admin, employee] = (await Promise.all(['hr', 'admin', 'employee'].map((w) => server.login(`${w}@kaveri.example`)))) as [Client, Client, Client];
});
afterAll(async () => {
  await server.close();
});

it('every sentence of the policy log and of the import is in all five languages (the consent page is in `messages`, complete by the catalogue check)', () => {
  for (const locale of LANGUAGES) {
    for (const id of POLICY_LOG_MESSAGES) expect(hasOwnMessage(locale, 'hr', `policyLog.${id}`), `${locale} hr:policyLog.${id}`).toBe(true);
    for (const id of PUNCH_IMPORT_MESSAGES) expect(hasOwnMessage(locale, 'hr', `punchImport.${id}`), `${locale} hr:punchImport.${id}`).toBe(true);
  }
});

describe('the attendance policy log', () => {
  const entryOf = async (reader: Client, entityId: string) => {
    const res = await reader.get('/api/attendance/policy-log');
    expect(res.status, res.text).toBe(200);
    const found = (res.body.items as { entityId: string; action: string; summary: string }[]).filter((e) => e.entityId === entityId);
    expect(found.length).toBeGreaterThan(0);
    return found;
  };

  beforeAll(async () => {
    expect((await hr.put('/api/me/language', { locale: 'hi-IN' })).status).toBe(200);
  });
  afterAll(async () => {
    await hr.put('/api/me/language', { locale: null });
  });

  it('a Hindi HR user reads a new holiday in Hindi (Hindi month, Latin digits); an English one reads the stored English', async () => {
    const created = await hr.post('/api/attendance/holidays', { date: '2030-02-11', name: 'Founders Day', locationId: null, optional: false });
    expect(created.status, created.text).toBe(200);
    const [hindi] = await entryOf(hr, created.body.id);
    const expected = translatorFor('hi-IN')('hr:policyLog.holidayCreated', { name: 'Founders Day', date: formatDateIn('hi-IN', '2030-02-11') });
    expect(hindi?.summary).toBe(expected);
    expect(hindi?.summary).toMatch(DEVANAGARI);
    expect(hindi?.summary).toContain('Founders Day');
    expect(hindi?.summary).toContain('2030');
    const [english] = await entryOf(admin, created.body.id);
    expect(english?.summary).toBe('Holiday Founders Day on 2030-02-11');
  });

  it('a shift, an optional holiday and a deletion read as their own sentences', async () => {
    const shift = await hr.post('/api/attendance/shifts', {
      name: 'Sentence Shift',
      startTime: '10:00',
      endTime: '19:00',
      isDefault: false,
      breakMinutes: 30,
      lateGraceMinutes: 5,
      earlyGraceMinutes: 5,
      halfDayMinutes: 225,
      fullDayMinutes: 450,
      overtime: { eligible: false, afterMinutes: 30, blockMinutes: 30, maxMinutes: 240, beforeStart: false },
      windowBeforeMinutes: 120,
      windowAfterMinutes: 300,
      flexible: null,
      hoursMode: 'pairs',
    });
    expect(shift.status, shift.text).toBe(200);
    expect((await entryOf(hr, shift.body.id))[0]?.summary).toBe(translatorFor('hi-IN')('hr:policyLog.shiftCreated', { name: 'Sentence Shift', start: '10:00', end: '19:00' }));
    expect((await entryOf(admin, shift.body.id))[0]?.summary).toBe('Shift Sentence Shift created (10:00–19:00)');

    const optional = await hr.post('/api/attendance/holidays', { date: '2030-03-04', name: 'Chosen Day', locationId: null, optional: true });
    expect(optional.status, optional.text).toBe(200);
    expect((await hr.request('DELETE', `/api/attendance/holidays/${optional.body.id}`)).status).toBe(200);
    const date = formatDateIn('hi-IN', '2030-03-04');
    // Newest first: the deletion, then the creation.
    expect((await entryOf(hr, optional.body.id)).map((e) => e.summary)).toEqual([
      translatorFor('hi-IN')('hr:policyLog.holidayDeleted', { name: 'Chosen Day', date }),
      translatorFor('hi-IN')('hr:policyLog.optionalHolidayCreated', { name: 'Chosen Day', date }),
    ]);
    expect((await entryOf(admin, optional.body.id)).map((e) => e.summary)).toEqual(['Holiday Chosen Day on 2030-03-04 deleted', 'Holiday Chosen Day on 2030-03-04 (optional)']);
  });

  it('an entry written before entries carried a message keeps its English for every reader', async () => {
    const id = '019a0000-0000-7000-8000-000000000021';
    await server.deps.db
      .insertInto('attendance_policy_log')
      .values({ id, entity: 'shift', entity_id: 'old-entry', action: 'shift.deleted', summary: 'Shift Old Night deleted', changes: '[]', actor_user_id: null, actor_name: 'Someone', at: '2026-01-02T03:04:05.000Z' })
      .execute();
    const [hindi] = await entryOf(hr, 'old-entry');
    expect(hindi).toMatchObject({ summary: 'Shift Old Night deleted', changes: [] });
  });
});

describe('a punch import read in Tamil', () => {
  let code = '';
  let joined = '';
  let fullName = '';
  let own = '';

  beforeAll(async () => {
    const row = await server.deps.db.selectFrom('employee').select(['code', 'joined_date', 'full_name']).where('email', '=', 'employee@kaveri.example').executeTakeFirstOrThrow();
    [code, joined, fullName] = [row.code, row.joined_date, row.full_name];
    own = (await server.deps.db.selectFrom('employee').select('code').where('email', '=', 'hr@kaveri.example').executeTakeFirstOrThrow()).code;
    expect((await hr.put('/api/me/language', { locale: 'ta-IN' })).status).toBe(200);
  });
  afterAll(async () => {
    await hr.put('/api/me/language', { locale: null });
  });

  const file = () =>
    [
      'UserID\tDateTime\tState',
      `${code}\tyesterday\t0`,
      `${code}\t2099-01-05 09:00:00\t0`,
      `${code}\t1999-05-01 09:00:00\t0`,
      `${own}\t${joined} 09:00:00\t0`,
      `${code}\t${addDays(joined, -1)} 09:00:00\t0`,
      '99999\t2026-01-05 09:00:00\t0',
      'NOPE-21\t2026-01-05 09:00:00\t0',
      `${code}\t${joined} 03:17:29\t0`,
      `${code}\t${joined} 03:17:29\t0`,
    ].join('\n');

  it("each row's message is Tamil, and an English reader gets the server's English", async () => {
    const ta = translatorFor('ta-IN');
    const tamil = await hr.post('/api/attendance/punches/import', { content: file(), commit: false, timeZone: 'Asia/Kolkata' });
    expect(tamil.status, tamil.text).toBe(200);
    const byLine = new Map((tamil.body.rows as { line: number; result: string; message: string | null }[]).map((r) => [r.line, r]));
    expect(byLine.get(2)).toMatchObject({ result: 'error', message: ta('hr:punchImport.noDateTime') });
    expect(byLine.get(3)?.message).toBe(ta('hr:punchImport.future'));
    expect(byLine.get(4)?.message).toBe(ta('hr:punchImport.before2000'));
    expect(byLine.get(5)?.message).toBe(ta('hr:punchImport.ownPunches'));
    expect(byLine.get(6)?.message).toBe(ta('hr:punchImport.notEmployed', { name: fullName, date: formatDateIn('ta-IN', addDays(joined, -1)) }));
    // A terminal user id is written as it is, never grouped like an amount ("99,999").
    expect(byLine.get(7)?.message).toBe(ta('hr:punchImport.unknownTerminalUser', { id: '99999' }));
    expect(byLine.get(7)?.message).toContain('99999');
    expect(byLine.get(8)?.message).toBe(ta('hr:punchImport.unknownCode', { code: 'NOPE-21' }));
    expect(byLine.get(10)).toMatchObject({ result: 'duplicate', message: ta('hr:punchImport.duplicate') });
    for (const r of byLine.values()) if (r.message) expect(r.message).toMatch(TAMIL);

    const english = await admin.post('/api/attendance/punches/import', { content: file(), commit: false, timeZone: 'Asia/Kolkata' });
    expect(english.status, english.text).toBe(200);
    const en = new Map((english.body.rows as { line: number; message: string | null }[]).map((r) => [r.line, r.message]));
    expect(en.get(2)).toBe('no date and time in the second column (YYYY-MM-DD HH:MM[:SS] or DD/MM/YYYY HH:MM)');
    expect(en.get(3)).toBe('is in the future');
    expect(en.get(4)).toBe('is before 2000: check the terminal clock');
    expect(en.get(6)).toBe(`${fullName} was not employed on ${addDays(joined, -1)}`);
    expect(en.get(7)).toBe('no employee has terminal user id 99999 (choose the terminal to keep it as unmatched)');
    expect(en.get(8)).toBe('no employee has the code NOPE-21');
    expect(en.get(10)).toBe('already stored');
  });
});

describe('the OAuth consent page refuses in Marathi', () => {
  beforeAll(async () => {
    expect((await employee.put('/api/me/language', { locale: 'mr-IN' })).status).toBe(200);
  });
  afterAll(async () => {
    await employee.put('/api/me/language', { locale: null });
  });

  const register = async () => {
    const res = await fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Marathi probe', redirect_uris: ['http://127.0.0.1:43917/callback'], token_endpoint_auth_method: 'none' }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { client_id: string }).client_id;
  };

  it('an unknown app, an unregistered address and a missing PKCE read in Marathi; the app is still told in English', async () => {
    const mr = translatorFor('mr-IN');
    const unknown = await employee.get(`/api/oauth/authorize?${new URLSearchParams({ client_id: 'mcl_nope', response_type: 'code', redirect_uri: 'http://127.0.0.1:43917/callback' })}`);
    expect(unknown.body).toEqual({ ok: false, message: mr('messages:consent.unknownApp'), returnTo: null });
    expect(unknown.body.message).toMatch(DEVANAGARI);

    const client = await register();
    const elsewhere = await employee.get(`/api/oauth/authorize?${new URLSearchParams({ client_id: client, response_type: 'code', redirect_uri: 'https://evil.example/cb' })}`);
    expect(elsewhere.body).toEqual({ ok: false, message: mr('messages:consent.unregisteredRedirect', { app: 'Marathi probe' }), returnTo: null });

    const noPkce = await employee.get(`/api/oauth/authorize?${new URLSearchParams({ client_id: client, response_type: 'code', redirect_uri: 'http://127.0.0.1:43917/callback', state: 's' })}`);
    expect(noPkce.body.message).toBe(mr('messages:consent.pkce'));
    expect(new URL(noPkce.body.returnTo).searchParams.get('error_description')).toBe('The app must use PKCE with S256 (code_challenge and code_challenge_method=S256).');

    // The buttons' answer when the request cannot be trusted: a problem whose detail is the same Marathi sentence.
    const decided = await employee.post('/api/oauth/authorize', { client_id: client, redirect_uri: 'https://evil.example/cb', response_type: 'code', decision: 'allow' });
    expect(decided.status).toBe(403);
    expect(decided.body.detail).toBe(mr('messages:consent.unregisteredRedirect', { app: 'Marathi probe' }));
    expect(decided.body.type).toBe('urn:muster:problem:forbidden');
  });

  it('an English reader keeps the English word for word', async () => {
    const res = await admin.get(`/api/oauth/authorize?${new URLSearchParams({ client_id: 'mcl_nope', response_type: 'code', redirect_uri: 'http://127.0.0.1:43917/callback' })}`);
    expect(res.body).toEqual({ ok: false, message: 'The app that sent you here is unknown to Muster or was disabled by an administrator.', returnTo: null });
  });

  it('before signing in, the browser’s Accept-Language picks the language of the answer', async () => {
    const res = await server.client().get(`/api/oauth/authorize?${new URLSearchParams({ client_id: 'mcl_nope', response_type: 'code', redirect_uri: 'http://127.0.0.1:43917/callback' })}`, { 'accept-language': 'mr-IN,mr;q=0.9,en;q=0.5' });
    expect(res.status).toBe(401);
    expect(res.body.title).toBe(translatorFor('mr-IN')('messages:problem.title.unauthorized'));
  });
});
