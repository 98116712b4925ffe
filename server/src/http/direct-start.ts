import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from 'express';
import type { Api } from './api.ts';

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
  express.handle = (req, res, callback) => {
    const url = req.url ?? '';
    const chain = callback === undefined && url.startsWith('/api/') ? api.directChainFor(req.method ?? '', pathOf(url)) : undefined;
    if (!chain) return dispatch(req, res, callback);
    const request = Object.setPrototypeOf(req, express.request) as Request & { res: Response };
    const response = Object.setPrototypeOf(res, express.response) as Response & { req: Request };
    request.res = response;
    response.req = request;
    response.locals ??= Object.create(null) as Record<string, unknown>;
    request.originalUrl = url;
    request.baseUrl = '';
    const done = (err?: unknown): void => {
      if (!err) {
        (request as unknown as Record<typeof HANDED_BACK, true>)[HANDED_BACK] = true;
        return dispatch(req, res);
      }
      void options.problems(err, request, response, () => {
        // The problem handler answers every error itself; should it pass one on, the client still gets an answer.
        if (!response.headersSent) response.status(500).end();
      });
    };
    api.runDirect(chain, request, response, done, options.first(url));
  };
}

/** A URL's path: up to its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}
