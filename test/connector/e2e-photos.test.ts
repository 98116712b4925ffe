// An FK terminal pushing punches with photos → connector → the real server: a photo the server would
// refuse (not a JPEG/PNG, too large) is left out and the punch still arrives; a good one is kept.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { FkTerminal } from '../../connector/src/emulator/push-terminals.ts';
import { PHOTO_MAX_BYTES } from '../../shared/ingest.ts';
import { freePort } from '../support/process.ts';
import { databaseFile, registerTerminal, startConnector, useE2eServer } from './e2e-support.ts';

const { env, keep } = useE2eServer();

function storedPhotos(serial: string): [number, boolean][] {
  const db = new Database(databaseFile(env.server.dataDir), { readonly: true });
  try {
    return db
      .prepare<[string], { terminal_user_id: number; photo_path: string | null }>('SELECT terminal_user_id, photo_path FROM punch WHERE terminal_serial = ? ORDER BY terminal_user_id')
      .all(serial)
      .map((r) => [r.terminal_user_id, r.photo_path !== null]);
  } finally {
    db.close();
  }
}

describe('punch photos', () => {
  it('a photo the server would refuse is left out with an alert; the punch is delivered, not dead-lettered', async () => {
    const port = await freePort();
    await registerTerminal(env.admin, { name: 'E2E photo FK', protocol: 'fk-push', serial: 'E2E-PHOTO-FK', port });
    const c = keep(await startConnector(env.server.url));
    await expect.poll(() => c.connector.status().connector.config.source).toBe('server');
    const fk = keep(new FkTerminal({ host: '127.0.0.1', port, serial: 'E2E-PHOTO-FK', timeZone: 'Asia/Kolkata' }));
    const time = (minute: number) => ({ year: 2026, month: 11, day: 18, hour: 9, minute, second: 0 });
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 1)]).toString('base64');
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(300, 1)]).toString('base64');
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(PHOTO_MAX_BYTES, 1)]).toString('base64');
    fk.addPunch({ userId: '1001', time: time(1), photoBase64: jpeg });
    fk.addPunch({ userId: '1002', time: time(2), photoBase64: gif });
    fk.addPunch({ userId: '1003', time: time(3), photoBase64: huge });
    fk.start();
    await expect.poll(() => storedPhotos('E2E-PHOTO-FK'), { timeout: 20_000 }).toEqual([
      [1001, true],
      [1002, false],
      [1003, false],
    ]);
    expect(fk.unsent).toBe(0);
    expect(c.connector.spool.count('dead')).toBe(0);
    const notes = c.connector.spool.alerts().filter((a) => a.kind === 'photo-dropped').map((a) => a.message);
    expect(notes).toHaveLength(2);
    expect(notes.join('\n')).toMatch(/user 1002's punch .* neither a JPEG nor a PNG/);
    expect(notes.join('\n')).toMatch(/user 1003's punch .* above the server's limit/);
    // The spool keeps each photo as the terminal sent it.
    const raws = c.connector.spool.db.prepare<[], { raw: string }>("SELECT raw FROM outbox WHERE serial = 'E2E-PHOTO-FK' ORDER BY id").all();
    expect(raws.map((r) => (JSON.parse(r.raw) as { punch: { photoBase64?: string } }).punch.photoBase64?.length)).toEqual([jpeg.length, gif.length, huge.length]);
  });
});
