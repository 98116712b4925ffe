import fs from 'node:fs';
import path from 'node:path';

/** Written by the server at first start (server/src/secrets.ts). */
const SECRETS_FILE = 'secrets.json';

/**
 * The connector secret: MUSTER_CONNECTOR_SECRET when set, else the
 * `connectorSecret` field of `<dataDir>/secrets.json`. Undefined when neither
 * exists or the file cannot be read.
 */
export function resolveConnectorSecret(env: NodeJS.ProcessEnv, dataDir: string): string | undefined {
  const fromEnv = env.MUSTER_CONNECTOR_SECRET?.trim();
  if (fromEnv) return fromEnv;
  try {
    const stored: unknown = JSON.parse(fs.readFileSync(path.join(dataDir, SECRETS_FILE), 'utf8'));
    const secret = (stored as { connectorSecret?: unknown } | null)?.connectorSecret;
    return typeof secret === 'string' && secret !== '' ? secret : undefined;
  } catch {
    return undefined;
  }
}
