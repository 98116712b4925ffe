import { LanSettingsUpdate, LanTrust, PairingAnswer, PairingCodeIssued, PairingCodeState, PairingRequest } from '../../../../shared/lan.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { limiter } from '../../http/rate-limit.ts';
import { ipKeyGenerator } from 'express-rate-limit';
import type { AuthorityCertificate } from '../../tls/types.ts';
import * as service from './service.ts';

const tags = ['LAN'];

const CA_DOWNLOADS = [
  {
    file: 'muster-ca.crt',
    operationId: 'lanCaCertificate',
    type: 'application/x-x509-ca-cert',
    summary: "This PC's certificate authority, to install on a device (DER)",
    description: 'The format Android, iOS/iPadOS, Windows and macOS install from a download.',
    body: (a: AuthorityCertificate) => a.der,
  },
  {
    file: 'muster-ca.pem',
    operationId: 'lanCaCertificatePem',
    type: 'application/x-pem-file',
    summary: "This PC's certificate authority (PEM)",
    description: 'For Linux browsers, Firefox, `update-ca-certificates` and a connector given the file by path.',
    body: (a: AuthorityCertificate) => a.pem,
  },
] as const;

/** Pairing tries per client address: enough for typos, far too few to guess. */
const PAIRING_WINDOW_MS = 10 * 60_000;
const PAIRING_TRIES_PER_ADDRESS = 10;

export function lanRoutes(api: Api, deps: ModuleDeps, state: service.LanState): void {
  api.op(
    {
      method: 'get',
      path: '/api/lan/trust',
      operationId: 'lanTrust',
      summary: 'What a device needs to trust this PC (no credentials)',
      description: 'The HTTPS addresses, the fingerprints of the certificate authority devices install and of the certificate the server presents, and whether HSTS is on. Never a private key.',
      tags,
      auth: 'none',
      response: LanTrust,
    },
    () => service.trustStatus(state),
  );

  // The CA certificate as the devices that install it want it.
  for (const format of CA_DOWNLOADS) {
    api.op(
      {
        method: 'get',
        path: `/api/lan/${format.file.replace('muster-', '')}`,
        operationId: format.operationId,
        summary: format.summary,
        description: `${format.description} 404 when LAN access is off or the office uses its own certificate.`,
        tags,
        auth: 'none',
        response: { contentTypes: [format.type], description: `The CA certificate as \`${format.file}\`.` },
        errors: [404],
      },
      ({ res }) => {
        const authority = service.authorityCertificate(state);
        res.type(format.type).attachment(format.file).setHeader('Cache-Control', 'no-cache');
        res.send(format.body(authority));
      },
    );
  }

  api.op(
    {
      method: 'put',
      path: '/api/lan/settings',
      operationId: 'updateLanSettings',
      summary: 'Turn HSTS on or off',
      description: 'With `hsts` on, HTTPS answers carry `Strict-Transport-Security` (one year): browsers then refuse plain HTTP and certificate warnings for this server. Turn it on only once every device trusts the certificate.',
      tags,
      auth: 'session',
      permission: 'org:manage',
      body: LanSettingsUpdate,
      response: LanTrust,
    },
    async ({ body, caller }) => service.updateLanSettings(await deps.ctxFor(caller), state, body),
  );

  api.op(
    {
      method: 'post',
      path: '/api/lan/pairing-codes',
      operationId: 'issuePairingCode',
      summary: 'Show a one-time pairing code for a connector on another PC',
      description: 'The code is shown once, works once, for 10 minutes; showing a new one voids the last. 409 when there is no local certificate authority to pair with.',
      tags,
      auth: 'session',
      permission: 'device:manage',
      response: PairingCodeIssued,
      errors: [409],
    },
    async ({ caller }) => service.issuePairingCode(await deps.ctxFor(caller), state),
  );

  api.op(
    {
      method: 'get',
      path: '/api/lan/pairing-codes/current',
      operationId: 'pairingCodeState',
      summary: 'What became of the last pairing code (waiting, used and from where, expired)',
      tags,
      auth: 'session',
      permission: 'device:manage',
      response: PairingCodeState,
    },
    async ({ caller }) => service.pairingCodeState(await deps.ctxFor(caller), state),
  );

  api.op(
    {
      method: 'post',
      path: '/api/lan/pairing',
      operationId: 'pairConnector',
      summary: 'A connector redeems a pairing code for the CA certificate',
      description:
        'The connector proves it knows the code; the server answers with its CA certificate and a proof over it keyed by the code, so a machine in between can neither read the code nor substitute its own certificate (docs/lan-https.md). 404 when no code is waiting, 403 when the proof does not match (5 wrong tries void the code); 10 tries per address per 10 minutes.',
      tags,
      auth: 'none',
      before: [
        limiter({
          windowMs: PAIRING_WINDOW_MS,
          limit: PAIRING_TRIES_PER_ADDRESS,
          key: (req) => `pair:${ipKeyGenerator(req.ip ?? 'unknown')}`,
          detail: 'Too many pairing attempts from this address.',
        }, deps),
      ],
      body: PairingRequest,
      response: PairingAnswer,
      errors: [403, 404, 429],
    },
    ({ body, req }) => service.pair(state, body, req.ip ?? 'unknown', deps.clock.now()),
  );
}
