import type { Ctx } from '../../context.ts';
import type { Logger } from '../../logger.ts';
import { MUSTER_VERSION } from '../../version.ts';
import { toolErrorText } from './errors.ts';
import { textOf } from './present.ts';
import type { AgentTool } from './tool.ts';

/**
 * What the SDK-built server and the fast path (`fast.ts`) share, so the two
 * cannot drift: the server's identity and what a tool call answers. No SDK
 * import here: the fast path answers without loading it.
 */

export interface ToolCallResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: true;
}

/** The server's identity (`initialize`, `server/discover`, and the 2026-era result `_meta`). */
export function serverIdentity(organisation: string) {
  return { name: 'muster', title: `Muster — ${organisation}`, version: MUSTER_VERSION };
}

/** Runs a tool on arguments its input schema has accepted: the output as text and structured content, or a refusal in words. */
export async function callTool(tool: AgentTool, ctx: Ctx, args: unknown, logger: Logger): Promise<ToolCallResult> {
  try {
    const out = (await tool.run(ctx, args as never)) as Record<string, unknown>;
    return { content: [{ type: 'text', text: textOf(out) }], structuredContent: out };
  } catch (error) {
    // This key order is the one the SDK's result validation gives back (the fast path writes it as is).
    return { content: [{ type: 'text', text: toolErrorText(error, logger, tool.name) }], isError: true };
  }
}
