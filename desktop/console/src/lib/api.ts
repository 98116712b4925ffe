import type { Problem } from '../../../../shared/common.ts';

/** An error answer of the server, carrying its RFC 9457 problem details. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
  }

  /** Field errors with the `body.` / `query.` prefix removed, keyed by field path. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.problem.errors ?? []) {
      const path = e.path.replace(/^(body|query|params)\.?/, '');
      if (path && !(path in out)) out[path] = e.message;
    }
    return out;
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  /** A multipart/form-data body (an upload); the browser sets its content type and boundary. */
  form?: FormData;
  /** When false, a 401 is thrown to the caller instead of sending the user to sign in. */
  redirectOn401?: boolean;
  signal?: AbortSignal;
}

let onUnauthorized: () => void = () => {};

/** Registers what happens when any request answers 401 (the app sends the user to the login page). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** `?a=1&b=x` from the set values of a record; empty strings, null and undefined are left out. */
export function toSearch(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

async function problemOf(res: Response): Promise<Problem> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Partial<Problem>;
    if (body && typeof body === 'object' && typeof body.title === 'string') {
      return { ...body, title: body.title, type: body.type ?? 'about:blank', status: body.status ?? res.status };
    }
  } catch {
    // not JSON: fall through to a generic problem
  }
  return {
    type: 'about:blank',
    title: res.statusText || 'Request failed',
    status: res.status,
    detail: text && text.length < 300 ? text : `The server answered ${res.status}.`,
  };
}

/** Sends a request and returns the raw response, or throws an ApiError for any non-2xx answer. */
export async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | FormData | undefined;
  if (options.form !== undefined) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(path + toSearch(options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError({
      type: 'urn:muster:problem:network',
      title: 'Cannot reach the server',
      status: 0,
      detail: 'The Muster server did not answer. Check that it is running and try again.',
    });
  }
  if (!res.ok) {
    const problem = await problemOf(res);
    if (res.status === 401 && options.redirectOn401 !== false) onUnauthorized();
    throw new ApiError(problem);
  }
  return res;
}

async function json<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
  const res = await send(method, path, options);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** The typed JSON API of the server. Paths start with `/api`. */
export const api = {
  get: <T>(path: string, query?: QueryParams, options?: Omit<RequestOptions, 'query' | 'body'>) =>
    json<T>('GET', path, { ...options, query }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    json<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) =>
    json<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) => json<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => json<T>('DELETE', path, options),
  /** Posts a multipart form (file uploads). */
  form: <T>(path: string, form: FormData) => json<T>('POST', path, { form }),
  /** A file answer as a Blob typed as the server says (previews). */
  blob: async (path: string): Promise<Blob> => (await send('GET', path)).blob(),
};

/** The file name from a Content-Disposition header, if it names one. */
function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/** Downloads a file answer (an export) and hands it to the browser as a download. */
export async function download(path: string, query: QueryParams, fallbackName: string): Promise<void> {
  const res = await send('GET', path, { query });
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
