import { IncomingMessage, type RequestListener, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Server options under which each request and answer is created with the Express app's own prototypes
 * (`app.request`, `app.response`) instead of Node's, for `http.createServer` / `https.createServer`.
 *
 * Express gives every request its prototypes with `Object.setPrototypeOf` once Node has built and used
 * the objects. V8 then sees each request and answer change shape half-way through its life, and the
 * property accesses in Node's HTTP code, Express and ours fall back to slow lookups: in CPU profiles of a
 * cached directory page a third of the request thread's samples were V8's slow property paths (megamorphic
 * loads, map migrations, prototype set-up). Born with the prototypes, the objects keep one shape, and
 * Express's `setPrototypeOf` (and `direct-start.ts`'s) finds the prototype already set and changes nothing.
 * Anything else an app is (a plain listener) gets Node's classes.
 */
export function expressBorn(app: RequestListener): { IncomingMessage?: typeof IncomingMessage; ServerResponse?: typeof ServerResponse } {
  const { request, response } = app as unknown as { request?: unknown; response?: unknown };
  if (!(request instanceof IncomingMessage) || !(response instanceof ServerResponse)) return {};
  // Node builds them with `new` and these arguments (lib/_http_server.js); its constructors are plain functions,
  // called here on the object `new` made of ours. Not `Reflect.construct(IncomingMessage, [socket], BornRequest)`:
  // measured, that doubled a stored punch's CPU (345 → 600 µs on the request thread). Should Node make them
  // classes, this call throws on the first request (born-express.test.ts fails) instead of slowing quietly.
  function BornRequest(this: IncomingMessage, socket: Socket): void {
    IncomingMessage.call(this, socket);
  }
  BornRequest.prototype = request;
  function BornResponse(this: ServerResponse, req: IncomingMessage, options?: unknown): void {
    (ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: unknown) => void).call(this, req, options);
  }
  BornResponse.prototype = response;
  return { IncomingMessage: BornRequest as unknown as typeof IncomingMessage, ServerResponse: BornResponse as unknown as typeof ServerResponse };
}
