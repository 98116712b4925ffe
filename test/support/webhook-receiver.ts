import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a receiver got: the raw body (as signed) and the headers. */
export interface Received {
  headers: Record<string, string>;
  body: string;
  at: number;
}

/**
 * A local webhook receiver, as an integrator runs one: answers `status`
 * (200 by default), or holds requests without answering (`hang`). It can be
 * stopped and started again on the same port.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  /** Requests that arrived while `hang` was set (never answered). */
  readonly held: Received[] = [];
  status = 200;
  hang = false;
  port = 0;
  private server: http.Server | undefined;
  private waiters: (() => void)[] = [];

  async start(port = this.port): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
        if (this.hang) {
          this.held.push({ headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
          for (const w of this.waiters.splice(0)) w();
          return;
        }
        if (this.status >= 200 && this.status < 300) {
          this.received.push({ headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
          for (const w of this.waiters.splice(0)) w();
        }
        res.writeHead(this.status, { 'content-type': 'text/plain' }).end(this.status < 300 ? 'ok' : 'receiver error');
      });
    });
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async stop(): Promise<void> {
    const s = this.server;
    if (!s) return;
    this.server = undefined;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  /** Resolves once `n` events (or one matching `pred`) have arrived. */
  async waitFor(pred: (r: Received[]) => boolean, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pred(this.received)) {
      if (Date.now() > deadline) throw new Error(`webhook receiver: timed out; got ${this.received.map((r) => JSON.parse(r.body).type).join(', ') || 'nothing'}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  /** The events received, parsed. */
  events(): { type: string; id: string; timestamp: string; version: number; data: any }[] {
    return this.received.map((r) => JSON.parse(r.body));
  }
}
