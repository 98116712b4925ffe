import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { type TypeInfo, miniPng, myEmployeeId, sha256, typesByName, uniquePdf, upload } from '../support/documents.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let hr: Client;
let employee: Client;
let manager: Client;
let types: Map<string, TypeInfo>;
let employeeId: string;
let colleagueId: string;
let reportId: string;

const type = (name: string) => {
  const t = types.get(name);
  if (!t) throw new Error(`no type ${name}`);
  return t;
};

beforeAll(async () => {
  server = await startServer();
  hr = await server.login('hr@kaveri.example');
  employee = await server.login('employee@kaveri.example');
  manager = await server.login('manager@kaveri.example');
  types = await typesByName(hr);
  employeeId = await myEmployeeId(employee);
  const managerId = await myEmployeeId(manager);
  const team = await manager.get('/api/employees?pageSize=100');
  reportId = (team.body.items as { id: string }[]).find((e) => e.id !== managerId)?.id ?? '';
  const all = await hr.get('/api/employees?pageSize=100&status=Active');
  colleagueId = (all.body.items as { id: string }[]).find((e) => e.id !== employeeId && e.id !== reportId && e.id !== managerId)?.id ?? '';
});
afterAll(async () => server.close());

const documentsDir = () => path.join(server.dataDir, 'documents');
const storedFiles = () =>
  fs.existsSync(documentsDir())
    ? (fs.readdirSync(documentsDir(), { recursive: true }) as string[]).filter((f) => /[0-9a-f]{64}$/.test(f)).map((f) => path.basename(f))
    : [];
const incoming = () => (fs.existsSync(path.join(documentsDir(), '.incoming')) ? fs.readdirSync(path.join(documentsDir(), '.incoming')) : []);

describe('uploading and downloading', () => {
  it('round-trips a PDF: stored under its hash, never its name, and served back as an attachment nothing can run', async () => {
    const bytes = uniquePdf('Voter ID');
    const res = await upload(hr, employeeId, { bytes, typeId: type('Voter ID').id, filename: 'मतदाता पहचान पत्र (scan).pdf' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ employeeId, title: 'Voter ID', version: 1, mediaType: 'application/pdf', sizeBytes: bytes.length, sha256: sha256(bytes), status: 'Verified', current: true });
    expect(res.body.originalName).toBe('मतदाता पहचान पत्र (scan).pdf');
    // On disk under the hash (two-level fan-out), not the name, not in any static folder.
    const h = sha256(bytes);
    expect(fs.existsSync(path.join(documentsDir(), h.slice(0, 2), h.slice(2, 4), h))).toBe(true);
    expect(storedFiles().some((f) => f.includes('scan'))).toBe(false);
    expect(incoming()).toEqual([]);

    const down = await employee.get(`/api/documents/${res.body.id}/file`);
    expect(down.status).toBe(200);
    expect(sha256(down.body as Buffer)).toBe(h);
    expect(down.headers.get('content-type')).toBe('application/pdf');
    expect(down.headers.get('x-content-type-options')).toBe('nosniff');
    expect(down.headers.get('content-security-policy')).toBe('sandbox');
    const disposition = down.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '')).toBe('मतदाता पहचान पत्र (scan).pdf');
  });

  it('takes an image the employee uploads for themself, awaiting verification', async () => {
    const res = await upload(employee, employeeId, { bytes: miniPng(42), typeId: type('Photograph').id, filename: 'me.png', declaredType: 'image/png' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ mediaType: 'image/png', status: 'AwaitingVerification', uploadedByName: 'Sneha Kulkarni' });
  });

  it('refuses a renamed program and an HTML page called .pdf (415), whatever the declared type', async () => {
    const before = storedFiles().length;
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(400, 1)]);
    exe.writeUInt32LE(64, 0x3c);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(600, 0)]);
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script>%PDF-1.4</body></html>');
    for (const bytes of [exe, elf, html]) {
      const res = await upload(employee, employeeId, { bytes, typeId: type('Address proof').id, filename: 'address.pdf', declaredType: 'application/pdf' });
      expect(res.status, res.text).toBe(415);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.detail).toMatch(/Accepted: PDF, JPEG, PNG, WebP/);
    }
    expect(storedFiles().length).toBe(before);
    expect(incoming()).toEqual([]);
  });

  it('answers 413 for a file over 10 MiB, keeping nothing', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([uniquePdf(), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const res = await upload(hr, employeeId, { bytes: big, typeId: type('Bank proof').id });
    expect(res.status, res.text).toBe(413);
    expect(res.body.detail).toMatch(/10485760 byte limit/);
    expect(storedFiles().length).toBe(before);
    expect(incoming()).toEqual([]);
    const docs = await hr.get(`/api/employees/${employeeId}/documents`);
    expect((docs.body.documents as { title: string; sizeBytes: number }[]).some((d) => d.title === 'Bank proof' && d.sizeBytes > 10_000_000)).toBe(false);
  });

  it('refuses bodies that are not a form, forms without a file, and bad fields, with problem details naming the field', async () => {
    const json = await hr.post(`/api/employees/${employeeId}/documents`, { typeId: type('PAN card').id });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.set('typeId', type('PAN card').id);
    const noFile = await hr.form(`/api/employees/${employeeId}/documents`, form);
    expect(noFile.status).toBe(400);
    expect(noFile.body.errors).toEqual([{ path: 'body.file', message: 'is required' }]);
    const neither = await upload(hr, employeeId, { bytes: uniquePdf() });
    expect(neither.status).toBe(400);
    expect(neither.body.errors[0].path).toBe('body.typeId');
    const noExpiry = await upload(hr, employeeId, { bytes: uniquePdf(), typeId: type('Passport').id });
    expect(noExpiry.status).toBe(400);
    expect(noExpiry.body.errors[0].path).toBe('body.expiresOn');
    const unknownType = await upload(hr, employeeId, { bytes: uniquePdf(), typeId: '00000000-0000-0000-0000-000000000000' });
    expect(unknownType.status).toBe(400);
    expect(incoming()).toEqual([]);
  });

  it('leaves no temporary file and no row when an upload is cut off mid-body', async () => {
    const before = (await hr.get(`/api/employees/${employeeId}/documents`)).body.documents.length;
    const boundary = 'muster-test-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="typeId"\r\n\r\n${type('Last payslips').id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payslip.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const net = await import('node:net');
    const url = new URL(server.url);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST /api/employees/${employeeId}/documents HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${hr.cookieHeader()}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 500000\r\n\r\n${head}`,
        );
        socket.write(uniquePdf());
        socket.write(Buffer.alloc(100_000, 0x20));
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(incoming()).toEqual([]);
    expect((await hr.get(`/api/employees/${employeeId}/documents`)).body.documents.length).toBe(before);
    expect((await hr.get('/api/health')).status).toBe(200);
  });
});

describe('versions and deletion', () => {
  it('keeps every version: a new upload of a type is version 2, the same bytes twice share one file', async () => {
    const t = type('Driving licence');
    const first = uniquePdf('Driving licence v1');
    const v1 = await upload(hr, colleagueId, { bytes: first, typeId: t.id, expiresOn: '2031-05-01' });
    const v2 = await upload(hr, colleagueId, { bytes: first, typeId: t.id, expiresOn: '2031-05-01' });
    expect([v1.status, v2.status]).toEqual([200, 200]);
    expect([v1.body.version, v2.body.version]).toEqual([1, 2]);
    expect(storedFiles().filter((f) => f === sha256(first))).toHaveLength(1);
    const file = await hr.get(`/api/employees/${colleagueId}/documents`);
    const licences = (file.body.documents as { title: string; version: number; current: boolean }[]).filter((d) => d.title === 'Driving licence');
    expect(licences.map((d) => [d.version, d.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    const item = (file.body.items as { name: string; versions: number; current: { version: number } }[]).find((i) => i.name === 'Driving licence');
    expect(item).toMatchObject({ versions: 2, current: { version: 2 } });
  });

  it('deletes softly with a reason: the previous version is current again, the bytes stay, HR still sees it, the employee does not', async () => {
    const t = type('Address proof');
    const old = await upload(hr, employeeId, { bytes: uniquePdf('Old address'), typeId: t.id });
    const bytes = uniquePdf('Wrong address');
    const wrong = await upload(hr, employeeId, { bytes, typeId: t.id });
    const noReason = await hr.post(`/api/documents/${wrong.body.id}/delete`, { reason: '  ' });
    expect(noReason.status).toBe(400);
    const del = await hr.post(`/api/documents/${wrong.body.id}/delete`, { reason: 'Uploaded to the wrong person' });
    expect(del.status, del.text).toBe(200);
    expect(del.body).toMatchObject({ deleteReason: 'Uploaded to the wrong person', deletedByName: 'Priya Sharma', current: false });
    expect((await hr.post(`/api/documents/${wrong.body.id}/delete`, { reason: 'again' })).status).toBe(409);
    expect(storedFiles()).toContain(sha256(bytes));
    const hrView = await hr.get(`/api/employees/${employeeId}/documents`);
    expect((hrView.body.documents as { id: string }[]).some((d) => d.id === wrong.body.id)).toBe(true);
    const item = (hrView.body.items as { name: string; current: { id: string } }[]).find((i) => i.name === 'Address proof');
    expect(item?.current.id).toBe(old.body.id);
    const own = await employee.get(`/api/employees/${employeeId}/documents`);
    expect((own.body.documents as { id: string }[]).some((d) => d.id === wrong.body.id)).toBe(false);
    expect((await employee.get(`/api/documents/${wrong.body.id}/file`)).status).toBe(404);
    expect((await hr.get(`/api/documents/${wrong.body.id}/file`)).status).toBe(200);
  });
});

describe('who sees what', () => {
  it("answers 404 for a colleague's document to a plain employee, and for their file", async () => {
    const doc = await upload(hr, colleagueId, { bytes: uniquePdf('Colleague'), typeId: type('Signed policies').id });
    expect(doc.status).toBe(200);
    expect((await employee.get(`/api/documents/${doc.body.id}/file`)).status).toBe(404);
    expect((await employee.get(`/api/employees/${colleagueId}/documents`)).status).toBe(404);
    expect((await upload(employee, colleagueId, { bytes: uniquePdf(), typeId: type('Signed policies').id })).status).toBe(404);
  });

  it("lets a manager read the team's documents but not sensitive types without employee:sensitive (404, and left out of the file)", async () => {
    const open = await upload(hr, reportId, { bytes: uniquePdf('Policies'), typeId: type('Signed policies').id });
    const sensitive = await upload(hr, reportId, { bytes: uniquePdf('Aadhaar'), typeId: type('Aadhaar').id });
    expect([open.status, sensitive.status]).toEqual([200, 200]);
    expect((await manager.get(`/api/documents/${open.body.id}/file`)).status).toBe(200);
    const hidden = await manager.get(`/api/documents/${sensitive.body.id}/file`);
    expect(hidden.status).toBe(404);
    const file = await manager.get(`/api/employees/${reportId}/documents`);
    expect(file.status).toBe(200);
    expect((file.body.documents as { type: { sensitive: boolean } | null }[]).every((d) => !d.type?.sensitive)).toBe(true);
    expect((file.body.items as { name: string }[]).some((i) => i.name === 'Aadhaar')).toBe(false);
    // A manager verifies nothing and uploads nothing for others.
    expect((await manager.post(`/api/documents/${open.body.id}/verify`, {})).status).toBe(403);
    expect((await upload(manager, reportId, { bytes: uniquePdf(), typeId: type('Signed policies').id })).status).toBe(403);
  });

  it('keeps HR-only types (appointment letter) from employee uploads', async () => {
    const res = await upload(employee, employeeId, { bytes: uniquePdf(), typeId: type('Appointment letter').id });
    expect(res.status).toBe(403);
  });
});

describe('damage', () => {
  it('answers 500 problem+json naming the document when the stored bytes no longer match, and serves nothing', async () => {
    const bytes = uniquePdf('Will be damaged');
    const doc = await upload(hr, colleagueId, { bytes, typeId: type('Education certificates').id });
    const h = sha256(bytes);
    const file = path.join(documentsDir(), h.slice(0, 2), h.slice(2, 4), h);
    fs.chmodSync(file, 0o600);
    const damaged = Buffer.from(bytes);
    damaged[damaged.length - 10] = 0x41;
    fs.writeFileSync(file, damaged);
    const res = await hr.get(`/api/documents/${doc.body.id}/file`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.detail).toContain(doc.body.id);
    expect(res.body.detail).toContain('Education certificates');
    fs.rmSync(file);
    const missing = await hr.get(`/api/documents/${doc.body.id}/file`);
    expect(missing.status).toBe(500);
    expect(missing.body.detail).toMatch(/missing/);
  });
});
