import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verhoeffCheckDigit } from '../../shared/verhoeff.ts';
import type { Client } from '../support/client.ts';
import { myEmployeeId } from '../support/documents.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { sqliteHandle } from '../../server/src/db/database.ts';
import { sqliteOnly } from '../support/engine.ts';

let server: TestServer;
let hr: Client;
let employee: Client;
let manager: Client;
let employeeId: string;

beforeAll(async () => {
  server = await startServer();
  hr = await server.login('hr@kaveri.example');
  employee = await server.login('employee@kaveri.example');
  manager = await server.login('manager@kaveri.example');
  employeeId = await myEmployeeId(employee);
});
afterAll(async () => server.close());

/** A well-formed Aadhaar number nobody else in the demo has. */
function aadhaar(seed: string): string {
  const body = `7${seed.padStart(10, '3').slice(-10)}`;
  return `${body}${verhoeffCheckDigit(body)}`;
}

describe('Aadhaar and other government ids', () => {
  it('refuses an Aadhaar number whose Verhoeff check digit is wrong, or that starts with 0 or 1', async () => {
    const good = aadhaar('4821937');
    const wrongDigit = good.slice(0, 11) + String((Number(good[11]) + 1) % 10);
    for (const bad of [wrongDigit, `1${good.slice(1)}`, '12345', 'ABCD12345678']) {
      const res = await hr.patch(`/api/employees/${employeeId}`, { aadhaar: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.errors[0].path).toBe('body.aadhaar');
    }
    const spaced = `${good.slice(0, 4)} ${good.slice(4, 8)} ${good.slice(8)}`;
    const ok = await hr.patch(`/api/employees/${employeeId}`, { aadhaar: spaced, passportNumber: 'k1234567' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ aadhaar: good, passportNumber: 'K1234567' });
  });

  it('stores them encrypted: the database file holds no full Aadhaar number, and no PAN of the demo in clear', async () => {
    const number = aadhaar('5550123');
    expect((await hr.patch(`/api/employees/${employeeId}`, { aadhaar: number })).status).toBe(200);
    const pan = (await hr.get(`/api/employees/${employeeId}`)).body.pan as string;
    expect(pan).toMatch(/^[A-Z]{5}[0-9]{4}[A-Z]$/);
    // Everything SQLite has on disk: the main file and its write-ahead log.
    if (sqliteOnly('government ids: the bytes of the SQLite file hold no clear Aadhaar number or PAN')) return;
    sqliteHandle(server.database).pragma('wal_checkpoint(PASSIVE)');
    const files = ['muster.sqlite', 'muster.sqlite-wal'].map((f) => path.join(server.dataDir, f)).filter((f) => fs.existsSync(f));
    const bytes = Buffer.concat(files.map((f) => fs.readFileSync(f)));
    expect(bytes.includes(Buffer.from(number))).toBe(false);
    expect(bytes.includes(Buffer.from(pan))).toBe(false);
    // …and the key is not in there either.
    const key = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'secrets.json'), 'utf8')).fieldKey as string;
    expect(bytes.includes(Buffer.from(key))).toBe(false);
    expect(bytes.includes(Buffer.from(key, 'base64'))).toBe(false);
  });

  it('shows them masked (last 4) everywhere except to employee:sensitive on the record', async () => {
    const number = aadhaar('8675309');
    await hr.patch(`/api/employees/${employeeId}`, { aadhaar: number });
    expect((await hr.get(`/api/employees/${employeeId}`)).body.aadhaar).toBe(number);
    const list = await hr.get(`/api/employees?q=${encodeURIComponent('Sneha Kulkarni')}`);
    expect(list.body.items[0].aadhaar).toBe(`********${number.slice(-4)}`);
    const own = await employee.get(`/api/employees/${employeeId}`);
    expect(own.body.aadhaar).toBe(`********${number.slice(-4)}`);
    expect(own.body.pan).toMatch(/^\*{6}[0-9]{3}[A-Z]$/);
    const other = await manager.get(`/api/employees/${employeeId}`);
    if (other.status === 200) expect(other.body.aadhaar).toBeUndefined();
    // The audit trail keeps the change, masked before and after.
    const audit = await hr.get(`/api/employees/${employeeId}/audit?category=Compliance`);
    const change = (audit.body.items as { changes: { field: string; before: unknown; after: unknown }[] }[]).flatMap((e) => e.changes).find((c) => c.field === 'aadhaar');
    expect(change?.after).toBe(`********${number.slice(-4)}`);
    expect(JSON.stringify(audit.body)).not.toContain(number);
  });

  it('audits a change of a middle digit even though the last four stay the same', async () => {
    const a = aadhaar('1112223');
    const body = `${a.slice(0, 3)}${(Number(a[3]) + 1) % 10}${a.slice(4, 11)}`;
    const b = `${body}${verhoeffCheckDigit(body)}`;
    await hr.patch(`/api/employees/${employeeId}`, { aadhaar: a });
    const before = (await hr.get(`/api/employees/${employeeId}/audit?category=Compliance`)).body.total;
    await hr.patch(`/api/employees/${employeeId}`, { aadhaar: b });
    expect((await hr.get(`/api/employees/${employeeId}/audit?category=Compliance`)).body.total).toBe(before + 1);
    // The same value again changes nothing.
    await hr.patch(`/api/employees/${employeeId}`, { aadhaar: b });
    expect((await hr.get(`/api/employees/${employeeId}/audit?category=Compliance`)).body.total).toBe(before + 1);
  });
});

describe('ids written before 0009', () => {
  it('are sealed at start-up, masked in the audit trail, and leave the file', async () => {
    const { sealGovernmentIds } = await import('../../server/src/modules/employees/index.ts');
    const { systemCaller } = await import('../../server/src/context.ts');
    const { moduleLinks } = await import('../../server/src/wiring.ts');
    const db = server.deps.db;
    const someone = (await hr.get('/api/employees?pageSize=5&sort=code')).body.items[3].id as string;
    const clearPan = 'QWERT9876Z';
    await db.updateTable('employee').set({ pan: clearPan, pan_enc: null, pan_last4: null, uan: '100200300400' }).where('id', '=', someone).execute();
    await db
      .insertInto('audit_log')
      .values({ id: crypto.randomUUID(), employee_id: someone, category: 'Compliance', action: 'employee.updated', summary: 'Updated: pan', actor_user_id: null, actor_employee_id: null, actor_name: 'Old version', source: 'console', changes: JSON.stringify([{ field: 'pan', before: null, after: clearPan }]), at: new Date().toISOString() })
      .execute();
    const ctx = { db, clock: server.deps.clock, caller: systemCaller(), timeZone: 'Asia/Kolkata', links: moduleLinks };
    expect(await sealGovernmentIds(ctx)).toBe(1);
    expect(await sealGovernmentIds(ctx)).toBe(0);
    const row = await db.selectFrom('employee').select(['pan', 'uan', 'pan_last4', 'pan_enc']).where('id', '=', someone).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ pan: null, uan: null, pan_last4: '876Z' });
    expect((await hr.get(`/api/employees/${someone}`)).body).toMatchObject({ pan: clearPan, uan: '100200300400' });
    const audit = await hr.get(`/api/employees/${someone}/audit?category=Compliance`);
    expect(JSON.stringify(audit.body)).not.toContain(clearPan);
    expect(JSON.stringify(audit.body)).toContain('******876Z');
    if (sqliteOnly('government ids sealed at start-up: the bytes of the SQLite file hold no clear PAN')) return;
    sqliteHandle(server.database).pragma('wal_checkpoint(TRUNCATE)');
    const bytes = Buffer.concat(['muster.sqlite', 'muster.sqlite-wal'].map((f) => path.join(server.dataDir, f)).filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
    expect(bytes.includes(Buffer.from(clearPan))).toBe(false);
  });
});
