import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../shared/dates.ts';
import { type Ctx, systemCaller } from '../../server/src/context.ts';
import { backupDatabase } from '../../server/src/jobs/backup.ts';
import { JOBS } from '../../server/src/jobs/scheduler.ts';
import { applyDocumentRetention, documentStore, remindExpiringDocuments } from '../../server/src/modules/documents/index.ts';
import { moduleLinks } from '../../server/src/wiring.ts';
import type { Client } from '../support/client.ts';
import { type TypeInfo, myEmployeeId, sha256, typesByName, uniquePdf, upload } from '../support/documents.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { sqliteOnly } from '../support/engine.ts';

let server: TestServer;
let hr: Client;
let employee: Client;
let types: Map<string, TypeInfo>;
let employeeId: string;
const ZONE = 'Asia/Kolkata';
const today = dayInZone(new Date(), ZONE);

/** A job's context on a given day (10:00 in the organisation's zone). */
const ctxOn = (day: string): Ctx => ({
  db: server.deps.db,
  clock: { now: () => new Date(`${day}T04:30:00Z`) },
  caller: systemCaller(),
  timeZone: ZONE,
  links: moduleLinks,
});

beforeAll(async () => {
  server = await startServer();
  hr = await server.login('hr@kaveri.example');
  employee = await server.login('employee@kaveri.example');
  types = await typesByName(hr);
  employeeId = await myEmployeeId(employee);
});
afterAll(async () => server.close());

async function expiryNotices(): Promise<string[]> {
  const res = await employee.get('/api/notifications?pageSize=100');
  return (res.body.items as { kind: string; title: string }[]).filter((n) => n.kind.startsWith('document.expir')).map((n) => n.title);
}

describe('document expiry reminders', () => {
  it('is a nightly job that catches up at start-up', () => {
    expect(JOBS.find((j) => j.name === 'documents-expiry-reminders')).toMatchObject({ schedule: '40 0 * * *', catchUpAtStart: true });
  });

  it('reminds once within the type’s period, never twice for the same expiry, and catches up on what expired while the PC was off', async () => {
    // The demo's own expiring documents (the demo employee's passport) go out on the first run.
    await remindExpiringDocuments(ctxOn(today));
    expect(await remindExpiringDocuments(ctxOn(today))).toBe(0);
    const before = await expiryNotices();
    expect(before.some((t) => /^Your Passport expires on /.test(t))).toBe(true);

    const expiresOn = addDays(today, 45);
    const licence = await upload(hr, employeeId, { bytes: uniquePdf('Licence'), typeId: types.get('Driving licence')?.id ?? '', expiresOn });
    expect(licence.status, licence.text).toBe(200);
    // 45 days ahead, the licence's period is 30: nothing yet.
    await remindExpiringDocuments(ctxOn(today));
    expect((await expiryNotices()).length).toBe(before.length);
    // 20 days on, it is inside the period: one reminder; the same night again and a week later: none.
    await remindExpiringDocuments(ctxOn(addDays(today, 20)));
    await remindExpiringDocuments(ctxOn(addDays(today, 20)));
    await remindExpiringDocuments(ctxOn(addDays(today, 27)));
    const after = await expiryNotices();
    expect(after.length).toBe(before.length + 1);
    const [y, m, d] = expiresOn.split('-').map(Number) as [number, number, number];
    const label = `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`;
    expect(after[0]).toBe(`Your Driving licence expires on ${label}`);

    // A medical certificate expiring in 10 days, and the PC off until after that: the catch-up says it expired, once.
    const medical = await upload(hr, employeeId, { bytes: uniquePdf('Medical'), typeId: types.get('Medical fitness')?.id ?? '', expiresOn: addDays(today, 10) });
    expect(medical.status).toBe(200);
    await remindExpiringDocuments(ctxOn(addDays(today, 60)));
    await remindExpiringDocuments(ctxOn(addDays(today, 61)));
    const caught = await expiryNotices();
    expect(caught.filter((t) => t.startsWith('Your Medical fitness expired on '))).toHaveLength(1);

    // A renewal (a new version with a new date) is reminded of in its own time.
    const renewed = await upload(hr, employeeId, { bytes: uniquePdf('Medical renewed'), typeId: types.get('Medical fitness')?.id ?? '', expiresOn: addDays(today, 400) });
    expect(renewed.status).toBe(200);
    await remindExpiringDocuments(ctxOn(addDays(today, 61)));
    expect((await expiryNotices()).length).toBe(caught.length);
    await remindExpiringDocuments(ctxOn(addDays(today, 380)));
    expect((await expiryNotices()).filter((t) => t.startsWith('Your Medical fitness expires on '))).toHaveLength(1);
  });
});

describe('retention', () => {
  const store = () => documentStore(server.dataDir);

  it('keeps deleted documents’ bytes forever by default, and removes them after the retention period when one is set', async () => {
    const bytes = uniquePdf('To be purged');
    const doc = await upload(hr, employeeId, { bytes, typeId: types.get('Last payslips')?.id ?? '' });
    const shared = uniquePdf('Shared bytes');
    const a = await upload(hr, employeeId, { bytes: shared, typeId: types.get('Voter ID')?.id ?? '' });
    const b = await upload(hr, employeeId, { bytes: shared, typeId: types.get('Photograph')?.id ?? '' });
    expect([doc.status, a.status, b.status]).toEqual([200, 200, 200]);
    for (const id of [doc.body.id, a.body.id]) expect((await hr.post(`/api/documents/${id}/delete`, { reason: 'Test' })).status).toBe(200);

    const far = addDays(today, 400);
    expect(await applyDocumentRetention(ctxOn(far), store(), undefined)).toMatch(/deleted documents are kept/);
    expect(store().has(sha256(bytes))).toBe(true);
    expect(await applyDocumentRetention(ctxOn(addDays(today, 10)), store(), 30)).toMatch(/^0 deleted document file\(s\) removed/);
    expect(store().has(sha256(bytes))).toBe(true);

    expect(await applyDocumentRetention(ctxOn(far), store(), 30)).toMatch(/^2 deleted document file\(s\) removed/);
    expect(store().has(sha256(bytes))).toBe(false);
    // The same bytes are still another live document's: kept.
    expect(store().has(sha256(shared))).toBe(true);
    expect((await hr.get(`/api/documents/${b.body.id}/file`)).status).toBe(200);
    const gone = await hr.get(`/api/documents/${doc.body.id}/file`);
    expect(gone.status).toBe(410);
    const file = await hr.get(`/api/employees/${employeeId}/documents`);
    expect((file.body.documents as { id: string; purged: boolean }[]).find((d) => d.id === doc.body.id)?.purged).toBe(true);
    const audit = await hr.get(`/api/employees/${employeeId}/audit?category=Documents&pageSize=100`);
    expect((audit.body.items as { action: string }[]).filter((e) => e.action === 'document.purged')).toHaveLength(2);
  });
});

describe('backup and restore', () => {
  it.skipIf(sqliteOnly("documents backed up with SQLite's online backup and restored with the file"))('backs up the documents with the database and restores both into a fresh data dir', async () => {
    const bytes = uniquePdf('Backed up');
    const kept = await upload(hr, employeeId, { bytes, typeId: types.get('Signed policies')?.id ?? '' });
    expect(kept.status).toBe(200);
    const result = await backupDatabase(server.deps.config.databaseFile, server.dataDir, new Date('2031-01-02T02:30:00Z'));
    const after = await upload(hr, employeeId, { bytes: uniquePdf('After the backup'), typeId: types.get('Signed policies')?.id ?? '' });
    expect(after.status).toBe(200);

    expect(result.documents).toBeGreaterThan(100);
    expect(result.missingDocuments).toBe(0);
    const h = sha256(bytes);
    const inBackup = path.join(result.documentsDir, h.slice(0, 2), h.slice(2, 4), h);
    expect(fs.existsSync(inBackup)).toBe(true);
    // A hard link of the immutable file: no second copy of the bytes on the same disk.
    expect(fs.statSync(inBackup).ino).toBe(fs.statSync(path.join(server.dataDir, 'documents', h.slice(0, 2), h.slice(2, 4), h)).ino);
    // What was uploaded after the copy is not in it: the pair is as of one moment.
    const ah = after.body.sha256 as string;
    expect(fs.existsSync(path.join(result.documentsDir, ah.slice(0, 2), ah.slice(2, 4), ah))).toBe(false);

    // Restore as docs/documents.md says: the database copy, its documents folder, and the secrets file.
    const restored = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-restore-'));
    fs.copyFileSync(result.file, path.join(restored, 'muster.sqlite'));
    fs.cpSync(result.documentsDir, path.join(restored, 'documents'), { recursive: true });
    fs.copyFileSync(path.join(server.dataDir, 'secrets.json'), path.join(restored, 'secrets.json'));
    const second = await startServer({ dataDir: restored });
    try {
      const hr2 = await second.login('hr@kaveri.example');
      const down = await hr2.get(`/api/documents/${kept.body.id}/file`);
      expect(down.status).toBe(200);
      expect(sha256(down.body as Buffer)).toBe(h);
      expect((await hr2.get(`/api/documents/${after.body.id}/file`)).status).toBe(404);
      // Sealed ids open with the restored secrets file.
      const me = await hr2.get(`/api/employees/${employeeId}`);
      expect(me.body.pan).toMatch(/^[A-Z]{5}[0-9]{4}[A-Z]$/);
    } finally {
      await second.close();
    }
  });
});
