import { childCommand } from './child-command.ts';
import type { ChildSpec } from './supervisor.ts';
import { httpUrl, reachableHost } from './urls.ts';

export const SERVER_ENTRY = 'server/src/main.ts';

/**
 * V8 heap options of the server process (npm start and the desktop app alike; the bench starts it
 * with them too). Its live heap is small (~50–70 MB with 1,000 employees), but by default V8 lets
 * the old generation grow up to about four times what survived the last full collection before it
 * collects again, and gives the young generation two semi-spaces of up to 16 MB: a job that makes a
 * lot of short-lived data (the compliance bundle: rows, PDF pages, XLSX XML) took the process from
 * ~205 to ~340–375 MB under tsx, most of it garbage waiting for a collection. Growing the old
 * generation by 50% at most between full collections and 4 MB semi-spaces keep that garbage small:
 * the bundle's peak is ~225–240 MB under tsx, the idle server ~50 MB smaller, for about the same
 * CPU time (docs/compliance.md, "Benchmark"). 30% saved ~15 MB more for ~10% more CPU (twice the
 * full collections); 2 MB semi-spaces ~10 MB more, promoting more of every request's short-lived
 * objects. Both are V8 flags Node passes on (Electron run as Node too).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=50'];
export const CONNECTOR_ENTRY = 'connector/src/main.ts';
/** Demo mode only: the emulated terminals the demo registry lists. */
export const DEMO_TERMINALS_ENTRY = 'connector/src/emulator/demo.ts';

/** Everything the server and connector specs are built from. */
export interface StackPlan {
  /** Node, or the Electron binary (then children get ELECTRON_RUN_AS_NODE=1). */
  execPath: string;
  electron: boolean;
  packaged: boolean;
  appRoot: string;
  /** Must be a real folder (not inside app.asar); in development the app root, so `--import tsx` resolves. */
  cwd: string;
  baseEnv: NodeJS.ProcessEnv;
  /** Absolute. */
  dataDir: string;
  host: string;
  port: number;
}

// First start migrates and may seed the demo organisation.
const SERVER_READY_TIMEOUT_MS = 60_000;
const SERVER_STOP_TIMEOUT_MS = 10_000;
const CONNECTOR_STOP_TIMEOUT_MS = 10_000;

function childEnv(plan: StackPlan, extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...plan.baseEnv, MUSTER_DATA_DIR: plan.dataDir, ...extra };
  if (plan.electron) env.ELECTRON_RUN_AS_NODE = '1';
  else delete env.ELECTRON_RUN_AS_NODE;
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return env;
}

/** The URL the connector and health checks use: loopback even when the server listens on all interfaces. */
export function localServerUrl(plan: Pick<StackPlan, 'host' | 'port'>): string {
  return httpUrl(reachableHost(plan.host), plan.port, '');
}

export function serverSpec(plan: StackPlan): ChildSpec {
  return {
    name: 'server',
    ...childCommand({ packaged: plan.packaged, appRoot: plan.appRoot, entry: SERVER_ENTRY, execPath: plan.execPath, nodeFlags: SERVER_NODE_FLAGS }),
    env: childEnv(plan, { HOST: plan.host, PORT: String(plan.port) }),
    cwd: plan.cwd,
    healthUrl: `${localServerUrl(plan)}/api/health`,
    readyTimeoutMs: SERVER_READY_TIMEOUT_MS,
    stopTimeoutMs: SERVER_STOP_TIMEOUT_MS,
  };
}

/** The connector has no health endpoint yet: it counts as ready once spawned. */
export function connectorSpec(plan: StackPlan, connectorSecret: string | undefined): ChildSpec {
  return {
    name: 'connector',
    ...childCommand({ packaged: plan.packaged, appRoot: plan.appRoot, entry: CONNECTOR_ENTRY, execPath: plan.execPath }),
    env: childEnv(plan, { MUSTER_SERVER_URL: localServerUrl(plan), MUSTER_CONNECTOR_SECRET: connectorSecret }),
    cwd: plan.cwd,
    readyTimeoutMs: 10_000,
    stopTimeoutMs: CONNECTOR_STOP_TIMEOUT_MS,
  };
}

/** `MUSTER_DEMO=1|true`: the launcher also runs the demo terminals. */
export function isDemo(plan: Pick<StackPlan, 'baseEnv'>): boolean {
  return ['1', 'true'].includes(plan.baseEnv.MUSTER_DEMO?.trim() ?? '');
}

/** The emulated demo terminals (a ZK and an Anviz) that punch demo employees in real time. */
export function demoTerminalsSpec(plan: StackPlan): ChildSpec {
  return {
    name: 'demo-terminals',
    ...childCommand({ packaged: plan.packaged, appRoot: plan.appRoot, entry: DEMO_TERMINALS_ENTRY, execPath: plan.execPath }),
    // The timetable comes from the server over HTTP (the connector secret is read from the data dir once the server wrote it).
    env: childEnv(plan, { MUSTER_SERVER_URL: localServerUrl(plan) }),
    cwd: plan.cwd,
    readyTimeoutMs: 10_000,
    stopTimeoutMs: CONNECTOR_STOP_TIMEOUT_MS,
  };
}
