import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConnectorSecret } from '../../desktop/main/connector-secret.ts';
import { MusterStack } from '../../desktop/main/stack.ts';
import { ChildStoppedError } from '../../desktop/main/supervisor.ts';
import { fixtureSpec, freePort, isAlive } from './helpers.ts';

const SECRET = 'written-by-the-server-at-first-start';
const stacks: MusterStack[] = [];
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-stack-'));
  tempDirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(stacks.splice(0).map((s) => s.stop()));
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fixture "server" that writes the secrets file before it listens, and a fixture "connector" that records its env. */
async function fixtureStack() {
  const dir = tempDir();
  const dataDir = path.join(dir, 'data');
  const envFile = path.join(dir, 'connector-env.json');
  const port = await freePort();
  const order: string[] = [];
  const stack = new MusterStack({
    server: {
      ...fixtureSpec(port, { MUSTER_DATA_DIR: dataDir, FIXTURE_WRITE_SECRET: SECRET, FIXTURE_READY_DELAY_MS: '200' }),
      name: 'server',
    },
    connector: () => ({
      ...fixtureSpec(NaN, { FIXTURE_ENV_FILE: envFile, MUSTER_CONNECTOR_SECRET: resolveConnectorSecret({}, dataDir) ?? '' }),
      name: 'connector',
      healthUrl: undefined,
    }),
    output: () => {},
  });
  stacks.push(stack);
  for (const child of [stack.server, stack.connector]) {
    child.on('spawn', () => order.push(`${child.name} spawn`));
    child.on('ready', () => order.push(`${child.name} ready`));
    child.on('exit', () => order.push(`${child.name} exit`));
  }
  return { stack, order, envFile };
}

describe('MusterStack', () => {
  it('starts the connector only after the server is healthy, with the secret the server wrote', async () => {
    const { stack, order, envFile } = await fixtureStack();
    await stack.start();

    expect(order).toEqual(['server spawn', 'server ready', 'connector spawn', 'connector ready']);
    await expect.poll(() => fs.existsSync(envFile)).toBe(true);
    const env = JSON.parse(fs.readFileSync(envFile, 'utf8')) as NodeJS.ProcessEnv;
    expect(env.MUSTER_CONNECTOR_SECRET).toBe(SECRET);
  });

  it('stops the connector before the server, and both processes are gone', async () => {
    const { stack, order } = await fixtureStack();
    await stack.start();
    const pids = [stack.server.pid, stack.connector.pid];
    order.length = 0;

    await stack.stop();

    expect(order).toEqual(['connector exit', 'server exit']);
    expect(pids.map(isAlive)).toEqual([false, false]);
  });

  it('a stop during start leaves nothing running', async () => {
    const { stack, order } = await fixtureStack();
    const starting = stack.start();
    await stack.stop();
    await expect(starting).rejects.toBeInstanceOf(ChildStoppedError);
    await new Promise((resolve) => setTimeout(resolve, 400)); // past the server fixture's ready delay
    expect(stack.server.pid).toBeUndefined();
    expect(order).not.toContain('connector spawn');
  });
});
