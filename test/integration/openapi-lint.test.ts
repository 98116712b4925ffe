import { Spectral, type ISpectralDiagnostic } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Issue 17 §6: the served description passes Spectral's `spectral:oas` ruleset (the one the
 * outside fuzz harness runs, same packages) with no error and no warning. No rule is disabled.
 */

const SEVERITY = ['error', 'warning', 'info', 'hint'] as const;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

describe('the served OpenAPI description under spectral:oas', () => {
  it('has 0 errors and 0 warnings', async () => {
    const res = await server.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    // The text, not the object: each finding then carries its JSON path for the message below.
    const found: ISpectralDiagnostic[] = await spectral.run(JSON.stringify(res.body, null, 1));
    const serious = found.filter((d) => d.severity <= 1);
    const lines = serious.map((d) => `${SEVERITY[d.severity]} ${String(d.code)} at ${d.path.join('.')}: ${d.message}`);
    expect(lines).toEqual([]);
    // Linting ~200 operations takes 15 s on an idle two-core machine and several times that on a loaded one.
  }, 180_000);

  it('declares the 415 and cross-site 403 the server answers, and every tag with a description', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body;
    const apply = doc.paths['/api/leave/requests'].post;
    expect(Object.keys(apply.responses)).toEqual(expect.arrayContaining(['403', '415']));
    expect(Object.keys(doc.paths['/api/leave/requests'].get.responses)).not.toContain('415');
    expect(Object.keys(doc.paths['/api/auth/login'].post.responses)).toEqual(expect.arrayContaining(['403', '415']));
    for (const tag of doc.tags) expect(tag.description.length, tag.name).toBeGreaterThan(30);
    const employee = await server.login('employee@kaveri.example');
    const latin1 = await employee.request('POST', '/api/leave/requests', { raw: '{}', headers: { 'content-type': 'application/json; charset=latin1' } });
    expect(latin1.status).toBe(415);
    expect(latin1.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const crossSite = await employee.post('/api/leave/requests', {}, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
  });

  it('types boolean query parameters as booleans, and the server reads true/false and 1/0', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body;
    const unreadOnly = doc.paths['/api/notifications'].get.parameters.find((p: { name: string }) => p.name === 'unreadOnly');
    expect(unreadOnly.schema).toEqual({ type: 'boolean' });
    const employee = await server.login('employee@kaveri.example');
    const all = (await employee.get('/api/notifications?pageSize=100')).body.total as number;
    for (const value of ['true', '1']) expect((await employee.get(`/api/notifications?unreadOnly=${value}`)).status).toBe(200);
    for (const value of ['false', '0']) expect((await employee.get(`/api/notifications?pageSize=100&unreadOnly=${value}`)).body.total).toBe(all);
    const bad = await employee.get('/api/notifications?unreadOnly=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('query.unreadOnly');
  });
});
