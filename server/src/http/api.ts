import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Request, type RequestHandler, type Response } from 'express';

/** JSON bodies above this answer 413. */
export const JSON_BODY_LIMIT = '1mb';

// Only operations that take a body parse one; GETs skip the parser entirely.
const jsonBody = express.json({ limit: JSON_BODY_LIMIT });
const jsonBodies = new Map<string, RequestHandler>([[JSON_BODY_LIMIT, jsonBody]]);

/** The JSON parser for a body limit such as `2mb` (one per limit). */
function jsonBodyOf(limit: string): RequestHandler {
  let parser = jsonBodies.get(limit);
  if (!parser) {
    parser = express.json({ limit });
    jsonBodies.set(limit, parser);
  }
  return parser;
}
import type { z } from 'zod';
import type { Permission } from '../../../shared/permissions.ts';
import type { Caller } from '../context.ts';
import { boundedMemo } from '../memo.ts';
import { bytesOf } from './lean-json.ts';
import { isMultipart } from './multipart.ts';
import { forbidden, validationError } from './problem.ts';

/** Who may call an operation: nobody in particular, a console session, an API key, the connector, or an AI agent (an employee-bound API key or an OAuth access token). */
export type AuthKind = 'none' | 'session' | 'apiKey' | 'connector' | 'agent';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface BinaryResponse {
  /** Content types the operation answers with, e.g. text/csv. */
  contentTypes: readonly string[];
  description: string;
}

export interface OperationSpec<
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
> {
  method: Method;
  /** OpenAPI style, e.g. `/api/employees/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  auth: AuthKind;
  /** Checked after authentication; 403 when the caller lacks it. */
  permission?: Permission;
  params?: P;
  query?: Q;
  body?: B;
  /** A zod schema for JSON answers, or the content types of a file answer. */
  response: z.ZodType | BinaryResponse;
  /** Error statuses worth documenting beyond the ones every route of its kind has. */
  errors?: readonly number[];
  /**
   * A multipart/form-data body instead of JSON: documented from `schema`, read
   * by the handler as a stream (`formUpload` in http/multipart.ts), never parsed here.
   * With `body` as well, the operation takes either: JSON is parsed and
   * validated as usual, and a multipart request reaches the handler with
   * `body` undefined (`isMultipart(req)`), for it to read the form.
   */
  form?: FormBody;
  /** A larger JSON body limit than the global 1 MiB (e.g. `2mb` for photos); above it, 413. */
  bodyLimit?: string;
  /** Extra middleware run after authentication, before validation (e.g. throttles). */
  before?: readonly RequestHandler[];
  /**
   * Plain JSON requests run without Express's request set-up and body parser (`lean-json.ts`; the
   * ingest routes). For a handler that answers itself with Node's `res.writeHead`/`res.end` and reads
   * nothing from `req`: only `body`, `caller` and `res` are what they are on the usual path. Needs an
   * authentication that checks a header alone (`LeanAuth`), a body, and no params, query, form,
   * permission or `before`. Taken only where the app runs no middleware of its own before the
   * operation (`directFromTheStart`'s `first` is empty for the URL: the ingest paths).
   */
  lean?: true;
  /** Documented response headers, e.g. rate-limit headers. */
  responseHeaders?: Readonly<Record<string, { description: string; schema: { type: 'integer' | 'string' } }>>;
}

export interface FormBody {
  schema: z.ZodType;
  description: string;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface OperationInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  req: Request;
  res: Response;
  /** Set for `session` operations (and for `apiKey` ones, as the key's caller). */
  caller: Caller;
}

export type Handler<P, Q, B> = (input: OperationInput<P, Q, B>) => Promise<unknown> | unknown;

export interface RegisteredOperation {
  spec: OperationSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>;
}

export interface AuthMiddlewares {
  none: RequestHandler[];
  session: RequestHandler[];
  apiKey: RequestHandler[];
  connector: RequestHandler[];
  /** The agent endpoint mounts its own chain (see `document`). */
  agent?: RequestHandler[];
}

const NO_CALLER = undefined as unknown as Caller;

/** Authentications that decide from the `Authorization` header alone: the caller, or undefined (the usual path answers 401). */
export type LeanAuth = Partial<Record<AuthKind, (authorization: string | undefined) => Caller | undefined>>;

/** An operation's lean path (`OperationSpec.lean`). */
export interface LeanOperation {
  /** The body limit, in bytes. */
  limit: number;
  callerOf: (authorization: string | undefined) => Caller | undefined;
  /**
   * Validates the parsed body and runs the handler. `express()` sets the request up as Express would,
   * for an answer the handler left to the usual presentation; errors are thrown for the caller to answer.
   */
  run: (req: IncomingMessage, res: ServerResponse, caller: Caller, json: unknown, express: () => { req: Request; res: Response }) => Promise<void>;
}

/**
 * Collects operations: each is mounted on the router with its authentication
 * and input validation, and remembered for the OpenAPI description.
 */
export class Api {
  readonly operations: RegisteredOperation[] = [];
  /**
   * Operations by the first two segments of their path (`/api/leave`): a request walks only its own area's
   * routes, not every one of the ~300 (Express matches a router's routes one by one, and the walk cost each
   * request on a later area more than the area's own work). Paths whose first two segments are not both
   * literal go to `anywhere`, which every request may still reach.
   */
  private readonly areas = new Map<string, express.Router>();
  private readonly anywhere = express.Router();
  /**
   * Operations whose path has no parameter, by method and path as Express would match them (any case, one
   * trailing slash or none): their chain runs directly, without Express trying routes one by one (routing
   * was 9% of a cached directory page's CPU). Only where Express would have chosen that same route: a path
   * an earlier route with parameters also matches stays with Express. Any other request (HEAD, OPTIONS,
   * paths with parameters) is routed by Express as before.
   */
  private readonly direct = new Map<string, RequestHandler[]>();
  private readonly patterns: { method: Method; test: RegExp }[] = [];
  private readonly lean = new Map<string, LeanOperation>();
  readonly router: RequestHandler = (req, res, next) => {
    const chain = this.directChain(req);
    if (chain) return runChain(chain, req, res, next);
    const area = this.areas.get(areaOf(req.path));
    if (!area) return this.anywhere(req, res, next);
    area(req, res, (err?: unknown) => (err ? next(err) : this.anywhere(req, res, next)));
  };

  constructor(
    private readonly auth: AuthMiddlewares,
    private readonly leanAuth: LeanAuth = {},
  ) {}

  op<P extends z.ZodType | undefined, Q extends z.ZodType | undefined, B extends z.ZodType | undefined, F extends FormBody | undefined = undefined>(
    spec: OperationSpec<P, Q, B> & { form?: F },
    // With a form beside the JSON body, a multipart request has no parsed body.
    handler: Handler<Out<P>, Out<Q>, F extends FormBody ? Out<B> | undefined : Out<B>>,
  ): void {
    const auth = this.auth[spec.auth];
    if (!auth) throw new Error(`No authentication middleware for ${spec.auth} operations (${spec.operationId})`);
    this.operations.push({ spec } as RegisteredOperation);
    const expressPath = spec.path.replace(/\{(\w+)\}/g, ':$1');
    const queryOf = spec.query ? queryParser(spec.query) : undefined;
    const run: RequestHandler = async (req, res) => {
      const caller = req.caller ?? NO_CALLER;
      if (spec.permission && !caller?.permissions.includes(spec.permission)) {
        throw forbidden(`This needs the permission ${spec.permission}.`);
      }
      const params = parseOrThrow(spec.params, req.params, 'params');
      const query = queryOf?.(req);
      const asForm = spec.form !== undefined && spec.body !== undefined && isMultipart(req);
      const body = asForm ? undefined : parseOrThrow(spec.body, req.body, 'body');
      const result = await handler({ params, query, body, req, res, caller } as OperationInput<Out<P>, Out<Q>, Out<B>>);
      if (result !== undefined && !res.headersSent) res.json(result);
      else if (!res.headersSent && !res.writableEnded) res.status(204).end();
    };
    const parse = spec.body ? [jsonBodyOf(spec.bodyLimit ?? JSON_BODY_LIMIT)] : [];
    const chain = [...auth, ...parse, ...(spec.before ?? []), run];
    this.routerFor(expressPath)[spec.method](expressPath, ...chain);
    this.rememberDirect(spec.method, expressPath, chain);
    if (spec.lean) this.rememberLean(spec, handler as Handler<unknown, unknown, unknown>, chain);
  }

  /** The lean path of the operation this request would run (`OperationSpec.lean`), if it has one. */
  leanFor(method: string, path: string): LeanOperation | undefined {
    return this.lean.size === 0 ? undefined : this.lean.get(directKey(method, path));
  }

  private rememberLean(spec: OperationSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>, handler: Handler<unknown, unknown, unknown>, chain: RequestHandler[]): void {
    const callerOf = this.leanAuth[spec.auth];
    if (!callerOf || !spec.body || spec.params || spec.query || spec.form || spec.permission || spec.before?.length) {
      throw new Error(`${spec.operationId} cannot take the lean path (see OperationSpec.lean)`);
    }
    const key = directKey(spec.method.toUpperCase(), spec.path);
    // Only where the usual path would run this same chain directly.
    if (this.direct.get(key) !== chain) throw new Error(`${spec.operationId} is not routed directly, so it cannot take the lean path`);
    const schema = spec.body;
    this.lean.set(key, {
      limit: bytesOf(spec.bodyLimit ?? JSON_BODY_LIMIT),
      callerOf,
      run: async (req, res, caller, json, express) => {
        const body = parseOrThrow(schema, json, 'body');
        const result = await handler({ params: undefined, query: undefined, body, req: req as Request, res: res as Response, caller });
        if (res.headersSent) return;
        const answer = express().res;
        if (result !== undefined) answer.json(result);
        else if (!answer.writableEnded) answer.status(204).end();
      },
    });
  }

  /** The handlers of the operation without path parameters that Express would route this request to, if any. */
  directChain(req: Request): readonly RequestHandler[] | undefined {
    return this.directChainFor(req.method, req.path);
  }

  /** `directChain` by a request's method and path (its URL up to `?`), before Express has set the request up. */
  directChainFor(method: string, path: string): readonly RequestHandler[] | undefined {
    return this.direct.get(directKey(method, path));
  }

  /** Runs what `directChain` found, after the app's own middleware `first`, as Express would (see `runChain`). */
  runDirect(chain: readonly RequestHandler[], req: Request, res: Response, next: (err?: unknown) => void, first: readonly RequestHandler[] = []): void {
    runChain(chain, req, res, next, first);
  }

  private rememberDirect(method: Method, expressPath: string, chain: RequestHandler[]): void {
    if (/[:*{}()?+]/.test(expressPath)) {
      // `:name` matches one non-empty segment, as in Express; the first route that matches a path wins.
      const source = expressPath.split(/(:\w+)/).map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
      this.patterns.push({ method, test: new RegExp(`^${source}/?$`, 'i') });
      return;
    }
    // Error handlers (four arguments) are skipped by Express on the way in: such a chain stays with Express.
    if (chain.some((h) => h.length >= 4)) return;
    const key = directKey(method.toUpperCase(), expressPath);
    if (this.direct.has(key) || this.patterns.some((p) => p.method === method && p.test.test(expressPath))) return;
    this.direct.set(key, chain);
  }

  private routerFor(path: string): express.Router {
    const key = areaOf(path);
    if (/[:*{(]/.test(key)) return this.anywhere;
    let area = this.areas.get(key);
    if (!area) this.areas.set(key, (area = express.Router()));
    return area;
  }

  /**
   * Describes an operation in the OpenAPI document that its module mounts
   * itself on `router` (a protocol of its own, such as the agent endpoint's
   * JSON-RPC: its errors are not problem details and it reads its own body).
   */
  document<P extends z.ZodType | undefined, Q extends z.ZodType | undefined, B extends z.ZodType | undefined>(spec: OperationSpec<P, Q, B>): void {
    this.operations.push({ spec } as RegisteredOperation);
  }
}

/** A request's method and path as a key of `direct`: any case, without one trailing slash (Express's defaults). */
function directKey(method: string, path: string): string {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return `${method} ${trimmed.toLowerCase()}`;
}

/**
 * Runs a route's handlers (after `first`) as Express would: each calls `next` to go on, `next(error)` goes to the app's
 * error handlers, and a rejected promise counts as `next(error)`. Past the last handler, on to the app.
 */
function runChain(chain: readonly RequestHandler[], req: Request, res: Response, done: (err?: unknown) => void, first: readonly RequestHandler[] = []): void {
  req.params = {};
  let i = 0;
  const step = (err?: unknown): void => {
    if (err === 'route' || err === 'router') return done();
    if (err) return done(err);
    const at = i++;
    const handler = at < first.length ? first[at] : chain[at - first.length];
    if (!handler) return done();
    try {
      const returned: unknown = handler(req, res, step);
      if (returned instanceof Promise) returned.then(undefined, (e: unknown) => step(e ?? new Error('Rejected promise')));
    } catch (e) {
      step(e);
    }
  };
  step();
}

/** `/api/leave/requests/x` → `/api/leave`; lower case, as Express matches paths without regard to case. */
function areaOf(path: string): string {
  const second = path.indexOf('/', 1);
  const third = second < 0 ? -1 : path.indexOf('/', second + 1);
  return (third < 0 ? path : path.slice(0, third)).toLowerCase();
}

/** Parsed queries remembered per operation (the most recently asked). */
export const QUERY_MEMO = 512;

/**
 * An operation's query parser. A query is a pure function of the URL's text after `?` (Express's
 * parser, then the operation's zod schema: no defaults or transforms there read the clock), and a
 * console asks the same few again and again: a page it pages back to, a list it refreshes. So a
 * valid query is parsed once and remembered, by that text; each request gets its own copy, so a
 * handler that changes its query changes nobody else's. An invalid one is parsed (and refused)
 * every time. Parsing the directory's query took 3.6–4.2 µs a request (0.3 µs remembered); paired,
 * a cached directory page's CPU fell by about 4% (`docs/performance.md`).
 */
function queryParser(schema: z.ZodType): (req: Request) => unknown {
  // The request being parsed, set only around the memo's synchronous call: on a miss it parses that request's query.
  let parsing: Request | undefined;
  const parse = boundedMemo<z.ZodSafeParseResult<unknown>>(QUERY_MEMO, () => schema.safeParse((parsing as Request).query ?? {}), (parsed) => parsed.success);
  return (req) => {
    const at = req.url.indexOf('?');
    parsing = req;
    const parsed = parse(at < 0 ? '' : req.url.slice(at + 1));
    parsing = undefined;
    if (!parsed.success) throw validationError(parsed.error, 'query');
    return ownCopy(parsed.data);
  };
}

/**
 * A copy of parsed input, so a remembered value is never shared: plain objects and arrays by hand (the
 * usual query), anything else a schema may produce (a date, a set) by `structuredClone`.
 */
function ownCopy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(ownCopy);
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = ownCopy((value as Record<string, unknown>)[key]);
  return out;
}

function parseOrThrow(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!parsed.success) throw validationError(parsed.error, where);
  return parsed.data;
}
