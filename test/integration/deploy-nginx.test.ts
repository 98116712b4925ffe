import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instances, startInstances } from '../support/instances.ts';
import { CONNECTOR_SECRET } from '../support/server.ts';
import { DEMO_PASSWORD } from '../support/templates.ts';
import { REPO, freePort } from '../support/process.ts';

/**
 * The deployment example as shipped (`docs/deploy/nginx.conf`, docs/deployment.md): nginx in front
 * of two instances on one database, TLS ending at nginx. The file is used as written; only what an
 * operator edits for their host is rewritten — the instances' ports, the listen ports (free ones,
 * no IPv6), the certificate paths (a throwaway self-signed one). Through it: health, a sign-in whose
 * session every instance honours, plain HTTP sent to HTTPS, the connector's punches, and attendance
 * going on while one instance is stopped.
 */

const NGINX = '/usr/sbin/nginx';
const HOST = 'muster.example.in';

let two: Instances;
let nginx: ChildProcess;
let dir: string;
let tlsPort: number;
let plainPort: number;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(port: number, tls: boolean, method: string, pathname: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, method, path: pathname, headers: { host: HOST, ...headers }, servername: HOST, rejectUnauthorized: false, agent: false as const };
    const req = (tls ? https : http).request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
const viaProxy = (method: string, pathname: string, headers: Record<string, string> = {}, body?: string) => request(tlsPort, true, method, pathname, headers, body);

beforeAll(async () => {
  if (!fs.existsSync(NGINX)) throw new Error('nginx is missing: run "sudo apt-get install -y nginx" (Debian/Ubuntu); .ci/run installs it');
  two = await startInstances(2);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-nginx-'));
  [tlsPort, plainPort] = [await freePort(), await freePort()];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${HOST}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  const [a, b] = two.servers.map((s) => new URL(s.url).port);
  const site = fs
    .readFileSync(path.join(REPO, 'docs/deploy/nginx.conf'), 'utf8')
    .replace('server 127.0.0.1:8081', `server 127.0.0.1:${a}`)
    .replace('server 127.0.0.1:8082', `server 127.0.0.1:${b}`)
    .replace(/^\s*listen \[::\].*$/gm, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${plainPort};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${tlsPort} ssl http2;`)
    .replace('/etc/ssl/muster/fullchain.pem', path.join(dir, 'cert.pem'))
    .replace('/etc/ssl/muster/privkey.pem', path.join(dir, 'key.pem'));
  // What Debian's nginx.conf around conf.d/*.conf provides, in a prefix of the test's own.
  for (const d of ['logs', 'tmp']) fs.mkdirSync(path.join(dir, d));
  fs.writeFileSync(path.join(dir, 'muster.conf'), site);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/logs/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${dir}/logs/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/tmp/${t};`),
      `  include ${dir}/muster.conf;`,
      '}',
    ].join('\n'),
  );
  // The operator's `nginx -t`: refuses the file if the shipped config does not parse.
  execFileSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off; master_process off;'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await viaProxy('GET', '/api/health').then((r) => r.status === 200, () => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer: ${fs.existsSync(path.join(dir, 'logs/error.log')) ? fs.readFileSync(path.join(dir, 'logs/error.log'), 'utf8') : ''}`);
}, 120_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) await new Promise((r) => { nginx.once('exit', r); nginx.kill('SIGTERM'); });
  await two?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('two instances behind nginx, as docs/deploy/nginx.conf ships', () => {
  it('answers the health check through the proxy and sends plain HTTP to HTTPS', async () => {
    const health = await viaProxy('GET', '/api/health');
    expect(health.status).toBe(200);
    const plain = await request(plainPort, false, 'GET', '/employees?page=2');
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`https://${HOST}/employees?page=2`);
  });

  it('signs in through the proxy with a Secure cookie, and every instance honours the session', async () => {
    const login = await viaProxy('POST', '/api/auth/login', { 'content-type': 'application/json', origin: `https://${HOST}` }, JSON.stringify({ email: 'hr@kaveri.example', password: DEMO_PASSWORD }));
    expect(login.status).toBe(200);
    const setCookie = [login.headers['set-cookie'] ?? []].flat();
    expect(setCookie.some((c) => /;\s*secure/i.test(c))).toBe(true);
    const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    // nginx spreads requests over both instances (round robin): twenty in a row all see the session.
    const answers = await Promise.all(Array.from({ length: 20 }, () => viaProxy('GET', '/api/auth/me', { cookie })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const log = fs.readFileSync(path.join(dir, 'logs/access.log'), 'utf8');
    expect(log).toContain('/api/auth/me');
  });

  it('takes the connector’s punches through the proxy, and goes on when one instance stops', async () => {
    const punch = (transId: number) =>
      viaProxy(
        'POST',
        '/api/ingest/biometric/timelog',
        { 'content-type': 'application/json', authorization: `Bearer ${CONNECTOR_SECRET}` },
        JSON.stringify({ serial: 'NGINX-TEST-1', terminalType: 'zk', terminalId: 1, transId, at: new Date(Date.now() - transId * 60_000).toISOString(), terminalUserId: 1, attendStat: '0', verifyMode: 'fingerprint' }),
      );
    expect((await punch(1)).status).toBeLessThan(300);
    // One instance restarted (here: stopped): nginx leaves it out and the other answers everything.
    const stopped = two.servers[0]!;
    await stopped.close();
    two.servers.splice(0, 1);
    const after = [];
    for (let i = 2; i < 12; i++) after.push((await punch(i)).status);
    expect(after.every((s) => s < 300)).toBe(true);
    const health = await Promise.all(Array.from({ length: 6 }, () => viaProxy('GET', '/api/health')));
    expect(health.map((h) => h.status)).toEqual(Array(6).fill(200));
  });
});
