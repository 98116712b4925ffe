import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/src/clock.ts';
import { DEMO_PASSWORD } from '../support/templates.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

describe('POST /api/auth/login', () => {
  it('signs in, answers the user and sets a signed httpOnly SameSite=Strict cookie', async () => {
    const c = server.client();
    const res = await c.post('/api/auth/login', { email: 'HR@kaveri.example ', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'hr@kaveri.example', fullName: 'Priya Sharma', roles: ['HR', 'Manager'] });
    expect(res.body.user.permissions).toContain('employee:read');
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith('muster_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/^muster_session=s%3A/); // cookie-parser's signed form
    expect(cookie).not.toMatch(/Secure/); // plain HTTP here
    const me = await c.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('hr@kaveri.example');
    expect(me.body.organisation).toEqual({
      name: 'Kaveri Precision Components Pvt. Ltd.',
      timeZone: 'Asia/Kolkata',
      today: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
    });
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    const c = server.client();
    const unknown = await c.post('/api/auth/login', { email: 'nobody@kaveri.example', password: 'whatever-123' });
    const wrong = await c.post('/api/auth/login', { email: 'manager@kaveri.example', password: 'not-the-password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(unknown.body.detail).toBe(wrong.body.detail);
    expect(c.getCookie('muster_session')).toBeUndefined();
  });

  it('records failed and successful sign-ins in the audit trail (category Login)', async () => {
    const c = server.client();
    await c.post('/api/auth/login', { email: 'employee@kaveri.example', password: 'wrong-password' });
    await server.login('employee@kaveri.example');
    const employee = await server.deps.db.selectFrom('user_account').select('employee_id').where('email', '=', 'employee@kaveri.example').executeTakeFirstOrThrow();
    const rows = await server.deps.db.selectFrom('audit_log').select(['category', 'action']).where('employee_id', '=', employee.employee_id).execute();
    expect(rows).toEqual(expect.arrayContaining([
      { category: 'Login', action: 'login.failed' },
      { category: 'Login', action: 'login.succeeded' },
    ]));
  });

  it('rejects a malformed body with 400 naming the field', async () => {
    const res = await server.client().post('/api/auth/login', { email: 'x@y.z' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'body.password', message: expect.any(String) }]);
  });

  it('throttles repeated failures for one email with 429 and Retry-After, not a permanent lockout', async () => {
    const c = server.client();
    const email = 'md@kaveri.example';
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/api/auth/login', { email, password: `bad-${i}-password` })).status).toBe(401);
    }
    const blocked = await c.post('/api/auth/login', { email, password: DEMO_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.type).toBe('urn:muster:problem:rate-limited');
    // Another email from the same address is not blocked.
    expect((await c.post('/api/auth/login', { email: 'manager@kaveri.example', password: DEMO_PASSWORD })).status).toBe(200);
  });
});

describe('platform routes need a live session (spec §5.2)', () => {
  it('answers 401 without a cookie', async () => {
    const res = await server.client().get('/api/employees');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ type: 'urn:muster:problem:unauthorized', title: expect.any(String), status: 401 });
  });

  it('answers 401 for a tampered cookie', async () => {
    const c = await server.login('hr@kaveri.example');
    const value = c.getCookie('muster_session') ?? '';
    c.setCookie('muster_session', value.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')));
    expect((await c.get('/api/auth/me')).status).toBe(401);
    c.setCookie('muster_session', 'unsigned-token');
    expect((await c.get('/api/auth/me')).status).toBe(401);
  });

  it('answers 401 even when an API key is sent instead', async () => {
    const admin = await server.login('admin@kaveri.example');
    const issued = await admin.post('/api/api-keys', { name: 'not for platform', scope: 'ReadWrite' });
    expect(issued.status).toBe(200);
    const c = server.client();
    expect((await c.get('/api/employees', { authorization: `Bearer ${issued.body.key}` })).status).toBe(401);
    expect((await c.get('/api/employees', { 'x-api-key': issued.body.key })).status).toBe(401);
  });

  it('logout ends the session: the same cookie then answers 401', async () => {
    const c = await server.login('manager@kaveri.example');
    const cookie = c.cookieHeader();
    expect((await c.post('/api/auth/logout')).body).toEqual({ ok: true });
    expect((await server.client().get('/api/auth/me', { cookie })).status).toBe(401);
  });

  it('an admin revokes another user\'s session and it fails at once', async () => {
    const victim = await server.login('employee@kaveri.example');
    expect((await victim.get('/api/auth/me')).status).toBe(200);
    const admin = await server.login('admin@kaveri.example');
    const sessions = await admin.get('/api/sessions');
    const target = sessions.body.items.find((s: { email: string }) => s.email === 'employee@kaveri.example');
    expect(target).toBeDefined();
    expect((await admin.delete(`/api/sessions/${target.id}`)).body).toEqual({ ok: true });
    expect((await victim.get('/api/auth/me')).status).toBe(401);
  });

  it('a user sees and ends only their own sessions', async () => {
    const a = await server.login('hr@kaveri.example');
    const b = await server.login('manager@kaveri.example');
    const mine = (await b.get('/api/sessions')).body.items;
    expect(mine.every((s: { email: string }) => s.email === 'manager@kaveri.example')).toBe(true);
    expect(mine.some((s: { current: boolean }) => s.current)).toBe(true);
    const hrSession = (await a.get('/api/sessions')).body.items.find((s: { current: boolean }) => s.current);
    expect((await b.delete(`/api/sessions/${hrSession.id}`)).status).toBe(404);
  });
});

describe('cross-site protection on cookie routes', () => {
  it('refuses an unsafe request with a foreign Origin (403) and allows same-origin', async () => {
    const c = await server.login('hr@kaveri.example');
    const evil = await c.post('/api/notifications/mark-all-read', undefined, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body.type).toBe('urn:muster:problem:forbidden');
    const same = await c.post('/api/notifications/mark-all-read', undefined, { origin: server.url });
    expect(same.status).toBe(200);
  });

  it('refuses Sec-Fetch-Site: cross-site, allows same-origin, and leaves safe methods alone', async () => {
    const c = await server.login('hr@kaveri.example');
    expect((await c.post('/api/notifications/mark-all-read', undefined, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await c.post('/api/notifications/mark-all-read', undefined, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await c.post('/api/notifications/mark-all-read', undefined, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await c.get('/api/notifications/unread-count', { 'sec-fetch-site': 'cross-site' })).status).toBe(200);
  });
});

describe('password change', () => {
  it('needs the current password, then ends the other sessions but keeps this one', async () => {
    const email = 'employee@kaveri.example';
    const here = await server.login(email);
    const elsewhere = await server.login(email);
    const wrong = await here.post('/api/auth/password', { currentPassword: 'nope-nope', newPassword: 'new-password-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].path).toBe('body.currentPassword');
    const short = await here.post('/api/auth/password', { currentPassword: DEMO_PASSWORD, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].path).toBe('body.newPassword');
    expect((await here.post('/api/auth/password', { currentPassword: DEMO_PASSWORD, newPassword: 'new-password-1' })).status).toBe(200);
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect((await server.client().post('/api/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(401);
    await server.login(email, 'new-password-1');
    await here.post('/api/auth/password', { currentPassword: 'new-password-1', newPassword: DEMO_PASSWORD });
  });
});

describe('session expiry', () => {
  it('ends a session idle for 12 hours and any session after 7 days', async () => {
    const clock = fixedClock('2026-06-01T08:00:00.000Z');
    const s = await startServer({ clock });
    try {
      const c = await s.login('hr@kaveri.example');
      clock.advance(11 * 3600_000);
      expect((await c.get('/api/auth/me')).status).toBe(200);
      clock.advance(11 * 3600_000); // 11 h after the last request: still alive
      expect((await c.get('/api/auth/me')).status).toBe(200);
      clock.advance(12 * 3600_000 + 1000); // idle for more than 12 h
      expect((await c.get('/api/auth/me')).status).toBe(401);

      const d = await s.login('hr@kaveri.example');
      for (let h = 0; h < 7 * 24 - 10; h += 10) {
        clock.advance(10 * 3600_000);
        expect((await d.get('/api/auth/me')).status).toBe(200);
      }
      clock.advance(11 * 3600_000);
      expect((await d.get('/api/auth/me')).status).toBe(401);
    } finally {
      await s.close();
    }
  });
});
