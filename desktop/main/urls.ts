/** Loopback address to reach a server bound to `host` (wildcards → loopback). */
export function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '::1';
  return host;
}

/** `http://host:port/path`, with IPv6 literals bracketed. */
export function httpUrl(host: string, port: number, pathname = '/'): string {
  return serverUrl('http', host, port, pathname);
}

/** `https://host:port/path`: how other devices reach the server once LAN access is on (the same port speaks TLS). */
export function httpsUrl(host: string, port: number, pathname = '/'): string {
  return serverUrl('https', host, port, pathname);
}

function serverUrl(scheme: 'http' | 'https', host: string, port: number, pathname: string): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const shown = bare.includes(':') ? `[${bare}]` : bare;
  return `${scheme}://${shown}:${port}${pathname}`;
}
