// `npm start`: the server and the connector without Electron, for browsers and tests.
import { locateApp } from './child-command.ts';
import { connectorSpec, demoTerminalsSpec, isDemo, serverSpec, type StackPlan } from './child-specs.ts';
import { resolveConnectorSecret } from './connector-secret.ts';
import { LaunchConfigError, readLaunchConfig, withDemoDefault, type LaunchConfig } from './launch-config.ts';
import { MusterStack } from './stack.ts';
import { EXIT_CONFIG_ERROR } from '../../shared/process.ts';
import { ChildGaveUpError, ChildSupervisor } from './supervisor.ts';
import path from 'node:path';
import { openLogFile } from './log-file.ts';
import { startingProcesses, startingProcessesEnded } from './orphan-watch.ts';
import { terminalOutput, wantsVerboseOutput } from './terminal-output.ts';

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function readConfigOrExit(): LaunchConfig {
  try {
    return readLaunchConfig(process.env, process.cwd());
  } catch (error) {
    if (!(error instanceof LaunchConfigError)) throw error;
    console.error(error.message);
    process.exit(EXIT_CONFIG_ERROR);
  }
}

// Everything Muster writes (database, backups, secrets, logs) is for this user only.
if (process.platform !== 'win32') process.umask(0o077);

const config = readConfigOrExit();
const LOG_FILE = path.join(config.dataDir, 'muster.log');
const logFile = openLogFile(LOG_FILE);
const output = terminalOutput({ file: logFile.sink, verbose: wantsVerboseOutput(process.env, Boolean(process.stdout.isTTY)) });
const { appRoot, packaged } = locateApp(import.meta.filename);
const plan: StackPlan = {
  execPath: process.execPath,
  electron: false,
  packaged,
  appRoot,
  cwd: appRoot,
  baseEnv: withDemoDefault(process.env),
  dataDir: config.dataDir,
  host: config.host,
  port: config.port,
};
const stack = new MusterStack({
  server: serverSpec(plan),
  connector: () => connectorSpec(plan, resolveConnectorSecret(process.env, config.dataDir)),
  output,
});
// Demo mode: two emulated terminals the connector polls, so punches stream in.
const demoTerminals = isDemo(plan) ? new ChildSupervisor(demoTerminalsSpec(plan), { output }) : undefined;

let shuttingDown = false;

async function shutDown(exitCode: number, message?: string): Promise<void> {
  if (message) console.error(message);
  if (shuttingDown) return;
  shuttingDown = true;
  try {
    await stack.stop();
    await demoTerminals?.stop();
    await logFile.close();
  } finally {
    process.exit(exitCode);
  }
}

for (const signal of SHUTDOWN_SIGNALS) process.on(signal, () => void shutDown(0));
// `npm start` runs this under a shell. A service manager or a terminal signals npm, which passes the signal to
// that shell; the shell may end (or npm may) without passing it on. When the process that started us, or the
// one that started it, is gone, stop as if signalled, so no server keeps the port and the database.
const startedBy = startingProcesses();
setInterval(() => {
  if (startingProcessesEnded(startedBy)) void shutDown(0, 'Muster is stopping: the process that started it has ended.');
}, 500).unref();
process.on('uncaughtException', (error) => void shutDown(1, `Muster launcher failed: ${error.stack ?? error.message}`));
stack.server.on('giveUp', ({ crashes, lastExit }) => {
  if (lastExit.code === EXIT_CONFIG_ERROR) {
    void shutDown(EXIT_CONFIG_ERROR, 'Muster server stopped: its configuration is invalid (see the [server] line above).');
    return;
  }
  const reason = new ChildGaveUpError('server', crashes, lastExit).message;
  void shutDown(1, `Muster server stopped: ${reason}. The [server] lines above say why.`);
});
stack.connector.on('giveUp', () => {
  console.error('Muster connector keeps crashing and was not restarted; the server keeps running without it.');
});
demoTerminals?.on('giveUp', () => {
  console.error('The demo terminals could not run (see the [demo-terminals] lines above); Muster runs without them.');
});

try {
  // Ready once spawned; if it cannot run, its giveUp line says so and Muster goes on.
  await demoTerminals?.start().catch(() => undefined);
  await stack.start();
  if (!resolveConnectorSecret(process.env, config.dataDir)) {
    console.error(`Warning: no connector secret in MUSTER_CONNECTOR_SECRET or ${config.dataDir}/secrets.json.`);
  }
  console.log(`Muster console: ${config.consoleUrl}`);
  console.log(`Logs: ${LOG_FILE}${wantsVerboseOutput(process.env, Boolean(process.stdout.isTTY)) ? ' (and here)' : ' (MUSTER_LOG_LEVEL=debug shows them here too)'}. Stop with Ctrl+C.`);
} catch (error) {
  // Already handled: a shutdown signal, or the server's giveUp listener.
  if (!shuttingDown && !(error instanceof ChildGaveUpError)) await shutDown(1, `Muster failed to start: ${String(error)}`);
}
