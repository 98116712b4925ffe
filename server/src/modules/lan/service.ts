/**
 * HTTPS on the LAN as people see it: what devices must trust, the HSTS
 * switch, and pairing codes for connectors on other PCs.
 */
import type { CertificateFacts, LanSettingsUpdate, LanTrust, PairingAnswer, PairingCodeIssued, PairingCodeState, PairingRequest } from '../../../../shared/lan.ts';
import { formatPairingCode } from '../../../../shared/lan.ts';
import { type AppDeps, type Ctx, requirePermission } from '../../context.ts';
import { AppError, conflict } from '../../http/problem.ts';
import type { AuthorityCertificate } from '../../tls/types.ts';
import { PairingCodes } from './pairing.ts';
import { LanSettingsFile } from './settings.ts';

/** HSTS max-age once an administrator turns it on: a year, as browsers' preload rules ask. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** The module's state for one running app: the settings file and the live pairing code. */
export interface LanState {
  deps: Pick<AppDeps, 'config' | 'lan' | 'logger'>;
  settings: LanSettingsFile;
  pairing: PairingCodes;
}

export function createLanState(deps: Pick<AppDeps, 'config' | 'lan' | 'logger'>): LanState {
  return { deps, settings: new LanSettingsFile(deps.config.dataDir), pairing: new PairingCodes() };
}

function facts(f: CertificateFacts): CertificateFacts {
  const { fingerprintSha256, fingerprintSha1, subject, issuer, validFrom, validTo, names } = f;
  return { fingerprintSha256, fingerprintSha1, subject, issuer, validFrom, validTo, names };
}

/** What any device may know before it trusts this PC: the addresses, the certificates' fingerprints (never a key). */
export function trustStatus(state: LanState): LanTrust {
  const lan = state.deps.lan;
  const authority = lan?.authority();
  return {
    lanAccess: lan !== undefined,
    mode: lan?.mode ?? 'off',
    urls: lan?.urls() ?? [],
    authority: authority ? facts(authority) : null,
    serverCertificate: lan ? facts(lan.serverCertificate()) : null,
    hsts: state.settings.current.hsts,
  };
}

/** The local CA's certificate for download. Throws 404 when there is none. */
export function authorityCertificate(state: LanState): AuthorityCertificate {
  const authority = state.deps.lan?.authority();
  if (!authority) {
    throw new AppError(404, 'no-local-ca', 'No certificate to install', 'This PC has no certificate of its own to install: LAN access is off, or the office uses its own certificate.');
  }
  return authority;
}

/** Turns HSTS on or off (org:manage). */
export function updateLanSettings(ctx: Ctx, state: LanState, input: LanSettingsUpdate): LanTrust {
  requirePermission(ctx, 'org:manage');
  const before = state.settings.current.hsts;
  state.settings.update({ hsts: input.hsts });
  if (before !== input.hsts) state.deps.logger.info({ by: ctx.caller.name, hsts: input.hsts }, 'HSTS setting changed');
  return trustStatus(state);
}

/** A new one-time pairing code for a connector on another PC (device:manage). Throws 409 when there is no local CA to pair with. */
export function issuePairingCode(ctx: Ctx, state: LanState): PairingCodeIssued {
  requirePermission(ctx, 'device:manage');
  if (!state.deps.lan?.authority()) {
    throw conflict(
      state.deps.lan
        ? 'This server presents the office\'s own certificate: a connector trusts it without pairing (leave MUSTER_SERVER_CA_FILE unset).'
        : 'LAN access is off: a connector on another PC cannot reach this server. Turn LAN access on first; a connector on this PC needs no pairing.',
    );
  }
  const { code, expiresAt } = state.pairing.issue(ctx.clock.now());
  state.deps.logger.info({ by: ctx.caller.name, expiresAt }, 'pairing code shown');
  return { code: formatPairingCode(code), expiresAt: expiresAt.toISOString() };
}

export function pairingCodeState(ctx: Ctx, state: LanState): PairingCodeState {
  requirePermission(ctx, 'device:manage');
  return state.pairing.state(ctx.clock.now());
}

/** A connector redeems the code: the CA certificate and the server's proof over it. */
export async function pair(state: LanState, request: PairingRequest, from: string, now: Date): Promise<PairingAnswer> {
  const authority = authorityCertificate(state);
  const proof = await state.pairing.redeem(request, authority.der, from, now);
  state.deps.logger.info({ from }, 'a connector paired: it now trusts this PC\'s certificate authority');
  return { caCertificate: authority.pem, proof };
}
