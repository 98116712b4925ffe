/**
 * `connector pair`: fetches the Muster PC's CA certificate once, with a
 * one-time code an administrator shows in the console, and keeps it as the
 * only CA this connector trusts. The request itself cannot be verified (the
 * CA is what we are fetching), so the answer is: the server proves with a key
 * derived from the code that the certificate is its own, and whoever sits in
 * between can neither learn the code nor forge that proof (docs/lan-https.md).
 */
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { normalisePairingCode, PairingAnswer, type PairingRequest } from '../../shared/lan.ts';
import { connectorProof, newNonce, pairingKey, proofsMatch, serverProof } from '../../shared/node/pairing-proof.ts';
import { problemReason } from './server-client.ts';
import { PAIRED_CA_FILE, untrustedServerReason } from './tls-trust.ts';

export class PairingError extends Error {}

export interface Paired {
  caFile: string;
  subject: string;
  fingerprintSha256: string;
}

interface Answer {
  status: number;
  text: string;
}

function post(url: URL, body: PairingRequest, timeoutMs: number): Promise<Answer> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: 'POST',
        // The one request made without verifying the certificate: what it brings back is checked against the code below.
        rejectUnauthorized: false,
        agent: false,
        timeout: timeoutMs,
        headers: { 'content-type': 'application/json', 'content-length': String(payload.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new PairingError(`the server did not answer within ${timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The server's refusal in its own words: `No pairing code is waiting: Ask an administrator…`. */
function refusal(answer: Answer): string {
  try {
    const problem = JSON.parse(answer.text) as { title?: string; detail?: string };
    if (problem.title) return `${problem.title}: ${problem.detail ?? ''}`.replace(/: $/, '');
  } catch {
    // not a problem document
  }
  return `the server refused (${problemReason(answer.status, answer.text)})`;
}

/** A verified request with the new CA: the server's certificate must pass with it for the address given. */
function checkVerified(url: URL, ca: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = https.get(new URL('/api/health', url), { ca, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('timeout', () => req.destroy(new PairingError('the server did not answer')));
    req.on('error', reject);
  });
}

/**
 * Pairs with the server at `serverUrl` (HTTPS) using the code shown in the
 * console; saves the CA certificate as `<dataDir>/server-ca.pem`. Throws
 * PairingError saying what went wrong; nothing is saved then.
 */
export async function pairWithServer(options: { serverUrl: string; code: string; dataDir: string; timeoutMs?: number }): Promise<Paired> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const url = new URL(options.serverUrl);
  if (url.protocol !== 'https:') throw new PairingError(`pairing needs the server's HTTPS address (https://…), not ${url.origin}`);
  const code = normalisePairingCode(options.code);
  if (!code) throw new PairingError('a pairing code is ten letters and digits, like ABCDE-FGHJK');

  const nonce = newNonce();
  const key = await pairingKey(code, nonce);
  let answer: Answer;
  try {
    answer = await post(new URL('/api/lan/pairing', url), { nonce, proof: connectorProof(key) }, timeoutMs);
  } catch (error) {
    throw new PairingError(`cannot reach ${url.origin}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  if (answer.status !== 200) throw new PairingError(refusal(answer));
  let parsed: PairingAnswer;
  let cert: X509Certificate;
  try {
    parsed = PairingAnswer.parse(JSON.parse(answer.text));
    cert = new X509Certificate(parsed.caCertificate);
  } catch {
    throw new PairingError('the server\'s answer is not a pairing answer: is this a Muster server?');
  }
  if (!proofsMatch(parsed.proof, serverProof(key, cert.raw))) {
    throw new PairingError(
      'the certificate that came back does not match the pairing code: something between this PC and the server may be intercepting the connection. Nothing was saved; check the network and pair with a new code.',
    );
  }
  if (!cert.ca) throw new PairingError('the server sent a certificate that is not a certificate authority');
  try {
    await checkVerified(url, parsed.caCertificate, timeoutMs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new PairingError(untrustedServerReason(code, url.origin, undefined) ?? `checking the connection failed: ${(error as Error).message}`);
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const caFile = path.join(options.dataDir, PAIRED_CA_FILE);
  const temporary = `${caFile}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, cert.toString());
  fs.renameSync(temporary, caFile);
  return { caFile, subject: cert.subject.replace(/\n/g, ', '), fingerprintSha256: cert.fingerprint256 };
}

/** `connector pair --server URL --code CODE`: prints what happened; returns the exit status. */
export async function pairCommand(args: string[], env: { serverUrl: string; dataDir: string }): Promise<number> {
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const code = option('--code');
  const serverUrl = option('--server') ?? env.serverUrl;
  if (!code) {
    console.error('usage: connector pair --server https://<Muster PC>:<port> --code ABCDE-FGHJK   (an administrator shows the code under Settings → Devices on the LAN)');
    return 2;
  }
  try {
    const paired = await pairWithServer({ serverUrl, code, dataDir: env.dataDir });
    console.log(`Paired with ${new URL(serverUrl).origin}. This connector now trusts only ${paired.subject}`);
    console.log(`  SHA-256 ${paired.fingerprintSha256}`);
    console.log(`  saved in ${paired.caFile}`);
    console.log(`Start the connector with MUSTER_SERVER_URL=${new URL(serverUrl).origin} (and the connector secret).`);
    return 0;
  } catch (error) {
    if (!(error instanceof PairingError)) throw error;
    console.error(`Pairing failed: ${error.message}`);
    return 1;
  }
}
