import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

describe('GET /api/openapi.json', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it('is a valid OpenAPI 3.1 document with info.version 1.0.0', async () => {
    const res = await server.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toMatch(/^3\.1/);
    expect(res.body.info.version).toBe('1.0.0');
  });

  it('documents every mounted route with its security scheme', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body;
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['agentBearer', 'apiKeyBearer', 'apiKeyHeader', 'connectorSecret', 'sessionCookie']);
    const ops = Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item as object).map(([m, op]) => ({ path: p, method: m, op })));
    expect(ops.length).toBeGreaterThan(35);
    const find = (method: string, path: string) => ops.find((o) => o.method === method && o.path === path)?.op as Record<string, any>;
    expect(find('get', '/api/public/v1/employees').security).toEqual([{ apiKeyBearer: [] }, { apiKeyHeader: [] }]);
    expect(find('get', '/api/employees').security).toEqual([{ sessionCookie: [] }, { apiKeyBearer: [] }]);
    expect(find('get', '/api/health').security).toEqual([]);
    expect(find('post', '/api/notifications/mark-all-read')).toBeDefined();
    expect(find('get', '/api/employees/{id}/audit/export')).toBeDefined();
    for (const { op } of ops) {
      expect(op.security, (op as { operationId: string }).operationId).toBeDefined();
      expect(op.responses['200']).toBeDefined();
    }
    const list = find('get', '/api/employees');
    const names = list.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['page', 'pageSize', 'sort', 'order', 'q']));
    const pageSize = list.parameters.find((p: { name: string }) => p.name === 'pageSize');
    expect(pageSize.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
    expect(find('get', '/api/public/v1/employees').responses['429']).toBeDefined();
  });

  it('serves a readable reference at /api/docs', async () => {
    const page = await server.client().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/api/docs/assets/swagger-ui-bundle.js');
    const asset = await server.client().get('/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
    expect((await server.client().get('/api/docs/init.js')).text).toContain('/api/openapi.json');
  });
});

describe('errors are problem details', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it('answers unknown /api routes with a 404 problem', async () => {
    const res = await server.client().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({ type: 'urn:muster:problem:not-found', title: 'Not found', status: 404, detail: 'No route GET /api/nothing-here.', instance: '/api/nothing-here' });
  });

  it('answers invalid JSON with 400 and an oversized body with 413', async () => {
    const c = server.client();
    const bad = await c.request('POST', '/api/auth/login', { raw: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'body', message: 'is not valid JSON' }]);
    const big = await c.request('POST', '/api/auth/login', { raw: JSON.stringify({ email: 'a', password: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } });
    expect(big.status).toBe(413);
    expect(big.body.type).toBe('urn:muster:problem:payload-too-large');
  });

  it('never leaks a stack trace', async () => {
    const res = await server.client().request('POST', '/api/auth/login', { raw: '[]', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers the health check without credentials', async () => {
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'ok', version: '1.0.0' });
    expect(typeof res.body.uptimeSeconds).toBe('number');
  });
});

describe('first-run setup', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ template: 'empty' });
  });
  afterAll(async () => server.close());

  it('is open on a database without logins, works once, then answers 409', async () => {
    const c = server.client();
    expect((await c.get('/api/setup')).body).toEqual({ needsSetup: true, organisationName: null });
    const invalid = await c.post('/api/setup', { organisationName: '', timeZone: 'Mars/Olympus', admin: { fullName: 'A', email: 'nope', password: 'short' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['body.admin.email', 'body.admin.password', 'body.organisationName', 'body.timeZone']);
    const done = await c.post('/api/setup', {
      organisationName: 'Nilgiri Textiles',
      timeZone: 'Asia/Kolkata',
      admin: { fullName: 'Meera Iyer', email: 'meera@nilgiri.example', password: 'first-admin-pass' },
    });
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ fullName: 'Meera Iyer', roles: ['Admin'] });
    expect((await c.get('/api/auth/me')).status).toBe(200);
    expect((await c.get('/api/org')).body).toMatchObject({ name: 'Nilgiri Textiles', setupCompleted: true });
    expect((await c.get('/api/setup')).body).toEqual({ needsSetup: false, organisationName: 'Nilgiri Textiles' });
    const again = await server.client().post('/api/setup', {
      organisationName: 'Hijack Ltd',
      timeZone: 'Asia/Kolkata',
      admin: { fullName: 'Mallory', email: 'mallory@evil.example', password: 'mallory-pass-1' },
    });
    expect(again.status).toBe(409);
    expect((await server.client().post('/api/auth/login', { email: 'mallory@evil.example', password: 'mallory-pass-1' })).status).toBe(401);
  });
});
