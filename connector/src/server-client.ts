/**
 * The server's ingest API as the connector sees it: bearer connector secret,
 * `node:http` with keep-alive, answers classified for the sender.
 */
import { z } from 'zod';
import { ConnectorConfig, IngestAccepted, type KeepAlive } from '../../shared/ingest.ts';
import { HttpClient, HttpError, type HttpAnswer } from './http-client.ts';
import { httpsRedirectReason, untrustedServerReason } from './tls-trust.ts';

export type PostOutcome =
  | { kind: 'ok'; id?: string; duplicate: boolean }
  /** A 4xx the record itself caused (validation): retrying cannot help. */
  | { kind: 'rejected'; status: number; reason: string }
  /** 401/403: the connector secret is wrong; nothing will get through. */
  | { kind: 'unauthorized'; status: number; reason: string }
  /** Server down, busy or failing, or its certificate not trusted (`untrusted`): try again later. */
  | { kind: 'retry'; status?: number; reason: string; retryAfterMs?: number; untrusted?: boolean };

/** The 200 answer, read leniently: delivery counts even if the server's body changes shape. */
const Accepted = IngestAccepted.partial();

/** Statuses that say "this record is wrong", as opposed to "the server cannot take it now". */
const REJECTING = new Set([400, 409, 413, 415, 422]);

/** What a batch answer says about one record. */
export type RecordOutcome = Exclude<PostOutcome, { kind: 'unauthorized' }>;

/** The batch answer, read leniently per record. */
const BatchAnswer = z.object({ results: z.array(z.unknown()) });
const Refused = z.object({ ok: z.literal(false), status: z.number(), detail: z.string().optional(), errors: z.array(z.object({ path: z.string().optional(), message: z.string().optional() })).optional() });

export type BatchOutcome =
  | { kind: 'results'; results: RecordOutcome[] }
  /** The server has no batch route (an older one): send records one by one. */
  | { kind: 'unsupported' }
  | Extract<PostOutcome, { kind: 'unauthorized' | 'retry' | 'rejected' }>;

/** Errors of a socket the server closed while idle: the request never reached it, ask again at once. */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE']);

/** What the connector trusts over HTTPS: the CA certificate (PEM) and the file it came from, for messages. */
export interface ServerTrust {
  ca?: string;
  caFile?: string;
}

export class ServerClient {
  readonly #http: HttpClient;
  readonly #trust: ServerTrust;

  constructor(
    readonly baseUrl: string,
    readonly secret: string | undefined,
    readonly requestTimeoutMs = 15_000,
    trust: ServerTrust = {},
  ) {
    this.#trust = trust;
    this.#http = new HttpClient(baseUrl, { timeoutMs: requestTimeoutMs, maxSockets: 32, ...(trust.ca ? { ca: trust.ca } : {}) });
  }

  /** Why a request failed, in words; `untrusted` when the server's certificate did not pass. */
  #failure(error: unknown): { reason: string; untrusted?: true } {
    const code = error instanceof HttpError ? error.code : '';
    const untrusted = untrustedServerReason(code, this.baseUrl, this.#trust.caFile);
    return untrusted ? { reason: untrusted, untrusted: true } : { reason: `cannot reach the server: ${describeError(error)}` };
  }

  #headers(): Record<string, string> {
    return { 'content-type': 'application/json', ...(this.secret ? { authorization: `Bearer ${this.secret}` } : {}) };
  }

  async #send(method: 'GET' | 'POST', path: string, body?: string): Promise<HttpAnswer> {
    try {
      return await this.#http.request(method, path, this.#headers(), body);
    } catch (error) {
      if (error instanceof HttpError && STALE_SOCKET.has(error.code)) return this.#http.request(method, path, this.#headers(), body);
      throw error;
    }
  }

  /** `GET /api/ingest/biometric/config`. Throws ServerUnavailable or Unauthorized. */
  async fetchConfig(): Promise<ConnectorConfig> {
    let res: HttpAnswer;
    try {
      res = await this.#send('GET', '/api/ingest/biometric/config');
    } catch (error) {
      const failure = this.#failure(error);
      throw new ServerUnavailable(failure.untrusted ? failure.reason : `cannot reach ${this.baseUrl}: ${describeError(error)}`);
    }
    if (res.status === 401 || res.status === 403) throw new Unauthorized(`the server refused the connector secret (${res.status})`);
    const redirect = httpsRedirectReason(res.status, headerText(res.headers.location));
    if (redirect) throw new ServerUnavailable(redirect);
    if (res.status !== 200) throw new ServerUnavailable(`the terminal list answered ${res.status}`);
    return ConnectorConfig.parse(safeJson(res.text));
  }

  /** POSTs one record or keep-alive and classifies the answer. */
  async post(path: string, body: string | KeepAlive): Promise<PostOutcome> {
    let res: HttpAnswer;
    try {
      res = await this.#send('POST', path, typeof body === 'string' ? body : JSON.stringify(body));
    } catch (error) {
      return { kind: 'retry', ...this.#failure(error) };
    }
    if (res.status === 200) {
      const parsed = Accepted.safeParse(safeJson(res.text));
      return { kind: 'ok', duplicate: parsed.success ? parsed.data.duplicate === true : false, ...(parsed.success && parsed.data.id ? { id: parsed.data.id } : {}) };
    }
    return classifyFailure(res);
  }

  /**
   * `POST /api/ingest/biometric/timelogs` with spooled time log bodies (JSON
   * texts): one outcome per record, or what stopped the whole request.
   */
  async postTimeLogs(bodies: readonly string[]): Promise<BatchOutcome> {
    let res: HttpAnswer;
    try {
      res = await this.#send('POST', '/api/ingest/biometric/timelogs', `{"records":[${bodies.join(',')}]}`);
    } catch (error) {
      return { kind: 'retry', ...this.#failure(error) };
    }
    // An older server: no such route (404), or a catch-all that does not take POST (405).
    if (res.status === 404 || res.status === 405) return { kind: 'unsupported' };
    if (res.status !== 200) return classifyFailure(res);
    const answer = BatchAnswer.safeParse(safeJson(res.text));
    if (!answer.success || answer.data.results.length !== bodies.length) {
      return { kind: 'retry', status: 200, reason: 'the server answered the batch with an unexpected body' };
    }
    return {
      kind: 'results',
      results: answer.data.results.map((r): RecordOutcome => {
        const accepted = Accepted.safeParse(r);
        if (accepted.success && accepted.data.ok === true) {
          return { kind: 'ok', duplicate: accepted.data.duplicate === true, ...(accepted.data.id ? { id: accepted.data.id } : {}) };
        }
        const refused = Refused.safeParse(r);
        if (!refused.success) return { kind: 'retry', status: 200, reason: 'the server answered a record with an unexpected body' };
        const reason = problemReason(refused.data.status, JSON.stringify(refused.data));
        return REJECTING.has(refused.data.status) ? { kind: 'rejected', status: refused.data.status, reason } : { kind: 'retry', status: refused.data.status, reason };
      }),
    };
  }

  close(): void {
    this.#http.close();
  }
}

function classifyFailure(res: HttpAnswer): Extract<PostOutcome, { kind: 'unauthorized' | 'retry' | 'rejected' }> {
  const redirect = httpsRedirectReason(res.status, headerText(res.headers.location));
  if (redirect) return { kind: 'retry', status: res.status, reason: redirect };
  const reason = problemReason(res.status, res.text);
  if (res.status === 401 || res.status === 403) return { kind: 'unauthorized', status: res.status, reason };
  if (REJECTING.has(res.status)) return { kind: 'rejected', status: res.status, reason };
  const retryAfter = Number(res.headers['retry-after']);
  return { kind: 'retry', status: res.status, reason, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}) };
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export class ServerUnavailable extends Error {}
export class Unauthorized extends Error {}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeError(error: unknown): string {
  if (error instanceof HttpError) return error.code;
  return (error as Error)?.message ?? String(error);
}

/** The server's own words from an RFC 9457 problem: detail and each field error. */
export function problemReason(status: number, text: string): string {
  const problem = safeJson(text) as { title?: string; detail?: string; errors?: { path?: string; message?: string }[] } | undefined;
  if (!problem || typeof problem !== 'object') return `HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ''}`;
  const fields = (problem.errors ?? []).map((e) => `${e.path ?? '?'}: ${e.message ?? ''}`).join('; ');
  return `HTTP ${status}: ${problem.detail ?? problem.title ?? 'rejected'}${fields ? ` (${fields})` : ''}`;
}
