/**
 * The server's ingest API as the connector sees it: bearer connector secret,
 * Node's fetch, answers classified for the sender.
 */
import { ConnectorConfig, IngestAccepted, type KeepAlive } from '../../shared/ingest.ts';

export type PostOutcome =
  | { kind: 'ok'; id?: string; duplicate: boolean }
  /** A 4xx the record itself caused (validation): retrying cannot help. */
  | { kind: 'rejected'; status: number; reason: string }
  /** 401/403: the connector secret is wrong; nothing will get through. */
  | { kind: 'unauthorized'; status: number; reason: string }
  /** Server down, busy or failing: try again later. */
  | { kind: 'retry'; status?: number; reason: string; retryAfterMs?: number };

/** The 200 answer, read leniently: delivery counts even if the server's body changes shape. */
const Accepted = IngestAccepted.partial();

/** Statuses that say "this record is wrong", as opposed to "the server cannot take it now". */
const REJECTING = new Set([400, 409, 413, 415, 422]);

export class ServerClient {
  constructor(
    readonly baseUrl: string,
    readonly secret: string | undefined,
    readonly requestTimeoutMs = 15_000,
  ) {}

  #headers(): Record<string, string> {
    return { 'content-type': 'application/json', ...(this.secret ? { authorization: `Bearer ${this.secret}` } : {}) };
  }

  /** `GET /api/ingest/biometric/config`. Throws ServerUnavailable or Unauthorized. */
  async fetchConfig(): Promise<ConnectorConfig> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/api/ingest/biometric/config`, { headers: this.#headers(), signal: AbortSignal.timeout(this.requestTimeoutMs) });
    } catch (error) {
      throw new ServerUnavailable(`cannot reach ${this.baseUrl}: ${describeFetchError(error)}`);
    }
    if (res.status === 401 || res.status === 403) throw new Unauthorized(`the server refused the connector secret (${res.status})`);
    if (res.status !== 200) throw new ServerUnavailable(`the terminal list answered ${res.status}`);
    return ConnectorConfig.parse(await res.json());
  }

  /** POSTs one record or keep-alive and classifies the answer. */
  async post(path: string, body: string | KeepAlive): Promise<PostOutcome> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: this.#headers(),
        body: typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(this.requestTimeoutMs),
      });
    } catch (error) {
      return { kind: 'retry', reason: `cannot reach the server: ${describeFetchError(error)}` };
    }
    const text = await res.text().catch(() => '');
    if (res.status === 200) {
      const parsed = Accepted.safeParse(safeJson(text));
      return { kind: 'ok', duplicate: parsed.success ? parsed.data.duplicate === true : false, ...(parsed.success && parsed.data.id ? { id: parsed.data.id } : {}) };
    }
    const reason = problemReason(res.status, text);
    if (res.status === 401 || res.status === 403) return { kind: 'unauthorized', status: res.status, reason };
    if (REJECTING.has(res.status)) return { kind: 'rejected', status: res.status, reason };
    const retryAfter = Number(res.headers.get('retry-after'));
    return { kind: 'retry', status: res.status, reason, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}) };
  }
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

function describeFetchError(error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError') return 'timed out';
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(error);
}

/** The server's own words from an RFC 9457 problem: detail and each field error. */
export function problemReason(status: number, text: string): string {
  const problem = safeJson(text) as { title?: string; detail?: string; errors?: { path?: string; message?: string }[] } | undefined;
  if (!problem || typeof problem !== 'object') return `HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ''}`;
  const fields = (problem.errors ?? []).map((e) => `${e.path ?? '?'}: ${e.message ?? ''}`).join('; ');
  return `HTTP ${status}: ${problem.detail ?? problem.title ?? 'rejected'}${fields ? ` (${fields})` : ''}`;
}
