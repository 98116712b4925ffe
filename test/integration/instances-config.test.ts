import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startServer } from '../support/server.ts';
import { type Instances, startInstances } from '../support/instances.ts';
import { myEmployeeId, sha256, typesByName, uniquePdf, upload } from '../support/documents.ts';

/**
 * What instances behind a load balancer need from the environment (issue 19): documents in a files
 * directory every instance mounts (MUSTER_FILES_DIR), and the proxy's address trusted for the
 * client's (MUSTER_TRUST_PROXY).
 */

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-files-'));
let two: Instances;
beforeAll(async () => {
  two = await startInstances(2, { env: { MUSTER_FILES_DIR: filesDir, MUSTER_TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await two?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('a files directory shared by the instances', () => {
  it('keeps a document uploaded through A under MUSTER_FILES_DIR, and B serves it', async () => {
    const [a, b] = two.servers as [TestServer, TestServer];
    const hrA = await a.login('hr@kaveri.example');
    const employeeId = await myEmployeeId(await a.login('employee@kaveri.example'));
    const typeId = (await typesByName(hrA)).get('Voter ID')?.id;
    const bytes = uniquePdf('Voter ID');
    const res = await upload(hrA, employeeId, { bytes, ...(typeId ? { typeId } : {}) });
    expect(res.status, res.text).toBe(200);
    const h = sha256(bytes);
    expect(fs.existsSync(path.join(filesDir, 'documents', h.slice(0, 2), h.slice(2, 4), h))).toBe(true);
    expect(fs.existsSync(path.join(two.dataDir, 'documents', h.slice(0, 2), h.slice(2, 4), h))).toBe(false);
    const down = await (await b.login('hr@kaveri.example')).get(`/api/documents/${res.body.id as string}/file`);
    expect(down.status).toBe(200);
    expect(sha256(down.body as Buffer)).toBe(h);
  });
});

describe('the proxy in front (MUSTER_TRUST_PROXY)', () => {
  it('takes the client address from X-Forwarded-For sent by a trusted proxy', async () => {
    const [a] = two.servers as [TestServer];
    const c = a.client();
    expect((await c.post('/api/auth/login', { email: 'hr@kaveri.example', password: 'demo-pass-123' }, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(200);
    const mine = (await c.get('/api/sessions')).body.items.find((s: { current: boolean }) => s.current) as { ipAddress: string };
    expect(mine.ipAddress).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For from an address it does not trust', async () => {
    const alone: TestServer = await startServer({ outbox: false, env: { MUSTER_TRUST_PROXY: '10.9.9.9' } });
    try {
      const c = alone.client();
      expect((await c.post('/api/auth/login', { email: 'hr@kaveri.example', password: 'demo-pass-123' }, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(200);
      const mine = (await c.get('/api/sessions')).body.items.find((s: { current: boolean }) => s.current) as { ipAddress: string };
      expect(mine.ipAddress).not.toBe('203.0.113.7');
    } finally {
      await alone.close();
    }
  });
});
