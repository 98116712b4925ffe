import type { z } from 'zod';
import type { Caller, Ctx } from '../../context.ts';

/**
 * One agent tool: a thin adapter over a use case the console also calls.
 * What a model sees (name, title, description written for a model, input and
 * output schemas, annotations) and whom it is shown to.
 */
export interface AgentTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  /** snake_case with a domain prefix; stable, models remember it. */
  name: string;
  title: string;
  /** For a model: what it does, when to use it, formats, what it does not do. */
  description: string;
  /** True for tools that change data: hidden from read-only credentials (`muster:read` tokens, `ReadOnly` keys). */
  acts: boolean;
  /** Meaningful for acting tools only (MCP defaults destructive to true; we always say). */
  destructive: boolean;
  idempotent: boolean;
  /** Whether the caller's permissions let them use it at all (else it is not listed, and calling it is "unknown tool"). */
  allowed(caller: Caller): boolean;
  /** The input schema; it may depend on the caller (e.g. an `employee` argument only for managers and HR). */
  input(caller: Caller): I;
  output: O;
  run(ctx: Ctx, args: z.output<I>): Promise<z.output<O>>;
}

type JsonSchemaFn = (options: { target: string }) => Record<string, unknown>;

/**
 * Memoises a schema's JSON Schema conversion. The SDK converts a tool's
 * schemas on every `tools/list` and its output schema on every `tools/call`,
 * and a server is built per request (the endpoint is stateless), so without
 * this most of a call would go to zod's converter. zod lets an instance's
 * Standard Schema interface be replaced (`~standard` has a setter); validation
 * stays zod's own.
 */
export function cacheJsonSchema<T extends z.ZodType>(schema: T): T {
  const std = schema['~standard'] as unknown as { jsonSchema: { input: JsonSchemaFn; output: JsonSchemaFn } } & Record<string, unknown>;
  const memo = new Map<string, Record<string, unknown>>();
  const cached =
    (io: 'input' | 'output'): JsonSchemaFn =>
    (options) => {
      const key = `${io}|${options.target}`;
      let json = memo.get(key);
      if (!json) {
        json = std.jsonSchema[io](options);
        memo.set(key, json);
      }
      return json;
    };
  (schema as unknown as Record<string, unknown>)['~standard'] = { ...std, jsonSchema: { input: cached('input'), output: cached('output') } };
  return schema;
}

/**
 * Keeps a tool's input and output types tied together, then forgets them for
 * the catalogue. The schemas are built once, here, with their JSON Schema
 * memoised: `inputs` lists every variant `input(caller)` may answer.
 */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(tool: AgentTool<I, O> & { inputs: readonly I[] }): AgentTool {
  for (const variant of tool.inputs) cacheJsonSchema(variant);
  cacheJsonSchema(tool.output);
  return tool as unknown as AgentTool;
}

/** A tool whose arguments are the same for everyone. */
export function fixedInput<I extends z.ZodObject>(schema: I) {
  return { inputs: [schema] as const, input: () => schema };
}

/** The input schema variants of a tool whose arguments depend on the caller: built once, picked per call. */
export function inputVariants<I extends z.ZodObject>(base: I, extra: z.ZodRawShape, uses: (caller: Caller) => boolean) {
  const plain = base.strict() as unknown as I;
  const wider = base.extend(extra).strict() as unknown as I;
  return { inputs: [plain, wider] as const, input: (caller: Caller) => (uses(caller) ? wider : plain) };
}

export const has = (caller: Caller, ...anyOf: Caller['permissions'][number][]) => anyOf.some((p) => caller.permissions.includes(p));

/** Managers and HR name someone else; employees only ever mean themselves. */
export const seesOthers = (caller: Caller) => caller.scope !== 'self';
