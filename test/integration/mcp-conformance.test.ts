import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceTools } from '../support/mcp-conformance.ts';
import { personalKey } from '../support/mcp.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * The official MCP conformance runner against /api/mcp: the server scenarios
 * that fit a real application (the others need the reference server's
 * fixture tools such as `test_simple_text`). The runner cannot send an
 * Authorization header, so a loopback proxy adds a manager's personal key; it
 * passes Host and Origin through untouched, so the DNS-rebinding scenario
 * reaches Muster's own checks.
 */

const SCENARIOS = ['server-initialize', 'tools-list', 'ping', 'dns-rebinding-protection', 'resources-list', 'prompts-list'];
const run = promisify(execFile);
const tools = conformanceTools();

function keyInjectingProxy(target: string, key: string): Promise<http.Server> {
  const upstream = new URL(target);
  const proxy = http.createServer((req, res) => {
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, authorization: `Bearer ${key}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

describe.skipIf('missing' in tools)(`the official MCP conformance runner${'missing' in tools ? ` (skipped: ${tools.missing})` : ''}`, () => {
  let server: TestServer;
  let proxy: http.Server;
  let url: string;

  beforeAll(async () => {
    server = await startServer();
    const key = await personalKey(await server.login('manager@kaveri.example'), { name: 'Conformance runner' });
    proxy = await keyInjectingProxy(server.url, key);
    url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api/mcp`;
  });

  afterAll(async () => {
    proxy?.close();
    await server?.close();
  });

  it.each(SCENARIOS)('passes %s', async (scenario) => {
    if ('missing' in tools) throw new Error(tools.missing);
    const { stdout } = await run(tools.node, [tools.cli, 'server', '--url', url, '--scenario', scenario], { timeout: 60_000 }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`${scenario} failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
    expect(stdout).toMatch(/Passed: (\d+)\/\1, 0 failed/);
  });

  it('the runner can fail: a scenario whose fixture Muster does not have is reported as failed', async () => {
    if ('missing' in tools) throw new Error(tools.missing);
    const outcome = await run(tools.node, [tools.cli, 'server', '--url', url, '--scenario', 'tools-call-simple-text'], { timeout: 60_000 }).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    expect(outcome).toMatch(/[1-9]\d* failed/);
  });
});
