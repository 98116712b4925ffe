import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConnectorConfig, maskSecret } from '../../connector/src/config.ts';
import { freePort } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET = 'a-connector-secret-of-enough-length';

describe('loadConnectorConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConnectorConfig({}, '/srv')).toEqual({
      serverUrl: 'http://127.0.0.1:8080',
      connectorSecret: undefined,
      dataDir: path.resolve('/srv/data/connector'),
      logLevel: 'info',
      statusPort: 0,
      sendConcurrency: 8,
      retryMaxSeconds: 30,
      replayHours: 48,
    });
    expect(loadConnectorConfig({ MUSTER_CONNECTOR_REPLAY_HOURS: '0' }, '/srv').replayHours).toBe(0);
    expect(() => loadConnectorConfig({ MUSTER_CONNECTOR_REPLAY_HOURS: '-1' }, '/srv')).toThrow(/MUSTER_CONNECTOR_REPLAY_HOURS/);
  });

  it('derives the spool folder from MUSTER_DATA_DIR unless MUSTER_CONNECTOR_DATA_DIR is set', () => {
    expect(loadConnectorConfig({ MUSTER_DATA_DIR: '/var/muster' }, '/srv').dataDir).toBe(path.resolve('/var/muster/connector'));
    expect(loadConnectorConfig({ MUSTER_DATA_DIR: '/var/muster', MUSTER_CONNECTOR_DATA_DIR: 'spool' }, '/srv').dataDir).toBe(
      path.resolve('/srv/spool'),
    );
  });

  it('reads the server URL (without trailing slash), secret and log level; blank means unset', () => {
    const config = loadConnectorConfig({
      MUSTER_SERVER_URL: 'https://muster.office.example/',
      MUSTER_CONNECTOR_SECRET: SECRET,
      MUSTER_LOG_LEVEL: 'debug',
      MUSTER_CONNECTOR_DATA_DIR: '',
    });
    expect(config).toMatchObject({ serverUrl: 'https://muster.office.example', connectorSecret: SECRET, logLevel: 'debug' });
  });

  it('names every bad variable in one line', () => {
    const attempt = () =>
      loadConnectorConfig({ MUSTER_SERVER_URL: 'ftp://x', MUSTER_CONNECTOR_SECRET: 'short', MUSTER_LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).not.toContain('\n');
    expect(message).toMatch(/^Invalid configuration: /);
    for (const name of ['MUSTER_SERVER_URL', 'MUSTER_CONNECTOR_SECRET', 'MUSTER_LOG_LEVEL']) expect(message).toContain(name);
  });

  it('never shows the secret itself in what it logs', () => {
    expect(maskSecret(undefined)).toBe('(not set)');
    expect(maskSecret(SECRET)).toBe(`****ngth (${SECRET.length} chars)`);
    const described = JSON.stringify(describeConfig(loadConnectorConfig({ MUSTER_CONNECTOR_SECRET: SECRET })));
    expect(described).not.toContain(SECRET);
  });
});

interface RunResult {
  code: number | null;
  stdout: string[];
  stderr: string;
}

/** Runs connector/src/main.ts through tsx against a server that is not there, in a fresh data dir; `onLine` may signal it. */
async function runConnector(env: NodeJS.ProcessEnv, onLine: (line: string, child: ReturnType<typeof spawn>) => void = () => {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-connector-test-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'connector/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, MUSTER_DATA_DIR: dataDir, MUSTER_SERVER_URL: `http://127.0.0.1:${await freePort()}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const result: RunResult = { code: null, stdout: [], stderr: '' };
  createInterface({ input: child.stdout }).on('line', (line) => {
    result.stdout.push(line);
    onLine(line, child);
  });
  child.stderr.on('data', (chunk: Buffer) => (result.stderr += chunk.toString()));
  return new Promise<RunResult>((resolve) =>
    child.on('close', (code) => {
      result.code = code;
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(result);
    }),
  );
}

describe('connector process', () => {
  it('logs its masked config, says it is ready (without a server: no terminals yet), and exits 0 on SIGTERM', async () => {
    const result = await runConnector({ MUSTER_CONNECTOR_SECRET: SECRET }, (line, child) => {
      if (line.includes('connector ready')) child.kill('SIGTERM');
    });
    expect(result.code).toBe(0);
    const entries = result.stdout.map((l) => JSON.parse(l) as { msg: string; terminals?: number; terminalList?: string });
    expect(entries.map((e) => e.msg)).toEqual([
      'connector starting',
      'terminal list unavailable and no copy kept yet; retrying',
      'status endpoint listening',
      'connector ready',
      'connector stopping',
      'connector stopped',
    ]);
    expect(entries.find((e) => e.msg === 'connector ready')).toMatchObject({ terminals: 0, terminalList: 'none' });
    expect(result.stdout.join('\n')).not.toContain(SECRET);
  });

  it('warns when it has no secret', async () => {
    const result = await runConnector({}, (line, child) => {
      if (line.includes('connector ready')) child.kill('SIGINT');
    });
    expect(result.code).toBe(0);
    expect(result.stdout.some((l) => l.includes('"level":40') && l.includes('MUSTER_CONNECTOR_SECRET'))).toBe(true);
  });

  it('exits 1 with a one-line error naming a bad variable', async () => {
    const result = await runConnector({ MUSTER_SERVER_URL: 'not a url' });
    expect(result.code).toBe(78);
    expect(result.stderr.trim().split('\n')).toEqual(['Invalid configuration: MUSTER_SERVER_URL: must be an http:// or https:// URL']);
    expect(result.stdout).toEqual([]);
  });
});
