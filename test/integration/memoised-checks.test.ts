import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorAuth } from '../../server/src/http/auth.ts';
import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import { fixedHeaders, signedCookieParser } from '../../server/src/http/fixed-headers.ts';
import { boundedMemo } from '../../server/src/memo.ts';
import { dayInZone } from '../../shared/dates.ts';
import { type TestServer, startServer } from '../support/server.ts';

/**
 * What does not change per request is computed once (signed-cookie checks, token hashes, the security
 * headers, today's date), and none of it weakens security: a session signed out, revoked or ended by a
 * password change answers 401 on the very next request with a cookie whose checks are remembered, and a
 * forged cookie is refused every time.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ outbox: false });
});
afterAll(async () => server?.close());

describe('remembered cookie and token checks', () => {
  it('a signed-out session answers 401 at once, though its cookie was checked before', async () => {
    const c = await server.login('manager@kaveri.example');
    const cookie = c.cookieHeader();
    for (let i = 0; i < 5; i++) expect((await server.client().get('/api/auth/me', { cookie })).status).toBe(200);
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    expect((await server.client().get('/api/auth/me', { cookie })).status).toBe(401);
    expect((await server.client().get('/api/employees', { cookie })).status).toBe(401);
  });

  it('a session revoked by an admin, or ended by a password change elsewhere, answers 401 on the next request', async () => {
    const victim = await server.login('employee@kaveri.example');
    const other = await server.login('employee@kaveri.example');
    for (let i = 0; i < 3; i++) {
      expect((await victim.get('/api/employees')).status).toBe(200);
      expect((await other.get('/api/employees')).status).toBe(200);
    }
    const admin = await server.login('admin@kaveri.example');
    const sessions = (await admin.get('/api/sessions')).body.items as { id: string; email: string }[];
    const mine = (await victim.get('/api/sessions')).body.items.find((s: { current: boolean }) => s.current) as { id: string };
    expect(sessions.some((s) => s.id === mine.id)).toBe(true);
    expect((await admin.delete(`/api/sessions/${mine.id}`)).status).toBe(200);
    expect((await victim.get('/api/employees')).status).toBe(401);
    expect((await other.get('/api/employees')).status).toBe(200);

    const bystander = await server.login('employee@kaveri.example');
    for (let i = 0; i < 3; i++) expect((await bystander.get('/api/employees')).status).toBe(200);
    const changed = await other.post('/api/auth/password', { currentPassword: 'demo-pass-123', newPassword: 'another-pass-456' });
    expect(changed.status, changed.text).toBe(200);
    // The change ends every other session of the login: the next request of one checked a moment ago is refused.
    expect((await bystander.get('/api/employees')).status).toBe(401);
    expect((await other.get('/api/employees')).status).toBe(200);
  });

  it('refuses a cookie whose signature was altered, every time, after the genuine one was remembered', async () => {
    const c = await server.login('hr@kaveri.example');
    const [name, value] = c.cookieHeader().split('; ').map((p) => p.split('=')).find(([n]) => n === 'muster_session') ?? [];
    expect(value).toBeDefined();
    expect((await c.get('/api/auth/me')).status).toBe(200);
    const raw = decodeURIComponent(value ?? '');
    const last = raw.at(-2) === 'A' ? 'B' : 'A';
    const forged = encodeURIComponent(`${raw.slice(0, -2)}${last}${raw.at(-1)}`);
    for (let i = 0; i < 3; i++) expect((await server.client().get('/api/auth/me', { cookie: `${name}=${forged}` })).status).toBe(401);
    // Another token under the genuine signature is refused too.
    // (Its first character changed: the token is random, so it may itself begin with the letter put there.)
    const swapped = encodeURIComponent(`s:${raw[2] === 'x' ? 'y' : 'x'}${raw.slice(3)}`);
    expect((await server.client().get('/api/auth/me', { cookie: `${name}=${swapped}` })).status).toBe(401);
    expect((await c.get('/api/auth/me')).status).toBe(200);
  });
});

describe('the remembered connector secret', () => {
  const check = connectorAuth('the-connector-secret-0123456789');
  const run = (authorization: string | undefined) => {
    const req = { get: (name: string) => (name === 'authorization' ? authorization : undefined) } as { get(name: string): string | undefined; caller?: { kind: string } };
    let passed = false;
    try {
      check(req as never, {} as never, () => {
        passed = true;
      });
    } catch (error) {
      expect((error as { status?: number }).status).toBe(401);
    }
    return passed ? req.caller?.kind : 'refused';
  };

  it('accepts the secret every time and refuses anything else every time, also after the secret was remembered', () => {
    for (let i = 0; i < 3; i++) expect(run('Bearer the-connector-secret-0123456789')).toBe('connector');
    expect(check.remembered()).toBe(1);
    for (const wrong of ['Bearer the-connector-secret-012345678', 'Bearer the-connector-secret-01234567890', 'Bearer x', 'Bearer ', 'Bearer', 'the-connector-secret-0123456789', 'Basic the-connector-secret-0123456789', 'Bearer the-connector-secret-0123456789 extra', '', undefined]) {
      for (let i = 0; i < 2; i++) expect(run(wrong), String(wrong)).toBe('refused');
    }
    expect(run('bearer   the-connector-secret-0123456789  ')).toBe('connector');
    expect(run('Bearer the-connector-secret-0123456789')).toBe('connector');
  });

  it('keeps only headers that matched: endless wrong guesses leave the memo as it was', () => {
    const before = check.remembered();
    for (let i = 0; i < 5_000; i++) expect(run(`Bearer guess-${i}`)).toBe('refused');
    expect(check.remembered()).toBe(before);
  });
});

describe('the Cookie header parsed once per header', () => {
  const secret = 'a-session-secret-for-this-test-only';
  const run = (parser: ReturnType<typeof signedCookieParser>, cookie?: string) => {
    const req = { headers: cookie === undefined ? {} : { cookie } } as unknown as Request;
    parser(req, {} as never, () => undefined);
    return req as Request & { secret?: string };
  };
  // cookie-signature's format: the value, a dot, the HMAC-SHA256 in base64 without padding.
  const signed = (value: string) => `s:${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`;

  it('gives every request its own copies: what one request changes, the next does not see', () => {
    const parser = signedCookieParser(secret);
    const header = `theme=dark; muster_session=${encodeURIComponent(signed('token-1'))}; prefs=${encodeURIComponent('j:{"a":1}')}`;
    const first = run(parser, header);
    expect(first.cookies).toEqual({ theme: 'dark', prefs: { a: 1 } });
    expect(first.signedCookies).toEqual({ muster_session: 'token-1' });
    expect(first.secret).toBe(secret);
    first.cookies.theme = 'changed';
    delete first.signedCookies.muster_session;
    const second = run(parser, header);
    expect(second.cookies.theme).toBe('dark');
    expect(second.signedCookies.muster_session).toBe('token-1');
    expect(run(parser).cookies).toEqual({});
  });

  it('refuses an altered signature every time, also in a header seen before with the genuine one', () => {
    const parser = signedCookieParser(secret);
    const genuine = signed('token-2');
    expect(run(parser, `muster_session=${encodeURIComponent(genuine)}`).signedCookies.muster_session).toBe('token-2');
    const forged = `muster_session=${encodeURIComponent(genuine.replace('token-2', 'token-3'))}`;
    for (let i = 0; i < 3; i++) expect(run(parser, forged).signedCookies.muster_session).toBe(false);
  });
});

describe('the bounded memo', () => {
  it('keeps at most its bound, the least recently used leaving first, and gives what the function gives', () => {
    let calls = 0;
    const memo = boundedMemo(3, (s) => {
      calls++;
      return s.toUpperCase();
    });
    expect(['a', 'b', 'c', 'a', 'd', 'a', 'b'].map(memo)).toEqual(['A', 'B', 'C', 'A', 'D', 'A', 'B']);
    expect(memo.size()).toBe(3);
    // a (used again) stayed; b left when d came and was computed again.
    expect(calls).toBe(5);
    for (let i = 0; i < 10_000; i++) memo(`k${i}`);
    expect(memo.size()).toBe(3);
  });

  it('does not keep the values it is told not to (a failed signature check)', () => {
    const memo = boundedMemo<string | false>(10, (s) => (s.startsWith('ok') ? s : false), (v) => v !== false);
    expect(memo('bad')).toBe(false);
    expect(memo('ok1')).toBe('ok1');
    expect(memo.size()).toBe(1);
  });
});

describe('headers computed once', () => {
  it('are the headers helmet sets itself, on every answer', async () => {
    const options = { contentSecurityPolicy: { directives: { 'default-src': ["'self'"], 'upgrade-insecure-requests': null } }, strictTransportSecurity: false };
    const direct = new Map<string, string>();
    const fixed = new Map<string, string>();
    const record = (into: Map<string, string>) => ({ setHeader: (n: string, v: string) => into.set(n.toLowerCase(), String(v)), removeHeader: () => undefined, getHeader: () => undefined });
    helmet(options)({} as never, record(direct) as never, () => undefined);
    fixedHeaders(helmet(options))({} as never, record(fixed) as never, () => undefined);
    expect(fixed).toEqual(direct);
    expect(direct.size).toBeGreaterThan(8);

    const a = await server.client().get('/api/health');
    const b = await server.client().get('/api/no-such-route');
    for (const res of [a, b]) {
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
    expect(a.headers.get('content-security-policy')).toBe(b.headers.get('content-security-policy'));
  });
});

describe("today's date kept per minute", () => {
  it('is the day Intl gives for every minute around midnight and across zones', () => {
    const formatted = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
    const start = Date.parse('2026-11-25T18:25:00Z'); // 23:55 in Kolkata
    for (let s = 0; s < 15 * 60; s += 7) {
      const at = new Date(start + s * 1000);
      for (const zone of ['Asia/Kolkata', 'Asia/Kathmandu', 'UTC', 'America/St_Johns']) expect(dayInZone(at, zone)).toBe(formatted(at, zone));
    }
    // Long ago (local mean time with seconds): always formatted.
    const old = new Date('1900-01-01T18:30:00Z');
    expect(dayInZone(old, 'Asia/Kolkata')).toBe(formatted(old, 'Asia/Kolkata'));
  });
});
