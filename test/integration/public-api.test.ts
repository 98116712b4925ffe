import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicAttendanceList, PublicEmployeeList } from '../../shared/public-v1.ts';
import type { Client } from '../support/client.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { sqliteHandle } from '../../server/src/db/database.ts';
import { sqliteOnly } from '../support/engine.ts';

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin@kaveri.example');
});
afterAll(async () => server.close());

async function issue(name = 'payroll sync', scope = 'ReadOnly') {
  const res = await admin.post('/api/api-keys', { name, scope });
  expect(res.status).toBe(200);
  return res.body as { id: string; key: string; prefix: string };
}

describe('API keys (spec §5.1)', () => {
  it('issues a key with the fixed prefix, shows it once and stores only its hash', async () => {
    const issued = await issue('shown once');
    expect(issued.key).toMatch(/^mst_[A-Za-z0-9_-]{43}$/);
    expect(issued.key.startsWith(issued.prefix)).toBe(true);
    const list = await admin.get('/api/api-keys');
    const listed = list.body.items.find((k: { id: string }) => k.id === issued.id);
    expect(listed).toMatchObject({ name: 'shown once', scope: 'ReadOnly', prefix: issued.prefix, revokedAt: null, lastUsedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(issued.key);
    // Read the database files themselves: the key is nowhere, its SHA-256 is.
    if (sqliteOnly('API keys: the bytes of the SQLite file hold the key\'s hash, never the key')) return;
    sqliteHandle(server.database).pragma('wal_checkpoint(TRUNCATE)');
    const bytes = Buffer.concat(
      fs.readdirSync(server.dataDir).filter((f) => f.startsWith('muster.sqlite')).map((f) => fs.readFileSync(path.join(server.dataDir, f))),
    );
    expect(bytes.includes(Buffer.from(issued.key))).toBe(false);
    expect(bytes.includes(Buffer.from(issued.key.slice(12)))).toBe(false);
    expect(bytes.includes(Buffer.from(crypto.createHash('sha256').update(issued.key).digest('hex')))).toBe(true);
  });

  it('needs api:manage to issue, list or revoke (403)', async () => {
    const hr = await server.login('hr@kaveri.example');
    expect((await hr.post('/api/api-keys', { name: 'x', scope: 'ReadOnly' })).status).toBe(403);
    expect((await hr.get('/api/api-keys')).status).toBe(403);
  });

  it('validates the scope and bound employee', async () => {
    expect((await admin.post('/api/api-keys', { name: 'x', scope: 'Admin' })).body.errors[0].path).toBe('body.scope');
    const bad = await admin.post('/api/api-keys', { name: 'x', scope: 'ReadOnly', employeeId: '00000000-0000-0000-0000-000000000000' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('body.employeeId');
  });
});

describe('GET /api/public/v1/employees', () => {
  it('answers the whole directory with meta.count === data.length, by Bearer or X-Api-Key', async () => {
    const { key } = await issue();
    const c = server.client();
    const bearer = await c.get('/api/public/v1/employees', { authorization: `Bearer ${key}` });
    expect(bearer.status).toBe(200);
    expect(PublicEmployeeList.safeParse(bearer.body).success).toBe(true);
    const total = await server.deps.db.selectFrom('employee').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(bearer.body.meta.count).toBe(bearer.body.data.length);
    expect(bearer.body.data.length).toBe(Number(total.n));
    const header = await c.get('/api/public/v1/employees', { 'x-api-key': key });
    expect(header.status).toBe(200);
    expect(header.body.meta.count).toBe(bearer.body.meta.count);
  });

  it('carries no salary, bank or government ids', async () => {
    const { key } = await issue();
    const res = await server.client().get('/api/public/v1/employees', { 'x-api-key': key });
    const text = JSON.stringify(res.body);
    for (const field of ['ctcAnnual', 'pan', 'uan', 'esi', 'bank', 'dateOfBirth']) expect(text).not.toContain(`"${field}`);
  });

  it('answers 401 for a missing, unknown or revoked key, and marks a used key', async () => {
    const c = server.client();
    expect((await c.get('/api/public/v1/employees')).status).toBe(401);
    expect((await c.get('/api/public/v1/employees', { authorization: 'Bearer mst_unknownunknownunknownunknownunknownunknown' })).status).toBe(401);
    expect((await c.get('/api/public/v1/employees', { authorization: 'Basic abc' })).status).toBe(401);
    const { id, key } = await issue('to revoke');
    expect((await c.get('/api/public/v1/employees', { authorization: `Bearer ${key}` })).status).toBe(200);
    const used = (await admin.get('/api/api-keys')).body.items.find((k: { id: string }) => k.id === id);
    expect(used.lastUsedAt).not.toBeNull();
    const revoked = await admin.delete(`/api/api-keys/${id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const after = await c.get('/api/public/v1/employees', { authorization: `Bearer ${key}` });
    expect(after.status).toBe(401);
    expect(after.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('does not accept a session cookie', async () => {
    expect((await admin.get('/api/public/v1/employees')).status).toBe(401);
  });
});

describe('GET /api/public/v1/attendance', () => {
  it('answers one record per employee on the books that day', async () => {
    const { key } = await issue();
    const res = await server.client().get('/api/public/v1/attendance?date=2024-02-29', { 'x-api-key': key });
    expect(res.status).toBe(200);
    expect(PublicAttendanceList.safeParse(res.body).success).toBe(true);
    expect(res.body.meta.count).toBe(res.body.data.length);
    const employed = await server.deps.db
      .selectFrom('employee')
      .select('id')
      .where('joined_date', '<=', '2024-02-29')
      .where((eb) => eb.or([eb('exit_date', 'is', null), eb('exit_date', '>=', '2024-02-29')]))
      .execute();
    expect(res.body.data.map((r: { employeeId: string }) => r.employeeId).sort()).toEqual(employed.map((e) => e.id).sort());
    expect(res.body.data.every((r: { date: string }) => r.date === '2024-02-29')).toBe(true);
  });

  it.each(['', '?date=', '?date=2023-02-29', '?date=2024-13-01', '?date=24-01-01', '?date=2024-01-01T00:00:00Z'])(
    'answers 400 for %s',
    async (query) => {
      const { key } = await issue();
      const res = await server.client().get(`/api/public/v1/attendance${query}`, { 'x-api-key': key });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('query.date');
    },
  );
});

describe('rate limit: 600 per minute per key (spec §8)', () => {
  it('answers the 601st request in the window with 429, Retry-After and RateLimit headers, across both endpoints', async () => {
    const { key } = await issue('busy');
    const c = server.client();
    const headers = { authorization: `Bearer ${key}` };
    let last;
    for (let i = 1; i <= 600; i++) {
      last = await c.get(i % 2 ? '/api/public/v1/attendance?date=2026-01-05' : '/api/public/v1/attendance?date=bad', headers);
      expect(last.status === 200 || last.status === 400, `request ${i}`).toBe(true);
      expect(last.headers.get('ratelimit-limit')).toBe('600');
      expect(Number(last.headers.get('ratelimit-remaining'))).toBe(600 - i);
      expect(last.headers.get('ratelimit-reset')).not.toBeNull();
    }
    const blocked = await c.get('/api/public/v1/employees', headers);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('content-type')).toMatch(/problem\+json/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(blocked.headers.get('ratelimit-remaining')).toBe('0');
    // Another key has its own budget.
    const other = await issue('quiet');
    expect((await c.get('/api/public/v1/employees', { 'x-api-key': other.key })).status).toBe(200);
  });
});
