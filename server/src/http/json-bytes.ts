import crypto from 'node:crypto';
import type { Response } from 'express';

type EtagFn = (body: Buffer, encoding?: BufferEncoding) => string;

/** One ETag per cached body: the same Buffer object is sent until its cache entry is replaced. */
const etags = new WeakMap<Buffer, string>();

/**
 * Sends a JSON answer kept as bytes (a `defineJsonCache` value). Express would hash the whole
 * body for its ETag on every send; a cached body is the same object each time, so its tag is
 * computed once (with Express's own function, so the header is the one Express would send), or
 * was given when the body was joined from parts (`joinJsonParts`). With ETags off (`app.set('etag',
 * false)`) none is sent.
 */
export function sendJsonBytes(res: Response, bytes: Buffer): void {
  const etagOf = res.app.get('etag fn') as EtagFn | undefined;
  if (etagOf) {
    let tag = etags.get(bytes);
    if (tag === undefined) {
      tag = etagOf(bytes);
      etags.set(bytes, tag);
    }
    res.setHeader('ETag', tag);
  }
  res.type('application/json').send(bytes);
}

/** Each part's SHA-1, once per part: a kept part is the same Buffer object on every body it joins. */
const partDigests = new WeakMap<Buffer, Buffer>();

function digestOf(part: Buffer): Buffer {
  let digest = partDigests.get(part);
  if (digest === undefined) {
    digest = crypto.createHash('sha1').update(part).digest();
    partDigests.set(part, digest);
  }
  return digest;
}

const COMMA = 0x2c;
const DIGEST_BYTES = 20;

/**
 * `head` + the parts separated by commas + `tail`, as one body (a list page from rows kept as JSON
 * bytes), tagged for `sendJsonBytes`. The tag has the shape of Express's weak ETag (size, then 27
 * characters of a base64 SHA-1), but its hash is of the parts' digests rather than of every byte:
 * hashing a 60 KiB page on each new page was an eighth of its cost, while a part's digest is computed
 * once for as long as the part is kept. Two different bodies get different tags as surely as with
 * Express's hash: the hashed stream fixes the head, the number of parts, each part's digest and the tail.
 */
export function joinJsonParts(head: Buffer, parts: readonly Buffer[], tail: Buffer): Buffer {
  let size = head.length + Math.max(0, parts.length - 1) + tail.length;
  for (const part of parts) size += part.length;
  const out = Buffer.allocUnsafe(size);
  // The digests in one buffer, hashed in one call: a call into the hash per part cost as much as the bytes.
  const digests = Buffer.allocUnsafe(DIGEST_BYTES * parts.length);
  // TypedArray#set: Buffer#copy takes a slow path for small parts.
  out.set(head, 0);
  let at = head.length;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as Buffer;
    if (i > 0) out[at++] = COMMA;
    out.set(part, at);
    at += part.length;
    digests.set(digestOf(part), i * DIGEST_BYTES);
  }
  out.set(tail, at);
  const hash = crypto.createHash('sha1').update(head).update(`${parts.length}:`).update(digests).update(tail);
  etags.set(out, `W/"${size.toString(16)}-${hash.digest('base64').slice(0, 27)}"`);
  return out;
}
