import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemClock } from '../../server/src/clock.ts';
import { type Ctx, systemCaller } from '../../server/src/context.ts';
import { createLogger } from '../../server/src/logger.ts';
import { answerFast } from '../../server/src/modules/mcp/fast.ts';
import { type AgentTool, defineTool, fixedInput } from '../../server/src/modules/mcp/tool.ts';

/**
 * The fast path's one answer that no real tool can provoke (the integration
 * corpus compares everything else with the SDK): a tool whose output does not
 * match its output schema. The tool has run by then, so the fast path must
 * hand its result to the SDK to word the refusal, not let the SDK run it again.
 */

const runs: unknown[] = [];
const broken: AgentTool = defineTool({
  name: 'broken_output',
  title: 'Broken',
  description: 'Answers a number where its schema says a string.',
  acts: true,
  destructive: false,
  idempotent: false,
  allowed: () => true,
  ...fixedInput(z.object({ n: z.number().default(1) }).strict()),
  output: z.object({ x: z.string() }),
  run: async (_ctx, args) => {
    runs.push(args);
    return { x: 5 } as unknown as { x: string };
  },
});

const ctx = { db: undefined, clock: systemClock, caller: systemCaller(), timeZone: 'Asia/Kolkata', links: undefined } as unknown as Ctx;
const req = { headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } } as unknown as Request;
const call = (args: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'broken_output', arguments: args } });

describe('the fast path with a tool whose output fails its schema', () => {
  it('runs the tool once with the parsed arguments and hands its result to the SDK to word', async () => {
    const outcome = await answerFast(req, call({}), ctx, 'Org', createLogger('silent'), () => [broken]);
    expect(runs).toEqual([{ n: 1 }]);
    expect(outcome).toEqual({ kind: 'word', tool: 'broken_output', result: { content: [{ type: 'text', text: '{"x":5}' }], structuredContent: { x: 5 } } });
  });

  it('leaves arguments the schema refuses to the SDK without running anything', async () => {
    runs.length = 0;
    expect(await answerFast(req, call({ n: 'one' }), ctx, 'Org', createLogger('silent'), () => [broken])).toEqual({ kind: 'sdk' });
    expect(runs).toEqual([]);
  });
});
