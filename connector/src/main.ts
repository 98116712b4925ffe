// The connector process: reads terminals and posts their punches to the server.
import { pino, type Logger } from 'pino';
import { EXIT_CONFIG_ERROR } from '../../shared/process.ts';
import { ConfigError, describeConfig, loadConnectorConfig, type ConnectorConfig } from './config.ts';
import { Connector } from './connector.ts';
import { decodeCommand } from './decode/index.ts';
import { pairCommand } from './pairing.ts';
import type { ServerTrust } from './server-client.ts';
import { readCaFile, TrustFileError } from './tls-trust.ts';
import { startStatusServer } from './status-server.ts';

/** A running part of the connector (spool, poster, one per terminal driver); stopped in reverse start order. */
interface Service {
  name: string;
  stop(): Promise<void> | void;
}

function readConfigOrExit(): ConnectorConfig {
  try {
    return loadConnectorConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(EXIT_CONFIG_ERROR);
  }
}

/** The CA to trust over HTTPS (a file given or paired); a file that cannot be used stops the connector as a configuration error. */
function readTrustOrExit(config: ConnectorConfig): ServerTrust {
  if (!config.serverCaFile) return {};
  try {
    return { ca: readCaFile(config.serverCaFile), caFile: config.serverCaFile };
  } catch (error) {
    if (!(error instanceof TrustFileError)) throw error;
    console.error(`MUSTER_SERVER_CA_FILE: ${error.message}`);
    process.exit(EXIT_CONFIG_ERROR);
  }
}

function createLogger(level: string): Logger {
  // Synchronous: few lines, and none lost when process.exit follows a log call.
  return pino(
    { name: 'connector', level, redact: { paths: ['secret', '*.secret'], censor: '[redacted]' } },
    pino.destination({ dest: 1, sync: true }),
  );
}

/** Starts the connector's services in dependency order; `started` receives each as it runs. */
async function startServices(config: ConnectorConfig, serverTrust: ServerTrust, logger: Logger, started: (service: Service) => void): Promise<Connector> {
  const retryMaxMs = config.retryMaxSeconds * 1000;
  const connector = new Connector({
    serverUrl: config.serverUrl,
    secret: config.connectorSecret,
    serverTrust,
    dataDir: config.dataDir,
    logger,
    sendConcurrency: config.sendConcurrency,
    sendBackoff: { initialMs: Math.min(500, retryMaxMs), maxMs: retryMaxMs },
    replayWindowMs: config.replayHours * 3_600_000,
    worker: { reconnect: { initialMs: Math.min(1_000, retryMaxMs), maxMs: retryMaxMs } },
  });
  started({ name: 'connector', stop: () => connector.stop() });
  await connector.start();
  const status = await startStatusServer(connector, config.dataDir, config.statusPort);
  started({ name: 'status endpoint', stop: () => status.close() });
  logger.info({ url: status.url }, 'status endpoint listening');
  return connector;
}

async function stopServices(services: Service[], logger: Logger): Promise<void> {
  for (const service of [...services].reverse()) {
    try {
      await service.stop();
    } catch (error) {
      logger.error({ err: error, service: service.name }, 'service failed to stop');
    }
  }
}

function onShutdown(handler: (reason: string) => Promise<void>): void {
  let called = false;
  const once = (reason: string) => {
    if (called) return;
    called = true;
    void handler(reason);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => once(signal));
  // Under the desktop supervisor the IPC channel closes when it asks us to stop
  // (Windows has no SIGTERM) or when it died: either way, shut down.
  if (process.send) process.on('disconnect', () => once('disconnect'));
}

// `npm run connector -- decode --protocol zk FILE`: the capture decoder, not the connector.
if (process.argv[2] === 'decode') process.exit(decodeCommand(process.argv.slice(3)));

const config = readConfigOrExit();
// `npm run connector -- pair --server https://… --code …`: fetch the server's CA once, then exit.
if (process.argv[2] === 'pair') process.exit(await pairCommand(process.argv.slice(3), config));
const serverTrust = readTrustOrExit(config);
const logger = createLogger(config.logLevel);
const services: Service[] = [];
// Before anything starts, so a signal at any point still ends in a clean exit.
onShutdown(async (reason) => {
  logger.info({ reason }, 'connector stopping');
  await stopServices(services, logger);
  logger.info('connector stopped');
  process.exit(0);
});

logger.info({ config: describeConfig(config) }, 'connector starting');
if (config.serverUrl.startsWith('http:') && !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(`${config.serverUrl}/`)) {
  logger.warn('MUSTER_SERVER_URL is plain HTTP to another PC: the server answers other PCs over HTTPS only (https://… and connector pair)');
}
if (!config.connectorSecret) {
  logger.warn('MUSTER_CONNECTOR_SECRET is not set: the server will refuse what this connector sends');
}
const connector = await startServices(config, serverTrust, logger, (service) => services.push(service));
logger.info({ terminals: connector.terminalCount, terminalList: connector.configState.source }, 'connector ready');
