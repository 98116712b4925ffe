/**
 * `npm start` in demo mode runs this as a third child: two emulated terminals
 * that the demo registry lists (a ZK on TCP 14370, an Anviz on TCP 15010),
 * punching demo employees (terminal user ids 1001–1145) in and out in real
 * time, so the live board fills through the real connector and ingest path.
 *
 * Environment: MUSTER_DEMO_ZK_PORT, MUSTER_DEMO_ANVIZ_PORT (0 = any free
 * port), MUSTER_DEMO_PUNCH_SECONDS (mean gap between punches, default 4),
 * MUSTER_TIMEZONE (the terminals' clock zone, default Asia/Kolkata).
 */
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
const gapSeconds = Number(process.env.MUSTER_DEMO_PUNCH_SECONDS ?? 4) || 4;

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

const puncher = new DemoPuncher({
  userIds: Array.from({ length: 145 }, (_, i) => 1001 + i),
  meanGapMs: gapSeconds * 1000,
  punch: (userId, state) => {
    // The plant gate takes the first half of the staff, the office reception the rest.
    if (userId <= 1072) zk.addPunch({ userId: String(userId), state, verify: 1 });
    else anviz.addPunch({ userCode: userId, recordType: state, backupCode: 1 });
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
console.log(
  `Demo terminals ready: ZK ${DEMO_ZK.serial} on 127.0.0.1:${zk.port}, Anviz ${DEMO_ANVIZ.serial} on 127.0.0.1:${anviz.port}; a punch about every ${gapSeconds} s (pid ${process.pid})`,
);
