import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../shared/dates.ts';
import type { Client } from '../support/client.ts';
import { employeeIdOf, freeWeek, leaveTypeIdOf, topUp } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { TestSmtp } from '../support/smtp.ts';

/**
 * Issue 21 §3/§5: notifications and e-mails reach each person in their language — here an
 * employee who reads Marathi — while English readers keep the words they always had.
 */

const BASE = 'https://muster.kaveri.example';
let server: TestServer;
const smtp = new TestSmtp();
let admin: Client;
let hr: Client;
let manager: Client;
let employee: Client;
let monday = '';
const ids = { sneha: '', CL: '' };

beforeAll(async () => {
  await smtp.start();
  server = await startServer({ env: { MUSTER_PUBLIC_URL: BASE } });
  [admin, hr, manager, employee] = (await Promise.all(['admin', 'hr', 'manager', 'employee'].map((w) => server.login(`${w}@kaveri.example`)))) as [Client, Client, Client, Client];
  ids.sneha = await employeeIdOf(server, 'employee@kaveri.example');
  ids.CL = await leaveTypeIdOf(server, 'CL');
  await topUp(hr, ids.sneha, ids.CL, 10);
  monday = await freeWeek(server, [ids.sneha], addDays(dayInZone(new Date(), 'Asia/Kolkata'), 56));
  const smtpSaved = await admin.put('/api/settings/email', { host: '127.0.0.1', port: smtp.port, tlsMode: 'none', username: 'muster', password: 'smtp-secret-1', fromAddress: 'Muster at Kaveri <muster@kaveri.example>' });
  expect(smtpSaved.status, smtpSaved.text).toBe(200);
  expect((await employee.put('/api/me/language', { locale: 'mr-IN' })).status).toBe(200);
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

describe('a Marathi reader', () => {
  let requestId = '';

  it('applies; the manager, who reads English, is told in English as before', async () => {
    const day = addDays(monday, 1);
    const res = await employee.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: day, toDate: day, duration: 'FullDay', reason: 'गावी लग्न आहे' });
    expect(res.status, res.text).toBe(200);
    requestId = res.body.id;
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('manager@kaveri.example') && /applied for/.test(m.subject ?? ''));
    expect(mail.subject).toMatch(/^Sneha Kulkarni applied for 1 day of Casual leave/);
    expect(mail.text).toContain('Hello Rahul');
    expect(mail.html).toContain('<html lang="en-IN">');
    const notes = await manager.get('/api/notifications');
    expect(notes.body.items[0].title).toMatch(/^Sneha Kulkarni applied for 1 day of Casual leave/);
  });

  it('reads the approval in Marathi in the app', async () => {
    expect((await manager.post(`/api/leave/requests/${requestId}/approve`, { note: 'शुभेच्छा' })).status).toBe(200);
    const notes = await employee.get('/api/notifications');
    const approved = notes.body.items.find((n: { kind: string }) => n.kind === 'leave.approved');
    expect(approved.title).toContain('किरकोळ रजा (CL)');
    expect(approved.title).toContain('मंजूर झाली आहे');
    expect(approved.title).not.toMatch(/approved|Casual/);
    // The note is the manager's own words: kept as written.
    expect(approved.body).toBe('शुभेच्छा');
  });

  it('gets the approval by e-mail in Marathi: subject, greeting, time with Marathi month, button and footer', async () => {
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('employee@kaveri.example') && /मंजूर/.test(m.subject ?? ''));
    expect(mail.subject).toMatch(/साठीची तुमची किरकोळ रजा \(CL\) मंजूर झाली आहे · Kaveri/);
    expect(mail.text).toContain('नमस्कार Sneha Kulkarni,');
    expect(mail.text).toMatch(/केव्हा: \d{1,2} \S+ \d{4}, \d{2}:\d{2} IST \(Asia\/Kolkata\)/);
    expect(mail.text).not.toMatch(/\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, /);
    expect(mail.text).toContain(`Muster मध्ये उघडा: ${BASE}/leave`);
    expect(mail.text).toContain('“माझ्या अर्जांवरील निर्णय” साठी ईमेल निवडलेला आहे');
    expect(mail.html).toContain('<html lang="mr-IN">');
    expect(mail.html).toContain('Muster मध्ये उघडा</a>');
    expect(mail.text).not.toMatch(/Hello|When:|Open in Muster/);
  });

  it('a rejection follows a language chosen after the request was made', async () => {
    const day = addDays(monday, 2);
    const res = await employee.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: day, toDate: day, duration: 'FullDay', reason: null });
    expect(res.status, res.text).toBe(200);
    expect((await employee.put('/api/me/language', { locale: 'ta-IN' })).status).toBe(200);
    expect((await manager.post(`/api/leave/requests/${res.body.id}/reject`, { note: 'Audit week' })).status).toBe(200);
    const notes = await employee.get('/api/notifications');
    const rejected = notes.body.items.find((n: { kind: string }) => n.kind === 'leave.rejected');
    expect(rejected.title).toContain('நிராகரிக்கப்பட்டது');
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('employee@kaveri.example') && /நிராகரிக்கப்பட்டது/.test(m.subject ?? ''));
    expect(mail.text).toContain('வணக்கம் Sneha Kulkarni,');
  });
});
