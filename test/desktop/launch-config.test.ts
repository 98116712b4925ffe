import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConnectorSecret } from '../../desktop/main/connector-secret.ts';
import { LaunchConfigError, readLaunchConfig, withDemoDefault } from '../../desktop/main/launch-config.ts';

describe('readLaunchConfig', () => {
  it('uses the server defaults and resolves the data dir against the cwd', () => {
    expect(readLaunchConfig({}, '/srv/muster')).toEqual({
      host: '127.0.0.1',
      port: 8080,
      dataDir: path.resolve('/srv/muster/data'),
      consoleUrl: 'http://127.0.0.1:8080/',
    });
  });

  it('reads HOST, PORT and MUSTER_DATA_DIR; blank means unset', () => {
    expect(readLaunchConfig({ HOST: '0.0.0.0', PORT: '9090', MUSTER_DATA_DIR: '/data/m' }, '/x')).toMatchObject({
      host: '0.0.0.0',
      port: 9090,
      dataDir: path.resolve('/data/m'),
      consoleUrl: 'http://127.0.0.1:9090/',
    });
    expect(readLaunchConfig({ PORT: ' ' }, '/x').port).toBe(8080);
  });

  it('names every bad variable in one line', () => {
    expect(() => readLaunchConfig({ PORT: 'eighty' }, '/x')).toThrow(LaunchConfigError);
    expect(() => readLaunchConfig({ PORT: '0' }, '/x')).toThrow(/^Invalid configuration: PORT: must be 1\.\.65535/);
    expect(() => readLaunchConfig({ PORT: '70000' }, '/x')).toThrow(/PORT: must be 1\.\.65535/);
  });
});

describe('withDemoDefault', () => {
  it('turns the demo on only when MUSTER_DEMO is unset or blank', () => {
    expect(withDemoDefault({ PATH: '/bin' })).toEqual({ PATH: '/bin', MUSTER_DEMO: '1' });
    expect(withDemoDefault({ MUSTER_DEMO: '' }).MUSTER_DEMO).toBe('1');
    expect(withDemoDefault({ MUSTER_DEMO: '0' }).MUSTER_DEMO).toBe('0');
    expect(withDemoDefault({ MUSTER_DEMO: 'false' }).MUSTER_DEMO).toBe('false');
  });

  it('does not change the env it was given', () => {
    const env = {};
    withDemoDefault(env);
    expect(env).toEqual({});
  });
});

describe('resolveConnectorSecret', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prefers MUSTER_CONNECTOR_SECRET', () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify({ connectorSecret: 'from-file' }));
    expect(resolveConnectorSecret({ MUSTER_CONNECTOR_SECRET: 'from-env' }, dir)).toBe('from-env');
  });

  it("reads the server's secrets.json otherwise", () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify({ sessionSecret: 'x', connectorSecret: 'from-file' }));
    expect(resolveConnectorSecret({ MUSTER_CONNECTOR_SECRET: '' }, dir)).toBe('from-file');
  });

  it('is undefined when the file is missing, damaged or has no secret', () => {
    const dir = dataDir();
    expect(resolveConnectorSecret({}, dir)).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'secrets.json'), '{ not json');
    expect(resolveConnectorSecret({}, dir)).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify({ connectorSecret: 42 }));
    expect(resolveConnectorSecret({}, dir)).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'secrets.json'), 'null');
    expect(resolveConnectorSecret({}, dir)).toBeUndefined();
  });
});
