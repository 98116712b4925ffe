import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '../../shared/dates.ts';
import type { Client } from '../support/client.ts';
import { type TypeInfo, myEmployeeId, typesByName, uniquePdf, upload } from '../support/documents.ts';
import { renderFirstPage } from '../support/pdf.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let hr: Client;
let employee: Client;
let manager: Client;
let types: Map<string, TypeInfo>;
let employeeId: string;
let hrId: string;
const today = dayInZone(new Date(), 'Asia/Kolkata');

interface Entry {
  action: string;
  category: string;
  summary: string;
  source: string;
  actorName: string;
  employeeId: string;
  employeeName: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

beforeAll(async () => {
  server = await startServer();
  hr = await server.login('hr@kaveri.example');
  employee = await server.login('employee@kaveri.example');
  manager = await server.login('manager@kaveri.example');
  types = await typesByName(hr);
  employeeId = await myEmployeeId(employee);
  hrId = await myEmployeeId(hr);
});
afterAll(async () => server.close());

describe('audit rows of document events', () => {
  it('records uploads, verifications, rejections, deletions, sensitive downloads and requests under Documents', async () => {
    const mine = await upload(employee, employeeId, { bytes: uniquePdf('EPF Form 11'), typeId: types.get('EPF Form 11')?.id ?? '' });
    const verified = await hr.post(`/api/documents/${mine.body.id}/verify`, { note: 'Checked against the original' });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toMatchObject({ status: 'Verified', reviewedByName: 'Priya Sharma' });
    const second = await upload(employee, employeeId, { bytes: uniquePdf('Address'), typeId: types.get('Address proof')?.id ?? '' });
    const before = (await employee.get('/api/notifications/unread-count')).body.count;
    const rejected = await hr.post(`/api/documents/${second.body.id}/reject`, { note: 'The bill is older than three months.' });
    expect(rejected.status).toBe(200);
    expect((await hr.post(`/api/documents/${second.body.id}/reject`, { note: 'again' })).status).toBe(409);
    expect((await hr.post(`/api/documents/${second.body.id}/reject`, { note: '' })).status).toBe(400);
    // The employee is told of a rejection.
    expect((await employee.get('/api/notifications/unread-count')).body.count).toBe(before + 1);
    const sensitive = await upload(hr, employeeId, { bytes: uniquePdf('Bank'), typeId: types.get('Bank proof')?.id ?? '' });
    expect((await hr.get(`/api/documents/${sensitive.body.id}/file`)).status).toBe(200);
    await hr.post(`/api/documents/${sensitive.body.id}/delete`, { reason: 'Duplicate' });
    await hr.post(`/api/employees/${employeeId}/documents/request`, { names: ['Address proof'] });

    const res = await hr.get(`/api/audit?category=Documents&employeeId=${employeeId}&pageSize=100`);
    expect(res.status, res.text).toBe(200);
    const actions = (res.body.items as Entry[]).map((e) => e.action);
    for (const action of ['document.uploaded', 'document.verified', 'document.rejected', 'document.downloaded', 'document.deleted', 'document.requested']) {
      expect(actions, action).toContain(action);
    }
    const rejection = (res.body.items as Entry[]).find((e) => e.action === 'document.rejected');
    expect(rejection).toMatchObject({ category: 'Documents', source: 'console', actorName: 'Priya Sharma', employeeName: 'Sneha Kulkarni' });
    expect(rejection?.changes).toEqual([{ field: 'status', before: 'Awaiting verification', after: 'Rejected' }]);
    // The per-employee export of spec §4.7 carries them too.
    const csv = await hr.get(`/api/employees/${employeeId}/audit/export?category=Documents&range=all&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Rejected Address proof');
    expect(csv.text).toContain('When (Asia/Kolkata)');
  });
});

describe('the organisation-wide audit area', () => {
  it('pages every entry newest first in the paginated envelope', async () => {
    const page1 = await hr.get('/api/audit?page=1&pageSize=5');
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ page: 1, pageSize: 5 });
    expect(page1.body.items).toHaveLength(5);
    expect(page1.body.total).toBeGreaterThan(150);
    const at = (page1.body.items as { at: string }[]).map((e) => e.at);
    expect([...at].sort().reverse()).toEqual(at);
    const page2 = await hr.get('/api/audit?page=2&pageSize=5');
    expect(page2.body.items[0].id).not.toBe(page1.body.items[0].id);
    expect((await hr.get('/api/audit?pageSize=101')).status).toBe(400);
  });

  it('filters by category, actor, employee, source and days', async () => {
    const byActor = await hr.get(`/api/audit?actorEmployeeId=${hrId}&pageSize=100`);
    expect((byActor.body.items as Entry[]).every((e) => e.actorName === 'Priya Sharma')).toBe(true);
    expect(byActor.body.total).toBeGreaterThan(0);
    const system = await hr.get('/api/audit?source=system&pageSize=10');
    expect((system.body.items as Entry[]).every((e) => e.source === 'system')).toBe(true);
    const console = await hr.get(`/api/audit?source=console&category=Documents&employeeId=${employeeId}`);
    expect(console.body.total).toBeGreaterThan(0);
    expect((await hr.get('/api/audit?source=public-api')).body.total).toBe(0);
    const todays = await hr.get(`/api/audit?from=${today}&to=${today}&category=Documents`);
    expect(todays.body.total).toBeGreaterThan(0);
    expect((await hr.get('/api/audit?from=2001-01-01&to=2001-01-31')).body.total).toBe(0);
    const reversed = await hr.get(`/api/audit?from=${today}&to=2001-01-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0].path).toBe('query.from');
    expect((await hr.get('/api/audit?category=Nope')).status).toBe(400);
  });

  it('is for HR and Admin only', async () => {
    expect((await manager.get('/api/audit')).status).toBe(403);
    expect((await employee.get('/api/audit')).status).toBe(403);
    expect((await server.client().get('/api/audit')).status).toBe(401);
  });

  it('exports the filtered view as CSV, XLSX and PDF', async () => {
    const csv = await hr.get(`/api/audit/export?category=Documents&employeeId=${employeeId}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="?audit-organisation-/);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toContain('When (Asia/Kolkata)');
    expect(lines.slice(1).every((l) => l.includes('Documents'))).toBe(true);
    expect(csv.text).toContain('Sneha Kulkarni');
    const xlsx = await hr.get('/api/audit/export?category=Documents&format=xlsx');
    expect(xlsx.status).toBe(200);
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    const pdf = await hr.get(`/api/audit/export?category=Documents&format=pdf`);
    expect(pdf.status).toBe(200);
    const page = renderFirstPage(pdf.body as Buffer, '/tmp/muster-audit-export.png');
    expect(page.inkRatio).toBeGreaterThan(0.01);
  });
});

describe('the documents overview', () => {
  it('counts each list and filters by status, type and department; exports it', async () => {
    const res = await hr.get('/api/documents/overview?status=Missing&pageSize=10');
    expect(res.status, res.text).toBe(200);
    const counts = Object.fromEntries((res.body.facets.status as { value: string; count: number }[]).map((f) => [f.value, f.count]));
    expect(counts.Missing).toBe(res.body.total);
    expect(counts.Missing).toBeGreaterThan(10);
    expect(counts.AwaitingVerification).toBeGreaterThan(0);
    expect(counts.ExpiringSoon).toBeGreaterThan(0);
    expect(counts.Rejected).toBeGreaterThan(0);
    expect((res.body.items as { status: string }[]).every((r) => r.status === 'Missing')).toBe(true);
    const pan = types.get('PAN card')?.id ?? '';
    const onlyPan = await hr.get(`/api/documents/overview?status=Missing&typeId=${pan}&pageSize=100`);
    expect((onlyPan.body.items as { name: string }[]).every((r) => r.name === 'PAN card')).toBe(true);
    // Sneha's address proof was rejected above: it is on the Rejected list with the reason.
    const sneha = await hr.get(`/api/documents/overview?status=Rejected&employeeId=${employeeId}&pageSize=100`);
    expect(sneha.body.items).toEqual([expect.objectContaining({ name: 'Address proof', status: 'Rejected', note: 'The bill is older than three months.' })]);
    expect((await manager.get('/api/documents/overview')).status).toBe(403);
    const pdf = await hr.get('/api/documents/overview/export?status=Missing&format=pdf');
    expect(pdf.status).toBe(200);
    expect(renderFirstPage(pdf.body as Buffer, '/tmp/muster-documents-export.png').inkRatio).toBeGreaterThan(0.01);
    const csv = await hr.get('/api/documents/overview/export?status=Missing&format=csv');
    expect(csv.text.split('\n')[0]).toContain('Employee');
  });
});
