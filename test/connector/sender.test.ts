// The sender against a scripted local HTTP server: only the unit-level behaviour
// (200, 4xx → dead letter, 401 → stop, 5xx/down → back-off). End-to-end runs use the real server.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Sender, backoffDelay } from '../../connector/src/poster.ts';
import type { TerminalIdentity } from '../../connector/src/records.ts';
import { ServerClient, problemReason } from '../../connector/src/server-client.ts';
import { Spool } from '../../connector/src/spool.ts';
import { freePort } from '../support/process.ts';
import { tempDir, testLogger } from './support.ts';

type Handler = (body: { terminalUserId: number; transId: number }, req: http.IncomingMessage) => [number, unknown, Record<string, string>?];
/** Answers `POST /timelogs`; without one the server is an older one that has no batch route (404). */
type BatchHandler = (records: { terminalUserId: number; transId: number; photoBase64?: string }[]) => [number, unknown];

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function scriptedServer(handler: Handler, batch?: BatchHandler) {
  const seen: { terminalUserId: number; transId: number; auth: string | undefined }[] = [];
  const batches: number[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      if (req.url?.endsWith('/timelogs')) {
        const records = batch ? (JSON.parse(text) as { records: Parameters<BatchHandler>[0] }).records : [];
        if (batch) batches.push(records.length);
        const [status, payload] = batch ? batch(records) : [404, { title: 'Not found' }];
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
        return;
      }
      const body = JSON.parse(text) as { terminalUserId: number; transId: number };
      seen.push({ ...body, auth: req.headers.authorization });
      const [status, payload, headers] = handler(body, req);
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(payload));
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  cleanups.push(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, batches, connections: () => connections };
}

function setup(url: string, secret = 'the-connector-secret-for-tests', options: { batchRecords?: number } = {}) {
  const dir = tempDir();
  const spool = new Spool(path.join(dir, 'spool.sqlite'));
  const client = new ServerClient(url, secret);
  const sender = new Sender(spool, client, { concurrency: 4, batch: 16, backoff: { initialMs: 20, maxMs: 100 }, logger: testLogger(), ...options });
  cleanups.push(() => client.close());
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => spool.close());
  cleanups.push(() => sender.stop());
  return { spool, sender };
}

const identity: TerminalIdentity = { serial: 'ZK-1', terminalType: 'zk', terminalId: 1, timeZone: 'Asia/Kolkata' };
const punches = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ userId: String(1001 + i), local: { year: 2026, month: 11, day: 21, hour: 9, minute: i % 60, second: 0 }, state: '0', verify: 'fingerprint' }));

const ok = { ok: true, duplicate: false, id: '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e' };

describe('sender', () => {
  it('delivers every record with the bearer secret and marks it sent after the 200', async () => {
    const server = await scriptedServer(() => [200, ok]);
    const { spool, sender } = setup(server.url);
    spool.addPunches('t', identity, punches(40));
    sender.start();
    await expect.poll(() => spool.count('sent')).toBe(40);
    expect(server.seen).toHaveLength(40);
    expect(new Set(server.seen.map((s) => s.auth))).toEqual(new Set(['Bearer the-connector-secret-for-tests']));
    expect(sender.state).toMatchObject({ sent: 40, status: 'idle' });
  });

  it('moves a record the server rejects (4xx) to the dead letters with its reason and goes on', async () => {
    const server = await scriptedServer((body) =>
      body.terminalUserId === 1003 ? [400, { title: 'Bad request', detail: 'The request is invalid.', errors: [{ path: 'body.at', message: 'must have an offset' }] }] : [200, ok],
    );
    const { spool, sender } = setup(server.url);
    spool.addPunches('t', identity, punches(5));
    sender.start();
    await expect.poll(() => spool.count('sent')).toBe(4);
    expect(spool.deadLetters()).toEqual([expect.objectContaining({ status: 400, reason: 'HTTP 400: The request is invalid. (body.at: must have an offset)' })]);
    expect(spool.alerts()[0]).toMatchObject({ kind: 'dead-letter' });
  });

  it('stops on 401 (bad secret), keeps the queue, and resumes when told the secret works again', async () => {
    let accept = false;
    const server = await scriptedServer(() => (accept ? [200, ok] : [401, { title: 'Unauthorized', detail: 'Connector secret required.' }]));
    const { spool, sender } = setup(server.url);
    spool.addPunches('t', identity, punches(10));
    sender.start();
    await expect.poll(() => sender.state.status).toBe('bad-secret');
    const asked = server.seen.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(server.seen.length).toBe(asked); // no hammering with a wrong secret
    expect(spool.count('pending')).toBe(10);
    expect(spool.alerts()[0]).toMatchObject({ kind: 'bad-secret' });
    accept = true;
    sender.resume();
    await expect.poll(() => spool.count('sent')).toBe(10);
  });

  it('backs off while the server fails or is down, then delivers everything exactly once', async () => {
    let failures = 6;
    const server = await scriptedServer(() => (failures-- > 0 ? [503, { title: 'Unavailable' }] : [200, ok]));
    const { spool, sender } = setup(server.url);
    spool.addPunches('t', identity, punches(12));
    sender.start();
    await expect.poll(() => spool.count('sent')).toBe(12);
    expect(new Set(server.seen.map((d) => d.transId)).size).toBe(12);
    expect(sender.state.sent).toBe(12);

    const downPort = await freePort();
    const down = setup(`http://127.0.0.1:${downPort}`);
    down.spool.addPunches('t', identity, punches(3));
    down.sender.start();
    await expect.poll(() => down.sender.state.status).toBe('backing-off');
    expect(down.sender.state.lastError).toMatch(/cannot reach the server/);
    expect(down.spool.count('pending')).toBe(3);
  });

  it('honours Retry-After on 429', async () => {
    let first = true;
    const server = await scriptedServer(() => {
      if (first) {
        first = false;
        return [429, { title: 'Too many' }, { 'retry-after': '1' }];
      }
      return [200, ok];
    });
    const { spool, sender } = setup(server.url);
    spool.addPunches('t', identity, punches(1));
    const started = Date.now();
    sender.start();
    await expect.poll(() => spool.count('sent'), { timeout: 5_000 }).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('reuses its connections (node:http keep-alive) instead of one per record', async () => {
    const server = await scriptedServer(() => [200, ok]);
    const { spool, sender } = setup(server.url);
    spool.addPunches('t', identity, punches(60));
    sender.start();
    await expect.poll(() => spool.count('sent')).toBe(60);
    expect(server.seen).toHaveLength(60);
    expect(server.connections()).toBeLessThanOrEqual(4);
  });

  it('grows the back-off with jitter up to its ceiling', () => {
    const policy = { initialMs: 500, maxMs: 30_000 };
    expect(backoffDelay(1, policy, () => 0)).toBe(250);
    expect(backoffDelay(1, policy, () => 1)).toBe(500);
    expect(backoffDelay(4, policy, () => 1)).toBe(4000);
    expect(backoffDelay(20, policy, () => 1)).toBe(30_000);
    expect(problemReason(502, 'gateway')).toBe('HTTP 502: gateway');
  });
});

describe('sender, batch route (POST /timelogs)', () => {
  const accepted = (records: unknown[]) => [200, { results: records.map((_, i) => ({ ok: true, duplicate: false, id: `0195f3c2-6b1e-7d8a-9c1f-${String(i).padStart(12, '0')}` })) }] as [number, unknown];

  it('delivers the backlog in batches of at most batchRecords, each record settled by its own result', async () => {
    const server = await scriptedServer(() => [500, { title: 'single route not expected' }], accepted);
    const { spool, sender } = setup(server.url, undefined, { batchRecords: 25 });
    spool.addPunches('t', identity, punches(110));
    sender.start();
    await expect.poll(() => spool.count('sent')).toBe(110);
    expect(server.seen).toHaveLength(0);
    expect(server.batches.every((n) => n <= 25)).toBe(true);
    expect(server.batches.reduce((a, b) => a + b, 0)).toBe(110);
    expect(sender.state.sent).toBe(110);
  });

  it('dead-letters only the records the server refused; a record answered 500 is sent again later', async () => {
    let failOnce = true;
    const server = await scriptedServer(
      () => [500, {}],
      (records) => [
        200,
        {
          results: records.map((r) => {
            if (r.terminalUserId === 1003) return { ok: false, status: 400, detail: 'body.at: must have an offset', errors: [{ path: 'body.at', message: 'must have an offset' }] };
            if (r.terminalUserId === 1004 && failOnce) {
              failOnce = false;
              return { ok: false, status: 500, detail: 'The record could not be stored now; send it again.' };
            }
            return { ok: true, duplicate: false, id: '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e' };
          }),
        },
      ],
    );
    const { spool, sender } = setup(server.url);
    spool.addPunches('t', identity, punches(6));
    sender.start();
    await expect.poll(() => spool.count('sent')).toBe(5);
    expect(spool.deadLetters()).toEqual([expect.objectContaining({ status: 400, reason: 'HTTP 400: body.at: must have an offset (body.at: must have an offset)' })]);
    expect(server.batches.length).toBeGreaterThanOrEqual(2);
  });

  it('falls back to one record per request when the server has no batch route, and sends photos alone', async () => {
    const old = await scriptedServer(() => [200, ok]);
    const a = setup(old.url);
    a.spool.addPunches('t', identity, punches(30));
    a.sender.start();
    await expect.poll(() => a.spool.count('sent')).toBe(30);
    expect(old.seen).toHaveLength(30);

    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(70 * 1024)]).toString('base64');
    const server = await scriptedServer(() => [200, ok], accepted);
    const b = setup(server.url);
    b.spool.addPunches('t', identity, [...punches(5), { ...punches(6)[5]!, photoBase64: photo }]);
    b.sender.start();
    await expect.poll(() => b.spool.count('sent')).toBe(6);
    expect(server.batches).toEqual([5]);
    expect(server.seen.map((s) => s.terminalUserId)).toEqual([1006]);
  });
});

describe('sender, photos the server refuses', () => {
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]).toString('base64');
  const tooLarge = [413, { title: 'Photo too large', detail: 'The photo is too large.', errors: [{ path: 'body.photoBase64', message: 'is over the limit' }] }] as [number, unknown];
  const notImage = [400, { title: 'Bad request', detail: 'photoBase64 is neither a JPEG nor a PNG.', errors: [{ path: 'body.photoBase64', message: 'must be a JPEG or PNG image' }] }] as [number, unknown];
  const badTime = [400, { title: 'Bad request', detail: 'The request is invalid.', errors: [{ path: 'body.at', message: 'must have an offset' }] }] as [number, unknown];

  it('sends the punch again once, without the photo, instead of dead-lettering it', async () => {
    const server = await scriptedServer((body) => {
      const photo = (body as { photoBase64?: string }).photoBase64 !== undefined;
      switch (body.terminalUserId) {
        case 1001:
          return photo ? tooLarge : [200, ok];
        case 1002:
          return photo ? notImage : [200, ok];
        case 1003:
          return badTime; // not the photo's fault: dead at once, photo and all
        case 1004:
          return photo ? tooLarge : badTime; // refused again without it: dead after the one resend
        default:
          return [200, ok];
      }
    });
    const { spool, sender } = setup(server.url);
    spool.addPunches('t', identity, punches(5).map((p) => ({ ...p, photoBase64: jpeg })));
    sender.start();
    await expect.poll(() => spool.count('sent') + spool.count('dead')).toBe(5);
    await new Promise((r) => setTimeout(r, 100));
    const sentWith = (user: number) => server.seen.filter((s) => s.terminalUserId === user).map((s) => (s as { photoBase64?: string }).photoBase64 !== undefined);
    expect([1001, 1002, 1003, 1004, 1005].map(sentWith)).toEqual([[true, false], [true, false], [true], [true, false], [true]]);
    expect(spool.count('sent')).toBe(3);
    expect(spool.deadLetters().map((d) => [d.reason, (d.raw as { punch: { userId: string; photoBase64?: string } }).punch.userId]).sort()).toEqual([
      ['HTTP 400: The request is invalid. (body.at: must have an offset)', '1003'],
      ['HTTP 400: The request is invalid. (body.at: must have an offset)', '1004'],
    ]);
    // The spool still has every photo as the terminal sent it; the alerts say which were left out.
    expect(spool.deadLetters().every((d) => (d.raw as { punch: { photoBase64?: string } }).punch.photoBase64 === jpeg)).toBe(true);
    const notes = spool.alerts().filter((a) => a.kind === 'photo-dropped').map((a) => a.message);
    expect(notes).toHaveLength(3);
    expect(notes.filter((m) => /record \d+ of ZK-1 was refused \(HTTP 413: The photo is too large\. \(body\.photoBase64: is over the limit\)\); the punch is sent without it\./.test(m))).toHaveLength(2);
    expect(notes.filter((m) => /record \d+ of ZK-1 was refused \(HTTP 400: photoBase64 is neither a JPEG nor a PNG\./.test(m))).toHaveLength(1);
  });

  it('a record refused for its photo inside a batch answer goes again without it', async () => {
    const server = await scriptedServer(
      () => [500, {}],
      (records) => [
        200,
        {
          results: records.map((r) =>
            r.terminalUserId === 1002 && r.photoBase64 !== undefined
              ? { ok: false, status: 413, detail: 'The photo is too large.', errors: [{ path: 'body.photoBase64', message: 'is over the limit' }] }
              : { ok: true, duplicate: false, id: '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e' },
          ),
        },
      ],
    );
    const { spool, sender } = setup(server.url);
    spool.addPunches('t', identity, punches(3).map((p) => ({ ...p, photoBase64: jpeg })));
    sender.start();
    await expect.poll(() => spool.count('sent')).toBe(3);
    expect(spool.count('dead')).toBe(0);
    expect(server.batches).toEqual([3, 1]);
  });
});

describe('photos checked before sending', () => {
  it('a photo the server would refuse (not base64, not JPEG/PNG, too large) is left out, with an alert; the punch goes', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(50)]).toString('base64');
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(50)]).toString('base64');
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(1024 * 1024)]).toString('base64');
    const dir = tempDir();
    const spool = new Spool(path.join(dir, 'spool.sqlite'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    cleanups.push(() => spool.close());
    const [a, b, c, d] = punches(4);
    spool.addPunches('t', identity, [
      { ...a!, photoBase64: png },
      { ...b!, photoBase64: gif },
      { ...c!, photoBase64: huge },
      { ...d!, photoBase64: 'not base64!' },
    ]);
    const bodies = spool.pending(10).map((r) => JSON.parse(r.body) as { terminalUserId: number; photoBase64?: string });
    expect(bodies.map((x) => [x.terminalUserId, x.photoBase64 !== undefined])).toEqual([
      [1001, true],
      [1002, false],
      [1003, false],
      [1004, false],
    ]);
    expect(spool.count('dead')).toBe(0);
    const notes = spool.alerts().filter((x) => x.kind === 'photo-dropped').map((x) => x.message).reverse();
    expect(notes).toEqual([
      expect.stringMatching(/user 1002's punch .* left out: it is neither a JPEG nor a PNG\. The punch is sent without it\./),
      expect.stringMatching(/user 1003's punch .* left out: it is 1048579 bytes, above the server's limit of 1048576/),
      expect.stringMatching(/user 1004's punch .* left out: it is not valid base64/),
    ]);
  });
});
