import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from 'express';
import type { Api, LeanOperation } from './api.ts';
import { leanJsonLength, readLeanJson } from './lean-json.ts';

/** Marks a request the direct path handed back to Express (its chain went on past its last handler). */
const HANDED_BACK = Symbol('handed back by the direct path');

type Handle = (req: IncomingMessage, res: ServerResponse, callback?: (err?: unknown) => void) => void;

/** True for a request `directFromTheStart` handed back to Express: the app's first layer must not run its chain again. */
export function handedBack(req: Request): boolean {
  return (req as Partial<Record<typeof HANDED_BACK, true>>)[HANDED_BACK] === true;
}

/**
 * An operation without path parameters runs from the app's very start, before Express's own dispatch
 * (`app.handle` and its router's walk to the first layer: about 7% of a stored punch's CPU). The request
 * is set up as Express sets it up (its prototypes, `req.res` / `res.req`, `res.locals`, `originalUrl`,
 * `baseUrl`), then `first(url)` and the operation's chain run as the app's first layer would run them.
 *
 * Only a URL that is a plain `/api/…` path is taken (Express's `req.path` of such a URL is the URL up to
 * `?`); anything else, and a request whose chain goes on past its last handler, is dispatched by Express
 * as before (marked `handedBack`). An error goes to `problems`, the app's error handler, which Express
 * would reach too: no layer between is an error handler.
 */
export function directFromTheStart(
  app: Express,
  api: Api,
  options: { first: (url: string) => readonly RequestHandler[]; problems: ErrorRequestHandler },
): void {
  const express = app as unknown as { handle: Handle; request: object; response: object };
  const dispatch = express.handle.bind(app) as Handle;
  /** The request as Express sets it up: its prototypes, `req.res` / `res.req`, `res.locals`, `originalUrl`, `baseUrl`. */
  const setUp = (req: IncomingMessage, res: ServerResponse, url: string) => {
    const request = Object.setPrototypeOf(req, express.request) as Request & { res: Response };
    const response = Object.setPrototypeOf(res, express.response) as Response & { req: Request };
    request.res = response;
    response.req = request;
    response.locals ??= Object.create(null) as Record<string, unknown>;
    request.originalUrl = url;
    request.baseUrl = '';
    return { request, response };
  };
  const problemsFor = (request: Request, response: Response) => (err: unknown) =>
    void options.problems(err, request, response, () => {
      // The problem handler answers every error itself; should it pass one on, the client still gets an answer.
      if (!response.headersSent) response.status(500).end();
    });
  express.handle = (req, res, callback) => {
    const url = req.url ?? '';
    if (callback !== undefined || !url.startsWith('/api/')) return dispatch(req, res, callback);
    const path = pathOf(url);
    const first = options.first(url);
    // The lean path skips the app's own middleware too: only where there is none for this URL (the ingest paths).
    const lean = first.length === 0 ? api.leanFor(req.method ?? '', path) : undefined;
    if (lean && runLean(lean, req, res, url)) return;
    const chain = api.directChainFor(req.method ?? '', path);
    if (!chain) return dispatch(req, res, callback);
    const { request, response } = setUp(req, res, url);
    const done = (err?: unknown): void => {
      if (!err) {
        (request as unknown as Record<typeof HANDED_BACK, true>)[HANDED_BACK] = true;
        return dispatch(req, res);
      }
      problemsFor(request, response)(err);
    };
    api.runDirect(chain, request, response, done, first);
  };

  /**
   * The lean path (`OperationSpec.lean`): false, with nothing read, unless the headers allow it and
   * name a caller (else the usual path answers, 401 included). Set up for Express only when an error
   * or the usual presentation must answer; the caller and the parsed body are on the request then,
   * as the usual path leaves them.
   */
  const runLean = (lean: LeanOperation, req: IncomingMessage, res: ServerResponse, url: string): boolean => {
    const length = leanJsonLength(req, lean.limit);
    if (length === undefined) return false;
    const caller = lean.callerOf(req.headers.authorization);
    if (!caller) return false;
    let json: unknown;
    const forExpress = () => {
      const { request, response } = setUp(req, res, url);
      request.caller = caller;
      request.params = {};
      if (json !== undefined) request.body = json;
      return { req: request, res: response };
    };
    readLeanJson(req, length)
      .then((parsed) => {
        json = parsed;
        return lean.run(req, res, caller, parsed, forExpress);
      })
      .catch((err: unknown) => {
        const { req: request, res: response } = forExpress();
        problemsFor(request, response)(err);
      });
    return true;
  };
}

/** A URL's path: up to its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}
