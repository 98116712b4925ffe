import net from 'node:net';

/**
 * Which addresses a webhook may be sent to (pure: no DNS here). The worker
 * refuses link-local and cloud metadata addresses always (a webhook must not
 * become a way to read the PC's own cloud credentials), and plain `http://`
 * except to this PC or the office LAN with the endpoint's explicit switch.
 */

export type AddressKind = 'loopback' | 'private' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'public';

/** Names that are metadata services whatever they resolve to. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

function ipv4Parts(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as its IPv4 address, else the input. */
function unmapped(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? (m[1] as string) : ip;
}

export function classifyAddress(address: string): AddressKind {
  const ip = unmapped(address.replace(/^\[|\]$/g, '').toLowerCase());
  if (net.isIPv4(ip)) {
    const [a, b, c, d] = ipv4Parts(ip) as [number, number, number, number];
    if (a === 169 && b === 254 && c === 169 && d === 254) return 'metadata';
    if (a === 100 && b === 100 && c === 100 && d === 200) return 'metadata'; // Alibaba Cloud
    if (a === 169 && b === 254) return 'link-local';
    if (a === 0) return 'unspecified';
    if (a === 127) return 'loopback';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
    if (a >= 224) return 'multicast';
    return 'public';
  }
  if (net.isIPv6(ip)) {
    if (ip === '::') return 'unspecified';
    if (ip === '::1') return 'loopback';
    if (ip === 'fd00:ec2::254') return 'metadata';
    if (/^fe[89ab][0-9a-f]:/.test(ip)) return 'link-local';
    if (/^f[cd][0-9a-f]{2}:/.test(ip)) return 'private';
    if (ip.startsWith('ff')) return 'multicast';
    return 'public';
  }
  return 'public';
}

const REFUSED: ReadonlySet<AddressKind> = new Set(['link-local', 'metadata', 'unspecified', 'multicast']);
const LAN: ReadonlySet<AddressKind> = new Set(['loopback', 'private']);

/** Why an address may not receive this endpoint's deliveries, or null when it may. */
export function refusalOf(address: string, insecureHttp: boolean): string | null {
  const kind = classifyAddress(address);
  if (REFUSED.has(kind)) return `${address} is a ${kind} address; webhooks are never sent there`;
  if (insecureHttp && !LAN.has(kind)) return `http:// is allowed only to this PC or the office LAN, and ${address} is a public address; use https://`;
  return null;
}

/** What is wrong with an endpoint URL as written (scheme, host, metadata names, literal addresses), or null. */
export function urlProblem(raw: string, allowInsecureHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL such as https://example.com/hooks';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must start with https:// (or http:// for the LAN)';
  if (url.username || url.password) return 'must not carry a user name or password (the signature authenticates each delivery)';
  if (url.hash) return 'must not have a #fragment';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!host) return 'must name a host';
  if (METADATA_NAMES.has(host.replace(/\.$/, ''))) return `${host} is a cloud metadata service; webhooks are never sent there`;
  const insecure = url.protocol === 'http:';
  if (insecure && !allowInsecureHttp) return 'http:// needs "allow http on the LAN" switched on (and a LAN address); otherwise use https://';
  if (net.isIP(host)) return refusalOf(host, insecure);
  if (insecure && !host.endsWith('.local') && !host.endsWith('.lan') && !host.endsWith('.internal') && !host.endsWith('.home.arpa') && !/^[a-z0-9-]+$/.test(host) && host !== 'localhost') {
    return 'http:// is allowed only to the LAN: an IP address of the LAN, a single-label name, or a .local / .lan / .home.arpa / .internal name';
  }
  return null;
}

export function isMetadataName(host: string): boolean {
  return METADATA_NAMES.has(host.toLowerCase().replace(/\.$/, ''));
}
