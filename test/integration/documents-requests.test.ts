import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, systemCaller } from '../../server/src/context.ts';
import { requestDocuments } from '../../server/src/modules/documents/index.ts';
import { moduleLinks } from '../../server/src/wiring.ts';
import type { Client } from '../support/client.ts';
import { type TypeInfo, myEmployeeId, typesByName, uniquePdf, upload } from '../support/documents.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let hr: Client;
let employee: Client;
let manager: Client;
let types: Map<string, TypeInfo>;
let employeeId: string;
let colleagueId: string;

beforeAll(async () => {
  server = await startServer();
  hr = await server.login('hr@kaveri.example');
  employee = await server.login('employee@kaveri.example');
  manager = await server.login('manager@kaveri.example');
  types = await typesByName(hr);
  employeeId = await myEmployeeId(employee);
  const all = await hr.get('/api/employees?pageSize=100&status=Active');
  colleagueId = (all.body.items as { id: string }[]).filter((e) => e.id !== employeeId)[5]?.id ?? '';
});
afterAll(async () => server.close());

const requestPath = (id: string) => `/api/employees/${id}/documents/request`;
const openRequests = async (id: string) =>
  ((await hr.get(`/api/employees/${id}/documents`)).body.requests as { name: string; status: string; type: { id: string } | null }[]).filter((r) => r.status === 'Open');

describe('POST /api/employees/{id}/documents/request (spec §4.4)', () => {
  it('answers 200 { requested: 2 } and sends no notification: the unread count does not move', async () => {
    const before = (await employee.get('/api/notifications/unread-count')).body.count;
    const res = await hr.post(requestPath(employeeId), { names: ['PAN card', 'Address proof'] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ requested: 2 });
    expect((await employee.get('/api/notifications/unread-count')).body.count).toBe(before);
    // The employee sees them on their own documents page the next time they look.
    const own = await employee.get(`/api/employees/${employeeId}/documents`);
    expect((own.body.requests as { name: string; status: string }[]).filter((r) => r.status === 'Open').map((r) => r.name).sort()).toEqual(['Address proof', 'PAN card']);
  });

  it('does not request a name already open again, nor count it', async () => {
    const res = await hr.post(requestPath(employeeId), { names: ['pan CARD', 'Form 16 from the previous employer'] });
    expect(res.body).toEqual({ requested: 1 });
    const again = await hr.post(requestPath(employeeId), { names: ['Form 16 from the previous employer', 'Address proof'] });
    expect(again.body).toEqual({ requested: 0 });
    expect((await openRequests(employeeId)).filter((r) => r.name === 'PAN card')).toHaveLength(1);
  });

  it('counts duplicates within one call once (case, blanks and trimming aside)', async () => {
    const res = await hr.post(requestPath(colleagueId), { names: ['Passport', ' passport ', 'PASSPORT', 'Marriage  certificate', 'marriage certificate'] });
    expect(res.body).toEqual({ requested: 2 });
  });

  it('links names matching a catalogue type (case-insensitive) and keeps others as free text', async () => {
    await hr.post(requestPath(colleagueId), { names: ['voter id', 'Rent agreement'] });
    const open = await openRequests(colleagueId);
    expect(open.find((r) => r.name === 'Voter ID')?.type?.id).toBe(types.get('Voter ID')?.id);
    expect(open.find((r) => r.name === 'Rent agreement')?.type).toBeNull();
  });

  it('refuses bad bodies with 400 naming the item', async () => {
    const cases: [unknown, string][] = [
      [{ names: [] }, 'body.names'],
      [{ names: 'PAN card' }, 'body.names'],
      [{}, 'body.names'],
      [{ names: ['PAN card', '   '] }, 'body.names.1'],
      [{ names: ['PAN card', 'x'.repeat(121)] }, 'body.names.1'],
      [{ names: ['PAN card', 12] }, 'body.names.1'],
      [{ names: Array.from({ length: 51 }, (_, i) => `Doc ${i}`) }, 'body.names'],
    ];
    for (const [body, path] of cases) {
      const res = await hr.post(requestPath(employeeId), body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect((res.body.errors as { path: string }[]).map((e) => e.path)).toContain(path);
    }
    // 120 characters after trimming is fine; 50 names is fine.
    expect((await hr.post(requestPath(colleagueId), { names: [`  ${'y'.repeat(120)}  `] })).body).toEqual({ requested: 1 });
    expect((await hr.post(requestPath(colleagueId), { names: Array.from({ length: 50 }, (_, i) => `Item ${i}`) })).body).toEqual({ requested: 50 });
  });

  it('answers 404 for an unknown employee, 403 without the permission, 401 without a session', async () => {
    expect((await hr.post(requestPath('0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e'), { names: ['PAN card'] })).status).toBe(404);
    expect((await manager.post(requestPath(employeeId), { names: ['PAN card'] })).status).toBe(403);
    expect((await employee.post(requestPath(employeeId), { names: ['PAN card'] })).status).toBe(403);
    const anonymous = await server.client().post(requestPath(employeeId), { names: ['PAN card'] });
    expect(anonymous.status).toBe(401);
  });

  it('answers 404 for an employee outside the scope of a caller who holds the permission', async () => {
    const teamHr: Caller = { ...systemCaller('console'), kind: 'session', name: 'Team HR', permissions: ['documents:manage', 'team:read'], scope: 'team', employeeId: await myEmployeeId(manager) };
    const ctx = { db: server.deps.db, clock: server.deps.clock, caller: teamHr, timeZone: 'Asia/Kolkata', links: moduleLinks };
    await expect(requestDocuments(ctx, colleagueId, { names: ['PAN card'] })).rejects.toMatchObject({ status: 404 });
  });

  it('is audited under Documents', async () => {
    const audit = await hr.get(`/api/employees/${employeeId}/audit?category=Documents`);
    const summaries = (audit.body.items as { action: string; summary: string; category: string }[]).filter((e) => e.action === 'document.requested').map((e) => e.summary);
    expect(summaries).toContain('Requested 2 documents: PAN card, Address proof');
    expect(summaries).toContain('Requested a document: Form 16 from the previous employer');
  });
});

describe('closing requests', () => {
  it('an upload of a requested type closes its request', async () => {
    const res = await upload(employee, employeeId, { bytes: uniquePdf('PAN'), typeId: types.get('PAN card')?.id ?? '' });
    expect(res.status, res.text).toBe(200);
    const requests = (await hr.get(`/api/employees/${employeeId}/documents`)).body.requests as { name: string; status: string; fulfilledByDocumentId: string | null }[];
    expect(requests.find((r) => r.name === 'PAN card')).toMatchObject({ status: 'Fulfilled', fulfilledByDocumentId: res.body.id });
  });

  it('a free-text request is answered by an upload of that name and closed when HR marks it fulfilled', async () => {
    const name = 'Form 16 from the previous employer';
    const notAsked = await upload(employee, employeeId, { bytes: uniquePdf(), title: 'Something nobody asked for' });
    expect(notAsked.status).toBe(403);
    const up = await upload(employee, employeeId, { bytes: uniquePdf(name), title: name });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({ title: name, type: null, status: 'AwaitingVerification' });
    const request = (await openRequests(employeeId)).find((r) => r.name === name) as unknown as { id: string };
    expect(request).toBeDefined();
    expect((await employee.post(`/api/documents/requests/${request.id}/fulfil`, { documentId: up.body.id })).status).toBe(403);
    const done = await hr.post(`/api/documents/requests/${request.id}/fulfil`, { documentId: up.body.id });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ status: 'Fulfilled', fulfilledByDocumentId: up.body.id });
    expect((await hr.post(`/api/documents/requests/${request.id}/fulfil`, { documentId: up.body.id })).status).toBe(409);
  });

  it('HR withdraws a request; it can then be asked again', async () => {
    const request = (await openRequests(colleagueId)).find((r) => r.name === 'Rent agreement') as unknown as { id: string };
    const res = await hr.post(`/api/documents/requests/${request.id}/cancel`);
    expect(res.body.status).toBe('Cancelled');
    expect((await hr.post(requestPath(colleagueId), { names: ['Rent agreement'] })).body).toEqual({ requested: 1 });
  });

  it('shows requests in the organisation view (missing, with when they were asked for)', async () => {
    const res = await hr.get(`/api/documents/overview?status=Missing&employeeId=${colleagueId}&pageSize=100`);
    expect(res.status, res.text).toBe(200);
    const rent = (res.body.items as { name: string; requestedAt: string | null; required: boolean }[]).find((r) => r.name === 'Rent agreement');
    expect(rent).toMatchObject({ required: false });
    expect(rent?.requestedAt).toBeTruthy();
  });
});
