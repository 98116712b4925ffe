import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, Router } from 'express';
import { AGENT_RATE_WINDOW_MS, McpRequest, McpResponse } from '../../../../shared/mcp.ts';
import { AGENT_SCOPES } from '../../../../shared/oauth.ts';
import type { Caller, ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { apiKeyFromRequest } from '../../http/auth.ts';
import { JSON_BODY_LIMIT } from '../../http/api.ts';
import { sendProblem } from '../../http/problem.ts';
import { type RequestBase, requestBase } from '../../http/public-url.ts';
import { limiter } from '../../http/rate-limit.ts';
import { orgSettings } from '../org/index.ts';
import { MCP_PATH, resourceMetadataUrl } from '../oauth/index.ts';
import { authenticateAgent } from './credentials.ts';
import { answerFast } from './fast.ts';
import type { McpDispatch } from './transport.ts';

/**
 * `POST /api/mcp` (spec §1, §4.9, §5.3): the Model Context Protocol over
 * Streamable HTTP, stateless, both protocol eras. In order: DNS-rebinding
 * protection (Host must be one of Muster's own names, Origin if sent the same
 * origin), the credential (401 with `WWW-Authenticate` naming the
 * protected-resource metadata), the per-credential rate limit, the JSON body,
 * then the fast path for the hot requests (fast.ts) or else the SDK. GET,
 * DELETE and every other method answer 405: there are no sessions and no
 * server-to-client stream.
 */

interface AgentLocals {
  base: RequestBase;
  caller: Caller;
  budget: string;
}

const locals = (res: Response) => res.locals as Partial<AgentLocals>;

/** A JSON-RPC error answer without an id (the SDK's shape for transport-level refusals). */
function jsonRpcError(res: Response, status: number, code: number, message: string): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}

function challenge(base: RequestBase, error?: { description: string }): string {
  const parts = [`resource_metadata="${resourceMetadataUrl(base)}"`, `scope="${AGENT_SCOPES.join(' ')}"`];
  // RFC 6750 §3: the description is printable ASCII without quotes or backslashes.
  if (error) parts.push('error="invalid_token"', `error_description="${error.description.replace(/→/g, '>').replace(/…/g, '...').replace(/[^\x20-\x7e]|["\\]/g, '')}"`);
  return `Bearer ${parts.join(', ')}`;
}

/**
 * Documents the endpoint on `api` and answers the router to mount: app.ts
 * mounts it ahead of the platform routes, so agent calls do not walk past
 * every console route first.
 */
/** The tool a single `tools/call` names, or undefined for anything else (lists, initialize, batches). */
function calledTool(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  return method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
}

export function mcpRoutes(api: Api, deps: ModuleDeps): Router {
  api.document({
    method: 'post',
    path: MCP_PATH,
    operationId: 'mcp',
    summary: 'The agent endpoint: Model Context Protocol (JSON-RPC 2.0)',
    description: [
      'AI assistants connect here with an employee-bound API key or an OAuth 2.1 access token and act as that employee: the tools, resources and prompts listed are only those the person may use in the console (as their roles are at each call), and every tool reads and writes through the same rules, scope and audit trail as the console (source `mcp`, with the credential named).',
      'Both protocol eras: the `initialize` handshake revisions (2025-03-26, 2025-06-18, 2025-11-25) and the stateless 2026-07-28 revision (`server/discover`). Answers are `application/json` (a notification gets 202 without a body). The endpoint keeps no sessions.',
      'Tools: whoami, attendance_get, attendance_check_in, attendance_check_out, regularization_request, leave_balances, leave_quote, leave_apply, leave_withdraw, leave_requests, approvals_pending, approvals_approve, approvals_reject, team_attendance_today, people_lookup, attendance_override_day. Resources: `muster://me/leave-balances`, `muster://me/attendance/{month}`. Prompts: plan_my_leave, review_team_approvals.',
      'Refusals outside JSON-RPC: 401 problem details with `WWW-Authenticate: Bearer resource_metadata="…/.well-known/oauth-protected-resource/api/mcp"` (no credential, an unknown, revoked or expired one, a key bound to nobody, a token for another audience); 403 for a Host that is not one of Muster\'s names or a foreign `Origin` (DNS-rebinding protection); 429 beyond the per-credential rate limit (600 a minute unless MUSTER_AGENT_RATE_LIMIT says otherwise). GET and DELETE answer 405.',
    ].join('\n\n'),
    tags: ['Agent endpoint'],
    auth: 'agent',
    body: McpRequest,
    response: McpResponse,
    errors: [403, 405, 429],
  });

  /**
   * The MCP SDK (and the server built on it) is loaded when a request first
   * needs it, not at start-up: importing it costs about as much as the rest
   * of the server's start. The fast path (fast.ts) answers tools/call,
   * tools/list and ping without it; a request refused for want of a
   * credential (how clients usually begin) starts the load, and the first
   * request the SDK must answer waits for it.
   */
  let engine: Promise<{ dispatch: McpDispatch; build: typeof import('./server.ts').buildMcpServer }> | undefined;
  const loadEngine = () => {
    if (!engine) {
      engine = Promise.all([import('./server.ts'), import('./transport.ts')]).then(([server, transport]) => ({
        dispatch: transport.createMcpDispatch(deps.logger),
        build: server.buildMcpServer,
      }));
      engine.catch(() => {
        engine = undefined; // a failed load is tried again by the next request
      });
    }
    return engine;
  };

  /** DNS-rebinding protection: only Muster's own names, and no foreign web page. */
  const guard: RequestHandler = (req, res, next) => {
    const base = requestBase(req, deps);
    if (!base) return jsonRpcError(res, 403, -32000, `Invalid Host: ${req.hostname || '(none)'} is not one of this Muster's addresses.`);
    const origin = req.get('origin');
    if (origin !== undefined && origin !== '') {
      let same = false;
      try {
        same = new URL(origin).origin === new URL(base.url).origin;
      } catch {
        same = false;
      }
      if (!same) return jsonRpcError(res, 403, -32000, `Invalid Origin: ${origin} may not call this endpoint.`);
    }
    locals(res).base = base;
    next();
  };

  const jsonBody = express.json({ limit: JSON_BODY_LIMIT, type: () => true });
  const unreadableBody: ErrorRequestHandler = (err, _req, res, next) => {
    const e = err as { type?: string; status?: number; limit?: number };
    if (e?.type === 'entity.parse.failed') return jsonRpcError(res, 400, -32700, 'Parse error: the body is not valid JSON.');
    if (e?.type === 'entity.too.large') return jsonRpcError(res, 413, -32600, `The body is over the ${JSON_BODY_LIMIT} limit.`);
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return jsonRpcError(res, 400, -32600, 'The request body could not be read.');
    next(err);
  };

  const authenticate: RequestHandler = async (req, res, next) => {
    const base = locals(res).base as RequestBase;
    const bearer = apiKeyFromRequest(req.get('authorization'), undefined);
    const auth = await authenticateAgent(deps, bearer, base);
    if ('refused' in auth) {
      // Clients begin with an anonymous probe and the OAuth dance: load the SDK meanwhile for the
      // initialize or server/discover that follows (`serve` reports a failed load).
      void loadEngine().catch(() => undefined);
      sendProblem(res, 401, { slug: 'unauthorized', title: 'Authentication required', detail: auth.refused, instance: MCP_PATH }, {
        'WWW-Authenticate': challenge(base, auth.invalidToken ? { description: auth.refused } : undefined),
      });
      return;
    }
    locals(res).caller = auth.caller;
    locals(res).budget = auth.budget;
    next();
  };

  const perCredential = limiter({
    windowMs: AGENT_RATE_WINDOW_MS,
    limit: deps.config.agentRateLimit,
    headers: true,
    key: (_req: Request) => `agent:${String((_req.res as Response | undefined)?.locals.budget ?? 'none')}`,
    detail: `Each agent credential may make ${deps.config.agentRateLimit} requests a minute.`,
  }, deps);

  const serve: RequestHandler = async (req, res) => {
    const caller = locals(res).caller as Caller;
    const [ctx, org] = await Promise.all([deps.ctxFor(caller), orgSettings(deps.db)]);
    const fast = await answerFast(req, req.body, ctx, org.name, deps.logger);
    if (fast.kind === 'answer') {
      // What the SDK's answer carries (no charset, an explicit length), written in one go.
      res.status(200).setHeader('Content-Type', 'application/json');
      res.setHeader('Content-Length', Buffer.byteLength(fast.body));
      res.end(fast.body);
      return;
    }
    const { dispatch, build } = await loadEngine();
    const answered = fast.kind === 'word' ? fast.result : undefined;
    await dispatch(req, res, req.body, () => build(ctx, org.name, deps.logger, calledTool(req.body), answered));
  };

  const router = Router();
  // The credential before the body: an anonymous caller gets its 401 without the body being read.
  router.post(MCP_PATH, guard, authenticate, perCredential, jsonBody, unreadableBody, serve);
  router.all(MCP_PATH, (_req, res) => {
    res.setHeader('Allow', 'POST');
    jsonRpcError(res, 405, -32000, 'Method not allowed: this endpoint is stateless and takes POST only.');
  });
  return router;
}
