import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { type Locale, type Message, hasOwnMessage, renderMessageIn, translatorFor, zodIssueText } from '../../../shared/i18n/index.ts';
import type { Logger } from '../logger.ts';

export interface FieldError {
  path: string;
  message: string;
  /**
   * The same words as a `messages:` catalogue message, for readers of another language (the
   * English `message` stays what English readers and API clients get, word for word). Never sent.
   */
  text?: Message;
}

const PROBLEM_BASE = 'urn:muster:problem:';

/** An error that becomes an RFC 9457 problem answer. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly slug: string,
    readonly title: string,
    detail?: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail ?? title);
  }

  /** The detail as a catalogue message (a refusal people read in the console), for readers of another language. */
  detailText?: Message;

  /** Sets `detailText` and returns the error: `throw conflict('…').withText({ id: 'problem.…' })`. */
  withText(text: Message): this {
    this.detailText = text;
    return this;
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new AppError(400, 'validation', 'Your request is not valid', detail, errors);
export const unauthorized = (detail = 'Sign in to continue.') =>
  new AppError(401, 'unauthorized', 'Authentication required', detail);
export const forbidden = (detail: string) => new AppError(403, 'forbidden', 'Not allowed', detail);
export const notFound = (what: string) => new AppError(404, 'not-found', 'Not found', `${what} was not found.`);
export const conflict = (detail: string, errors?: FieldError[]) =>
  new AppError(409, 'conflict', 'Conflict', detail, errors);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate-limited', 'Too many requests', detail, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** Zod issues as `{ path, message }`, paths in dot notation, prefixed by where they came from. */
export function zodFieldErrors(error: ZodError, where: string): FieldError[] {
  return error.issues.map((issue) => {
    const text = zodIssueText(issue);
    return { path: [where, ...issue.path.map(String)].filter(Boolean).join('.'), message: issue.message, ...(text ? { text } : {}) };
  });
}

export function validationError(error: ZodError, where: string): AppError {
  const errors = zodFieldErrors(error, where);
  const detail = errors.map((e) => `${e.path}: ${e.message}`).join('; ');
  return badRequest(detail, errors);
}

/**
 * A problem in the reader's language (issue 21): the title by its type, the detail from its
 * catalogue message or, lacking one, a sentence that fits its type, and each field error's
 * message from its own. English readers get the server's English word for word; `type`, `status`
 * and the field paths never change (clients read those).
 */
export function localiseProblem(
  locale: Locale,
  body: { slug: string; title: string; detail?: string; errors?: FieldError[]; detailText?: Message },
): { slug: string; title: string; detail?: string; errors?: FieldError[] } {
  const errors = body.errors?.map(({ path, message, text }) => ({ path, message: locale !== 'en-IN' && text ? renderMessageIn(locale, text) : message }));
  const plain = { slug: body.slug, title: body.title, ...(body.detail !== undefined ? { detail: body.detail } : {}), ...(errors ? { errors } : {}) };
  if (locale === 'en-IN') return plain;
  const t = translatorFor(locale);
  const titled = hasOwnMessage(locale, 'messages', `problem.title.${body.slug}`) ? t(`messages:problem.title.${body.slug}`) : body.title;
  let detail = body.detail;
  if (body.detailText) detail = renderMessageIn(locale, body.detailText);
  else if (errors?.length && body.slug === 'validation') detail = t('messages:problem.detail.fields', { fields: errors.map((e) => `${e.path.replace(/^(body|query|params)\./, '')}: ${e.message}`).join('; ') });
  else if (hasOwnMessage(locale, 'messages', `problem.detail.${body.slug}`)) detail = t(`messages:problem.detail.${body.slug}`);
  return { ...plain, title: titled, ...(detail !== undefined ? { detail } : {}) };
}

export function sendProblem(
  res: Parameters<RequestHandler>[1],
  status: number,
  body: { slug: string; title: string; detail?: string; errors?: FieldError[]; instance?: string },
  headers?: Record<string, string>,
): void {
  if (headers) for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res
    .status(status)
    .type('application/problem+json')
    .send(
      JSON.stringify({
        type: body.slug === 'about:blank' ? 'about:blank' : PROBLEM_BASE + body.slug,
        title: body.title,
        status,
        ...(body.detail !== undefined ? { detail: body.detail } : {}),
        ...(body.instance !== undefined ? { instance: body.instance } : {}),
        ...(body.errors ? { errors: body.errors } : {}),
      }),
    );
}

export const apiNotFound: RequestHandler = (req, res) => {
  sendProblem(res, 404, {
    slug: 'not-found',
    title: 'Not found',
    detail: `No route ${req.method} ${req.originalUrl.split('?')[0]}.`,
    instance: req.originalUrl.split('?')[0],
  });
};

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
}

/** The language a request's reader wants problems in (the session user's, else Accept-Language, else English). */
export type ProblemLocale = (req: Parameters<RequestHandler>[0]) => Promise<Locale>;

/** The last handler: everything becomes problem+json, in the reader's language, and nothing internal leaks. */
export function problemHandler(logger: Logger, localeOf: ProblemLocale = async () => 'en-IN'): ErrorRequestHandler {
  return async (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      logger.error({ err, path: req.path }, 'error after the response started');
      res.destroy();
      return;
    }
    const instance = req.originalUrl.split('?')[0];
    // Working out the language must never turn a problem into a 500 (a database gone away, say): English then.
    const locale = await localeOf(req).catch((): Locale => 'en-IN');
    const reply = (r: typeof res, status: number, body: Parameters<typeof localiseProblem>[1] & { instance?: string }, headers?: Record<string, string>) =>
      sendProblem(r, status, { ...localiseProblem(locale, body), ...(body.instance !== undefined ? { instance: body.instance } : {}) }, headers);
    if (err instanceof AppError) {
      // A server-side failure worded for the user (a damaged file, an unreadable sealed value) is still logged.
      if (err.status >= 500) logger.error({ err, method: req.method, path: req.path }, err.message);
      reply(
        res,
        err.status,
        { slug: err.slug, title: err.title, detail: err.message, ...(err.errors ? { errors: err.errors } : {}), ...(err.detailText ? { detailText: err.detailText } : {}), instance },
        err.headers,
      );
      return;
    }
    if (err instanceof ZodError) {
      const e = validationError(err, '');
      reply(res, 400, { slug: e.slug, title: e.title, detail: e.message, errors: e.errors ?? [], instance });
      return;
    }
    const parserError = err as BodyParserError;
    if (parserError?.type === 'entity.too.large') {
      reply(res, 413, {
        slug: 'payload-too-large',
        title: 'Request body too large',
        detail: `The body is over the ${parserError.limit ?? ''} byte limit.`.replace('  ', ' '),
        instance,
      });
      return;
    }
    if (parserError?.type === 'entity.parse.failed') {
      reply(res, 400, {
        slug: 'validation',
        title: 'Your request is not valid',
        detail: 'The body is not valid JSON.',
        errors: [{ path: 'body', message: 'is not valid JSON' }],
        instance,
      });
      return;
    }
    if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      reply(res, parserError.status, { slug: 'about:blank', title: 'Bad request', detail: 'The request could not be read.', instance });
      return;
    }
    // PostgreSQL refuses a NUL character in text (SQLite stores it): a value the client sent, not a fault of
    // ours. Fields read as free text refuse control characters at the edge; this answers for ids and the rest.
    const code = (err as { code?: unknown } | null)?.code;
    if (code === '22021' || code === '22P05') {
      reply(res, 400, {
        slug: 'validation',
        title: 'Your request is not valid',
        detail: 'A value in the request holds a character that cannot be stored (a NUL byte).',
        errors: [{ path: 'request', message: 'holds a NUL byte' }],
        instance,
      });
      return;
    }
    logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
    reply(res, 500, {
      slug: 'internal',
      title: 'Internal server error',
      detail: 'Something went wrong on our side. It has been logged.',
      instance,
    });
  };
}
