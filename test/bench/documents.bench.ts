import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newId } from '../../server/src/ids.ts';
import { documentStore } from '../../server/src/modules/documents/index.ts';
import { miniPdf } from '../../server/src/modules/documents/mini-files.ts';
import { freePort, spawnTs } from '../support/process.ts';
import { compare, login, measure, prepareDataDir, printTable, startMuster, type Row } from './harness.ts';

const EMPLOYEES = 1_000;
const TYPES_ON_CHECKLIST = 15;
const MIB = 1024 * 1024;

/** A 1 MiB PDF: a real one-page PDF padded with a comment block. */
function pdfOfOneMiB(): Buffer {
  const head = miniPdf('Bench document', ['One mebibyte, for the upload and download benchmark.']);
  return Buffer.concat([head, Buffer.from(`%${'x'.repeat(MIB - head.length - 2)}\n`, 'latin1')]);
}

/** A multipart body with one file part, as a browser sends it. */
function multipart(typeId: string, file: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----muster-bench-${crypto.randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="typeId"\r\n\r\n${typeId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Uploads and downloads of a 1 MiB PDF (downloads against bare Express's
 * res.sendFile of the same file, alternately in the same run), and the
 * organisation's "missing documents" list for 1,000 employees × 15 required types.
 */
export async function benchDocuments(): Promise<Row[]> {
  const rows: Row[] = [];
  const prepared = await prepareDataDir(EMPLOYEES);
  const db = prepared.db;
  // 15 types on the full-time checklist; each employee holds about half of them.
  const types = await db.selectFrom('document_type').select(['id', 'name']).orderBy('sort_order').execute();
  const checklist = types.slice(0, TYPES_ON_CHECKLIST);
  await db.deleteFrom('document_checklist').execute();
  await db.insertInto('document_checklist').values(checklist.map((t) => ({ employment_type: 'FullTime', document_type_id: t.id }))).execute();
  const employees = await db.selectFrom('employee').select('id').execute();
  const stored = await documentStore(prepared.dataDir).put(miniPdf('Synthetic', ['bench']));
  const now = new Date().toISOString();
  const docs = employees.flatMap((e, i) =>
    checklist
      .filter((_, j) => (i * 7 + j * 3) % 2 === 0)
      .map((t, j) => ({
        id: newId(),
        employee_id: e.id,
        document_type_id: t.id,
        slot_key: `type:${t.id}`,
        title: t.name,
        version: 1,
        original_name: 'synthetic.pdf',
        size_bytes: stored.sizeBytes,
        media_type: 'application/pdf',
        sha256: stored.sha256,
        expires_on: null,
        status: (i + j) % 17 === 0 ? 'AwaitingVerification' : 'Verified',
        note: null,
        review_note: null,
        reviewed_by_name: 'Bench',
        reviewed_by_employee_id: null,
        reviewed_at: now,
        uploaded_by_user_id: null,
        uploaded_by_employee_id: null,
        uploaded_by_name: 'Bench',
        uploaded_at: now,
        deleted_at: null,
        deleted_by_name: null,
        delete_reason: null,
        purged_at: null,
        expiry_notified_for: null,
        leave_request_id: null,
      })),
  );
  for (let i = 0; i < docs.length; i += 500) await db.insertInto('employee_document').values(docs.slice(i, i + 500)).execute();
  await prepared.close();

  const muster = await startMuster(prepared.dataDir);
  const bareFile = path.join(os.tmpdir(), `muster-bench-${crypto.randomUUID()}.pdf`);
  try {
    const cookie = await login(muster.url);
    const me = (await (await fetch(`${muster.url}/api/auth/me`, { headers: { cookie } })).json()) as { user: { employeeId: string } };
    const pdf = pdfOfOneMiB();
    const typeId = types.find((t) => t.name === 'Signed policies')?.id ?? '';
    const form = multipart(typeId, pdf);

    // Uploads: every request a new version of the same 1 MiB file (staged, hashed, fsynced, renamed, row written).
    const upload = await measure(muster.url, [{ path: `/api/employees/${me.user.employeeId}/documents`, method: 'POST', headers: { cookie, 'content-type': form.contentType }, body: form.body }], 6, 4);
    rows.push({ scenario: 'upload 1 MiB PDF (multipart, fsync), 4 conn', rps: upload.rps, p99: upload.p99, baseRps: 0, baseP99: 0, target: 'report', pass: upload.non2xx === 0 && upload.errors === 0, ...(upload.non2xx ? { notes: `${upload.non2xx} non-2xx` } : {}) });

    // Downloads: the hash-checked answer against bare res.sendFile of the same file.
    const first = await fetch(`${muster.url}/api/employees/${me.user.employeeId}/documents`, { headers: { cookie } });
    const file = (await first.json()) as { documents: { id: string; sizeBytes: number }[] };
    const docId = file.documents.find((d) => d.sizeBytes === pdf.length)?.id ?? '';
    fs.writeFileSync(bareFile, pdf);
    const port = await freePort();
    const bare = spawnTs('test/bench/bare-sendfile-server.ts', { PORT: String(port), BODY_FILE: bareFile });
    await bare.waitFor(/bare listening/);
    const bareUrl = `http://127.0.0.1:${port}`;
    try {
      const download = await compare({ url: muster.url, requests: [{ path: `/api/documents/${docId}/file`, headers: { cookie } }] }, { url: bareUrl, requests: [{ path: '/bench.pdf' }] }, { connections: 4 });
      rows.push({ scenario: 'download 1 MiB PDF (hash checked), 4 conn', rps: download.real.rps, p99: download.real.p99, baseRps: download.bare.rps, baseP99: download.bare.p99, ratio: download.ratio, target: '≥ 70% of sendFile', pass: download.ratio >= 0.7 && download.real.non2xx === 0 });
    } finally {
      bare.child.kill('SIGTERM');
      await bare.exited;
    }

    // The missing-documents list: every request a filter not seen before (withinDays 1..365), so the SQL runs each time.
    const uncached = Array.from({ length: 365 }, (_, i) => ({ path: `/api/documents/overview?status=Missing&page=${(i % 5) + 1}&pageSize=50&withinDays=${i + 1}`, headers: { cookie } }));
    const list = await measure(muster.url, uncached, 6, 1);
    const sample = (await (await fetch(`${muster.url}/api/documents/overview?status=Missing&pageSize=1`, { headers: { cookie } })).json()) as { total: number };
    rows.push({ scenario: `missing documents, ${EMPLOYEES} employees × ${TYPES_ON_CHECKLIST} types (${sample.total} missing), uncached, 1 conn`, rps: list.rps, p99: list.p99, baseRps: 0, baseP99: 0, target: 'p99 < 150 ms', pass: list.p99 < 150 && list.non2xx === 0 });
    const pages = Array.from({ length: 20 }, (_, i) => ({ path: `/api/documents/overview?status=Missing&page=${i + 1}&pageSize=50`, headers: { cookie } }));
    const warm = await measure(muster.url, pages, 4, 1);
    rows.push({ scenario: 'missing documents, paging a list seen before, 1 conn', rps: warm.rps, p99: warm.p99, baseRps: 0, baseP99: 0, target: 'report', pass: warm.non2xx === 0 });
  } finally {
    await muster.stop();
    fs.rmSync(bareFile, { force: true });
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  }
  printTable('Documents (autocannon, loopback; download ratio = Muster / bare Express res.sendFile of the same file)', rows);
  return rows;
}
