import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { childCommand, locateApp } from '../../desktop/main/child-command.ts';
import { SERVER_NODE_FLAGS, connectorSpec, demoTerminalsSpec, isDemo, serverSpec, type StackPlan } from '../../desktop/main/child-specs.ts';
import { desktopPlan } from '../../desktop/main/desktop-plan.ts';
import { DEFAULT_SETTINGS } from '../../desktop/main/settings.ts';

const root = path.resolve('/opt/muster');

describe('childCommand', () => {
  it('runs the TypeScript source through tsx in development', () => {
    expect(childCommand({ packaged: false, appRoot: root, entry: 'server/src/main.ts', execPath: '/usr/bin/node' })).toEqual({
      command: '/usr/bin/node',
      args: ['--import', 'tsx', path.join(root, 'server/src/main.ts')],
    });
  });

  it('runs the compiled JavaScript from dist/ when packaged', () => {
    const asar = path.join(root, 'resources', 'app.asar');
    expect(childCommand({ packaged: true, appRoot: asar, entry: 'connector/src/main.ts', execPath: '/opt/muster/muster' })).toEqual({
      command: '/opt/muster/muster',
      args: ['--enable-source-maps', path.join(asar, 'dist', 'connector', 'src', 'main.js')],
    });
  });

  it('puts node flags before the loader and the entry, in development and packaged', () => {
    const flags = ['--max-semi-space-size=2'];
    expect(childCommand({ packaged: false, appRoot: root, entry: 'server/src/main.ts', execPath: '/usr/bin/node', nodeFlags: flags }).args).toEqual([
      '--max-semi-space-size=2',
      '--import',
      'tsx',
      path.join(root, 'server/src/main.ts'),
    ]);
    expect(childCommand({ packaged: true, appRoot: root, entry: 'server/src/main.ts', execPath: '/opt/muster/muster', nodeFlags: flags }).args).toEqual([
      '--max-semi-space-size=2',
      '--enable-source-maps',
      path.join(root, 'dist', 'server', 'src', 'main.js'),
    ]);
  });
});

describe('locateApp', () => {
  it('finds the root from a source module and from its compiled twin', () => {
    expect(locateApp(path.join(root, 'desktop/main/headless.ts'))).toEqual({ appRoot: root, packaged: false });
    expect(locateApp(path.join(root, 'dist/desktop/main/headless.js'))).toEqual({ appRoot: root, packaged: true });
  });
});

const nodePlan: StackPlan = {
  execPath: '/usr/bin/node',
  electron: false,
  packaged: false,
  appRoot: root,
  cwd: root,
  baseEnv: { PATH: '/usr/bin', MUSTER_LOG_LEVEL: 'debug', ELECTRON_RUN_AS_NODE: '1' },
  dataDir: '/var/muster/data',
  host: '127.0.0.1',
  port: 8080,
};

describe('serverSpec', () => {
  it('passes the user env on, with an absolute data dir, HOST and PORT', () => {
    const spec = serverSpec(nodePlan);
    expect(spec).toMatchObject({
      name: 'server',
      command: '/usr/bin/node',
      args: [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'server/src/main.ts')],
      cwd: root,
      healthUrl: 'http://127.0.0.1:8080/api/health',
    });
    expect(spec.env).toEqual({
      PATH: '/usr/bin',
      MUSTER_LOG_LEVEL: 'debug',
      MUSTER_DATA_DIR: '/var/muster/data',
      HOST: '127.0.0.1',
      PORT: '8080',
    });
  });

  it('checks health on loopback when the server listens on every interface', () => {
    expect(serverSpec({ ...nodePlan, host: '0.0.0.0', port: 9000 }).healthUrl).toBe('http://127.0.0.1:9000/api/health');
    expect(serverSpec({ ...nodePlan, host: '::' }).healthUrl).toBe('http://[::1]:8080/api/health');
  });

  it('runs Electron as Node for children of the desktop app', () => {
    expect(serverSpec({ ...nodePlan, electron: true }).env.ELECTRON_RUN_AS_NODE).toBe('1');
  });

  it('starts the server, packaged or not, with its V8 heap flags; the connector without them', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--max-semi-space-size=4', '--heap-growing-percent=50']);
    expect(serverSpec({ ...nodePlan, packaged: true, electron: true }).args.slice(0, SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
    expect(connectorSpec(nodePlan, undefined).args[0]).toBe('--import');
  });

  it('names flags this Node accepts, and they take effect', () => {
    // Node refuses a V8 flag it does not know ("bad option"): the server would never start.
    // A million live objects grow the young generation as far as it may go: two semi-spaces of 4 MB
    // (Node 20's default lets each grow to 16 MB, 32 MB in all).
    const script = 'const v8 = require("node:v8"); const keep = []; for (let i = 0; i < 1e6; i++) keep.push({ i }); process.stdout.write(JSON.stringify(v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space")))';
    const out = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', script], { encoding: 'utf8' });
    expect((JSON.parse(out) as { space_size: number }).space_size).toBeLessThanOrEqual(8 * 1024 * 1024);
  });
});

describe('connectorSpec', () => {
  it('points the connector at the local server and hands it the secret', () => {
    const spec = connectorSpec({ ...nodePlan, host: '0.0.0.0', port: 8181 }, 'the-connector-secret-from-the-file');
    expect(spec.name).toBe('connector');
    expect(spec.args.at(-1)).toBe(path.join(root, 'connector/src/main.ts'));
    expect(spec.healthUrl).toBeUndefined();
    expect(spec.env).toMatchObject({
      MUSTER_SERVER_URL: 'http://127.0.0.1:8181',
      MUSTER_CONNECTOR_SECRET: 'the-connector-secret-from-the-file',
      MUSTER_DATA_DIR: '/var/muster/data',
    });
  });

  it('leaves MUSTER_CONNECTOR_SECRET out when there is none', () => {
    expect(connectorSpec(nodePlan, undefined).env).not.toHaveProperty('MUSTER_CONNECTOR_SECRET');
  });
});

describe('demoTerminalsSpec', () => {
  it('runs the demo terminal emulators with the user env, only in demo mode', () => {
    const spec = demoTerminalsSpec({ ...nodePlan, baseEnv: { ...nodePlan.baseEnv, MUSTER_DEMO: '1' } });
    expect(spec).toMatchObject({ name: 'demo-terminals', command: '/usr/bin/node', cwd: root });
    expect(spec.args.at(-1)).toBe(path.join(root, 'connector/src/emulator/demo.ts'));
    expect(spec.healthUrl).toBeUndefined();
    expect(spec.env).toMatchObject({ MUSTER_DEMO: '1', MUSTER_DATA_DIR: '/var/muster/data' });
    expect(isDemo({ baseEnv: { MUSTER_DEMO: '1' } })).toBe(true);
    expect(isDemo({ baseEnv: { MUSTER_DEMO: 'true' } })).toBe(true);
    expect(isDemo({ baseEnv: { MUSTER_DEMO: '0' } })).toBe(false);
    expect(isDemo({ baseEnv: {} })).toBe(false);
  });
});

describe('desktopPlan', () => {
  const input = {
    settings: DEFAULT_SETTINGS,
    userDataDir: '/home/asha/.config/Muster',
    appPath: '/opt/Muster/resources/app.asar',
    isPackaged: true,
    execPath: '/opt/Muster/muster',
    env: { PATH: '/usr/bin' },
  };

  it('keeps data under userData and never runs a child inside app.asar', () => {
    expect(desktopPlan(input)).toMatchObject({
      electron: true,
      packaged: true,
      appRoot: '/opt/Muster/resources/app.asar',
      cwd: '/home/asha/.config/Muster',
      dataDir: path.join('/home/asha/.config/Muster', 'data'),
      host: '127.0.0.1',
      port: 8080,
    });
  });

  it('runs from the project folder in development', () => {
    expect(desktopPlan({ ...input, isPackaged: false, appPath: root }).cwd).toBe(root);
  });

  it('turns the LAN access setting into HOST=0.0.0.0 for the server, and back', () => {
    const on = serverSpec(desktopPlan({ ...input, settings: { ...DEFAULT_SETTINGS, lanAccess: true } }));
    const off = serverSpec(desktopPlan({ ...input, settings: { ...DEFAULT_SETTINGS, lanAccess: false } }));
    expect(on.env.HOST).toBe('0.0.0.0');
    expect(off.env.HOST).toBe('127.0.0.1');
    expect(on.healthUrl).toBe(off.healthUrl);
    expect(connectorSpec(desktopPlan({ ...input, settings: { lanAccess: true, port: 8080 } }), undefined).env.MUSTER_SERVER_URL).toBe(
      'http://127.0.0.1:8080',
    );
  });
});
