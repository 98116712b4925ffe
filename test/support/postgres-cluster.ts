/**
 * A throwaway PostgreSQL cluster for the PostgreSQL run of the tests
 * (`npm run test:postgres`): Debian's initdb/pg_ctl on 127.0.0.1, a free port,
 * everything under a temp dir removed at the end. Installs the `postgresql`
 * package with apt-get when it is missing and we are root (as
 * ensure-test-tools.ts does for Chromium). initdb refuses to run as root: the
 * cluster then belongs to the `postgres` user the Debian package creates.
 */
import { type SpawnSyncOptions, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Cluster {
  /** postgres://…/postgres: the maintenance database, for CREATE DATABASE. */
  url: string;
  port: number;
  /** A URL for another database of the cluster. */
  urlOf(database: string): string;
  stop(): void;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function run(command: string, args: string[], options: SpawnSyncOptions = {}): { ok: boolean; output: string } {
  const r = spawnSync(command, args, { encoding: 'utf8', ...options });
  return { ok: r.status === 0, output: `${String(r.stdout ?? '')}${String(r.stderr ?? '')}` };
}

/** The directory holding initdb and pg_ctl: Debian keeps them under /usr/lib/postgresql/<major>/bin. */
function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const majors = fs.readdirSync(root).filter((d) => fs.existsSync(path.join(root, d, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
    if (majors[0]) return path.join(root, majors[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, 'pg_ctl')) && fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

/** initdb and pg_ctl, installing Debian's postgresql when missing (root only); throws a one-line instruction otherwise. */
export function ensurePostgresInstalled(): string {
  const found = binDir();
  if (found) return found;
  const instruction = 'PostgreSQL is missing: run "sudo apt-get install -y postgresql" (Debian/Ubuntu) and retry.';
  if (!isRoot() || !run('sh', ['-c', 'command -v apt-get']).ok) throw new Error(instruction);
  console.log('Installing postgresql with apt-get.');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!run('apt-get', ['update'], { env, stdio: 'inherit' }).ok || !run('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], { env, stdio: 'inherit' }).ok) {
    throw new Error(instruction);
  }
  const installed = binDir();
  if (!installed) throw new Error(instruction);
  return installed;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts a fresh cluster; `stop()` stops it and removes its files. */
export async function startCluster(): Promise<Cluster> {
  const bin = ensurePostgresInstalled();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  // initdb refuses root: as root, the cluster is the `postgres` user's (setpriv drops to it for each command).
  const asOwner = (command: string, args: string[]) => {
    if (!isRoot()) return run(command, args);
    return run('setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--reset-env', command, ...args], { cwd: dir });
  };
  if (isRoot()) {
    fs.chmodSync(dir, 0o755);
    run('chown', ['postgres:postgres', dir]);
  }
  const init = asOwner(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  if (!init.ok) throw new Error(`initdb failed: ${init.output}`);
  // A test cluster: no durability needed (fsync off), connections for the test files' servers running side by side.
  const options = `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c shared_buffers=64MB`;
  const start = asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  if (!start.ok) {
    const log = fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8') : '';
    throw new Error(`pg_ctl start failed: ${start.output}\n${log}`);
  }
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    url: urlOf('postgres'),
    port,
    urlOf,
    stop() {
      if (stopped) return;
      stopped = true;
      asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
