import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../shared/dates.ts';
import { LEAVE_DOCUMENT_TYPE_ID } from '../../shared/documents.ts';
import { LeaveRequest } from '../../shared/leave/index.ts';
import type { Client, HttpResult } from '../support/client.ts';
import { sha256, uniquePdf, upload } from '../support/documents.ts';
import { SPEC_FIELDS, employeeIdOf, freeWeek, leaveTypeIdOf, topUp } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Supporting documents of leave requests (issue 9): a medical certificate
 * attached when applying (the apply form as multipart) or later, through the
 * documents store (413, 415, hashed, audited under Documents), listed on the
 * request to whoever may see it and downloaded through the documents route
 * (404 outside scope), and `documentMissing` until it is there.
 */

let server: TestServer;
let employee: Client;
let manager: Client;
let hr: Client;
let outsider: Client;
let today: string;
const ids = { sneha: '', SL: '', CL: '' };
let lastMonday = '';

function expectRecord(body: unknown): LeaveRequest {
  const parsed = LeaveRequest.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  for (const field of SPEC_FIELDS) expect(body, field).toHaveProperty(field);
  return parsed.data as LeaveRequest;
}

/** Monday to Wednesday of the next week free for Sneha: three working days of sick leave (documents above two). */
async function nextDays(): Promise<{ from: string; to: string }> {
  const monday = await freeWeek(server, [ids.sneha], lastMonday ? addDays(lastMonday, 7) : addDays(today, 7));
  lastMonday = monday;
  return { from: monday, to: addDays(monday, 2) };
}

function applyForm(fields: Record<string, string>, file?: { bytes: Buffer; name?: string; type?: string }): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name ?? 'medical-certificate.pdf');
  return form;
}

function attach(client: Client, requestId: string, bytes: Buffer, name = 'certificate.pdf', type = 'application/pdf'): Promise<HttpResult> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return client.form(`/api/leave/requests/${requestId}/documents`, form);
}

async function slRequest(client: Client = employee, extra: Record<string, unknown> = {}): Promise<LeaveRequest> {
  const days = await nextDays();
  const res = await client.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: days.from, toDate: days.to, reason: 'Viral fever', ...extra });
  expect(res.status, res.text).toBe(200);
  return expectRecord(res.body);
}

const documentsDir = () => path.join(server.dataDir, 'documents');
const incoming = () => (fs.existsSync(path.join(documentsDir(), '.incoming')) ? fs.readdirSync(path.join(documentsDir(), '.incoming')) : []);
const leaveDocRows = (requestId: string) =>
  server.deps.db.selectFrom('employee_document').select(['id', 'slot_key', 'document_type_id', 'version', 'status', 'sha256']).where('leave_request_id', '=', requestId).execute();
const requestCount = async () => Number((await server.deps.db.selectFrom('leave_request').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const auditOf = (employeeId: string, action: string) =>
  server.deps.db.selectFrom('audit_log').select(['category', 'summary', 'actor_name', 'source']).where('employee_id', '=', employeeId).where('action', '=', action).orderBy('at', 'desc').orderBy('id', 'desc').execute();

beforeAll(async () => {
  server = await startServer();
  employee = await server.login('employee@kaveri.example');
  manager = await server.login('manager@kaveri.example');
  hr = await server.login('hr@kaveri.example');
  ids.sneha = await employeeIdOf(server, 'employee@kaveri.example');
  ids.SL = await leaveTypeIdOf(server, 'SL');
  ids.CL = await leaveTypeIdOf(server, 'CL');
  today = dayInZone(new Date(), 'Asia/Kolkata');
  await topUp(hr, ids.sneha, ids.SL, 60);
  // A manager in another department: Sneha is outside their reporting line.
  const sneha = await server.deps.db.selectFrom('employee').select(['department_id']).where('id', '=', ids.sneha).executeTakeFirstOrThrow();
  const other = await server.deps.db
    .selectFrom('user_account as u')
    .innerJoin('employee as e', 'e.id', 'u.employee_id')
    .innerJoin('user_role as r', 'r.user_id', 'u.id')
    .select('u.email')
    .where('r.role', '=', 'Manager')
    .where('e.department_id', '!=', sneha.department_id)
    .where('e.manager_id', 'is not', null)
    .where('u.email', 'not in', ['hr@kaveri.example', 'admin@kaveri.example'])
    .executeTakeFirstOrThrow();
  outsider = await server.login(other.email);
});
afterAll(async () => server.close());

describe('attaching when applying', () => {
  it('takes the medical certificate with the apply form (multipart): one request, one stored file, listed on the request', async () => {
    const days = await nextDays();
    const bytes = uniquePdf('Medical certificate');
    const res = await employee.form(
      '/api/leave/requests',
      applyForm({ leaveTypeId: ids.SL, fromDate: days.from, toDate: days.to, duration: 'FullDay', reason: 'Viral fever', backupEmployeeId: '' }, { bytes }),
    );
    expect(res.status, res.text).toBe(200);
    const r = expectRecord(res.body);
    expect(r).toMatchObject({ workingDays: 3, status: 'PendingManager', documentsRequired: true, documentMissing: false, reason: 'Viral fever', backupEmployeeId: null });
    expect(r.attachments).toHaveLength(1);
    expect(r.attachments[0]).toMatchObject({
      title: 'Leave supporting document',
      originalName: 'medical-certificate.pdf',
      mediaType: 'application/pdf',
      sizeBytes: bytes.length,
      status: 'AwaitingVerification',
      uploadedByName: 'Sneha Kulkarni',
      downloadUrl: `/api/documents/${r.attachments[0]?.id}/file`,
    });
    // Through the documents store: under its hash, in the request's own slot, the leave type.
    const rows = await leaveDocRows(r.id);
    expect(rows).toEqual([{ id: r.attachments[0]?.id, slot_key: `leave:${r.id}`, document_type_id: LEAVE_DOCUMENT_TYPE_ID, version: 1, status: 'AwaitingVerification', sha256: sha256(bytes) }]);
    const h = sha256(bytes);
    expect(fs.existsSync(path.join(documentsDir(), h.slice(0, 2), h.slice(2, 4), h))).toBe(true);
    expect(incoming()).toEqual([]);
    // Audited: the file under Documents, the request under Leave naming it.
    const attached = await auditOf(ids.sneha, 'document.attached');
    expect(attached[0]).toMatchObject({ category: 'Documents', actor_name: 'Sneha Kulkarni', source: 'console' });
    expect(attached[0]?.summary).toMatch(/^Attached medical-certificate\.pdf \(PDF, \d+ K?B\) to the leave request for 3 days of Sick leave \(.+\) as a Leave supporting document, awaiting verification$/);
    expect((await auditOf(ids.sneha, 'leave.submitted'))[0]?.summary).toMatch(/^Applied for 3 days of Sick leave .*, with medical-certificate\.pdf$/);
  });

  it('without a file part is a normal apply; JSON still works as before', async () => {
    const days = await nextDays();
    const res = await employee.form('/api/leave/requests', applyForm({ leaveTypeId: ids.SL, fromDate: days.from, toDate: days.to }));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ documentsRequired: true, documentMissing: true, attachments: [], duration: 'FullDay', reason: null });
    const json = await slRequest();
    expect(json).toMatchObject({ documentsRequired: true, documentMissing: true, attachments: [] });
  });

  it('makes no request when the file is refused (413, 415), and keeps no file when the request is refused (400, 409)', async () => {
    const days = await nextDays();
    const fields = { leaveTypeId: ids.SL, fromDate: days.from, toDate: days.to };
    const before = await requestCount();
    const big = Buffer.concat([uniquePdf(), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const tooBig = await employee.form('/api/leave/requests', applyForm(fields, { bytes: big }));
    expect(tooBig.status, tooBig.text).toBe(413);
    expect(tooBig.headers.get('content-type')).toContain('application/problem+json');
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script>%PDF-1.4</body></html>');
    const wrongType = await employee.form('/api/leave/requests', applyForm(fields, { bytes: html, name: 'certificate.pdf' }));
    expect(wrongType.status, wrongType.text).toBe(415);
    expect(wrongType.body.detail).toMatch(/Accepted: PDF, JPEG, PNG, WebP/);
    const badField = await employee.form('/api/leave/requests', applyForm({ ...fields, fromDate: '2026-02-30' }, { bytes: uniquePdf() }));
    expect(badField.status).toBe(400);
    expect(badField.body.errors[0].path).toBe('body.fromDate');
    const unknownField = await employee.form('/api/leave/requests', applyForm({ ...fields, colour: 'red' }, { bytes: uniquePdf() }));
    expect(unknownField.status).toBe(400);
    // A clash (the same days twice) refuses the second request and its file.
    const first = await employee.form('/api/leave/requests', applyForm(fields, { bytes: uniquePdf() }));
    expect(first.status, first.text).toBe(200);
    const clashBytes = uniquePdf();
    const clash = await employee.form('/api/leave/requests', applyForm(fields, { bytes: clashBytes }));
    expect(clash.status).toBe(409);
    expect(await requestCount()).toBe(before + 1);
    const clashRows = await server.deps.db.selectFrom('employee_document').select('id').where('sha256', '=', sha256(clashBytes)).execute();
    expect(clashRows).toEqual([]);
    expect(incoming()).toEqual([]);
  });

  it('lets HR record sick leave for an employee with the certificate (verified by HR)', async () => {
    const days = await nextDays();
    const res = await hr.form('/api/leave/requests', applyForm({ leaveTypeId: ids.SL, fromDate: days.from, toDate: days.to, employeeId: ids.sneha }, { bytes: uniquePdf(), name: 'hospital-note.pdf' }));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ employeeId: ids.sneha, enteredByName: 'Priya Sharma', documentMissing: false });
    expect(res.body.attachments[0]).toMatchObject({ originalName: 'hospital-note.pdf', status: 'Verified', uploadedByName: 'Priya Sharma' });
    // An employee cannot attach for someone else through apply either.
    const managerId = await employeeIdOf(server, 'manager@kaveri.example');
    const other = await employee.form('/api/leave/requests', applyForm({ leaveTypeId: ids.SL, fromDate: days.from, toDate: days.to, employeeId: managerId }, { bytes: uniquePdf() }));
    expect(other.status).toBe(403);
    expect(incoming()).toEqual([]);
  });
});

describe('attaching later and "document missing"', () => {
  it('clears documentMissing when the employee attaches the file, in the list too, and tells the manager', async () => {
    const r = await slRequest();
    expect(r.documentMissing).toBe(true);
    const inbox = async () => ((await manager.get('/api/leave/requests?toApprove=true&pageSize=100')).body.items as LeaveRequest[]).find((x) => x.id === r.id);
    expect((await inbox())?.documentMissing).toBe(true);
    const mine = async () => ((await employee.get('/api/leave/requests?mine=true&pageSize=100')).body.items as LeaveRequest[]).find((x) => x.id === r.id);
    expect((await mine())?.documentMissing).toBe(true);

    const bytes = uniquePdf('Medical certificate');
    const res = await attach(employee, r.id, bytes, 'डॉक्टर का प्रमाणपत्र.pdf');
    expect(res.status, res.text).toBe(200);
    const after = expectRecord(res.body);
    expect(after.documentMissing).toBe(false);
    expect(after.attachments.map((a) => a.originalName)).toEqual(['डॉक्टर का प्रमाणपत्र.pdf']);
    // The cached list answers see it at once.
    expect((await inbox())?.documentMissing).toBe(false);
    expect((await inbox())?.attachments).toHaveLength(1);
    expect((await mine())?.documentMissing).toBe(false);
    // A second file is a second attachment (version 2 of the request's slot), the first stays.
    const second = await attach(employee, r.id, uniquePdf('Prescription'), 'prescription.pdf');
    expect(second.status).toBe(200);
    expect((second.body as LeaveRequest).attachments.map((a) => a.originalName)).toEqual(['डॉक्टर का प्रमाणपत्र.pdf', 'prescription.pdf']);
    expect((await leaveDocRows(r.id)).map((d) => d.version).sort()).toEqual([1, 2]);

    const told = await server.deps.db
      .selectFrom('notification as n')
      .innerJoin('user_account as u', 'u.id', 'n.user_id')
      .select(['n.kind', 'n.title', 'n.link'])
      .where('u.email', '=', 'manager@kaveri.example')
      .where('n.kind', '=', 'leave.document')
      .execute();
    expect(told).toContainEqual({ kind: 'leave.document', title: expect.stringMatching(/^Sneha Kulkarni attached डॉक्टर का प्रमाणपत्र\.pdf to the request for 3 days of Sick leave/), link: `/leave/approvals?request=${r.id}` });
    const audits = await auditOf(ids.sneha, 'document.attached');
    expect(audits.filter((a) => a.summary.includes('prescription.pdf'))).toHaveLength(1);
  });

  it('refuses 413 and 415 on a later attachment, keeping nothing and leaving the flag on', async () => {
    const r = await slRequest();
    const big = Buffer.concat([uniquePdf(), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const tooBig = await attach(employee, r.id, big);
    expect(tooBig.status).toBe(413);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(400, 1)]);
    const wrong = await attach(employee, r.id, exe, 'certificate.pdf');
    expect(wrong.status).toBe(415);
    const json = await employee.post(`/api/leave/requests/${r.id}/documents`, { file: 'x' });
    expect(json.status).toBe(415);
    const empty = await attach(employee, r.id, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    const form = new FormData();
    form.set('note', 'hello');
    form.set('file', new Blob([new Uint8Array(uniquePdf())]), 'a.pdf');
    const extra = await employee.form(`/api/leave/requests/${r.id}/documents`, form);
    expect(extra.status).toBe(400);
    expect(extra.body.errors[0].path).toBe('body.note');
    expect(await leaveDocRows(r.id)).toEqual([]);
    expect(incoming()).toEqual([]);
    expect((await employee.get(`/api/leave/requests/${r.id}`)).body.documentMissing).toBe(true);
  });

  it('lets only the employee or HR attach, only while pending or approved', async () => {
    const r = await slRequest();
    expect((await attach(manager, r.id, uniquePdf())).status).toBe(403);
    expect((await attach(outsider, r.id, uniquePdf())).status).toBe(404);
    const byHr = await attach(hr, r.id, uniquePdf(), 'scan.pdf');
    expect(byHr.status, byHr.text).toBe(200);
    expect(byHr.body.attachments[0]).toMatchObject({ status: 'Verified', uploadedByName: 'Priya Sharma' });
    expect((await attach(employee, '00000000-0000-4000-8000-000000000000', uniquePdf())).status).toBe(404);

    const withdrawn = await slRequest();
    expect((await employee.post(`/api/leave/requests/${withdrawn.id}/withdraw`, {})).status).toBe(200);
    const late = await attach(employee, withdrawn.id, uniquePdf());
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/withdrawn/);
    expect((await employee.get(`/api/leave/requests/${withdrawn.id}`)).body).toMatchObject({ documentsRequired: true, documentMissing: false });
  });

  it('still lets the manager approve without the document; it can be attached after approval', async () => {
    const r = await slRequest();
    const approved = await manager.post(`/api/leave/requests/${r.id}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ status: 'Approved', documentMissing: true });
    const res = await attach(employee, r.id, uniquePdf());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Approved', documentMissing: false });
  });

  it('shows the flag again when HR rejects or deletes the only file', async () => {
    const r = await slRequest();
    const first = (await attach(employee, r.id, uniquePdf())).body as LeaveRequest;
    const docId = first.attachments[0]?.id as string;
    const rejected = await hr.post(`/api/documents/${docId}/reject`, { note: 'Not signed by the doctor' });
    expect(rejected.status, rejected.text).toBe(200);
    const seen = (await manager.get(`/api/leave/requests/${r.id}`)).body as LeaveRequest;
    expect(seen.documentMissing).toBe(true);
    expect(seen.attachments[0]?.status).toBe('Rejected');
    const second = (await attach(employee, r.id, uniquePdf())).body as LeaveRequest;
    expect(second.documentMissing).toBe(false);
    const secondId = second.attachments[1]?.id as string;
    expect((await hr.post(`/api/documents/${secondId}/delete`, { reason: 'Wrong file' })).status).toBe(200);
    const now = (await employee.get(`/api/leave/requests/${r.id}`)).body as LeaveRequest;
    expect(now.documentMissing).toBe(true);
    expect(now.attachments.map((a) => a.id)).toEqual([docId]);
  });

  it('is false for a type or length that needs no document', async () => {
    const days = await nextDays();
    const res = await employee.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: days.from, toDate: addDays(days.from, 1) });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ workingDays: 2, documentsRequired: false, documentMissing: false, attachments: [] });
  });
});

describe('who sees and downloads the file', () => {
  let request: LeaveRequest;
  let bytes: Buffer;

  beforeAll(async () => {
    const days = await nextDays();
    bytes = uniquePdf('Medical certificate');
    const res = await employee.form('/api/leave/requests', applyForm({ leaveTypeId: ids.SL, fromDate: days.from, toDate: days.to }, { bytes, name: 'certificate (Dr. Rao).pdf' }));
    expect(res.status, res.text).toBe(200);
    request = res.body as LeaveRequest;
  });

  it('shows it to the manager in the inbox and lets them download it with the documents security headers', async () => {
    const inbox = (await manager.get('/api/leave/requests?toApprove=true&pageSize=100')).body.items as LeaveRequest[];
    const item = inbox.find((x) => x.id === request.id);
    expect(item?.attachments.map((a) => a.originalName)).toEqual(['certificate (Dr. Rao).pdf']);
    const url = item?.attachments[0]?.downloadUrl as string;
    const down = await manager.get(url);
    expect(down.status).toBe(200);
    expect(sha256(down.body as Buffer)).toBe(sha256(bytes));
    expect(down.headers.get('content-type')).toBe('application/pdf');
    expect(down.headers.get('x-content-type-options')).toBe('nosniff');
    expect(down.headers.get('content-security-policy')).toBe('sandbox');
    expect(down.headers.get('content-disposition')).toMatch(/^attachment; filename="certificate \(Dr\. Rao\)\.pdf"/);
  });

  it('lets the employee and HR download it', async () => {
    const url = request.attachments[0]?.downloadUrl as string;
    expect((await employee.get(url)).status).toBe(200);
    expect((await hr.get(url)).status).toBe(200);
    expect(((await hr.get(`/api/leave/requests/${request.id}`)).body as LeaveRequest).attachments).toHaveLength(1);
  });

  it('answers 404 to a manager outside the line, for the request and the file, and lists nothing of it', async () => {
    const url = request.attachments[0]?.downloadUrl as string;
    expect((await outsider.get(`/api/leave/requests/${request.id}`)).status).toBe(404);
    const down = await outsider.get(url);
    expect(down.status).toBe(404);
    expect(down.text).not.toContain('%PDF');
    const list = (await outsider.get('/api/leave/requests?pageSize=100')).body.items as LeaveRequest[];
    expect(list.some((x) => x.id === request.id)).toBe(false);
  });

  it("answers 404 to the employee for someone else's leave document", async () => {
    const other = await server.deps.db
      .selectFrom('employee')
      .select('id')
      .where('id', '!=', ids.sneha)
      .where('status', '=', 'Active')
      .where('department_id', 'is not', null)
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const days = await freeWeek(server, [other.id], addDays(today, 7));
    await topUp(hr, other.id, ids.SL, 10);
    const res = await hr.form('/api/leave/requests', applyForm({ leaveTypeId: ids.SL, fromDate: days, toDate: addDays(days, 2), employeeId: other.id }, { bytes: uniquePdf() }));
    expect(res.status, res.text).toBe(200);
    const theirs = res.body as LeaveRequest;
    expect((await employee.get(theirs.attachments[0]?.downloadUrl as string)).status).toBe(404);
    expect((await employee.get(`/api/leave/requests/${theirs.id}`)).status).toBe(404);
    expect((await attach(employee, theirs.id, uniquePdf())).status).toBe(404);
  });

  it('hides a type HR marked sensitive from the manager (not listed, 404), but the flag stays off', async () => {
    expect((await hr.patch(`/api/documents/types/${LEAVE_DOCUMENT_TYPE_ID}`, { sensitive: true })).status).toBe(200);
    try {
      const seen = (await manager.get(`/api/leave/requests/${request.id}`)).body as LeaveRequest;
      expect(seen.attachments).toEqual([]);
      expect(seen.documentMissing).toBe(false);
      expect((await manager.get(request.attachments[0]?.downloadUrl as string)).status).toBe(404);
      expect(((await employee.get(`/api/leave/requests/${request.id}`)).body as LeaveRequest).attachments).toHaveLength(1);
      expect(((await hr.get(`/api/leave/requests/${request.id}`)).body as LeaveRequest).attachments).toHaveLength(1);
    } finally {
      expect((await hr.patch(`/api/documents/types/${LEAVE_DOCUMENT_TYPE_ID}`, { sensitive: false })).status).toBe(200);
    }
  });
});

describe('the documents side', () => {
  it('keeps leave files out of the checklist and the organisation view, but in the file of versions', async () => {
    const file = (await hr.get(`/api/employees/${ids.sneha}/documents`)).body;
    expect((file.items as { key: string }[]).some((i) => i.key.startsWith('leave:'))).toBe(false);
    const leaveDocs = (file.documents as { leaveRequestId: string | null; current: boolean; type: { id: string } | null }[]).filter((d) => d.leaveRequestId);
    expect(leaveDocs.length).toBeGreaterThan(0);
    expect(leaveDocs.every((d) => d.type?.id === LEAVE_DOCUMENT_TYPE_ID)).toBe(true);
    expect((file.uploadableTypes as { id: string }[]).some((t) => t.id === LEAVE_DOCUMENT_TYPE_ID)).toBe(false);
    const overview = await hr.get(`/api/documents/overview?status=AwaitingVerification&employeeId=${ids.sneha}&pageSize=100`);
    expect(overview.status).toBe(200);
    expect((overview.body.items as { key: string }[]).some((r) => r.key.includes('leave:'))).toBe(false);
    // Nor in the compliance module's document-checklist register.
    const today = new Date(server.deps.clock.now().getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const register = await hr.get(`/api/compliance/registers/document-checklist?period=${today}&limit=5000`);
    expect(register.status).toBe(200);
    const sneha = (register.body.rows as unknown[][]).filter((r) => r.includes('Sneha Kulkarni'));
    expect(sneha.length).toBeGreaterThan(0);
    expect(sneha.some((r) => r.includes('Leave supporting document'))).toBe(false);
  });

  it('offers the type for leave requests only: no upload on its own, no checklist, no expiry', async () => {
    const types = (await hr.get('/api/documents/types')).body.items as { id: string; name: string; forLeaveRequests: boolean; requiredFor: string[]; sensitive: boolean }[];
    const leaveType = types.find((t) => t.id === LEAVE_DOCUMENT_TYPE_ID);
    expect(leaveType).toMatchObject({ name: 'Leave supporting document', forLeaveRequests: true, requiredFor: [], sensitive: false });
    expect(types.filter((t) => t.forLeaveRequests)).toHaveLength(1);
    const direct = await upload(employee, ids.sneha, { bytes: uniquePdf(), typeId: LEAVE_DOCUMENT_TYPE_ID });
    expect(direct.status).toBe(400);
    expect(direct.body.errors[0]).toEqual({ path: 'body.typeId', message: 'attach it to its leave request' });
    const checklist = await hr.put('/api/documents/checklists/FullTime', { typeIds: [LEAVE_DOCUMENT_TYPE_ID] });
    expect(checklist.status).toBe(400);
    const expires = await hr.patch(`/api/documents/types/${LEAVE_DOCUMENT_TYPE_ID}`, { expires: true });
    expect(expires.status).toBe(400);
    // The old, ignored field of the upload form is refused rather than dropped.
    const form = new FormData();
    form.set('typeId', types.find((t) => t.name === 'Voter ID')?.id ?? '');
    form.set('leaveRequestId', '00000000-0000-4000-8000-000000000000');
    form.set('file', new Blob([new Uint8Array(uniquePdf())]), 'a.pdf');
    expect((await hr.form(`/api/employees/${ids.sneha}/documents`, form)).status).toBe(400);
  });

  it('refuses attachments once HR switched the type off, and takes them again when it is back on', async () => {
    const r = await slRequest();
    expect((await hr.patch(`/api/documents/types/${LEAVE_DOCUMENT_TYPE_ID}`, { active: false })).status).toBe(200);
    try {
      const res = await attach(employee, r.id, uniquePdf());
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/stopped taking/);
    } finally {
      expect((await hr.patch(`/api/documents/types/${LEAVE_DOCUMENT_TYPE_ID}`, { active: true })).status).toBe(200);
    }
    expect((await attach(employee, r.id, uniquePdf())).status).toBe(200);
    expect(incoming()).toEqual([]);
  });
});
