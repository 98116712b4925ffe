import type { Request } from 'express';
import type { Ctx } from '../../context.ts';
import type { Logger } from '../../logger.ts';
import { type ToolCallResult, callTool, serverIdentity } from './call.ts';
import { toolsFor } from './catalogue.ts';
import type { AgentTool } from './tool.ts';

/**
 * The fast path of `POST /api/mcp`: the hot requests of a stateless POST
 * (`tools/call`, `tools/list`, and `ping` on the 2025 era) answered without
 * the SDK's per-request machinery (web `Request`/`Response`, streams, abort
 * signals, a server and transport per call, the wire codec's validation),
 * which cost more than the tool itself (docs/agents.md, Performance).
 *
 * Safe because it is narrow: it answers only a request whose every part it
 * recognises as one the SDK accepts (the JSON-RPC envelope, the headers of
 * its era, the 2026 `_meta` envelope, arguments the tool's own input schema
 * accepts) and then answers exactly what the SDK answers, bytes included
 * (`mcp-fast-path.test.ts` sends a corpus through both paths and compares).
 * Everything else — initialize, server/discover, resources, prompts,
 * notifications, batches, arguments a tool refuses, any header or envelope
 * it does not recognise — goes to the SDK, which stays the source of truth.
 * The credential, the rate limit and the body limit are checked before either
 * path (routes.ts), and a tool runs through the same `callTool` either way,
 * so permissions, scope and audit rows are the same.
 *
 * This module must not import the SDK (mcp-lazy-load.test.ts checks).
 */

/**
 * `enabled`: the switch the differential test flips to force the SDK path
 * (`MUSTER_MCP_FAST_PATH=off` does it for a whole server, e.g. to compare in
 * a bench). `answered` counts the requests the fast path answered, so a test
 * can tell which path spoke.
 */
export const fastPath = { enabled: process.env.MUSTER_MCP_FAST_PATH !== 'off', answered: 0 };

/** The SDK's 2025-era revisions (`SUPPORTED_PROTOCOL_VERSIONS` of @modelcontextprotocol/server 2.4.0; a test keeps them equal). */
export const LEGACY_REVISIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];
export const MODERN_REVISION = '2026-07-28';

const PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

export type FastOutcome =
  /** The whole answer (always 200 with a JSON-RPC body). */
  | { kind: 'answer'; body: string }
  /** Not this path's to answer: the SDK answers the request (nothing has run). */
  | { kind: 'sdk' }
  /** The tool ran but its output does not match its output schema: the SDK words that answer from this result, without running the tool again. */
  | { kind: 'word'; tool: string; result: ToolCallResult };

const SDK: FastOutcome = { kind: 'sdk' };

type Era = 'legacy' | 'modern';
type Id = string | number;
interface Hot {
  era: Era;
  id: Id;
  method: 'tools/call' | 'tools/list' | 'ping';
  name?: string;
  args?: Record<string, unknown>;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const onlyKeys = (o: Record<string, unknown>, allowed: readonly string[]) => Object.keys(o).every((k) => allowed.includes(k));
const isEmpty = (v: unknown) => isPlain(v) && Object.keys(v).length === 0;
const header = (req: Request, name: string): string | undefined => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};
// Tool names are snake_case ASCII: an Mcp-Name header naming one is never Base64-encoded (the SDK's sentinel).
const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;
// The content types the SDK's `isJsonContentType` accepts, narrowed to the two clients send.
const JSON_TYPE = /^application\/json(?:\s*;\s*charset="?utf-8"?)?$/i;

/** Client capabilities the fast path recognises as ones the SDK's envelope schema accepts; anything else goes to the SDK. */
function knownCapabilities(v: unknown): boolean {
  if (!isPlain(v)) return false;
  return Object.entries(v).every(([k, c]) => {
    if (k === 'roots') return isPlain(c) && onlyKeys(c, ['listChanged']) && (c.listChanged === undefined || typeof c.listChanged === 'boolean');
    if (k === 'sampling' || k === 'elicitation') return isEmpty(c);
    return false;
  });
}

function knownClientInfo(v: unknown): boolean {
  return (
    v === undefined ||
    (isPlain(v) && onlyKeys(v, ['name', 'version', 'title']) && typeof v.name === 'string' && typeof v.version === 'string' && (v.title === undefined || typeof v.title === 'string'))
  );
}

/** The request as the fast path understands it, or undefined when any part of it is not one it recognises. */
function hotRequest(req: Request, body: unknown): Hot | undefined {
  if (!isPlain(body) || !onlyKeys(body, ['jsonrpc', 'id', 'method', 'params']) || body.jsonrpc !== '2.0') return undefined;
  const { method, params } = body;
  const id = body.id;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))) return undefined;
  if (method !== 'tools/call' && method !== 'tools/list' && method !== 'ping') return undefined;
  if (params !== undefined && !isPlain(params)) return undefined;
  // Headers the SDK reads and the fast path has no answer for.
  if (!JSON_TYPE.test(header(req, 'content-type') ?? '')) return undefined;
  const accept = header(req, 'accept');
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (req.headers['mcp-session-id'] !== undefined || req.headers['last-event-id'] !== undefined) return undefined;
  if (Object.keys(req.headers).some((h) => h.startsWith('mcp-param-'))) return undefined;

  const version = header(req, 'mcp-protocol-version');
  const mcpMethod = header(req, 'mcp-method');
  const mcpName = header(req, 'mcp-name');
  const meta = params?._meta;
  let era: Era;
  if (meta === undefined) {
    // 2025 era: no envelope, and a handshake revision or no version header (the SDK then assumes its default).
    if (version !== undefined && !LEGACY_REVISIONS.includes(version)) return undefined;
    if (mcpMethod !== undefined || mcpName !== undefined) return undefined;
    era = 'legacy';
  } else {
    // 2026-07-28: the envelope and the three standard headers, all agreeing.
    if (!isPlain(meta) || !onlyKeys(meta, [PROTOCOL_VERSION, CLIENT_CAPABILITIES, CLIENT_INFO])) return undefined;
    if (meta[PROTOCOL_VERSION] !== MODERN_REVISION || version !== MODERN_REVISION || mcpMethod !== method) return undefined;
    if (!knownCapabilities(meta[CLIENT_CAPABILITIES]) || !knownClientInfo(meta[CLIENT_INFO])) return undefined;
    if (method === 'ping') return undefined; // removed in 2026-07-28: the SDK answers "method not found"
    era = 'modern';
  }
  const rest = params === undefined ? {} : Object.fromEntries(Object.entries(params).filter(([k]) => k !== '_meta'));
  if (method === 'tools/call') {
    if (!onlyKeys(rest, ['name', 'arguments'])) return undefined;
    const { name, arguments: args } = rest;
    if (typeof name !== 'string' || !TOOL_NAME.test(name) || (args !== undefined && !isPlain(args))) return undefined;
    if (era === 'modern' ? mcpName !== name : mcpName !== undefined) return undefined;
    return { era, id, method, name, ...(args !== undefined ? { args } : {}) };
  }
  if (Object.keys(rest).length > 0 || mcpName !== undefined) return undefined; // a cursor, or anything else
  return { era, id, method };
}

/** A tool as `tools/list` shows it: the SDK's field order, its JSON Schema conversion (memoised per schema, see tool.ts). */
function listed(tool: AgentTool, ctx: Ctx) {
  const input = tool.input(ctx.caller);
  const jsonSchema = (schema: typeof input, io: 'input' | 'output') =>
    (schema['~standard'] as unknown as { jsonSchema: Record<'input' | 'output', (o: { target: string }) => Record<string, unknown>> }).jsonSchema[io]({
      target: 'draft-2020-12',
    });
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { type: 'object', ...jsonSchema(input, 'input') },
    annotations: { title: tool.title, readOnlyHint: !tool.acts, destructiveHint: tool.acts && tool.destructive, idempotentHint: tool.idempotent, openWorldHint: false },
    outputSchema: jsonSchema(tool.output, 'output'),
  };
}

/** The JSON-RPC success answer, with the 2026 era's result fields (`resultType`, cache hints on lists, the server's identity). */
function success(hot: Hot, result: Record<string, unknown>, organisation: string): FastOutcome {
  const shaped =
    hot.era === 'legacy'
      ? result
      : {
          ...result,
          resultType: 'complete',
          ...(hot.method === 'tools/list' ? { ttlMs: 0, cacheScope: 'private' } : {}),
          _meta: { [SERVER_INFO]: serverIdentity(organisation) },
        };
  fastPath.answered++;
  return { kind: 'answer', body: JSON.stringify({ result: shaped, jsonrpc: '2.0', id: hot.id }) };
}

function failure(hot: Hot, code: number, message: string): FastOutcome {
  fastPath.answered++;
  return { kind: 'answer', body: JSON.stringify({ jsonrpc: '2.0', id: hot.id, error: { code, message } }) };
}

const issuesOf = async (schema: { '~standard': { validate(v: unknown): unknown } }, value: unknown) =>
  (await (schema['~standard'].validate(value) as Promise<{ value?: unknown; issues?: readonly unknown[] }>)) ?? {};

/** Answers the request if it is one of the hot ones in a form the fast path recognises; see the module comment. */
export async function answerFast(
  req: Request,
  body: unknown,
  ctx: Ctx,
  organisation: string,
  logger: Logger,
  catalogue: (caller: Ctx['caller']) => AgentTool[] = toolsFor, // a unit test passes its own tools
): Promise<FastOutcome> {
  if (!fastPath.enabled) return SDK;
  const hot = hotRequest(req, body);
  if (!hot) return SDK;
  if (hot.method === 'ping') return success(hot, {}, organisation);
  const tools = catalogue(ctx.caller);
  if (hot.method === 'tools/list') return success(hot, { tools: tools.map((t) => listed(t, ctx)) }, organisation);

  const name = hot.name as string;
  // A tool the caller may not use is as unknown as one that does not exist (catalogue.ts).
  const tool = tools.find((t) => t.name === name);
  if (!tool) return failure(hot, -32602, `Tool ${name} not found`);
  const input = await issuesOf(tool.input(ctx.caller), hot.args ?? {});
  // The SDK words argument errors (its issue format); nothing has run yet, so it can take the request over.
  if (input.issues && input.issues.length > 0) return SDK;
  const result = await callTool(tool, ctx, input.value, logger);
  // The SDK validates a tool's structured output against its output schema on the server too; so does this path.
  if (!result.isError && ((await issuesOf(tool.output, result.structuredContent)).issues?.length ?? 0) > 0) return { kind: 'word', tool: name, result };
  return success(hot, result, organisation);
}
