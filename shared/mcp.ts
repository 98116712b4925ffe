import { z } from 'zod';

/** The agent endpoint (`POST /api/mcp`): the JSON-RPC framing as the OpenAPI description shows it. */

/** Requests per minute per credential (an API key, or one OAuth grant) by default; MUSTER_AGENT_RATE_LIMIT changes it. */
export const AGENT_RATE_LIMIT_DEFAULT = 600;
export const AGENT_RATE_WINDOW_MS = 60_000;

/** The protocol revisions the endpoint speaks: the `initialize` handshake ones, and the stateless one. */
export const MCP_LEGACY_REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25'] as const;
export const MCP_MODERN_REVISION = '2026-07-28';

export const McpRequest = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number().int()]).optional().meta({ description: 'Absent for a notification (answered 202 with no body).' }),
    method: z.string().meta({ example: 'tools/call' }),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({
    id: 'McpJsonRpcRequest',
    description: [
      'One JSON-RPC 2.0 message of the Model Context Protocol. Methods: `initialize` (2025 revisions), `server/discover` (2026-07-28), `tools/list`, `tools/call`, `resources/list`, `resources/templates/list`, `resources/read`, `prompts/list`, `prompts/get`, `ping`.',
      'Send `Accept: application/json, text/event-stream`. 2025-era clients send `MCP-Protocol-Version` after `initialize`; 2026-07-28 clients put `_meta["io.modelcontextprotocol/protocolVersion"]` in every request and send `MCP-Protocol-Version`, `Mcp-Method` and (for `tools/call`, `resources/read`, `prompts/get`) `Mcp-Name`.',
      'The endpoint is stateless: no `Mcp-Session-Id`, no GET stream (GET and DELETE answer 405).',
    ].join('\n\n'),
  });

export const McpResponse = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number().int(), z.null()]),
    result: z.record(z.string(), z.unknown()).optional().meta({
      description: 'E.g. for `tools/call`: `content` (a text block with the JSON), `structuredContent` (matching the tool\'s `outputSchema`) and `isError` (true with a sentence when the tool refused: validation, permission, scope, business rules).',
    }),
    error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional().meta({
      description: 'Protocol errors: -32700 parse, -32600 invalid request, -32601 unknown method, -32602 unknown tool or bad params, -32020 header mismatch, -32022 unsupported protocol version.',
    }),
  })
  .meta({ id: 'McpJsonRpcResponse' });
