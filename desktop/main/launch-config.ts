import path from 'node:path';
import { z } from 'zod';
import { httpUrl, reachableHost } from './urls.ts';

const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

// Same names and defaults as server/src/config.ts; only what the launcher itself needs.
const LaunchEnv = z.object({
  PORT: z.preprocess(
    blankIsUnset,
    z.coerce
      .number()
      .int('must be a whole number')
      .min(1, 'must be 1..65535 (npm start needs a fixed port)')
      .max(65535, 'must be 1..65535')
      .default(8080),
  ),
  HOST: z.preprocess(blankIsUnset, z.string().min(1).default('127.0.0.1')),
  MUSTER_DATA_DIR: z.preprocess(blankIsUnset, z.string().min(1).default('./data')),
});

export interface LaunchConfig {
  readonly host: string;
  readonly port: number;
  /** Absolute, so children resolve it the same whatever their cwd. */
  readonly dataDir: string;
  /** The URL printed for people: reachable from this PC even when bound to a wildcard. */
  readonly consoleUrl: string;
}

export class LaunchConfigError extends Error {}

/** Reads what `npm start` needs from the environment. Throws LaunchConfigError naming each bad variable. */
export function readLaunchConfig(env: NodeJS.ProcessEnv, cwd: string): LaunchConfig {
  const parsed = LaunchEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    throw new LaunchConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const { HOST: host, PORT: port, MUSTER_DATA_DIR } = parsed.data;
  return Object.freeze({
    host,
    port,
    dataDir: path.resolve(cwd, MUSTER_DATA_DIR),
    consoleUrl: httpUrl(reachableHost(host), port, '/'),
  });
}

/** `npm start` shows the demo organisation unless MUSTER_DEMO says otherwise. */
export function withDemoDefault(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return blankIsUnset(env.MUSTER_DEMO) === undefined ? { ...env, MUSTER_DEMO: '1' } : { ...env };
}
