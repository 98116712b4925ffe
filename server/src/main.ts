import fs from 'node:fs';
import path from 'node:path';
import { createApp } from './app.ts';
import { initialiseDatabase } from './bootstrap.ts';
import { type Clock, systemClock } from './clock.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { AppDeps } from './context.ts';
import { migrateToLatest, openConfiguredDatabase } from './db/database.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { createLogger, type Logger } from './logger.ts';
import { EXIT_CONFIG_ERROR } from '../../shared/process.ts';
import { loadOrCreateSecrets, SECRETS_FILE } from './secrets.ts';
import { firstRunBanner, watchCredentialsFile, writeCredentialsFile } from './initial-credentials.ts';
import { publicBaseUrl } from './http/public-url.ts';
import { listen } from './tls/listen.ts';
import { startDeliveryThread } from './delivery.ts';
import { startDelivery } from './wiring.ts';
import type { LanTls } from './tls/lan-tls.ts';

/**
 * The certificates (the CA too, the first time) only when other devices may
 * connect: the certificate library loads only then. An own certificate that
 * cannot be used stops the server as a configuration error.
 */
async function startLan(config: Config, clock: Clock, logger: Logger): Promise<LanTls> {
  const { startLanTls } = await import('./tls/lan-tls.ts');
  const { OwnCertificateError } = await import('./tls/own-certificate.ts');
  try {
    return await startLanTls({ config, clock, logger });
  } catch (error) {
    if (!(error instanceof OwnCertificateError)) throw error;
    process.stderr.write(`MUSTER_TLS_CERT_FILE / MUSTER_TLS_KEY_FILE: ${error.message}\n`);
    process.exit(EXIT_CONFIG_ERROR);
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(EXIT_CONFIG_ERROR);
    }
    throw err;
  }
  // The data dir holds salaries, PANs and passwords: this user only (0700 folders, 0600 files) on POSIX.
  if (process.platform !== 'win32') {
    process.umask(0o077);
    fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(config.dataDir, 0o700);
  }
  const logger = createLogger(config.logLevel);
  const secrets = loadOrCreateSecrets(config.dataDir, config.connectorSecret);
  const { db, close } = openConfiguredDatabase(config);
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info({ applied }, 'database migrated');
  const clock = systemClock;
  const firstRun = await initialiseDatabase(db, config, clock, secrets);
  const lan = config.lanAccess ? await startLan(config, clock, logger) : undefined;
  const deps: AppDeps = { config, db, clock, logger, secrets, ...(lan ? { lan } : {}) };
  const { app } = createApp(deps);
  const scheduler = config.jobs ? await startScheduler(deps) : undefined;
  // Webhooks and e-mail leave through the outbox, sent between requests by this thread, or with
  // MUSTER_DELIVERY_THREAD=1 by a thread of their own: that thread loads the server's modules again
  // (+54 MB resident compiled, +78 MB under tsx, measured with the compliance bundle), which an office
  // without many webhook endpoints should not pay for (docs/integrations.md). The thread shares the SQLite
  // file's table versions in memory; on PostgreSQL delivery always runs in-process.
  if (config.deliveryThread && config.databaseUrl) logger.warn('MUSTER_DELIVERY_THREAD is SQLite-only: on PostgreSQL webhooks and e-mail are delivered in-process');
  const delivery = config.deliveryThread && !config.databaseUrl ? startDeliveryThread(deps) : startDelivery(deps);

  const server = await listen(app, { host: config.host, port: config.port, logger, ...(lan ? { lan } : {}) });
  const banner = firstRunBanner(
    config,
    firstRun,
    config.lanAccess ? publicBaseUrl(deps) : `http://127.0.0.1:${server.port}`,
    secrets.connectorSecretGenerated ? path.join(config.dataDir, SECRETS_FILE) : undefined,
  );
  if (banner.file) writeCredentialsFile(config.dataDir, banner.file);
  for (const line of banner.lines) process.stdout.write(`${line}\n`);
  const stopWatchingCredentials = await watchCredentialsFile(db, config.dataDir, logger);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await scheduler?.stop();
    stopWatchingCredentials();
    await delivery.stop();
    lan?.stop();
    // Stop accepting; idle keep-alive sockets go now, busy ones after their response (cut after 10 s).
    await server.close();
    await close();
    logger.info('stopped');
    process.exit(0);
  };
  // Handlers go in before the ready line: whoever reads it may signal at once.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Started by a supervisor with an IPC channel: its closing means the supervisor is gone or asks us to stop.
  process.on('disconnect', () => void shutdown('disconnect'));
  if (process.send && !process.connected) void shutdown('disconnect');

  if (lan) {
    const [local, ...others] = server.addresses;
    process.stdout.write(`Muster listening on ${local} (this PC) and over HTTPS for other devices: ${others.join(', ') || `port ${server.port}`}\n`);
    const authority = lan.authority();
    if (authority) process.stdout.write(`Devices trust this PC by installing its certificate (SHA-256 ${authority.fingerprintSha256}) from ${publicBaseUrl(deps)}/trust\n`);
  } else {
    process.stdout.write(`Muster listening on http://${config.host}:${server.port}\n`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Muster failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
