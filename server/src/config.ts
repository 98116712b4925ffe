import path from 'node:path';
import { z } from 'zod';
import { Password } from '../../shared/auth.ts';
import { DOCUMENT_MEDIA_TYPES } from '../../shared/documents.ts';
import { AGENT_RATE_LIMIT_DEFAULT } from '../../shared/mcp.ts';
import { isKnownTimeZone } from '../../shared/org.ts';
import { dnsName, ipAddress, isLoopbackHost } from './tls/names.ts';

const isHostOrAddress = (name: string) => ipAddress(name) !== undefined || dnsName(name) !== undefined;

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const EnvSchema = z.object({
  PORT: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(0, 'must be 0..65535').max(65535, 'must be 0..65535').default(8080),
  ),
  HOST: z.preprocess(blankIsUnset, z.string().min(1).default('127.0.0.1')),
  MUSTER_DATA_DIR: z.preprocess(blankIsUnset, z.string().min(1).default('./data')),
  MUSTER_CONNECTOR_SECRET: z.preprocess(
    blankIsUnset,
    z.string().min(24, 'must be at least 24 characters').max(256).optional(),
  ),
  MUSTER_DATABASE_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a PostgreSQL URL (postgres://user:password@host:5432/database); leave unset for the embedded SQLite file')
      .optional(),
  ),
  MUSTER_DEMO: z.preprocess(blankIsUnset, flag.default(false)),
  MUSTER_ADMIN_EMAIL: z.preprocess(blankIsUnset, z.email('must be an email address').optional()),
  MUSTER_ADMIN_PASSWORD: z.preprocess(blankIsUnset, Password.optional()),
  MUSTER_DEMO_PASSWORD: z.preprocess(blankIsUnset, Password.optional()),
  MUSTER_TIMEZONE: z.preprocess(
    blankIsUnset,
    z.string().refine(isKnownTimeZone, 'must be an IANA time zone such as Asia/Kolkata').default('Asia/Kolkata'),
  ),
  MUSTER_LOG_LEVEL: z.preprocess(
    blankIsUnset,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  MUSTER_JOBS: z.preprocess(blankIsUnset, flag.default(true)),
  MUSTER_DELIVERY_THREAD: z.preprocess(blankIsUnset, flag.default(false)),
  MUSTER_PUBLIC_URL: z.preprocess(
    blankIsUnset,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  MUSTER_AGENT_RATE_LIMIT: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(1, 'must be a whole number of requests per minute, at least 1').max(1_000_000_000).default(AGENT_RATE_LIMIT_DEFAULT),
  ),
  MUSTER_TLS_CERT_FILE: z.preprocess(blankIsUnset, z.string().optional()),
  MUSTER_TLS_KEY_FILE: z.preprocess(blankIsUnset, z.string().optional()),
  MUSTER_LAN_NAMES: z.preprocess(
    blankIsUnset,
    z
      .string()
      .transform((v) => v.split(',').map((n) => n.trim()).filter(Boolean))
      .refine((names) => names.every(isHostOrAddress), 'must be host names or IP addresses separated by commas')
      .default([]),
  ),
  MUSTER_DOCUMENT_MAX_BYTES: z.preprocess(
    blankIsUnset,
    z.coerce.number().int('must be a whole number of bytes').min(1024, 'must be at least 1024').max(1024 ** 3, 'must be at most 1 GiB').default(10 * 1024 * 1024),
  ),
  MUSTER_DOCUMENT_TYPES: z.preprocess(
    blankIsUnset,
    z
      .string()
      .transform((v) => v.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/, 'must be media types such as application/pdf,image/png')).min(1, 'must name at least one media type'))
      .default([...DOCUMENT_MEDIA_TYPES]),
  ),
  MUSTER_DOCUMENT_RETENTION_DAYS: z.preprocess(
    blankIsUnset,
    z.coerce.number().int('must be a whole number of days').min(1, 'must be at least 1 (leave unset to keep deleted files forever)').max(36_500).optional(),
  ),
});

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseFile: string;
  /** PostgreSQL instead of the SQLite file (MUSTER_DATABASE_URL); undefined for the embedded default. */
  readonly databaseUrl: string | undefined;
  readonly connectorSecret: string | undefined;
  readonly demo: boolean;
  readonly adminEmail: string | undefined;
  readonly adminPassword: string | undefined;
  readonly demoPassword: string | undefined;
  readonly timeZone: string;
  readonly logLevel: string;
  readonly jobs: boolean;
  /** Webhooks and e-mail delivered by a thread of their own (true) or by the request thread between requests. */
  readonly deliveryThread: boolean;
  /** True when HOST is not loopback: other devices reach the server, over HTTPS only. */
  readonly lanAccess: boolean;
  /** The console's address for links sent out (MUSTER_PUBLIC_URL), without a trailing slash. */
  readonly publicUrl: string | undefined;
  /** Requests per minute each agent credential (API key, OAuth grant) may make to /api/mcp. */
  readonly agentRateLimit: number;
  /** An office's own certificate (PEM, chain after it) and key, instead of the local CA. */
  readonly tlsCertFile: string | undefined;
  readonly tlsKeyFile: string | undefined;
  /** Extra names and addresses for the local CA's server certificate. */
  readonly lanNames: readonly string[];
  /** Largest document upload, in bytes (413 above). */
  readonly documentMaxBytes: number;
  /** Media types a document may have, decided from its bytes (415 otherwise). */
  readonly documentMediaTypes: readonly string[];
  /** Days after a soft delete when the retention job removes a document's bytes; undefined keeps them forever. */
  readonly documentRetentionDays: number | undefined;
}

export class ConfigError extends Error {}

/**
 * Reads the configuration from an environment. Throws a ConfigError whose
 * message names every bad variable, one line each.
 */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  if ((e.MUSTER_ADMIN_EMAIL === undefined) !== (e.MUSTER_ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid configuration: MUSTER_ADMIN_EMAIL and MUSTER_ADMIN_PASSWORD must be set together',
    );
  }
  if ((e.MUSTER_TLS_CERT_FILE === undefined) !== (e.MUSTER_TLS_KEY_FILE === undefined)) {
    throw new ConfigError('Invalid configuration: MUSTER_TLS_CERT_FILE and MUSTER_TLS_KEY_FILE must be set together');
  }
  const dataDir = path.resolve(e.MUSTER_DATA_DIR);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseFile: path.join(dataDir, 'muster.sqlite'),
    databaseUrl: e.MUSTER_DATABASE_URL,
    connectorSecret: e.MUSTER_CONNECTOR_SECRET,
    demo: e.MUSTER_DEMO,
    adminEmail: e.MUSTER_ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.MUSTER_ADMIN_PASSWORD,
    demoPassword: e.MUSTER_DEMO_PASSWORD,
    timeZone: e.MUSTER_TIMEZONE,
    logLevel: e.MUSTER_LOG_LEVEL,
    jobs: e.MUSTER_JOBS,
    deliveryThread: e.MUSTER_DELIVERY_THREAD,
    lanAccess: !isLoopbackHost(e.HOST),
    publicUrl: e.MUSTER_PUBLIC_URL?.replace(/\/+$/, ''),
    agentRateLimit: e.MUSTER_AGENT_RATE_LIMIT,
    tlsCertFile: e.MUSTER_TLS_CERT_FILE === undefined ? undefined : path.resolve(e.MUSTER_TLS_CERT_FILE),
    tlsKeyFile: e.MUSTER_TLS_KEY_FILE === undefined ? undefined : path.resolve(e.MUSTER_TLS_KEY_FILE),
    lanNames: Object.freeze([...e.MUSTER_LAN_NAMES]),
    documentMaxBytes: e.MUSTER_DOCUMENT_MAX_BYTES,
    documentMediaTypes: Object.freeze([...e.MUSTER_DOCUMENT_TYPES]),
    documentRetentionDays: e.MUSTER_DOCUMENT_RETENTION_DAYS,
  });
}
