import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesOf, leanJsonLength } from '../../server/src/http/lean-json.ts';
import { CONNECTOR, type World, startWorld } from '../support/attendance.ts';

/**
 * The lean path of the time-log routes (`OperationSpec.lean`, http/lean-json.ts): a plain JSON request
 * skips Express's set-up and body parser. Every answer must be the one the usual path gives: each case
 * sends the same body once plainly (the lean path) and once chunked (no Content-Length: the usual
 * path, body-parser), and compares status, headers and body.
 */

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => w.server.close());

const SINGLE = '/api/ingest/biometric/timelog';
const BATCH = '/api/ingest/biometric/timelogs';
let trans = 1;
const punchOf = (transId: number) => ({ serial: 'LEAN-0001', terminalType: 'zk', terminalId: 1, transId, at: '2031-03-10T09:25:00+05:30', terminalUserId: 88000 + transId, attendStat: '0' });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A POST over a socket of its own. `chunked`: no Content-Length (the usual path); `abortAfter`: send that many bytes of the body, then drop the connection. */
function send(path: string, body: Buffer | string, options: { headers?: Record<string, string>; chunked?: boolean; abortAfter?: number } = {}): Promise<Answer> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const url = new URL(path, w.server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', ...CONNECTOR, ...(options.chunked ? {} : { 'content-length': String(bytes.length) }), ...options.headers },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (options.abortAfter !== undefined) {
      req.write(bytes.subarray(0, options.abortAfter));
      setTimeout(() => {
        req.destroy();
        resolve({ status: 0, headers: {}, text: '' });
      }, 100);
      return;
    }
    if (options.chunked) {
      // Two writes without a length: Node sends the body chunked.
      req.write(bytes.subarray(0, 1));
      req.end(bytes.subarray(1));
    } else req.end(bytes);
  });
}

/** The parts of an answer that must not depend on the path taken. */
function comparable(a: Answer) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...headers } = a.headers;
  return { status: a.status, headers, text: a.text };
}

/** The same request by the lean path and by the usual one: the answers, which the caller compares. */
async function bothWays(path: string, body: (n: number) => Buffer | string, headers?: Record<string, string>) {
  const lean = await send(path, body(trans++), { headers });
  const usual = await send(path, body(trans++), { headers, chunked: true });
  return { lean, usual };
}

async function punchCount(): Promise<number> {
  const r = await w.server.deps.db
    .selectFrom('punch')
    .where('terminal_serial', '=', 'LEAN-0001')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('which requests take the lean path (decided from the headers, before the body is read)', () => {
  const at = (headers: Record<string, string>) => leanJsonLength({ headers } as unknown as http.IncomingMessage, 1024);
  it('a plain JSON body of 1 byte up to the limit, UTF-8 or no charset', () => {
    expect(at({ 'content-type': 'application/json', 'content-length': '120' })).toBe(120);
    expect(at({ 'content-type': 'Application/JSON; charset=UTF-8', 'content-length': '1024' })).toBe(1024);
    expect(at({ 'content-type': 'application/json;charset="utf-8"', 'content-length': '1' })).toBe(1);
  });
  it.each([
    ['no content type', { 'content-length': '10' }],
    ['another type', { 'content-type': 'text/plain', 'content-length': '10' }],
    ['a +json type', { 'content-type': 'application/vnd.x+json', 'content-length': '10' }],
    ['another charset', { 'content-type': 'application/json; charset=utf-16', 'content-length': '10' }],
    ['an empty body', { 'content-type': 'application/json', 'content-length': '0' }],
    ['a body over the limit', { 'content-type': 'application/json', 'content-length': '1025' }],
    ['no length (chunked)', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }],
    ['a compressed body', { 'content-type': 'application/json', 'content-length': '10', 'content-encoding': 'gzip' }],
    ['a length that is not a number', { 'content-type': 'application/json', 'content-length': '1e3' }],
  ])('%s goes the usual way', (_label, headers) => {
    expect(at(headers)).toBeUndefined();
  });
  it("body limits read in body-parser's units", () => {
    expect(bytesOf('2mb')).toBe(2 * 1024 * 1024);
    expect(bytesOf('512kb')).toBe(512 * 1024);
    expect(bytesOf('100')).toBe(100);
  });
});

describe('the same answers by either path', () => {
  it('a new punch is stored and answered alike; its replay is a duplicate either way', async () => {
    const before = await punchCount();
    const body = JSON.stringify(punchOf(trans++));
    const lean = await send(SINGLE, body);
    const replayUsual = await send(SINGLE, body, { chunked: true });
    expect(lean.status).toBe(200);
    const first = JSON.parse(lean.text) as { ok: boolean; duplicate: boolean; id: string };
    expect(first).toMatchObject({ ok: true, duplicate: false });
    expect(JSON.parse(replayUsual.text)).toEqual({ ok: true, duplicate: true, id: first.id });
    expect(await punchCount()).toBe(before + 1);
    // A new punch by the usual path: the same headers as the lean path's answer.
    const usual = await send(SINGLE, JSON.stringify(punchOf(trans++)), { chunked: true });
    expect(comparable({ ...usual, text: '' })).toEqual(comparable({ ...lean, text: '' }));
    expect(await punchCount()).toBe(before + 2);
  });

  it.each([
    ['not JSON', () => '{"serial": "LEAN-0001",'],
    ['JSON but not an object or array', () => '"a string"'],
    ['whitespace only', () => '   '],
    ['a byte-order mark alone', () => Buffer.from([0xef, 0xbb, 0xbf])],
    ['a field missing', (n: number) => JSON.stringify({ ...punchOf(n), at: undefined })],
    ['a field of the wrong type', (n: number) => JSON.stringify({ ...punchOf(n), transId: 'seven' })],
    ['an array', () => '[]'],
  ])('%s: the same 400', async (_label, body) => {
    const before = await punchCount();
    const { lean, usual } = await bothWays(SINGLE, body);
    expect(lean.status).toBe(400);
    expect(comparable(lean)).toEqual(comparable(usual));
    expect(await punchCount()).toBe(before);
  });

  it('a body after a UTF-8 byte-order mark is read as body-parser reads it', async () => {
    const before = await punchCount();
    const { lean, usual } = await bothWays(SINGLE, (n) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(punchOf(n)))]));
    expect([lean.status, usual.status]).toEqual([200, 200]);
    expect(await punchCount()).toBe(before + 2);
  });

  it('a wrong secret: the same 401, and the body is not read', async () => {
    const { lean, usual } = await bothWays(SINGLE, (n) => JSON.stringify(punchOf(n)), { authorization: 'Bearer not-the-secret' });
    expect(lean.status).toBe(401);
    expect(comparable(lean)).toEqual(comparable(usual));
  });

  it('a batch: the same results record by record', async () => {
    const before = await punchCount();
    const records = (n: number) => JSON.stringify({ records: [punchOf(n * 10), { ...punchOf(n * 10 + 1), at: 'not a time' }, punchOf(n * 10 + 2)] });
    const { lean, usual } = await bothWays(BATCH, records);
    expect(lean.status).toBe(200);
    const strip = (text: string) => (JSON.parse(text) as { results: { id?: string }[] }).results.map(({ id: _id, ...rest }) => rest);
    expect(strip(lean.text)).toEqual(strip(usual.text));
    expect(strip(lean.text).map((r) => (r as { ok: boolean }).ok)).toEqual([true, false, true]);
    expect(await punchCount()).toBe(before + 4);
  });
});

describe('requests the lean path leaves to the usual one', () => {
  it('a gzip body is inflated and stored', async () => {
    const before = await punchCount();
    const res = await send(SINGLE, zlib.gzipSync(JSON.stringify(punchOf(trans++))), { headers: { 'content-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(await punchCount()).toBe(before + 1);
  });

  it('a body over the route limit is a 413', async () => {
    const res = await send(SINGLE, Buffer.alloc(2 * 1024 * 1024 + 1, 0x20));
    expect(res.status).toBe(413);
  });

  it('another charset is refused as before', async () => {
    const { lean, usual } = await bothWays(SINGLE, (n) => JSON.stringify(punchOf(n)), { 'content-type': 'application/json; charset=latin1' });
    expect(lean.status).toBe(415);
    expect(comparable(lean)).toEqual(comparable(usual));
  });
});

it('a body cut off mid-way stores nothing, and the server goes on answering', async () => {
  const before = await punchCount();
  const body = JSON.stringify(punchOf(trans++));
  await send(SINGLE, body, { abortAfter: 10 });
  await new Promise((r) => setTimeout(r, 100));
  expect(await punchCount()).toBe(before);
  expect((await send(SINGLE, body)).status).toBe(200);
  expect(await punchCount()).toBe(before + 1);
});
