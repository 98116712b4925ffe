import path from 'node:path';
import { z } from 'zod';
import { caFileFor } from './tls-trust.ts';

const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const EnvSchema = z.object({
  MUSTER_SERVER_URL: z.preprocess(
    blankIsUnset,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default('http://127.0.0.1:8080'),
  ),
  // Same limits as the server's MUSTER_CONNECTOR_SECRET.
  MUSTER_CONNECTOR_SECRET: z.preprocess(
    blankIsUnset,
    z.string().min(24, 'must be at least 24 characters').max(256, 'must be at most 256 characters').optional(),
  ),
  // HTTPS: the only CA to trust; default <connector data dir>/server-ca.pem once paired, else the system's CAs.
  MUSTER_SERVER_CA_FILE: z.preprocess(blankIsUnset, z.string().optional()),
  MUSTER_DATA_DIR: z.preprocess(blankIsUnset, z.string().default('./data')),
  MUSTER_CONNECTOR_DATA_DIR: z.preprocess(blankIsUnset, z.string().optional()),
  MUSTER_LOG_LEVEL: z.preprocess(
    blankIsUnset,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  // 0: any free port (the chosen one is written to <data dir>/status.json).
  MUSTER_CONNECTOR_STATUS_PORT: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(65535, 'must be 0..65535').default(0)),
  MUSTER_CONNECTOR_SEND_CONCURRENCY: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(64, 'must be 1..64').default(8)),
  // Longest wait between retries (sending to the server, reconnecting to a terminal).
  MUSTER_CONNECTOR_RETRY_MAX_SECONDS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(3600, 'must be 1..3600').default(30)),
  // What the server acknowledged within this many hours is re-sent once after the server restarts (0: never).
  MUSTER_CONNECTOR_REPLAY_HOURS: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(24 * 31, 'must be 0..744').default(48)),
});

export interface ConnectorConfig {
  /** Without a trailing slash. */
  readonly serverUrl: string;
  readonly connectorSecret: string | undefined;
  /** HTTPS: the CA certificate file to trust (given, or paired), absolute; undefined: the system's CAs. */
  readonly serverCaFile: string | undefined;
  /** Absolute; holds the spool. */
  readonly dataDir: string;
  readonly logLevel: string;
  readonly statusPort: number;
  readonly sendConcurrency: number;
  readonly retryMaxSeconds: number;
  /** Records the server answered 200 for within this window are re-sent once after it restarts. */
  readonly replayHours: number;
}

export class ConfigError extends Error {}

/**
 * Reads the connector's configuration from an environment. Throws a
 * ConfigError whose one-line message names every bad variable.
 */
export function loadConnectorConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): ConnectorConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.MUSTER_CONNECTOR_DATA_DIR ?? path.join(e.MUSTER_DATA_DIR, 'connector'));
  return Object.freeze({
    serverUrl: e.MUSTER_SERVER_URL.replace(/\/+$/, ''),
    connectorSecret: e.MUSTER_CONNECTOR_SECRET,
    serverCaFile: caFileFor(e.MUSTER_SERVER_CA_FILE === undefined ? undefined : path.resolve(cwd, e.MUSTER_SERVER_CA_FILE), dataDir),
    dataDir,
    logLevel: e.MUSTER_LOG_LEVEL,
    statusPort: e.MUSTER_CONNECTOR_STATUS_PORT,
    sendConcurrency: e.MUSTER_CONNECTOR_SEND_CONCURRENCY,
    retryMaxSeconds: e.MUSTER_CONNECTOR_RETRY_MAX_SECONDS,
    replayHours: e.MUSTER_CONNECTOR_REPLAY_HOURS,
  });
}

/** Shows that a secret is set, and which one, without revealing it. */
export function maskSecret(secret: string | undefined): string {
  if (secret === undefined) return '(not set)';
  return `****${secret.slice(-4)} (${secret.length} chars)`;
}

/** The configuration as it may appear in logs. */
export function describeConfig(config: ConnectorConfig): Record<string, string> {
  return {
    serverUrl: config.serverUrl,
    connectorSecret: maskSecret(config.connectorSecret),
    serverCaFile: config.serverCaFile ?? (config.serverUrl.startsWith('https:') ? "(the system's CAs)" : '(plain HTTP)'),
    dataDir: config.dataDir,
    logLevel: config.logLevel,
  };
}
