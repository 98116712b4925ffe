import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { abilitiesFor } from '../../shared/oauth.ts';
import { permissionsOf } from '../../shared/permissions.ts';
import { BadCursor, decodeCursor, encodeCursor } from '../../server/src/modules/mcp/cursor.ts';
import { hoursText, localTime, weekday } from '../../server/src/modules/mcp/present.ts';
import { isValidChallenge, verifyS256 } from '../../server/src/modules/oauth/pkce.ts';
import { redirectDisplay, redirectUriMatches, redirectUriProblem } from '../../server/src/modules/oauth/redirect-uris.ts';
import { parseScope, scopeString, storedScopes } from '../../server/src/modules/oauth/scopes.ts';

/** The agent endpoint's pure pieces: PKCE, redirect URIs, scopes, cursors, local times, abilities in words. */

describe('PKCE (RFC 7636, S256 only)', () => {
  it('accepts the verifier that hashes to the challenge, nothing else', () => {
    // RFC 7636 appendix B.
    expect(verifyS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(verifyS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXj', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
    const verifier = crypto.randomBytes(32).toString('base64url');
    expect(verifyS256(verifier, crypto.createHash('sha256').update(verifier).digest('base64url'))).toBe(true);
  });

  it('refuses malformed verifiers and challenges (length, alphabet, a plain challenge)', () => {
    expect(verifyS256('short', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
    expect(verifyS256(`${'a'.repeat(43)}!`, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
    expect(verifyS256('a'.repeat(129), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
    const plain = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(verifyS256(plain, plain)).toBe(false);
    expect(isValidChallenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(isValidChallenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-c=')).toBe(false);
  });
});

describe('redirect URIs (OAuth 2.1 §2.3, RFC 8252)', () => {
  it('registers https, loopback http and private-use schemes; nothing that runs in the browser', () => {
    expect(redirectUriProblem('https://claude.ai/api/mcp/auth_callback')).toBeUndefined();
    expect(redirectUriProblem('http://127.0.0.1:33418/callback')).toBeUndefined();
    expect(redirectUriProblem('http://localhost/cb')).toBeUndefined();
    expect(redirectUriProblem('http://[::1]:8080/cb')).toBeUndefined();
    expect(redirectUriProblem('cursor://anysphere.cursor-retrieval/oauth/callback')).toBeUndefined();
    expect(redirectUriProblem('http://192.168.1.5/cb')).toMatch(/https/);
    expect(redirectUriProblem('https://a.example/cb#frag')).toMatch(/fragment/);
    expect(redirectUriProblem('https://user:pw@a.example/cb')).toMatch(/user name/);
    expect(redirectUriProblem('javascript:alert(1)')).toMatch(/javascript/);
    expect(redirectUriProblem('data:text/html,x')).toMatch(/data/);
    expect(redirectUriProblem('/relative')).toMatch(/absolute/);
  });

  it('matches exactly, except a loopback port (native apps take any free port)', () => {
    expect(redirectUriMatches('https://a.example/cb', 'https://a.example/cb')).toBe(true);
    expect(redirectUriMatches('https://a.example/cb', 'https://a.example/cb/')).toBe(false);
    expect(redirectUriMatches('https://a.example/cb', 'https://a.example:8443/cb')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1:1111/cb', 'http://127.0.0.1:2222/cb')).toBe(true);
    expect(redirectUriMatches('http://127.0.0.1:1111/cb', 'http://127.0.0.1:2222/other')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/cb', 'http://localhost/cb')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/cb', 'http://127.0.0.1:9/cb?x=1')).toBe(false);
  });

  it('shows the person where the browser goes back to', () => {
    expect(redirectDisplay('https://claude.ai/api/mcp/auth_callback')).toBe('claude.ai');
    expect(redirectDisplay('http://127.0.0.1:33418/cb')).toBe('127.0.0.1:33418');
    expect(redirectDisplay('cursor://anysphere.cursor-retrieval/oauth/callback')).toBe('cursor://anysphere.cursor-retrieval');
  });
});

describe('scopes', () => {
  it('defaults to everything, lets acting imply reading, lists the unknown', () => {
    expect(parseScope(undefined)).toEqual({ scopes: ['muster:read', 'muster:write'], unknown: [] });
    expect(parseScope('muster:write')).toEqual({ scopes: ['muster:read', 'muster:write'], unknown: [] });
    expect(parseScope('muster:read offline_access')).toEqual({ scopes: ['muster:read'], unknown: ['offline_access'] });
    expect(scopeString(['muster:write', 'muster:read'])).toBe('muster:read muster:write');
    expect(storedScopes('muster:read junk')).toEqual(['muster:read']);
  });
});

describe('cursors', () => {
  it('round-trip, and refuse one of another list or a forged one', () => {
    const c = encodeCursor('people', { o: 20 });
    expect(decodeCursor('people', c, ['o'])).toEqual({ o: 20 });
    expect(decodeCursor('people', undefined, ['o'])).toBeUndefined();
    expect(() => decodeCursor('leave-requests', c, ['p'])).toThrow(BadCursor);
    expect(() => decodeCursor('people', 'not json', ['o'])).toThrow(BadCursor);
    expect(() => decodeCursor('people', encodeCursor('people', { o: -1 }), ['o'])).toThrow(BadCursor);
    expect(() => decodeCursor('people', Buffer.from('{"l":"people","o":1.5}').toString('base64url'), ['o'])).toThrow(BadCursor);
  });
});

describe('local times', () => {
  it('agree with Intl for every few minutes of a year, daylight saving included', () => {
    const zones = ['Asia/Kolkata', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe'];
    const formats = zones.map((timeZone) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 97 * 60_000) {
      const iso = new Date(t).toISOString();
      zones.forEach((zone, i) => expect(localTime(iso, zone), `${zone} ${iso}`).toBe(formats[i]?.format(new Date(t))));
    }
    expect(localTime(null, 'Asia/Kolkata')).toBeNull();
  });

  it('words for durations and weekdays', () => {
    expect(hoursText(0)).toBe('0 min');
    expect(hoursText(45)).toBe('45 min');
    expect(hoursText(480)).toBe('8 h');
    expect(hoursText(485)).toBe('8 h 5 min');
    expect(weekday('2026-11-27')).toBe('Friday');
  });
});

describe('abilities in words', () => {
  it('follow the person\'s permissions and the scopes granted', () => {
    const employee = abilitiesFor(permissionsOf(['Employee']), ['muster:read', 'muster:write']);
    expect(employee).toContain('Check you in and out, and ask for attendance corrections');
    expect(employee.join(' ')).not.toMatch(/team|Approve|Override/);
    const reader = abilitiesFor(permissionsOf(['Manager']), ['muster:read']);
    expect(reader).toContain("See your team's attendance today");
    expect(reader.join(' ')).not.toMatch(/Apply|Approve or reject/);
    expect(abilitiesFor(permissionsOf(['HR']), ['muster:read', 'muster:write'])).toContain('Override attendance days (HR)');
  });
});
