/**
 * `npm start` in demo mode runs this as a third child: two emulated terminals
 * that the demo registry lists (a ZK at the Pune Plant gate on TCP 14370, an
 * Anviz at the Bengaluru HQ reception on TCP 15010), punching demo employees in
 * and out in real time around their own shifts at their own location, so the
 * live board fills through the real connector and ingest path. The timetable
 * (who works which shift today, who is on leave or off) comes from the server
 * over HTTP with the connector secret (`GET /api/ingest/demo/schedule`), never
 * from its database.
 *
 * Environment: MUSTER_SERVER_URL (default http://127.0.0.1:$PORT),
 * MUSTER_CONNECTOR_SECRET (else `connectorSecret` of $MUSTER_DATA_DIR/secrets.json),
 * MUSTER_DEMO_ZK_PORT, MUSTER_DEMO_ANVIZ_PORT (0 = any free port),
 * MUSTER_TIMEZONE (the terminals' clock zone, default Asia/Kolkata),
 * MUSTER_DEMO_PUNCH_SECONDS (unset by default: every N seconds, also send each
 * terminal's next planned punch at once, ahead of its time: the whole chain in
 * seconds for a test or a quick try).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DemoSchedule } from '../../../shared/ingest.ts';
import { AnvizEmulator } from './anviz-emulator.ts';
import { DemoPuncher } from './demo-puncher.ts';
import { ZkEmulator } from './zk-emulator.ts';

const DEMO_ZK = { serial: 'DEMO-ZK-0001', port: 14370 } as const;
const DEMO_ANVIZ = { serial: 'DEMO-ANVIZ-0001', port: 15010, deviceId: 1 } as const;

function portFrom(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Invalid configuration: ${name}: must be 0..65535`);
    process.exit(78);
  }
  return port;
}

const timeZone = process.env.MUSTER_TIMEZONE?.trim() || 'Asia/Kolkata';
const serverUrl = (process.env.MUSTER_SERVER_URL?.trim() || `http://127.0.0.1:${process.env.PORT?.trim() || 8080}`).replace(/\/+$/, '');

/** The connector secret: the environment's, else the one the server wrote at its first start (it may not exist yet). */
function connectorSecret(): string | undefined {
  const fromEnv = process.env.MUSTER_CONNECTOR_SECRET?.trim();
  if (fromEnv) return fromEnv;
  try {
    const file = path.join(process.env.MUSTER_DATA_DIR?.trim() || 'data', 'secrets.json');
    const secret = (JSON.parse(fs.readFileSync(file, 'utf8')) as { connectorSecret?: unknown }).connectorSecret;
    return typeof secret === 'string' && secret ? secret : undefined;
  } catch {
    return undefined;
  }
}

async function fetchSchedule(): Promise<DemoSchedule> {
  const secret = connectorSecret();
  if (!secret) throw new Error('no connector secret yet (the server writes it at its first start)');
  const res = await fetch(`${serverUrl}/api/ingest/demo/schedule`, { headers: { authorization: `Bearer ${secret}` }, signal: AbortSignal.timeout(20_000) });
  if (!res.ok) throw new Error(`the server answered ${res.status} for the demo schedule`);
  return (await res.json()) as DemoSchedule;
}

const zk = new ZkEmulator({ serial: DEMO_ZK.serial, name: 'Pune Plant gate', timeZone, port: portFrom('MUSTER_DEMO_ZK_PORT', DEMO_ZK.port) });
const anviz = new AnvizEmulator({ serial: DEMO_ANVIZ.serial, deviceId: DEMO_ANVIZ.deviceId, timeZone, port: portFrom('MUSTER_DEMO_ANVIZ_PORT', DEMO_ANVIZ.port) });

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  puncher.stop();
  await Promise.allSettled([zk.stop(), anviz.stop()]);
  process.exit(code);
}

/** The last problem reported; nothing is said while the server is still starting (its first two minutes). */
let scheduleProblem: string | undefined;
const startedAt = Date.now();
const STARTUP_QUIET_MS = 2 * 60_000;
let reached = false;
const puncher = new DemoPuncher({
  fetchSchedule: async () => {
    const schedule = await fetchSchedule();
    if (scheduleProblem) console.log('Demo terminals: the timetable is read again.');
    scheduleProblem = undefined;
    reached = true;
    return schedule;
  },
  // Each punch at the terminal of the person's location (the ZK at the plant gate, the Anviz at the HQ reception).
  punch: (p) => {
    if (p.serial === DEMO_ZK.serial) zk.addPunch({ userId: String(p.terminalUserId), state: p.state, verify: 1 });
    else if (p.serial === DEMO_ANVIZ.serial) anviz.addPunch({ userCode: p.terminalUserId, recordType: p.state, backupCode: 1 });
  },
  onError: (error) => {
    const message = (error as Error).message;
    if (!reached && Date.now() - startedAt < STARTUP_QUIET_MS) return; // the server is still starting
    if (message !== scheduleProblem) console.log(`Demo terminals: cannot read the timetable (${message}); trying again every 15 s.`);
    scheduleProblem = message;
  },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));
// Under the launcher the IPC channel closes when it stops us or dies: either way, stop.
if (process.send) process.on('disconnect', () => void stop(0));

try {
  await zk.start();
  await anviz.start();
} catch (error) {
  console.error(`Demo terminals could not start: ${(error as Error).message} (is another Muster running?)`);
  await stop(1);
}
puncher.start();
const hurrySeconds = Number(process.env.MUSTER_DEMO_PUNCH_SECONDS?.trim() || 0);
if (Number.isFinite(hurrySeconds) && hurrySeconds > 0) setInterval(() => puncher.hurry(), hurrySeconds * 1000);
console.log(
  `Demo terminals ready: ZK ${DEMO_ZK.serial} on 127.0.0.1:${zk.port}, Anviz ${DEMO_ANVIZ.serial} on 127.0.0.1:${anviz.port}; people punch around their own shifts (pid ${process.pid})`,
);
