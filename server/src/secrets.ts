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
  /**
   * The 256-bit key that seals government ids in the database (AES-256-GCM).
   * Generated once and kept only in the secrets file: never in the database,
   * never logged. Losing it loses the sealed values, so a restore needs it.
   */
  fieldKey: Buffer;
}

const FIELD_KEY_BYTES = 32;
const SecretsFile = z.object({
  sessionSecret: z.string().min(32),
  connectorSecret: z.string().min(24).optional(),
  fieldKey: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === FIELD_KEY_BYTES, 'must be 32 bytes, base64')
    .optional(),
});

export const SECRETS_FILE = 'secrets.json';

export function randomSecret(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Secrets the environment gives (MUSTER_SESSION_SECRET, MUSTER_FIELD_KEY): several instances must share them. */
export interface SecretsFromEnv {
  sessionSecret?: string | undefined;
  /** 32 bytes, base64 (checked by config.ts). */
  fieldKey?: string | undefined;
}

/**
 * Reads the data dir's secrets file, creating what is missing (owner-only
 * permissions). A secret from the environment wins over the file and is never
 * written to it: instances on several hosts share the environment's, not a file.
 */
export function loadOrCreateSecrets(dataDir: string, connectorSecretFromEnv: string | undefined, fromEnv: SecretsFromEnv = {}): Secrets {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SECRETS_FILE);
  let stored: z.infer<typeof SecretsFile> | undefined;
  if (fs.existsSync(file)) {
    const parsed = SecretsFile.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} is damaged; move it away to generate new secrets`);
    stored = parsed.data;
  }
  const storedSessionSecret = stored?.sessionSecret ?? randomSecret(48);
  const sessionSecret = fromEnv.sessionSecret ?? storedSessionSecret;
  let connectorSecretGenerated = false;
  let connectorSecret = connectorSecretFromEnv ?? stored?.connectorSecret;
  if (!connectorSecret) {
    connectorSecret = randomSecret(32);
    connectorSecretGenerated = true;
  }
  // No key is generated into the file when the environment gives one: a second, unused key there would
  // open nothing if the environment's were later dropped.
  const storedFieldKey = stored?.fieldKey ?? (fromEnv.fieldKey === undefined ? crypto.randomBytes(FIELD_KEY_BYTES).toString('base64') : undefined);
  const fieldKey = (fromEnv.fieldKey ?? storedFieldKey) as string;
  const next = {
    sessionSecret: storedSessionSecret,
    ...(connectorSecretFromEnv ? { connectorSecret: stored?.connectorSecret } : { connectorSecret }),
    ...(storedFieldKey === undefined ? {} : { fieldKey: storedFieldKey }),
  };
  if (!stored || stored.sessionSecret !== next.sessionSecret || stored.connectorSecret !== next.connectorSecret || stored.fieldKey !== next.fieldKey) {
    // Write a sibling and rename: a crash mid-write must not lose the key that opens the sealed values.
    const partial = `${file}.partial`;
    fs.writeFileSync(partial, JSON.stringify(next, null, 2) + '\n', { mode: 0o600 });
    fs.renameSync(partial, file);
  }
  return { sessionSecret, connectorSecret, connectorSecretGenerated, fieldKey: Buffer.from(fieldKey, 'base64') };
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals a text with AES-256-GCM under `key`: a fresh random 96-bit IV per
 * value, so equal values seal differently. Returns base64 of iv | tag | ciphertext.
 */
export function sealText(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Opens a value sealed by `sealText`; throws when the key is not the one it was sealed with or the value was altered. */
export function openText(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
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
