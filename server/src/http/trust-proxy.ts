import { boundedMemo } from '../memo.ts';

/** Express's compiled `trust proxy` function: is the hop at `addr`, `i` hops from the socket, trusted? */
export type TrustFn = (addr: string | undefined, i: number) => boolean;

/** Distinct (address, hop) pairs remembered: the clients and proxies of one office. */
export const TRUSTED_HOPS_MEMO = 1024;

/**
 * Express's trust function, remembered per address and hop. `req.secure`, `req.protocol` and `req.ip`
 * ask it on every request (the session cookie's name depends on `req.secure`), and each time the
 * address was parsed again (ipaddr.js) and matched against the trusted ranges: about 3% of the CPU
 * of a cached directory page. Its answer depends on nothing but the address and the hop number (the
 * ranges are fixed when the setting is), so a remembered answer is the one it would give again.
 */
export function memoisedTrust(trust: TrustFn): TrustFn {
  const byKey = boundedMemo<boolean>(TRUSTED_HOPS_MEMO, (key) => {
    const space = key.indexOf(' ');
    return trust(key.slice(space + 1), Number(key.slice(0, space)));
  });
  return (addr, i) => (addr === undefined ? trust(addr, i) : byKey(`${i} ${addr}`));
}
