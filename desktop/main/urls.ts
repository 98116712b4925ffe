/** Loopback address to reach a server bound to `host` (wildcards → loopback). */
export function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '::1';
  return host;
}

/** `http://host:port/path`, with IPv6 literals bracketed. */
export function httpUrl(host: string, port: number, pathname = '/'): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const shown = bare.includes(':') ? `[${bare}]` : bare;
  return `http://${shown}:${port}${pathname}`;
}
