import crypto from 'node:crypto';
import { miniPdf, miniPng } from '../../server/src/modules/documents/mini-files.ts';
import type { Client, HttpResult } from './client.ts';

export { miniPdf, miniPng };

export const sha256 = (bytes: Buffer | Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** A PDF unlike any other (so its hash is new). */
export function uniquePdf(label = 'Test document'): Buffer {
  return miniPdf(label, [`Made for a test: ${crypto.randomUUID()}`]);
}

export interface UploadOptions {
  bytes: Buffer;
  filename?: string;
  declaredType?: string;
  typeId?: string;
  title?: string;
  expiresOn?: string;
  note?: string;
}

/** Uploads a file for an employee over HTTP as multipart/form-data. */
export async function upload(client: Client, employeeId: string, o: UploadOptions): Promise<HttpResult> {
  const form = new FormData();
  if (o.typeId) form.set('typeId', o.typeId);
  if (o.title) form.set('title', o.title);
  if (o.expiresOn) form.set('expiresOn', o.expiresOn);
  if (o.note) form.set('note', o.note);
  form.set('file', new Blob([new Uint8Array(o.bytes)], { type: o.declaredType ?? 'application/pdf' }), o.filename ?? 'scan.pdf');
  return client.form(`/api/employees/${employeeId}/documents`, form);
}

export interface TypeInfo {
  id: string;
  name: string;
  sensitive: boolean;
  expires: boolean;
  employeeMayUpload: boolean;
  requiredFor: string[];
}

/** The catalogue by name. */
export async function typesByName(client: Client): Promise<Map<string, TypeInfo>> {
  const res = await client.get('/api/documents/types');
  if (res.status !== 200) throw new Error(`types: ${res.status}`);
  return new Map((res.body.items as TypeInfo[]).map((t) => [t.name, t]));
}

/** The id of the signed-in user's employee record. */
export async function myEmployeeId(client: Client): Promise<string> {
  const me = await client.get('/api/auth/me');
  return me.body.user.employeeId as string;
}
