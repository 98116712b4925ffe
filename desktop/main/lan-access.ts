import type { NetworkInterfaceInfo } from 'node:os';
import { httpUrl } from './urls.ts';

/** The server's HOST: every interface when LAN access is on, this PC only otherwise. */
export function serverHost(lanAccess: boolean): string {
  return lanAccess ? '0.0.0.0' : '127.0.0.1';
}

/** Console URLs other PCs can use: one per external IPv4 address. */
export function lanUrls(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>, port: number): string[] {
  return Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => i.family === 'IPv4' && !i.internal)
    .map((i) => httpUrl(i.address, port, '/'));
}
