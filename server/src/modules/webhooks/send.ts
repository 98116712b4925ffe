import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isMetadataName, refusalOf } from './address.ts';

/**
 * One HTTP POST of a delivery. The name is resolved at send time and every
 * address checked (`refusalOf`): the connection goes to the address checked,
 * so a name that changes its answer between the check and the connection
 * (DNS rebinding) gains nothing. Redirects are not followed (a 3xx is a
 * failure, as Standard Webhooks recommends).
 */

export const SEND_TIMEOUT_MS = 15_000;
const RESPONSE_KEEP_BYTES = 2048;

export interface SendResult {
  statusCode: number | null;
  error: string | null;
  responseHeaders: Record<string, string>;
  responseBody: string;
}

class RefusedAddress extends Error {}

type Resolve = (hostname: string, options: dns.LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

/** The connection's name lookup: every address the name resolves to is checked, and the connection goes to the first. */
export function guardedLookup(insecureHttp: boolean, resolve: Resolve = dns.lookup as unknown as Resolve): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as dns.LookupAddress[];
      for (const a of list) {
        const why = refusalOf(a.address, insecureHttp);
        if (why) return callback(new RefusedAddress(`${hostname} resolves to ${why}`), '', 0);
      }
      if (!list.length) return callback(new Error(`${hostname} has no address`), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0] as dns.LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 16 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 16 }),
};

export function postJson(rawUrl: string, headers: Record<string, string>, body: string, timeoutMs = SEND_TIMEOUT_MS): Promise<SendResult> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      resolve({ statusCode: null, error: 'invalid URL', responseHeaders: {}, responseBody: '' });
      return;
    }
    const insecure = url.protocol === 'http:';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isMetadataName(host)) {
      resolve({ statusCode: null, error: `${host} is a cloud metadata service; webhooks are never sent there`, responseHeaders: {}, responseBody: '' });
      return;
    }
    if (net.isIP(host)) {
      const why = refusalOf(host, insecure);
      if (why) {
        resolve({ statusCode: null, error: why, responseHeaders: {}, responseBody: '' });
        return;
      }
    }
    const lib = insecure ? http : https;
    let done = false;
    const finish = (r: SendResult) => {
      if (done) return;
      done = true;
      resolve(r);
    };
    const req = lib.request(
      url,
      {
        method: 'POST',
        agent: insecure ? agents.http : agents.https,
        lookup: guardedLookup(insecure),
        headers: { 'content-type': 'application/json', 'user-agent': 'Muster-Webhooks/1.0', 'content-length': Buffer.byteLength(body), ...headers },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (c: Buffer) => {
          if (kept < RESPONSE_KEEP_BYTES) {
            chunks.push(c);
            kept += c.length;
          }
        });
        res.on('end', () => {
          const responseHeaders: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) responseHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
          const status = res.statusCode ?? 0;
          finish({
            statusCode: status,
            error: status >= 200 && status < 300 ? null : `HTTP ${status}`,
            responseHeaders,
            responseBody: Buffer.concat(chunks).subarray(0, RESPONSE_KEEP_BYTES).toString('utf8'),
          });
        });
        res.on('error', (e) => finish({ statusCode: res.statusCode ?? null, error: e.message, responseHeaders: {}, responseBody: '' }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)));
    req.on('error', (e) => finish({ statusCode: null, error: e.message || String(e), responseHeaders: {}, responseBody: '' }));
    req.end(body);
  });
}
