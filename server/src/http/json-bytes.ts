import type { Response } from 'express';

type EtagFn = (body: Buffer, encoding?: BufferEncoding) => string;

/** One ETag per cached body: the same Buffer object is sent until its cache entry is replaced. */
const etags = new WeakMap<Buffer, string>();

/**
 * Sends a JSON answer kept as bytes (a `defineJsonCache` value). Express would hash the whole
 * body for its ETag on every send; a cached body is the same object each time, so its tag is
 * computed once (with the app's ETag function, so the header is the one `res.send` would set).
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
