import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { employeeIdOf } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Issue 21 §3: each person's language (their choice, or the organisation's default),
 * set in the profile and in the organisation's settings, validated, audited, and
 * returned with the session (`GET /api/auth/me`).
 */

let server: TestServer;
let admin: Client;
let hr: Client;
let employee: Client;
let manager: Client;

beforeAll(async () => {
  server = await startServer();
  [admin, hr, manager, employee] = (await Promise.all(['admin', 'hr', 'manager', 'employee'].map((w) => server.login(`${w}@kaveri.example`)))) as [Client, Client, Client, Client];
});
afterAll(async () => {
  await server.close();
});

describe('the language choice', () => {
  it('starts with the organisation’s default, English (India)', async () => {
    const me = await employee.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.language).toEqual({ locale: 'en-IN', choice: null, organisationDefault: 'en-IN' });
    expect((await employee.get('/api/org')).body.defaultLocale).toBe('en-IN');
  });

  it('lets a person choose their own language; the session, the profile route and the audit say so', async () => {
    const res = await employee.put('/api/me/language', { locale: 'hi-IN' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ locale: 'hi-IN', choice: 'hi-IN', organisationDefault: 'en-IN' });
    expect((await employee.get('/api/auth/me')).body.language.locale).toBe('hi-IN');
    expect((await employee.get('/api/me/language')).body.choice).toBe('hi-IN');
    // Only theirs: a colleague still reads English.
    expect((await manager.get('/api/auth/me')).body.language.locale).toBe('en-IN');
    const sneha = await employeeIdOf(server, 'employee@kaveri.example');
    const audit = await server.deps.db
      .selectFrom('audit_log')
      .select(['category', 'changes', 'summary'])
      .where('employee_id', '=', sneha)
      .where('action', '=', 'language.changed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.category).toBe('Profile');
    expect(JSON.parse(audit[0]?.changes ?? '[]')).toEqual([{ field: 'language', before: null, after: 'hi-IN' }]);
    expect(audit[0]?.summary).toContain('हिन्दी');
    // The same choice again changes nothing and writes no second row.
    await employee.put('/api/me/language', { locale: 'hi-IN' });
    expect(await server.deps.db.selectFrom('audit_log').select('id').where('action', '=', 'language.changed').execute()).toHaveLength(1);
  });

  it('refuses a language Muster does not ship, naming the field (400), and writes nothing', async () => {
    for (const locale of ['fr-FR', 'hi', '', 42]) {
      const bad = await employee.put('/api/me/language', { locale });
      expect(bad.status).toBe(400);
      expect(bad.headers.get('content-type')).toContain('application/problem+json');
      expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.locale']);
    }
    expect((await employee.put('/api/me/language', {})).status).toBe(400);
    expect((await employee.put('/api/me/language', { locale: 'mr-IN', extra: 1 })).status).toBe(400);
    expect((await employee.get('/api/auth/me')).body.language.locale).toBe('hi-IN');
  });

  it('needs a session', async () => {
    const anonymous = server.client();
    expect((await anonymous.put('/api/me/language', { locale: 'hi-IN' })).status).toBe(401);
    expect((await anonymous.get('/api/me/language')).status).toBe(401);
  });

  it('lets HR/Admin set the organisation’s default; people without a choice follow it, the rest keep theirs', async () => {
    expect((await employee.put('/api/org/language', { defaultLocale: 'mr-IN' })).status).toBe(403);
    expect((await manager.put('/api/org/language', { defaultLocale: 'mr-IN' })).status).toBe(403);
    const bad = await admin.put('/api/org/language', { defaultLocale: 'xx' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.defaultLocale']);
    const res = await admin.put('/api/org/language', { defaultLocale: 'mr-IN' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ defaultLocale: 'mr-IN' });
    expect((await manager.get('/api/auth/me')).body.language).toEqual({ locale: 'mr-IN', choice: null, organisationDefault: 'mr-IN' });
    expect((await employee.get('/api/auth/me')).body.language).toEqual({ locale: 'hi-IN', choice: 'hi-IN', organisationDefault: 'mr-IN' });
    expect((await hr.get('/api/org')).body.defaultLocale).toBe('mr-IN');
    const audit = await server.deps.db.selectFrom('audit_log').select(['changes']).where('action', '=', 'org.language.changed').execute();
    expect(audit.map((a) => JSON.parse(a.changes))).toEqual([[{ field: 'defaultLanguage', before: 'en-IN', after: 'mr-IN' }]]);
    // Back to following the organisation.
    expect((await employee.put('/api/me/language', { locale: null })).body).toEqual({ locale: 'mr-IN', choice: null, organisationDefault: 'mr-IN' });
    await admin.put('/api/org/language', { defaultLocale: 'en-IN' });
  });

  it('is documented in the OpenAPI description', async () => {
    const doc = (await admin.get('/api/openapi.json')).body;
    expect(doc.paths['/api/me/language'].put.operationId).toBe('setMyLanguage');
    expect(doc.paths['/api/org/language'].put.operationId).toBe('setOrganisationLanguage');
    expect(doc.components.schemas.Locale.enum).toEqual(['en-IN', 'hi-IN', 'mr-IN', 'kn-IN', 'ta-IN']);
  });
});
