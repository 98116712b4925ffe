import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export interface Secrets {
  /** Signs session cookies. */
  sessionSecret: string;
  /** The shared connector secret (spec §5.4). */
  connectorSecret: string;
  /** True when this start generated the connector secret (print it once). */
  connectorSecretGenerated: boolean;
}

const SecretsFile = z.object({ sessionSecret: z.string().min(32), connectorSecret: z.string().min(24).optional() });

export const SECRETS_FILE = 'secrets.json';

export function randomSecret(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/**
 * Reads the data dir's secrets file, creating what is missing (owner-only
 * permissions). A connector secret from the environment wins over the file.
 */
export function loadOrCreateSecrets(dataDir: string, connectorSecretFromEnv: string | undefined): Secrets {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SECRETS_FILE);
  let stored: z.infer<typeof SecretsFile> | undefined;
  if (fs.existsSync(file)) {
    const parsed = SecretsFile.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} is damaged; move it away to generate new secrets`);
    stored = parsed.data;
  }
  const sessionSecret = stored?.sessionSecret ?? randomSecret(48);
  let connectorSecretGenerated = false;
  let connectorSecret = connectorSecretFromEnv ?? stored?.connectorSecret;
  if (!connectorSecret) {
    connectorSecret = randomSecret(32);
    connectorSecretGenerated = true;
  }
  const next = { sessionSecret, ...(connectorSecretFromEnv ? { connectorSecret: stored?.connectorSecret } : { connectorSecret }) };
  if (!stored || stored.sessionSecret !== next.sessionSecret || stored.connectorSecret !== next.connectorSecret) {
    fs.writeFileSync(file, JSON.stringify(next, null, 2) + '\n', { mode: 0o600 });
  }
  return { sessionSecret, connectorSecret, connectorSecretGenerated };
}

/** Constant-time equality of two strings of any length. */
export function safeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
