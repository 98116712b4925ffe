/**
 * A small HTTP client on `node:http`/`node:https` with keep-alive agents: the
 * sender posts thousands of records, and Node's fetch costs about 2.6 times
 * as much per request on this path.
 */
import http from 'node:http';
import https from 'node:https';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export class HttpError extends Error {
  constructor(
    message: string,
    /** A short cause for the logs: ECONNREFUSED, timed out… */
    readonly code: string,
  ) {
    super(message);
  }
}

export interface HttpClientOptions {
  /** Sockets kept per server (the sender's concurrency plus keep-alives and the config). */
  maxSockets?: number;
  timeoutMs?: number;
  /** HTTPS: the only CA to trust (PEM). Without it, the system's CAs. Verification is always on. */
  ca?: string;
}

export class HttpClient {
  readonly #base: URL;
  readonly #agent: http.Agent;
  readonly #request: typeof http.request;
  readonly #timeoutMs: number;

  constructor(baseUrl: string, options: HttpClientOptions = {}) {
    this.#base = new URL(baseUrl);
    const secure = this.#base.protocol === 'https:';
    const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 16, keepAliveMsecs: 10_000 };
    this.#agent = secure ? new https.Agent({ ...agentOptions, ...(options.ca ? { ca: options.ca } : {}) }) : new http.Agent(agentOptions);
    this.#request = secure ? https.request : http.request;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
  }

  request(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<HttpAnswer> {
    const url = new URL(path, this.#base);
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(body);
      const req = this.#request(
        url,
        {
          method,
          agent: this.#agent,
          headers: { ...headers, ...(payload ? { 'content-length': String(payload.length) } : {}) },
          timeout: this.#timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', (error: NodeJS.ErrnoException) => reject(new HttpError(error.message, error.code ?? 'response error')));
        },
      );
      req.on('timeout', () => req.destroy(new HttpError(`no answer within ${this.#timeoutMs} ms`, 'timed out')));
      req.on('error', (error: NodeJS.ErrnoException) => reject(error instanceof HttpError ? error : new HttpError(error.message, error.code ?? error.message)));
      req.end(payload);
    });
  }

  /** Closes the idle keep-alive sockets. */
  close(): void {
    this.#agent.destroy();
  }
}
