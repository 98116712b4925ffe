import http, { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressBorn } from '../../server/src/http/born-express.ts';

/** Requests and answers created with the app's Express prototypes (tls/listen.ts serves the app this way). */

const app = express();
app.disable('x-powered-by');
app.get('/echo', (req, res) => {
  res.status(201).set('x-path', req.path).json({ q: req.query.q, host: req.hostname, get: req.get('x-test') });
});
app.post('/body', express.json(), (req, res) => {
  res.json(req.body);
});

/** What the server's listener saw before Express touched each request. */
const born: { request: boolean; response: boolean; node: boolean }[] = [];
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer(expressBorn(app), (req, res) => {
    born.push({ request: Object.getPrototypeOf(req) === app.request, response: Object.getPrototypeOf(res) === app.response, node: req instanceof IncomingMessage && res instanceof ServerResponse });
    app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('expressBorn', () => {
  it('creates each request and answer with the app’s prototypes, still Node’s classes', async () => {
    born.length = 0;
    await fetch(`${base}/echo?q=1`);
    expect(born).toEqual([{ request: true, response: true, node: true }]);
  });

  it('Express and its body parser work on them as on Node’s own objects', async () => {
    const res = await fetch(`${base}/echo?q=hello`, { headers: { 'x-test': 'yes' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-path')).toBe('/echo');
    expect(await res.json()).toEqual({ q: 'hello', host: '127.0.0.1', get: 'yes' });
    const posted = await fetch(`${base}/body`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":7}' });
    expect(await posted.json()).toEqual({ n: 7 });
    // Many requests on one keep-alive connection: each its own objects.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => fetch(`${base}/echo?q=${i}`).then((r) => r.json() as Promise<{ q: string }>)));
    expect(answers.map((a) => a.q)).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  });

  it('a plain listener keeps Node’s classes', () => {
    expect(expressBorn(() => undefined)).toEqual({});
  });
});
