import { McpServer } from '@modelcontextprotocol/server';
import type { Ctx } from '../../context.ts';
import type { Logger } from '../../logger.ts';
import { type ToolCallResult, callTool, serverIdentity } from './call.ts';
import { toolsFor } from './catalogue.ts';
import { registerPrompts } from './prompts.ts';
import { registerResources } from './resources.ts';

/**
 * The MCP server for one request: only the tools, resources and prompts this
 * caller may use, each calling the console's use cases with the caller's Ctx
 * (source `mcp`, the credential recorded on every audit row). A `tools/call`
 * needs only the tool it names (`only`): the others, the resources and the
 * prompts are not built for it (a tool the caller may not use is still
 * unknown, as it is in `tools/list`).
 */
export function buildMcpServer(ctx: Ctx, organisation: string, logger: Logger, only?: string, answered?: ToolCallResult): McpServer {
  const { caller } = ctx;
  const server = new McpServer(
    serverIdentity(organisation),
    {
      instructions: [
        `Muster is the HR back office of ${organisation}: attendance from biometric terminals, leave and its approvals, the employee directory.`,
        `You act as ${caller.name} (${caller.roles.join(', ') || 'no role'}), with exactly what they may do in the Muster console.`,
        `Dates are YYYY-MM-DD and times local to ${ctx.timeZone}; call whoami first to learn today's date.`,
        'Before anything that changes data (applying for or withdrawing leave, checking in or out, asking for a correction, approving, rejecting, overriding), say what you will do and get the person\'s go-ahead.',
      ].join(' '),
    },
  );
  const allowed = toolsFor(caller);
  // A name the caller may not use gets the whole (allowed) catalogue, so it is refused as any unknown tool is.
  const needed = only !== undefined && allowed.some((t) => t.name === only) ? allowed.filter((t) => t.name === only) : allowed;
  for (const tool of needed) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input(caller),
        outputSchema: tool.output,
        annotations: {
          title: tool.title,
          readOnlyHint: !tool.acts,
          destructiveHint: tool.acts && tool.destructive,
          idempotentHint: tool.idempotent,
          openWorldHint: false,
        },
      },
      // `answered`: the fast path already ran the tool and hands its result over for the SDK to word (see fast.ts).
      async (args: unknown) => answered ?? callTool(tool, ctx, args, logger),
    );
  }
  if (needed === allowed) {
    registerResources(server, ctx);
    registerPrompts(server, caller);
  }
  return server;
}
