import crypto from 'node:crypto';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinJsonParts, sendJsonBytes } from '../../server/src/http/json-bytes.ts';

/**
 * A list page joined from rows kept as JSON bytes (issue 18): the body is the parts joined with
 * commas, and its ETag, hashed from the parts' digests, changes whenever a byte of the body would.
 */

const b = (s: string) => Buffer.from(s);
const tagOf = (head: string, parts: string[], tail: string) => {
  const bytes = joinJsonParts(b(head), parts.map(b), b(tail));
  return { text: bytes.toString(), bytes };
};

let server: import('node:http').Server;
let base = '';
const bodies = new Map<string, Buffer>();
beforeAll(async () => {
  const app = express();
  app.get('/page/:name', (req, res) => sendJsonBytes(res, bodies.get(req.params.name) as Buffer));
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function etagOf(bytes: Buffer): Promise<string> {
  const name = crypto.randomUUID();
  bodies.set(name, bytes);
  const res = await fetch(`${base}/page/${name}`);
  expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  return res.headers.get('etag') ?? '';
}

describe('joinJsonParts', () => {
  it('joins the parts with commas between head and tail', () => {
    expect(tagOf('{"items":[', ['{"a":1}', '{"b":"é"}', '{}'], '],"page":1}').text).toBe('{"items":[{"a":1},{"b":"é"},{}],"page":1}');
    expect(tagOf('{"items":[', [], '],"page":1}').text).toBe('{"items":[],"page":1}');
    expect(tagOf('{"items":[', ['{"a":1}'], ']}').text).toBe('{"items":[{"a":1}]}');
  });

  it('tags the body in Express weak ETag shape; any change to a part, their order, their number or the tail changes it', async () => {
    const one = tagOf('{"items":[', ['{"a":1}', '{"b":2}'], '],"page":1}');
    const tag = await etagOf(one.bytes);
    expect(tag).toMatch(new RegExp(`^W/"${one.bytes.length.toString(16)}-[A-Za-z0-9+/]{27}"$`));
    // The same bytes from other part objects: the same tag.
    expect(await etagOf(tagOf('{"items":[', ['{"a":1}', '{"b":2}'], '],"page":1}').bytes)).toBe(tag);
    const others = [
      tagOf('{"items":[', ['{"a":1}', '{"b":3}'], '],"page":1}'),
      tagOf('{"items":[', ['{"b":2}', '{"a":1}'], '],"page":1}'),
      tagOf('{"items":[', ['{"a":1}'], '],"page":1}'),
      tagOf('{"items":[', ['{"a":1}', '{"b":2}'], '],"page":2}'),
      tagOf('{"items" :[', ['{"a":1}', '{"b":2}'], '],"page":1}'),
    ];
    const tags = await Promise.all(others.map((o) => etagOf(o.bytes)));
    expect(new Set([tag, ...tags]).size).toBe(others.length + 1);
  });

  it('a body not joined from parts keeps the tag Express computes', async () => {
    const bytes = b('{"plain":true}');
    const app = express();
    const expressTag = (app.get('etag fn') as (body: Buffer) => string)(bytes);
    expect(await etagOf(bytes)).toBe(expressTag);
  });
});
