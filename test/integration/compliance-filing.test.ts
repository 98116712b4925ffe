import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ist, punch, startWorld, type World } from '../support/attendance.ts';
import { parseCsv, unzip, waitJob } from '../support/compliance.ts';
import { JOBS } from '../../server/src/jobs/scheduler.ts';
import { systemCtx } from '../../server/src/wiring.ts';
import { webhookEventSchema } from '../../shared/webhook-events.ts';
import type { WebhookEventType } from '../../shared/webhooks.ts';

/**
 * Filing a month and what happens after: the world's clock is 12 March 2031,
 * its location has no terminals. February is filed once its days are final;
 * the filed register is served from the stored copy; an override of a day in
 * it shows as an amendment (preview, export header, AMENDMENTS.txt in the
 * bundle, the employee's audit trail), never a silent change. March, still
 * running, has a provisional day and cannot be filed.
 */

let w: World;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The outbox events of a type, each checked against the body schema the OpenAPI `webhooks` section documents. */
async function eventsOf(type: WebhookEventType) {
  const rows = await w.server.deps.db.selectFrom('outbox_event').select('payload').where('type', '=', type).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => webhookEventSchema(type).parse(JSON.parse(r.payload)) as { id: string; data: any });
}

beforeAll(async () => {
  w = await startWorld({ employees: 3 });
});
afterAll(async () => w.server.close());

describe('filing a month', () => {
  it('is refused (409) while days of the month are not final, and for a month not over', async () => {
    const ready = await w.hr.get(`/api/compliance/readiness?period=2031-02&location=${w.locationId}`);
    expect(ready.status).toBe(200);
    expect(ready.body.ready).toBe(false);
    expect(ready.body.notFinalDays).toBeGreaterThan(0);
    const res = await w.hr.post('/api/compliance/filings', { period: '2031-02', location: w.locationId });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/not final/);
    const march = await w.hr.post('/api/compliance/filings', { period: '2031-03', location: w.locationId });
    expect(march.status).toBe(409);
    expect(march.body.detail).toMatch(/runs until 2031-03-31/);
  });

  it('a provisional day prints as such, and the register says so', async () => {
    const [first] = w.employees;
    if (!first) throw new Error('no employee');
    await punch(w.server, { terminalUserId: first.terminalUserId, at: ist('2031-03-12', '09:20') });
    const pv = await w.hr.get(`/api/compliance/registers/attendance-register?period=2031-03&location=${w.locationId}`);
    expect(pv.status).toBe(200);
    expect(pv.body.provisionalDays).toBeGreaterThan(0);
    expect(pv.body.notes.join(' ')).toMatch(/provisional/);
    const row = pv.body.rows.find((r: unknown[]) => r[1] === 'Att Tester 0');
    const day12 = pv.body.columns.indexOf('12');
    expect(String(row[day12])).toMatch(/\?/);
    const csv = parseCsv((await w.hr.get(`/api/compliance/registers/attendance-register/export?period=2031-03&location=${w.locationId}&format=csv`)).text);
    expect(csv.find((r) => r[1] === 'Att Tester 0')?.[csv[0]?.indexOf('12') ?? -1]).toMatch(/\?/);
  });

  it('files February once its days are final: the bundle’s bytes and hashes are stored', async () => {
    const recompute = await w.hr.post('/api/attendance/recompute', { from: '2031-02-01', to: '2031-02-28' });
    expect(recompute.status).toBe(200);
    for (let i = 0; i < 400 && (await w.hr.get(`/api/attendance/recompute/${recompute.body.id}`)).body.status === 'running'; i++) await new Promise((r) => setTimeout(r, 25));
    const ready = await w.hr.get(`/api/compliance/readiness?period=2031-02&location=${w.locationId}`);
    expect(ready.body).toMatchObject({ ready: true, notFinalDays: 0 });
    expect((await w.manager.post('/api/compliance/filings', { period: '2031-02', location: w.locationId })).status).toBe(403);
    const job = await w.hr.post('/api/compliance/filings', { period: '2031-02', location: w.locationId });
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ kind: 'compliance.file', status: 'running' });
    const done = await waitJob(w.hr, job.body.id);
    expect(done.status, done.error).toBe('done');
    const list = await w.hr.get('/api/compliance/filings');
    const filing = list.body.items.find((f: { period: string }) => f.period === '2031-02');
    expect(filing).toMatchObject({ locationId: w.locationId, amended: false, filedByName: 'Priya Sharma' });
    expect(filing.files).toBe(20);
    expect((await w.hr.post('/api/compliance/filings', { period: '2031-02', location: w.locationId })).status).toBe(409);
    // Webhook event, written with the filing: the filing as the API shows it.
    const filed = await eventsOf('compliance.period.filed');
    expect(filed).toHaveLength(1);
    expect(filed[0]?.data).toEqual((await w.hr.get(`/api/compliance/filings/${filing.id}`)).body);
    const hrId = (await w.hr.get('/api/auth/me')).body.user.employeeId;
    const audit = await w.hr.get(`/api/employees/${hrId}/audit?category=Compliance`);
    expect(audit.body.items.map((a: { action: string }) => a.action)).toContain('compliance.filed');
  });

  it('serves a filed register from the stored copy', async () => {
    const bundle = await unzip((await w.hr.get(`/api/compliance/bundle?period=2031-02&location=${w.locationId}`)).body as Buffer);
    const manifest = JSON.parse(bundle.get('manifest.json')?.toString('utf8') ?? '{}');
    expect(manifest.filed).toMatchObject({ filedByName: 'Priya Sharma', bundleSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const formD = manifest.files.find((f: { key: string; format: string }) => f.key === 'attendance-register' && f.format === 'pdf');
    const res = await w.hr.get(`/api/compliance/registers/attendance-register/export?period=2031-02&location=${w.locationId}&format=pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-compliance-filed-at')).toBeTruthy();
    expect(res.headers.get('x-compliance-amended')).toBe('false');
    expect(sha(res.body as Buffer)).toBe(formD.sha256);
    expect(bundle.has('AMENDMENTS.txt')).toBe(false);
  });

  it('an override of a day after filing shows as an amendment, never a silent change', async () => {
    const [first] = w.employees;
    if (!first) throw new Error('no employee');
    const before = await w.hr.get(`/api/compliance/registers/attendance-register/export?period=2031-02&location=${w.locationId}&format=pdf`);
    const override = await w.hr.patch(`/api/attendance/employee/${first.id}/day/2031-02-10`, { reason: 'Worked from the client site all day', workedMinutes: 480 });
    expect(override.status, override.text).toBe(200);
    expect(await eventsOf('compliance.period.amended')).toHaveLength(0);
    const pv = await w.hr.get(`/api/compliance/registers/attendance-register?period=2031-02&location=${w.locationId}`);
    expect(pv.body.filing).toMatchObject({ amended: true });
    expect(pv.body.filing.differences.join('\n')).toMatch(new RegExp(`${first.code}: day 10: A → P`));
    const after = await w.hr.get(`/api/compliance/registers/attendance-register/export?period=2031-02&location=${w.locationId}&format=pdf`);
    expect(after.headers.get('x-compliance-amended')).toBe('true');
    expect(sha(after.body as Buffer)).toBe(sha(before.body as Buffer));
    const zip = await unzip((await w.hr.get(`/api/compliance/bundle?period=2031-02&location=${w.locationId}`)).body as Buffer);
    const amendments = zip.get('AMENDMENTS.txt')?.toString('utf8') ?? '';
    expect(amendments).toMatch(/Amendments after filing/);
    expect(amendments).toContain(`${first.code}: day 10: A → P`);
    const manifest = JSON.parse(zip.get('manifest.json')?.toString('utf8') ?? '{}');
    expect(manifest.filed.bundleSha256).toMatch(/^[0-9a-f]{64}$/);
    for (const f of manifest.files) expect(sha(zip.get(f.name) as Buffer), f.name).toBe(f.sha256);
    const filings = await w.hr.get('/api/compliance/filings');
    const filing = filings.body.items.find((f: { period: string }) => f.period === '2031-02');
    expect(filing.amended).toBe(true);
    expect(filing.amendments[0].rowsChanged).toBeGreaterThan(0);
    const audit = await w.hr.get(`/api/employees/${first.id}/audit?category=Compliance`);
    expect(audit.body.items[0]).toMatchObject({ action: 'compliance.amended-after-filing' });
    // Found again, the same differences are not a second amendment.
    await w.hr.get(`/api/compliance/filings/${filing.id}`);
    expect((await w.hr.get('/api/compliance/filings')).body.items.find((f: { id: string }) => f.id === filing.id).amendments).toHaveLength(1);
    // The nightly job finds it too (and records nothing new).
    const nightly = JOBS.find((j) => j.name === 'compliance-amendments');
    if (!nightly) throw new Error('no compliance-amendments job');
    expect(await nightly.run(await systemCtx(w.server.deps), { config: w.server.deps.config })).toBe('1 filed period(s) amended after filing');
    expect((await w.hr.get('/api/compliance/filings')).body.items.find((f: { id: string }) => f.id === filing.id).amendments).toHaveLength(1);
    // One webhook event for the amendment, written with it; the same differences found again send none.
    const amended = await eventsOf('compliance.period.amended');
    expect(amended).toHaveLength(1);
    expect(amended[0]?.data).toMatchObject({ id: filing.id, period: '2031-02', amended: true, amendments: [{ rowsChanged: filing.amendments[0].rowsChanged }] });
  });

  it('a filed copy altered outside Muster is refused (409), never served; the nightly job names it and checks the rest', async () => {
    const filing = (await w.hr.get('/api/compliance/filings')).body.items.find((f: { period: string }) => f.period === '2031-02');
    const dir = path.join(w.server.dataDir, 'compliance', filing.id);
    const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    const pdf = files.find((d) => /form-d|attendance/i.test(d.name) && d.name.endsWith('.pdf'));
    if (!pdf) throw new Error(`no stored Form D PDF in ${files.map((d) => d.name).join(', ')}`);
    const pdfPath = path.join(pdf.parentPath, pdf.name);
    fs.appendFileSync(pdfPath, 'tampered');
    const res = await w.hr.get(`/api/compliance/registers/attendance-register/export?period=2031-02&location=${w.locationId}&format=pdf`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/does not match its stored SHA-256/);
    const rows = files.find((d) => d.name.endsWith('.json') && /attendance/i.test(d.name));
    if (!rows) throw new Error(`no stored rows in ${files.map((d) => d.name).join(', ')}`);
    fs.appendFileSync(path.join(rows.parentPath, rows.name), ' ');
    const nightly = JOBS.find((j) => j.name === 'compliance-amendments');
    const out = await nightly?.run(await systemCtx(w.server.deps), { config: w.server.deps.config });
    expect(out).toMatch(/^0 filed period\(s\) amended after filing; stored copy unreadable: 2031-02: .*does not match its stored SHA-256/);
  });
});
