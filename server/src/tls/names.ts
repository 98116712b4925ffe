/**
 * The names and addresses this PC answers on, and the part of them the local
 * certificate authority may vouch for. Pure functions over what `os` reports,
 * so tests hand in their own interfaces and clock.
 */
import net from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';

/** What a certificate is issued for: DNS names and IP addresses, lower-case, without duplicates. */
export interface CertificateNames {
  dns: string[];
  ips: string[];
}

/** Everything the PC's names are read from (os.hostname(), os.networkInterfaces(), MUSTER_LAN_NAMES). */
export interface MachineFacts {
  hostname: string;
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>;
  /** Extra names or addresses an administrator listed (MUSTER_LAN_NAMES). */
  extra: readonly string[];
}

/**
 * The addresses on which plain HTTP serves the app: the desktop window and the
 * connector on this PC. Any other address, even another loopback one, counts
 * as the LAN (tests let 127.0.0.2 stand for a LAN address).
 */
const PLAIN_HTTP_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** True for the local address of a connection that may use plain HTTP. */
export function isThisPcOnly(localAddress: string | undefined): boolean {
  return localAddress !== undefined && PLAIN_HTTP_ADDRESSES.has(localAddress);
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/** True when HOST keeps the server on this PC; anything else (`0.0.0.0`, a LAN address) opens it to the LAN. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.trim().toLowerCase());
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A host name browsers accept in a certificate (letters, digits, hyphens; no underscores), lower-cased; undefined otherwise. */
export function dnsName(name: string): string | undefined {
  const lower = name.trim().toLowerCase().replace(/\.$/, '');
  if (lower.length === 0 || lower.length > 253) return undefined;
  return lower.split('.').every((label) => LABEL.test(label)) ? lower : undefined;
}

/** The canonical text of an IP address (IPv6 compressed, IPv4-mapped IPv6 as IPv4), or undefined. */
export function ipAddress(text: string): string | undefined {
  const bare = text.trim().replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped?.[1] && net.isIPv4(mapped[1])) return mapped[1];
  if (net.isIPv4(bare)) return bare.split('.').map(Number).join('.');
  if (!net.isIPv6(bare) || bare.includes('%')) return undefined;
  return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
}

function unique(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== undefined))];
}

/**
 * Every name and address of this PC: `localhost`, the host name and
 * `<host>.local`, loopback, each LAN address (IPv6 link-local ones need a zone
 * a browser cannot take, so they are left out), and the extra names.
 */
export function namesOfThisPc(facts: MachineFacts): CertificateNames {
  const host = dnsName(facts.hostname);
  const firstLabel = host?.split('.')[0];
  const addresses = Object.values(facts.interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => !i.internal && !(i.family === 'IPv6' && i.address.toLowerCase().startsWith('fe80:')))
    .map((i) => i.address);
  const extraIps = facts.extra.map(ipAddress);
  const extraDns = facts.extra.filter((e, i) => extraIps[i] === undefined).map(dnsName);
  return {
    dns: unique(['localhost', host, firstLabel ? `${firstLabel}.local` : undefined, ...extraDns]),
    ips: unique(['127.0.0.1', '::1', ...addresses.map(ipAddress), ...extraIps]),
  };
}

/** The addresses among the names other devices can use (all but 127.0.0.1 and ::1), IPv4 first: what they type or scan. */
export function lanAddresses(names: CertificateNames): string[] {
  const lan = names.ips.filter((ip) => !PLAIN_HTTP_ADDRESSES.has(ip));
  return [...lan.filter((ip) => net.isIPv4(ip)), ...lan.filter((ip) => !net.isIPv4(ip))];
}

/** Same names, in any order. */
export function sameNames(a: CertificateNames, b: CertificateNames): boolean {
  const key = (n: CertificateNames) => JSON.stringify([[...n.dns].sort(), [...n.ips].sort()]);
  return key(a) === key(b);
}

/** True when every name of `wanted` is in `have`. */
export function covers(have: CertificateNames, wanted: CertificateNames): boolean {
  return wanted.dns.every((d) => have.dns.includes(d)) && wanted.ips.every((ip) => have.ips.includes(ip));
}

/**
 * What the local CA may ever sign for (its critical name constraints): names
 * under suffixes that are never public (`local`, `home.arpa`, …), this PC's own
 * host name, and private, loopback, link-local and carrier-grade NAT (Tailscale)
 * addresses. A phone that trusts the CA therefore cannot be fooled by it about
 * any public web site, even if the CA's key were stolen from this PC.
 */
export interface PermittedNames {
  /** DNS subtrees: a name is permitted when it equals one or ends with `.` + one. */
  dns: string[];
  /** CIDR blocks, e.g. `192.168.0.0/16`. */
  ips: string[];
}

const PRIVATE_SUFFIXES = ['localhost', 'local', 'home.arpa', 'internal', 'lan', 'intranet', 'localdomain', 'corp', 'home'];
const PRIVATE_BLOCKS = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10', '::1/128', 'fc00::/7'];

/** The constraints of a new CA: the private suffixes and blocks, plus this PC's host name and the extra names. */
export function permittedNamesFor(facts: MachineFacts): PermittedNames {
  const names = namesOfThisPc(facts);
  const host = dnsName(facts.hostname);
  const extraDns = names.dns.filter((d) => d !== 'localhost' && !d.endsWith('.local') && d !== host);
  const blocks = blockList(PRIVATE_BLOCKS);
  const extraIps = facts.extra
    .map(ipAddress)
    .filter((ip): ip is string => ip !== undefined && !blocks.check(ip, net.isIPv4(ip) ? 'ipv4' : 'ipv6'))
    .map((ip) => `${ip}/${net.isIPv4(ip) ? 32 : 128}`);
  return { dns: unique([...PRIVATE_SUFFIXES, host, ...extraDns]), ips: unique([...PRIVATE_BLOCKS, ...extraIps]) };
}

function blockList(cidrs: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split('/');
    if (!address || prefix === undefined) continue;
    list.addSubnet(address, Number(prefix), net.isIPv4(address) ? 'ipv4' : 'ipv6');
  }
  return list;
}

/**
 * Splits names into those the CA may sign for and those it may not. A
 * certificate naming even one forbidden name fails validation as a whole, so
 * the forbidden ones are left out (and reported).
 */
export function withinConstraints(names: CertificateNames, permitted: PermittedNames): { allowed: CertificateNames; refused: string[] } {
  const blocks = blockList(permitted.ips);
  const dnsOk = (d: string) => permitted.dns.some((base) => d === base || d.endsWith(`.${base}`));
  const ipOk = (ip: string) => blocks.check(ip, net.isIPv4(ip) ? 'ipv4' : 'ipv6');
  return {
    allowed: { dns: names.dns.filter(dnsOk), ips: names.ips.filter(ipOk) },
    refused: [...names.dns.filter((d) => !dnsOk(d)), ...names.ips.filter((ip) => !ipOk(ip))],
  };
}

/** `host` as it goes in a URL (IPv6 bracketed). */
export function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
