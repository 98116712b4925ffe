import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES, messageAt } from '../../shared/i18n/index.ts';
import { systemCtx } from '../../server/src/wiring.ts';
import { type World, ist, punch, startWorld } from '../support/attendance.ts';
import { TestSmtp } from '../support/smtp.ts';

/**
 * Issue 21 §3: notifications other than leave reach each person in their own language — an
 * employee who reads Marathi, her manager who reads Tamil — title and body, in the app and in
 * the morning digest e-mail; HR, who reads English, keeps the English the server always wrote.
 */

let w: World;
let e0: World['employees'][number];
const smtp = new TestSmtp();
const label = (locale: 'mr-IN' | 'ta-IN', key: string) => messageAt(CATALOGUES[locale].labels, key) ?? key;
const titles = async (c: World['manager']) => (await c.get('/api/notifications')).body.items as { kind: string; title: string; body: string | null }[];

beforeAll(async () => {
  await smtp.start();
  w = await startWorld();
  e0 = w.employees[0] as typeof e0;
  expect((await w.employee.put('/api/me/language', { locale: 'mr-IN' })).status).toBe(200);
  expect((await w.manager.put('/api/me/language', { locale: 'ta-IN' })).status).toBe(200);
  // Monday 10 March 2031: e0 punched in and forgot to punch out.
  await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-10', '09:28') });
});
afterAll(async () => {
  await w.server.close();
  await smtp.stop();
});

describe('a regularization between a Marathi employee and her Tamil manager', () => {
  let id = '';

  it('the manager is told in Tamil, with the kind’s Tamil label in the body and the reason as written', async () => {
    const res = await w.employee.post('/api/regularizations', { date: '2031-03-10', kind: 'MissingPunchOut', reason: 'बस उशिरा आली', punches: [{ time: '18:35', direction: 'out' }] });
    expect(res.status, res.text).toBe(200);
    id = res.body.id;
    const note = (await titles(w.manager)).find((n) => n.kind === 'regularization.requested');
    expect(note?.title).toMatch(/^Att Tester 0 10 .+ 2031-க்கு வருகைத் திருத்தம் கோருகிறார்$/);
    expect(note?.title).not.toMatch(/Mar|asks/);
    expect(note?.body).toBe(`${label('ta-IN', 'regularizationKind.MissingPunchOut')}: बस उशिरा आली`);
  });

  it('the rejection reaches her in Marathi; the manager’s note stays as written', async () => {
    const res = await w.manager.post(`/api/regularizations/${id}/reject`, { note: 'गेट रजिस्टर पाहा' });
    expect(res.status, res.text).toBe(200);
    const note = (await titles(w.employee)).find((n) => n.kind === 'regularization.rejected');
    expect(note?.title).toMatch(/^10 \S+ 2031 ची आपली हजेरी दुरुस्ती नामंजूर झाली$/);
    expect(note?.body).toBe('गेट रजिस्टर पाहा');
  });

  it('an override by HR reaches her in Marathi: the day, the status label and the frozen mark', async () => {
    const res = await w.hr.patch(`/api/attendance/employee/${e0.id}/day/2031-03-10`, { reason: 'Gate register', workedMinutes: 480, frozen: true });
    expect(res.status, res.text).toBe(200);
    const note = (await titles(w.employee)).find((n) => n.kind === 'attendance.override');
    expect(note?.title).toMatch(/^10 \S+ 2031 ची आपली हजेरी बदलली आहे$/);
    const status = (await w.hr.get(`/api/attendance/employee/${e0.id}/day/2031-03-10`)).body.day.status as string;
    expect(note?.body).toMatch(new RegExp(`^.+: ${label('mr-IN', `attendanceStatus.${status}`)}, काम .+ \\(फ्रीज\\)\\. कारण: Gate register$`));
  });

  it('HR, reading English, keeps the English words', async () => {
    const res = await w.employee.post('/api/regularizations', {
      date: '2031-03-11',
      kind: 'ManualEntry',
      reason: 'Vendor site',
      punches: [
        { time: '09:30', direction: 'in' },
        { time: '18:30', direction: 'out' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const approved = await w.manager.post(`/api/regularizations/${res.body.id}/approve`, {});
    expect(approved.body.status).toBe('ManagerApprovedAwaitingHR');
    const note = (await titles(w.hr)).find((n) => n.kind === 'regularization.awaiting-hr');
    expect(note?.title).toBe("Att Tester 0's regularization of 11 Mar 2031 needs HR");
    expect(note?.body).toBe('Manual entry of the day, approved by Rahul Deshmukh.');
  });
});

describe('the morning digest in the manager’s language', () => {
  it('subject, headings and lines in Tamil; the employee’s name as written', async () => {
    const { sendMorningDigest } = await import('../../server/src/modules/email/index.ts');
    const saved = await w.admin.put('/api/settings/email', { host: '127.0.0.1', port: smtp.port, tlsMode: 'none', username: 'muster', password: 'smtp-secret-1', fromAddress: 'Muster <muster@kaveri.example>', digestEnabled: true });
    expect(saved.status, saved.text).toBe(200);
    expect((await w.manager.put('/api/me/notification-preferences', { items: [{ category: 'digest', email: true }] })).status).toBe(200);
    const ctx = await systemCtx(w.server.deps);
    expect(await sendMorningDigest(ctx, async (caller) => ({ ...ctx, caller }))).toBe(1);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('manager@kaveri.example') && /காலைச் சுருக்கம்/.test(m.subject ?? ''));
    expect(mail.subject).toMatch(/உங்கள் காலைச் சுருக்கம்: \d+ உங்களிடம் நிலுவையில், \d+ விடுப்பில்/);
    expect(mail.text).toMatch(/உங்கள் முடிவுக்குக் காத்திருப்பவை \(\d+\):/);
    expect(mail.text).toMatch(/இன்று விடுப்பில் \(\d+\):/);
    expect(mail.text).not.toMatch(/Waiting for your decision|On leave today|morning digest/);
    expect(mail.html).toContain('<html lang="ta-IN">');
  });
});
