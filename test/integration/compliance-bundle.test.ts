import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialiseDatabase } from '../../server/src/bootstrap.ts';
import type { Client } from '../support/client.ts';
import { unzip, waitJob } from '../support/compliance.ts';
import { startServer, type TestServer } from '../support/server.ts';

/** The period bundle (streamed, and as a job with progress), the job mechanism, establishment data and register fields. */

let server: TestServer;
let hr: Client;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  server = await startServer();
  hr = await server.login('hr@kaveri.example');
});
afterAll(async () => server.close());

describe('GET /api/compliance/bundle', () => {
  it('streams a zip of every register of the month in PDF and XLSX with a manifest whose checksums hold', async () => {
    const res = await hr.get('/api/compliance/bundle?period=2026-10');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('compliance-bundle_2026-10.zip');
    expect(res.headers.get('content-length')).toBeNull(); // streamed as it is built
    const files = await unzip(res.body as Buffer);
    const manifest = JSON.parse(files.get('manifest.json')?.toString('utf8') ?? '{}');
    expect(manifest).toMatchObject({ organisation: 'Kaveri Precision Components Pvt. Ltd.', period: '2026-10', filed: null, generatedBy: 'Priya Sharma' });
    expect(manifest.files).toHaveLength(2 * 10 * 2);
    for (const f of manifest.files) {
      const bytes = files.get(f.name);
      expect(bytes, f.name).toBeDefined();
      expect(sha(bytes as Buffer), f.name).toBe(f.sha256);
      expect(bytes?.length).toBe(f.sizeBytes);
      expect(f).toMatchObject({ legalBasis: expect.any(String), generatedAt: expect.any(String) });
      expect(typeof f.rowCount).toBe('number');
    }
    const byKey = (key: string, loc: string) => manifest.files.find((f: { key: string; location: string; format: string }) => f.key === key && f.location === loc && f.format === 'pdf');
    expect(byKey('attendance-register', 'Bengaluru HQ')).toMatchObject({ period: '2026-10-01..2026-10-31', profile: 'ka', form: 'Form D', name: 'bengaluru-hq/attendance-register_ka_2026-10.pdf' });
    expect(byKey('leave-register', 'Bengaluru HQ')).toMatchObject({ period: '2026-01-01..2026-10-31', form: 'Form F' });
    expect(byKey('leave-register', 'Pune Plant')).toMatchObject({ form: 'Form O', profile: 'mh' });
    expect(byKey('employee-register', 'Pune Plant')).toMatchObject({ period: '2026-10-01..2026-10-31', form: 'Form A' });
    expect(byKey('wage-register', 'Pune Plant').blankColumns.map((b: { column: string }) => b.column)).toContain('Net Payment');
    expect([...files.keys()].filter((n) => n.endsWith('.xlsx'))).toHaveLength(20);
  });

  it('answers 400 naming the field for a bad period or location, 403 without the permission', async () => {
    for (const [q, field] of [
      ['period=2026-13', 'query.period'],
      ['period=2026', 'query.period'],
      ['', 'query.period'],
      ['period=2026-10&location=abc', 'query.location'],
      ['period=2026-10&location=0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e', 'query.location'],
    ] as const) {
      const res = await hr.get(`/api/compliance/bundle?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path), q).toContain(field);
    }
  });
});

describe('the bundle as a job, and the job mechanism', () => {
  it('reports progress, then offers the file; the download is audited', async () => {
    const locations = (await hr.get('/api/locations')).body.items as { id: string; name: string }[];
    const pun = locations.find((l) => l.name === 'Pune Plant')?.id;
    const start = await hr.post('/api/compliance/bundle/jobs', { period: '2026-10', location: pun });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ kind: 'compliance.bundle', status: 'running', total: 20, done: 0 });
    const seen = new Set<number>();
    let job = start.body;
    for (let i = 0; i < 600 && job.status === 'running'; i++) {
      job = (await hr.get(`/api/jobs/${start.body.id}`)).body;
      seen.add(job.done);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(job.status).toBe('done');
    expect(job.done).toBe(20);
    expect(job.file).toMatchObject({ filename: 'compliance-bundle_2026-10_pune-plant.zip', contentType: 'application/zip' });
    const dl = await hr.get(`/api/jobs/${start.body.id}/result`);
    expect(dl.status).toBe(200);
    expect(sha(dl.body as Buffer)).toBe(job.file.sha256);
    expect(Number(dl.headers.get('content-length'))).toBe(job.file.sizeBytes);
    const files = await unzip(dl.body as Buffer);
    expect([...files.keys()].every((n) => n.startsWith('pune-plant/') || n === 'manifest.json')).toBe(true);
    const me = (await hr.get('/api/auth/me')).body.user.employeeId;
    const audit = await hr.get(`/api/employees/${me}/audit?category=Compliance`);
    expect(audit.body.items[0]).toMatchObject({ action: 'job.downloaded' });
    // Someone without the permission does not see the job at all.
    const manager = await server.login('manager@kaveri.example');
    expect((await manager.get(`/api/jobs/${start.body.id}`)).status).toBe(404);
    expect((await manager.get(`/api/jobs/${start.body.id}/result`)).status).toBe(404);
  });

  it('exports one register as a job: the same file as the export, progress, audited download; bad input named in the body', async () => {
    const start = await hr.post('/api/compliance/registers/attendance-register/export/jobs', { period: '2026-10', format: 'xlsx' });
    expect(start.status, start.text).toBe(200);
    expect(start.body).toMatchObject({ kind: 'compliance.register', status: 'running', total: 2 });
    expect(start.body.title).toMatch(/Form D .*XLSX/);
    const job = await waitJob(hr, start.body.id);
    expect(job.status, job.error).toBe('done');
    expect(job.done).toBe(2);
    expect(job.file).toMatchObject({ filename: expect.stringMatching(/\.xlsx$/), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const dl = await hr.get(`/api/jobs/${start.body.id}/result`);
    expect(dl.status).toBe(200);
    expect(sha(dl.body as Buffer)).toBe(job.file.sha256);
    const direct = await hr.get('/api/compliance/registers/attendance-register/export?period=2026-10&format=csv');
    const viaJob = await hr.post('/api/compliance/registers/attendance-register/export/jobs', { period: '2026-10', format: 'csv' });
    const csvJob = await waitJob(hr, viaJob.body.id);
    expect((await hr.get(`/api/jobs/${viaJob.body.id}/result`)).text).toBe(direct.text);
    expect(direct.headers.get('content-disposition')).toContain(csvJob.file.filename);
    const me = (await hr.get('/api/auth/me')).body.user.employeeId;
    expect((await hr.get(`/api/employees/${me}/audit?category=Compliance`)).body.items[0]).toMatchObject({ action: 'job.downloaded' });
    const wrongKind = await hr.post('/api/compliance/registers/attendance-register/export/jobs', { period: '2026', format: 'pdf' });
    expect(wrongKind.status).toBe(400);
    expect(JSON.stringify(wrongKind.body)).toContain('body.period');
    const badFormat = await hr.post('/api/compliance/registers/attendance-register/export/jobs', { period: '2026-10', format: 'docx' });
    expect(badFormat.status).toBe(400);
    expect(JSON.stringify(badFormat.body)).toContain('body.format');
    const badProfile = await hr.post('/api/compliance/registers/attendance-register/export/jobs', { period: '2026-10', format: 'pdf', profile: 'up' });
    expect(badProfile.status).toBe(400);
    expect(JSON.stringify(badProfile.body)).toContain('body.profile');
    expect((await hr.post('/api/compliance/registers/no-such-register/export/jobs', { period: '2026-10', format: 'pdf' })).status).toBe(404);
    const manager = await server.login('manager@kaveri.example');
    expect((await manager.post('/api/compliance/registers/attendance-register/export/jobs', { period: '2026-10', format: 'pdf' })).status).toBe(403);
  });

  it('cancels a running job; a finished one cannot be cancelled (409)', async () => {
    const start = await hr.post('/api/compliance/bundle/jobs', { period: '2026-09' });
    const cancel = await hr.post(`/api/jobs/${start.body.id}/cancel`);
    expect(cancel.status).toBe(200);
    const job = await waitJob(hr, start.body.id);
    expect(job.status).toBe('cancelled');
    expect(job.error).toMatch(/Cancelled/);
    expect((await hr.get(`/api/jobs/${start.body.id}/result`)).status).toBe(404);
    expect((await hr.post(`/api/jobs/${start.body.id}/cancel`)).status).toBe(409);
  });

  it('a job that was running when the server stopped reads "failed: server restarted" after a restart', async () => {
    // A lone server fails every running job at start; instances sharing the database (PostgreSQL's default)
    // only those whose heartbeat stopped, since another instance may be running the rest: make it a stopped one.
    const shared = server.deps.config.sharedDatabase;
    const now = new Date(Date.now() - (shared ? 5 * 60_000 : 0)).toISOString();
    const id = '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7f';
    await server.deps.db
      .insertInto('job')
      .values({ id, kind: 'compliance.bundle', title: 'Compliance bundle 2026-08', status: 'running', total: 36, done: 7, message: 'Bengaluru HQ: Form D', params: '{}', result: null, error: null, permission: 'compliance:read', cancel_requested: 0, created_by_user_id: null, created_by_name: 'Priya Sharma', started_at: now, updated_at: now, finished_at: null })
      .execute();
    expect((await hr.get(`/api/jobs/${id}`)).body.status).toBe('running');
    await initialiseDatabase(server.deps.db, server.deps.config, server.deps.clock, server.deps.secrets);
    const job = (await hr.get(`/api/jobs/${id}`)).body;
    expect(job).toMatchObject({ status: 'failed', error: 'failed: server restarted', done: 7 });
    expect(job.finishedAt).toBeTruthy();
  });

  it('unknown jobs are 404; the recompute keeps its own contract on the shared mechanism', async () => {
    expect((await hr.get('/api/jobs/0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d70')).status).toBe(404);
    const r = await hr.post('/api/attendance/recompute', { from: '2026-10-01', to: '2026-10-02' });
    expect(r.body).toMatchObject({ from: '2026-10-01', to: '2026-10-02', employeeId: null, status: 'running' });
    const generic = (await hr.get(`/api/jobs/${r.body.id}`)).body;
    expect(generic.kind).toBe('attendance.recompute');
    for (let i = 0; i < 400 && (await hr.get(`/api/attendance/recompute/${r.body.id}`)).body.status === 'running'; i++) await new Promise((res) => setTimeout(res, 25));
    const done = (await hr.get(`/api/attendance/recompute/${r.body.id}`)).body;
    expect(done).toMatchObject({ status: 'done', done: done.total });
    // A bundle job's id is not a recompute job.
    const bundle = await hr.post('/api/compliance/bundle/jobs', { period: '2026-07' });
    expect((await hr.get(`/api/attendance/recompute/${bundle.body.id}`)).status).toBe(404);
    await waitJob(hr, bundle.body.id);
  });
});

describe('establishment data and employee register fields', () => {
  it('HR reads and changes the establishment; others may not; bad codes are 400 naming the field', async () => {
    const est = await hr.get('/api/organisation/establishment');
    expect(est.status).toBe(200);
    expect(est.body).toMatchObject({ lin: '1-2345-6789-0', epfEstablishmentCode: 'KNBNG0012345000', wagePeriodStartDay: 1 });
    expect(est.body.locations.map((l: { stateProfile: string }) => l.stateProfile).sort()).toEqual(['ka', 'mh']);
    const manager = await server.login('manager@kaveri.example');
    expect((await manager.get('/api/organisation/establishment')).status).toBe(403);
    expect((await manager.patch('/api/organisation/establishment', { lin: '1234567890' })).status).toBe(403);
    for (const [body, field] of [
      [{ lin: '12345' }, 'body.lin'],
      [{ epfEstablishmentCode: 'KN12' }, 'body.epfEstablishmentCode'],
      [{ esicEmployerCode: '123' }, 'body.esicEmployerCode'],
      [{ wagePeriodStartDay: 31 }, 'body.wagePeriodStartDay'],
      [{ locations: [{ locationId: est.body.locations[0].locationId, stateProfile: 'up' }] }, 'body.locations.0.stateProfile'],
      [{ locations: [{ locationId: '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e' }] }, 'body.locations.0.locationId'],
    ] as const) {
      const res = await hr.patch('/api/organisation/establishment', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    const changed = await hr.patch('/api/organisation/establishment', { wagePeriodStartDay: 26, locations: [{ locationId: est.body.locations[0].locationId, fhApprovalReference: 'Rc. No. 1234/2026, 02-01-2026' }] });
    expect(changed.body.wagePeriodStartDay).toBe(26);
    const pv = await hr.get(`/api/compliance/registers/attendance-register?period=2026-10&location=${est.body.locations[0].locationId}&limit=1`);
    expect(pv.body.period).toMatchObject({ from: '2026-09-26', to: '2026-10-25' });
    await hr.patch('/api/organisation/establishment', { wagePeriodStartDay: 1 });
  });

  it('register fields: sensitive ones for employee:sensitive only, masked for the rest; changes audited, masked', async () => {
    const employee = await server.login('employee@kaveri.example');
    const me = (await employee.get('/api/auth/me')).body.user.employeeId;
    const mine = await employee.get(`/api/employees/${me}/register`);
    expect(mine.status).toBe(200);
    expect(mine.body.presentAddress).toBeUndefined();
    expect(mine.body.pfMemberId).toMatch(/^\*+\d{4}$/);
    const full = await hr.get(`/api/employees/${me}/register`);
    expect(full.body.pfMemberId).toMatch(/^KNBNG\d{17}$/);
    expect(full.body.presentAddress).toBeTruthy();
    expect((await employee.patch(`/api/employees/${me}/register`, { nationality: 'Indian' })).status).toBe(403);
    const bad = await hr.patch(`/api/employees/${me}/register`, { skillCategory: 'X', pfMemberId: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['body.pfMemberId', 'body.skillCategory']);
    const ok = await hr.patch(`/api/employees/${me}/register`, { lwfNumber: 'MHLWF99999', educationLevel: 'M.Com' });
    expect(ok.body).toMatchObject({ lwfNumber: 'MHLWF99999', educationLevel: 'M.Com' });
    const audit = await hr.get(`/api/employees/${me}/audit`);
    const entries = audit.body.items.filter((a: { action: string }) => a.action === 'employee.register-updated');
    const compliance = entries.find((a: { category: string }) => a.category === 'Compliance');
    expect(compliance.changes[0]).toMatchObject({ field: 'lwfNumber', after: '******9999' });
    expect(entries.find((a: { category: string }) => a.category === 'Profile').changes[0]).toMatchObject({ field: 'educationLevel', after: 'M.Com' });
    expect((await hr.get('/api/employees/0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e/register')).status).toBe(404);
  });

  it('lists the employees lacking data the month’s registers print', async () => {
    const res = await hr.get('/api/compliance/missing?period=2026-10');
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(5);
    expect(res.body.items[0]).toMatchObject({ employeeId: expect.any(String), fields: expect.arrayContaining(["Father's/spouse name"]), registers: expect.arrayContaining(['employee-register']) });
  });
});
