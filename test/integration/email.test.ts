import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../shared/dates.ts';
import { JOBS } from '../../server/src/jobs/scheduler.ts';
import { notifyOfflineTerminals } from '../../server/src/modules/terminals/index.ts';
import { systemCtx } from '../../server/src/wiring.ts';
import type { Client } from '../support/client.ts';
import { employeeIdOf, freeWeek, leaveTypeIdOf, topUp } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { TestSmtp } from '../support/smtp.ts';
import { sqliteOnly } from '../support/engine.ts';

/**
 * Issue 17 §3 against a real SMTP server (smtp-server) read with mailparser:
 * settings with the password sealed and never returned, a test e-mail, who
 * gets what, both parts, Date and Message-ID, times in the organisation's
 * zone with its name, a link into the console, per-person preferences, and
 * nothing for a document request (spec §4.4).
 */

const BASE = 'https://muster.kaveri.example';
let server: TestServer;
const smtp = new TestSmtp();
let admin: Client;
let hr: Client;
let manager: Client;
let employee: Client;
const ids = { sneha: '', CL: '' };
let monday = '';

async function apply(offset: number): Promise<string> {
  const day = addDays(monday, offset);
  const res = await employee.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: day, toDate: day, duration: 'FullDay', reason: 'Sister’s wedding' });
  expect(res.status, res.text).toBe(200);
  return res.body.id;
}

async function emailEventsTo(email: string): Promise<number> {
  const user = await server.deps.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const r = await server.deps.db.selectFrom('outbox_event').select((eb) => eb.fn.countAll<number>().as('n')).where('channel', '=', 'email').where('target', '=', user.id).executeTakeFirstOrThrow();
  return Number(r.n);
}

beforeAll(async () => {
  await smtp.start();
  server = await startServer({ env: { MUSTER_PUBLIC_URL: BASE }, outbox: 'thread' });
  [admin, hr, manager, employee] = (await Promise.all(['admin', 'hr', 'manager', 'employee'].map((w) => server.login(`${w}@kaveri.example`)))) as [Client, Client, Client, Client];
  ids.sneha = await employeeIdOf(server, 'employee@kaveri.example');
  ids.CL = await leaveTypeIdOf(server, 'CL');
  await topUp(hr, ids.sneha, ids.CL, 10);
  monday = await freeWeek(server, [ids.sneha], addDays(dayInZone(new Date(), 'Asia/Kolkata'), 49));
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

describe('e-mail settings', () => {
  it('nothing is queued while SMTP is not set up', async () => {
    await apply(0);
    expect(await emailEventsTo('manager@kaveri.example')).toBe(0);
  });

  it('only org:manage reads or changes them (403)', async () => {
    expect((await hr.get('/api/settings/email')).status).toBe(403);
    expect((await manager.put('/api/settings/email', { host: 'x', port: 25, tlsMode: 'none', fromAddress: 'a@b.c' })).status).toBe(403);
    expect((await employee.post('/api/settings/email/test', { to: 'a@b.c' })).status).toBe(403);
  });

  it('validates the settings (400 naming the field)', async () => {
    const bad = await admin.put('/api/settings/email', { host: 'smtp example', port: 70000, tlsMode: 'ssl', fromAddress: 'nobody' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['body.fromAddress', 'body.host', 'body.port', 'body.tlsMode']);
  });

  it('stores the password sealed, never returns it, and sends a test e-mail that logs in with it', async () => {
    const res = await admin.put('/api/settings/email', { host: '127.0.0.1', port: smtp.port, tlsMode: 'none', username: 'muster', password: 'smtp-secret-1', fromAddress: 'Muster at Kaveri <muster@kaveri.example>' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ configured: true, hasPassword: true, enabled: true });
    expect(res.text).not.toContain('smtp-secret-1');
    expect((await admin.get('/api/settings/email')).text).not.toContain('smtp-secret-1');
    const row = await server.deps.db.selectFrom('email_settings').select('password_enc').executeTakeFirstOrThrow();
    expect(row.password_enc).not.toContain('smtp-secret-1');
    // Saving without a password keeps it.
    const again = await admin.put('/api/settings/email', { host: '127.0.0.1', port: smtp.port, tlsMode: 'none', username: 'muster', fromAddress: 'Muster at Kaveri <muster@kaveri.example>' });
    expect(again.body.hasPassword).toBe(true);
    const test = await admin.post('/api/settings/email/test', { to: 'it@kaveri.example' });
    expect(test.body).toMatchObject({ ok: true });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('it@kaveri.example'));
    expect(mail.subject).toMatch(/^Test e-mail from Muster · /);
    expect(smtp.logins.at(-1)).toEqual({ user: 'muster', pass: 'smtp-secret-1' });
    const audit = await server.deps.db.selectFrom('audit_log').select('summary').where('action', '=', 'email.settings-updated').execute();
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain('smtp-secret-1');
  });
});

describe('who gets what', () => {
  let requestId = '';

  it('the approver gets the request waiting for them: both parts, Date, Message-ID, the zone named, a link into the console', async () => {
    requestId = await apply(1);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('manager@kaveri.example') && /applied for/.test(m.subject ?? ''));
    expect(mail.subject).toMatch(/^Sneha Kulkarni applied for 1 day of Casual leave .* · Kaveri/);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toMatch(/manager@kaveri\.example/);
    expect(mail.from?.value).toEqual([{ name: 'Muster at Kaveri', address: 'muster@kaveri.example' }]);
    expect(mail.date).toBeInstanceOf(Date);
    expect(Math.abs((mail.date as Date).getTime() - Date.now())).toBeLessThan(120_000);
    expect(mail.messageId).toMatch(/^<msg_[0-9a-f]{32}@kaveri\.example>$/);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.text).toContain('Hello Rahul');
    expect(mail.text).toContain('Sister’s wedding');
    expect(mail.text).toMatch(/When: \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST \(Asia\/Kolkata\)/);
    expect(mail.text).toContain(`${BASE}/leave/approvals?request=${requestId}`);
    expect(mail.html).toContain(`href="${BASE}/leave/approvals?request=${requestId}"`);
    expect(mail.html).toContain('Sister’s wedding');
    expect(mail.html).toMatch(/IST \(Asia\/Kolkata\)/);
    // Nobody else got it.
    expect(smtp.mails.filter((m) => m.messageId === mail.messageId).flatMap((m) => m.envelopeTo)).toEqual(['manager@kaveri.example']);
  });

  it('the applicant gets the decision', async () => {
    expect((await manager.post(`/api/leave/requests/${requestId}/approve`, { note: 'Have a good time' })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('employee@kaveri.example') && /is approved/.test(m.subject ?? ''));
    expect(mail.text).toContain('Have a good time');
    expect(mail.text).toContain(`${BASE}/leave`);
  });

  it('in-app only when the person chooses so (their notification is still written)', async () => {
    const prefs = await employee.get('/api/me/notification-preferences');
    expect(prefs.body).toMatchObject({ emailAddress: 'employee@kaveri.example', emailConfigured: true });
    expect(prefs.body.items.find((i: { category: string }) => i.category === 'decisions').email).toBe(true);
    const saved = await employee.put('/api/me/notification-preferences', { items: [{ category: 'decisions', email: false }] });
    expect(saved.body.items.find((i: { category: string }) => i.category === 'decisions').email).toBe(false);
    expect((await employee.put('/api/me/notification-preferences', { items: [{ category: 'gossip', email: true }] })).status).toBe(400);
    const before = await emailEventsTo('employee@kaveri.example');
    const id = await apply(2);
    expect((await manager.post(`/api/leave/requests/${id}/reject`, { note: 'Audit week' })).status).toBe(200);
    expect(await emailEventsTo('employee@kaveri.example')).toBe(before);
    const notes = await employee.get('/api/notifications');
    expect(notes.body.items[0].title).toMatch(/was rejected/);
  });

  it('admins hear by e-mail that a terminal went offline or a backup failed', async () => {
    const t = await server.deps.db.selectFrom('terminal').select('id').where('enabled', '=', 1).executeTakeFirstOrThrow();
    await server.deps.db.updateTable('terminal').set({ last_contact_at: new Date(Date.now() - 86_400_000).toISOString(), offline_notified_at: null }).where('id', '=', t.id).execute();
    const ctx = await systemCtx(server.deps);
    expect(await notifyOfflineTerminals(ctx)).toBeGreaterThanOrEqual(1);
    await smtp.waitFor((m) => m.envelopeTo.includes('admin@kaveri.example') && /is offline/.test(m.subject ?? ''));
    if (sqliteOnly("a failed backup e-mailed to admins: backups are SQLite's (on PostgreSQL the operator's pg_dump)")) return;
    const backup = JOBS.find((j) => j.name === 'database-backup');
    await expect(backup?.run(ctx, { config: { ...server.deps.config, databaseFile: '/nonexistent/muster.sqlite', dataDir: `${server.dataDir}/no-such-dir` } })).rejects.toThrow();
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('admin@kaveri.example') && /backup failed/.test(m.subject ?? ''));
    expect(mail.text).toContain('/settings/organisation');
  });

  it('nothing is sent for a document request (spec §4.4: no notification)', async () => {
    const before = await emailEventsTo('employee@kaveri.example');
    const mailsBefore = smtp.mails.length;
    expect((await hr.post(`/api/employees/${ids.sneha}/documents/request`, { names: ['Passport'] })).status).toBe(200);
    await server.outbox?.idle();
    expect(await emailEventsTo('employee@kaveri.example')).toBe(before);
    expect(smtp.mails.slice(mailsBefore).filter((m) => m.envelopeTo.includes('employee@kaveri.example'))).toEqual([]);
  });
});

describe('the morning digest', () => {
  it('goes to a manager who chose it, with what waits for them and who is on leave today; nothing while the digest is off', async () => {
    const { sendMorningDigest } = await import('../../server/src/modules/email/index.ts');
    const ctx = await systemCtx(server.deps);
    const asCaller = async (caller: Parameters<Parameters<typeof sendMorningDigest>[1]>[0]) => ({ ...ctx, caller });
    expect((await manager.get('/api/me/notification-preferences')).body.items.find((i: { category: string }) => i.category === 'digest').email).toBe(false);
    expect((await employee.get('/api/me/notification-preferences')).body.items.map((i: { category: string }) => i.category)).toEqual(['approvals', 'decisions']);
    await manager.put('/api/me/notification-preferences', { items: [{ category: 'digest', email: true }] });
    expect(await sendMorningDigest(ctx, asCaller)).toBe(0); // the digest is off in the settings
    await admin.put('/api/settings/email', { host: '127.0.0.1', port: smtp.port, tlsMode: 'none', username: 'muster', fromAddress: 'Muster at Kaveri <muster@kaveri.example>', digestEnabled: true });
    const waiting = await apply(3);
    expect(await sendMorningDigest(ctx, asCaller)).toBe(1);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('manager@kaveri.example') && /morning digest/.test(m.subject ?? ''));
    expect(mail.text).toMatch(/Waiting for your decision \(\d+\):/);
    expect(mail.text).toContain('Sneha Kulkarni: 1 day of Casual leave');
    expect(mail.text).toMatch(/On leave today \(\d+\):/);
    expect(mail.html).toContain('Waiting for your decision');
    expect(waiting).toBeTruthy();
  });
});
