export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A tiny HTTP client with a cookie jar, for integration tests over real sockets. */
export class Client {
  private cookies = new Map<string, string>();
  readonly defaultHeaders: Record<string, string> = {};

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  getCookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request<T = any>(
    method: string,
    path: string,
    opts: { body?: unknown; headers?: Record<string, string>; raw?: string | Buffer; formData?: FormData } = {},
  ): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...opts.headers };
    if (this.cookies.size && !('cookie' in headers)) headers.cookie = this.cookieHeader();
    let body: string | Buffer | FormData | undefined;
    if (opts.formData !== undefined) body = opts.formData;
    else if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const send = () => fetch(this.baseUrl + path, { method, headers, ...(body !== undefined ? { body } : {}), redirect: 'manual' });
    let res: Response;
    try {
      res = await send();
    } catch (error) {
      // A kept-alive socket the server closed while idle (its 5 s keep-alive ran out while the test
      // rendered a PDF, say) can be picked just as it closes: a GET is sent again, as browsers do.
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (method !== 'GET' || (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET')) throw error;
      res = await send();
    }
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const buffer = Buffer.from(await res.arrayBuffer());
    const text = buffer.toString('utf8');
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') && text ? JSON.parse(text) : type.startsWith('text/') ? text : buffer;
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  /** Sends a multipart/form-data body (a FormData), with the session cookie. */
  async form<T = any>(path: string, form: FormData, headers: Record<string, string> = {}): Promise<HttpResult<T>> {
    return this.request<T>('POST', path, { formData: form, headers });
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, headers ? { headers } : {});
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, { ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, { ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, headers ? { headers } : {});
  }
}
