import type { NetworkInterfaceInfo } from 'node:os';
import { httpsUrl } from './urls.ts';

/** The server's HOST: every interface when LAN access is on, this PC only otherwise. */
export function serverHost(lanAccess: boolean): string {
  return lanAccess ? '0.0.0.0' : '127.0.0.1';
}

/**
 * Console URLs other devices can use: one per external IPv4 address, over
 * HTTPS (the server answers plain HTTP from the LAN only with a redirect).
 */
export function lanUrls(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>, port: number): string[] {
  return Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => i.family === 'IPv4' && !i.internal)
    .map((i) => httpsUrl(i.address, port, '/'));
}

/** The console page that shows the QR code, the certificate to install and the connector pairing code. */
export const LAN_PAGE_PATH = 'settings/lan';
