import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialiseDatabase } from '../../server/src/bootstrap.ts';
import { fixedClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import { migrateToLatest } from '../../server/src/db/database.ts';
import { loadOrCreateSecrets } from '../../server/src/secrets.ts';
import type { Client } from '../support/client.ts';
import { unzip } from '../support/compliance.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { DEMO_PASSWORD, openNewDatabase } from '../support/templates.ts';

/**
 * The bundle's content does not change when the way it is built does (memory,
 * threads, flags): the demo organisation seeded at a fixed instant (the test
 * template is seeded at the real one, so its months move), the bundle of the
 * month before, and a digest of every file's content compared with the one
 * recorded before the bundle was reworked (the snapshot beside this file).
 *
 * What is not comparable is left out: a PDF's /CreationDate and the /ID
 * derived from it (pdfkit stamps the wall clock), an XLSX's zip timestamps
 * and its core properties' dates. Everything else — every page's content
 * stream, every object, every sheet's XML — is hashed as written.
 *
 * A deliberate change to a register or to the demo's seed changes the digests:
 * check the new files, then `npx vitest run --config test/vitest.config.ts -u <this file>`.
 */

const AT = '2026-11-20T06:30:00Z';
const PERIOD = '2026-10';

let server: TestServer;
let hr: Client;
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** The PDF's bytes with its creation date and file id blanked (same lengths, so every offset stays). */
function comparablePdf(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  const out = text.replace(/\(D:\d{14}Z\)/g, '(D:00000000000000Z)').replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '/ID [<0> <0>]');
  return sha(Buffer.from(out, 'latin1'));
}

/** Every part of the XLSX (its XML), the core properties' dates blanked; zip timestamps are not part of it. */
async function comparableXlsx(bytes: Buffer): Promise<string> {
  const parts = await unzip(bytes);
  const hashes = [...parts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, content]) => {
      const xml = name === 'docProps/core.xml' ? content.toString('utf8').replace(/(<dcterms:(created|modified)[^>]*>)[^<]*/g, '$1') : content;
      return `${name} ${sha(xml)}`;
    });
  return sha(hashes.join('\n'));
}

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-test-'));
  const clock = fixedClock(AT);
  const config = loadConfig({ MUSTER_DATA_DIR: dataDir, MUSTER_DEMO: '1', MUSTER_DEMO_PASSWORD: DEMO_PASSWORD });
  const opened = await openNewDatabase(dataDir);
  await migrateToLatest(opened.db);
  await initialiseDatabase(opened.db, config, clock, loadOrCreateSecrets(dataDir, undefined));
  await opened.close();
  server = await startServer({ dataDir, clock });
  hr = await server.login('hr@kaveri.example');
}, 300_000);
afterAll(async () => server?.close());

describe('the bundle of the demo, seeded at a fixed instant', () => {
  it('holds the same files, rows and content as before its build was reworked', async () => {
    const res = await hr.get(`/api/compliance/bundle?period=${PERIOD}`);
    expect(res.status).toBe(200);
    const files = await unzip(res.body as Buffer);
    const manifest = JSON.parse(files.get('manifest.json')?.toString('utf8') ?? '{}') as { files: Record<string, unknown>[] };
    const digests = [];
    for (const f of manifest.files) {
      const bytes = files.get(String(f.name)) as Buffer;
      expect(sha(bytes), String(f.name)).toBe(f.sha256);
      const { sha256: _sha, sizeBytes, generatedAt, ...rest } = f;
      expect(generatedAt).toBe(new Date(AT).toISOString());
      digests.push({
        ...rest,
        // A PDF's size is fixed (the blanked date and id have fixed lengths); an XLSX's depends on its zip timestamps.
        ...(f.format === 'pdf' ? { sizeBytes } : {}),
        content: f.format === 'pdf' ? comparablePdf(bytes) : await comparableXlsx(bytes),
      });
    }
    expect(digests).toHaveLength(40);
    await expect(`${JSON.stringify(digests, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/compliance-bundle-content.json');
  }, 180_000);
});
