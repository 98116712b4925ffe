import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { CONNECTOR_SECRET, startServer, type TestServer } from '../support/server.ts';

/**
 * Every documented operation, called with malformed ids, queries and bodies
 * by a caller holding its credential: the answer is a 4xx problem, never a 5xx.
 */

interface Operation {
  method: string;
  path: string;
  security: Record<string, string[]>[];
  hasBody: boolean;
}

// Calls that would end the session this test signs in with.
const SKIP = new Set(['POST /api/auth/logout']);

let server: TestServer;
let admin: Client;
let apiKey: string;
let operations: Operation[];

beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin@kaveri.example');
  apiKey = (await admin.post('/api/api-keys', { name: 'robustness', scope: 'ReadOnly' })).body.key;
  const doc = (await server.client().get('/api/openapi.json')).body as { paths: Record<string, Record<string, { security?: Record<string, string[]>[]; requestBody?: unknown }>> };
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, security: op.security ?? [], hasBody: op.requestBody !== undefined })),
  );
});
afterAll(async () => server.close());

function headersFor(op: Operation): Record<string, string> {
  const schemes = op.security.flatMap((s) => Object.keys(s));
  if (schemes.includes('connectorSecret')) return { authorization: `Bearer ${CONNECTOR_SECRET}` };
  if (schemes.includes('apiKeyBearer')) return { authorization: `Bearer ${apiKey}` };
  return {};
}

// Malformed values, and valid-looking extremes (far years, vast ranges, huge pages) that must stay bounded.
const BAD_IDS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '2023-02-29', '9999-12-31', '0001-01', '9999-12', '%E2%80%AE%00', 'x'.repeat(300)];
const BAD_QUERIES = [
  '',
  '?page=-1&pageSize=abc',
  '?date=2023-02-29&month=2026-13&format=exe&from=x&to=y',
  '?status=Nope&kind=Nope&employeeId=zzz&sort=nope&order=up',
  '?date=9999-12-31&month=9999-12&from=0001-01-01&to=9999-12-31&year=9999',
  '?from=1900-01-01&to=2199-12-31&page=999999999&pageSize=100',
];
const BAD_BODIES = ['{}', '[]', 'null', '"text"', '{"a":', JSON.stringify({ id: 1, name: ['x'], date: {}, reason: 5, from: '2023-02-29' })];

describe('no route answers 5xx to malformed input', () => {
  it('covers the documented operations', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it('every operation, every malformed input', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      const name = `${op.method} ${op.path}`;
      if (SKIP.has(name)) continue;
      const params = op.path.includes('{') ? BAD_IDS : [''];
      const session = op.security.some((s) => 'sessionCookie' in s);
      const client = session ? admin : server.client();
      for (const param of params) {
        const path = op.path.replace(/\{[^}]+\}/g, encodeURIComponent(param).replace(/%25/g, '%'));
        for (const query of op.method === 'GET' ? BAD_QUERIES : ['']) {
          for (const body of op.hasBody ? BAD_BODIES : [undefined]) {
            sent++;
            const started = Date.now();
            const res = await client.request(op.method, path + query, {
              headers: { ...headersFor(op), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(body !== undefined ? { raw: body } : {}),
            });
            if (Date.now() - started > 5000) failures.push(`${name} ${path}${query} took ${Date.now() - started} ms`);
            if (res.status >= 500) failures.push(`${name} ${path}${query} ${body ?? ''} → ${res.status} ${res.text.slice(0, 200)}`);
            else if (res.status >= 400 && !String(res.headers.get('content-type')).includes('problem+json')) {
              failures.push(`${name} ${path}${query} → ${res.status} without problem+json`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 240_000);
});
