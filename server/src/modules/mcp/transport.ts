import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { type McpServer, SUPPORTED_PROTOCOL_VERSIONS, WebStandardStreamableHTTPServerTransport, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import type { Logger } from '../../logger.ts';

/**
 * Serves one POST of either protocol era, statelessly, with plain JSON
 * answers (the SDK's own legacy leg always streams SSE even when JSON is
 * asked for, so 2025-era requests go to a per-request JSON transport instead):
 * - 2026-07-28 (a `_meta` envelope on every request): the SDK's
 *   `createMcpHandler` with `legacy: 'reject'` (`server/discover`, header
 *   checks, `resultType`, cache hints). Its `auto` response mode answers one
 *   JSON body unless a handler sends a message before its result, which no
 *   Muster tool does (`json` would say the same with a console warning at
 *   every start);
 * - 2025-03-26 … 2025-11-25 (`initialize` handshake): a fresh server on a
 *   sessionless `WebStandardStreamableHTTPServerTransport` with JSON responses.
 * The SDK's own classifier picks the era, so the two never disagree.
 */

type Build = () => McpServer;

// The SDK's handshake revisions (2024-10-07 … 2025-11-25): its legacy leg negotiates among them.
const LEGACY_REVISIONS = new Set<string>(SUPPORTED_PROTOCOL_VERSIONS);
const ENVELOPE_CLAIM = 'io.modelcontextprotocol/protocolVersion';

/**
 * The common case decided without the SDK's classifier: one JSON-RPC object
 * with no 2026 envelope claim and no modern MCP-Protocol-Version header is
 * 2025-era traffic (the classifier answers the same: `initialize`, a request
 * or notification without a claim, or a posted response). Anything else is
 * left to `isLegacyRequest`.
 */
function plainlyLegacy(req: ExpressRequest, body: unknown): boolean {
  const header = req.get('mcp-protocol-version')?.trim();
  if (header !== undefined && !LEGACY_REVISIONS.has(header)) return false;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  return !claimsEnvelope(body);
}

/** Whether one JSON-RPC object carries the 2026 `_meta` envelope claim. */
function claimsEnvelope(body: object): boolean {
  const meta = (body as { params?: { _meta?: unknown } }).params?._meta;
  return typeof meta === 'object' && meta !== null && ENVELOPE_CLAIM in meta;
}

/**
 * The other common case: one JSON-RPC object carrying the envelope claim is
 * never legacy (`isLegacyRequest`'s documented semantics: the modern path
 * answers every claimed request, its validation-ladder refusals included),
 * so the modern handler classifies it once instead of twice.
 */
function plainlyModern(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && claimsEnvelope(body);
}

export type McpDispatch = (req: ExpressRequest, res: ExpressResponse, body: unknown, build: Build) => Promise<void>;

/** The headers the SDK reads (the body is already parsed, and Host/Origin were checked before). */
const FORWARDED_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-session-id', 'last-event-id'];

function webHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = req.headers[name];
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith('mcp-param-') && value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream')) {
    // One string: Node writes the head and the body in one go.
    const text = await response.text();
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
    return;
  }
  const stream = Readable.fromWeb(response.body as unknown as NodeReadableStream);
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}

export function createMcpDispatch(logger: Logger): McpDispatch {
  const onerror = (error: Error) => logger.warn({ err: error }, 'mcp request refused');
  // One handler for the modern era; the per-request server comes from the request's builder.
  const modern = createMcpHandler(({ authInfo }) => (authInfo?.extra?.build as Build)(), { legacy: 'reject', responseMode: 'auto', onerror });

  return async (req, res, body, build) => {
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const request = new Request(`http://muster.invalid${req.originalUrl}`, { method: 'POST', headers: webHeaders(req), signal: abort.signal });
    if (!plainlyModern(body) && (plainlyLegacy(req, body) || (await isLegacyRequest(request, body)))) {
      const server = build();
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      // Only a client that went away leaves work in flight to cancel; an answered exchange holds
      // nothing (no session, no timers), and closing it would only build a "connection closed" error.
      abort.signal.addEventListener('abort', () => void server.close(), { once: true });
      await send(res, await transport.handleRequest(request, { parsedBody: body }));
      return;
    }
    const authInfo = { token: '', clientId: 'muster', scopes: [], extra: { build } };
    await send(res, await modern.fetch(request, { authInfo, parsedBody: body }));
  };
}
