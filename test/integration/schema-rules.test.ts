import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { employeeIdOf, leaveTypeIdOf } from '../support/leave.ts';
import { CONNECTOR_SECRET, startServer, type TestServer } from '../support/server.ts';

/**
 * Issue 17 §6: rules once stated only in prose are in the served schemas (patterns, multipleOf,
 * contentEncoding), and the server enforces what the schema says, from the same zod schema: a value
 * the documented pattern refuses is a 400 naming the field, one it accepts goes through.
 */

type Schema = { pattern?: string; multipleOf?: number; contentEncoding?: string; anyOf?: Schema[]; properties?: Record<string, Schema>; $ref?: string };

let server: TestServer;
let hr: Client;
let doc: { components: { schemas: Record<string, Schema> }; paths: Record<string, Record<string, { requestBody: { content: { 'application/json': { schema: Schema } } } }>> };
beforeAll(async () => {
  server = await startServer();
  hr = await server.login('hr@kaveri.example');
  doc = (await server.client().get('/api/openapi.json')).body;
});
afterAll(async () => server.close());

/** A body property's schema (through `$ref` and a nullable `anyOf`). */
function property(method: string, path: string, name: string): Schema {
  let body = doc.paths[path]?.[method]?.requestBody.content['application/json'].schema as Schema;
  if (body.$ref) body = doc.components.schemas[body.$ref.split('/').pop() as string] as Schema;
  const prop = body.properties?.[name] as Schema;
  return prop.anyOf?.find((s) => s.pattern !== undefined || s.multipleOf !== undefined || s.contentEncoding !== undefined) ?? prop;
}

describe('employee codes: PAN and IFSC', () => {
  const base = { fullName: 'Pattern Person', joinedDate: '2025-01-06' };
  let n = 0;
  const create = (extra: object) => hr.post('/api/employees', { ...base, code: `PAT${++n}`, email: `pattern${n}@kaveri.example`, ...extra });

  it.each([
    ['pan', ['ABCDE1234F', 'abcpe1234f'], ['ABCDE12345', 'ABCD1234F', '1BCDE1234F', 'ABCDE1234FG']],
    ['bankIfsc', ['HDFC0001234', 'sbin0a12b3c'], ['HDFC1001234', 'HDF0001234', 'HDFC00012345']],
  ])('%s: the documented pattern and the server agree', async (field, good, bad) => {
    const pattern = new RegExp(property('post', '/api/employees', field).pattern as string);
    for (const value of good) {
      expect(pattern.test(value), value).toBe(true);
      const res = await create({ [field]: value });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body[field]).toBe(value.toUpperCase());
    }
    for (const value of bad) {
      expect(pattern.test(value), value).toBe(false);
      const res = await create({ [field]: value });
      expect(res.status, value).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([`body.${field}`]);
    }
  });

  it('stores a PAN typed in lower case in upper case', async () => {
    const res = await create({ pan: 'abcpe1234f' });
    expect(res.body.pan).toBe('ABCPE1234F');
  });
});

describe('the EPF establishment code', () => {
  it('is documented with its pattern, either case, and stored upper-case', async () => {
    const pattern = new RegExp(property('patch', '/api/organisation/establishment', 'epfEstablishmentCode').pattern as string);
    for (const bad of ['KN12', 'KNBNG00123', 'KNBNG0012345000X']) {
      expect(pattern.test(bad), bad).toBe(false);
      const res = await hr.patch('/api/organisation/establishment', { epfEstablishmentCode: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.epfEstablishmentCode']);
    }
    expect(pattern.test('knbng0012345000')).toBe(true);
    const res = await hr.patch('/api/organisation/establishment', { epfEstablishmentCode: 'knbng0012345000' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.epfEstablishmentCode).toBe('KNBNG0012345000');
  });
});

describe('leave amounts in quarter days', () => {
  it('documents multipleOf 0.25 on adjustments and policies, and refuses other fractions', async () => {
    expect(property('post', '/api/leave/adjustments', 'days').multipleOf).toBe(0.25);
    const employeeId = await employeeIdOf(server, 'employee@kaveri.example');
    const leaveTypeId = await leaveTypeIdOf(server, 'CL');
    const adjust = (days: number) => hr.post('/api/leave/adjustments', { employeeId, leaveTypeId, days, reason: 'Quarter-day check' });
    for (const days of [0.1, 0.3, 1.2, -0.6]) {
      const res = await adjust(days);
      expect(res.status, String(days)).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'body.days', message: 'must be a multiple of 0.25' }]);
    }
    for (const days of [0.25, 0.75, -0.5, 1.75]) expect((await adjust(days)).status, String(days)).toBe(200);

    const type = (code: string, annualDays: number) => hr.post('/api/leave/types', { code, name: 'Quarter check', policy: { accrual: 'annual', annualDays } });
    const refused = await type('QA', 1.1);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].path).toBe('body.policy.annualDays');
    expect((await type('QB', 1.25)).status).toBe(200);
  });
});

describe('a terminal photo in base64', () => {
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF fake image body, long enough to wrap')]);
  let transId = 1;
  const post = (photoBase64: string) =>
    server.client().post(
      '/api/ingest/biometric/timelog',
      { serial: 'RULES-0001', terminalType: 'zk', terminalId: 1, transId: transId++, at: '2031-03-10T09:25:00+05:30', terminalUserId: 99001, attendStat: '0', photoBase64 },
      { authorization: `Bearer ${CONNECTOR_SECRET}` },
    );

  it('is documented as base64 with a pattern the server applies', async () => {
    const schema = property('post', '/api/ingest/biometric/timelog', 'photoBase64');
    expect(schema.contentEncoding).toBe('base64');
    const pattern = new RegExp(schema.pattern as string);
    const wrapped = JPEG.toString('base64').replace(/.{20}/g, '$&\r\n');
    for (const value of [JPEG.toString('base64'), wrapped]) {
      expect(pattern.test(value)).toBe(true);
      const res = await post(value);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    for (const value of ['not base64!', 'QUJD=QUJD', 'QQ===', '_-_-', 'QUJ', '/9j/4A AQ']) {
      expect(pattern.test(value), value).toBe(false);
      const res = await post(value);
      expect(res.status, value).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'body.photoBase64', message: 'must be base64' }]);
    }
  });
});
