import { afterEach, describe, expect, it } from 'vitest';
import {
  ChildGaveUpError,
  ChildStoppedError,
  ChildSupervisor,
  restartDelay,
  type ChildExit,
  type ChildSpec,
  type RestartPolicy,
} from '../../desktop/main/supervisor.ts';
import { fixtureSpec, freePort, isAlive, nextEvent, sleep } from './helpers.ts';

const FAST: Partial<RestartPolicy> = { initialDelayMs: 40, maxDelayMs: 160, stableAfterMs: 60_000, maxFastCrashes: 5 };

const started: ChildSupervisor[] = [];
const lines: string[] = [];

function supervise(spec: ChildSpec, policy: Partial<RestartPolicy> = FAST): ChildSupervisor {
  const supervisor = new ChildSupervisor(spec, {
    policy,
    output: (name, stream, line) => lines.push(`${name}:${stream}:${line}`),
  });
  started.push(supervisor);
  return supervisor;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
  lines.length = 0;
});

describe('restartDelay', () => {
  const policy: RestartPolicy = { initialDelayMs: 500, maxDelayMs: 30_000, stableAfterMs: 60_000, maxFastCrashes: 5 };

  it('doubles from the initial delay and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => restartDelay(n, policy))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('ChildSupervisor with real child processes', () => {
  it('emits ready only once the health URL answers 200, and passes output lines on', async () => {
    const port = await freePort();
    const supervisor = supervise(fixtureSpec(port, { FIXTURE_READY_DELAY_MS: '400' }));
    const events: string[] = [];
    supervisor.on('spawn', () => events.push('spawn'));
    supervisor.on('ready', () => events.push('ready'));

    const startedAt = Date.now();
    await supervisor.start();

    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(400);
    expect(events).toEqual(['spawn', 'ready']);
    expect(supervisor.state).toBe('ready');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.json() as Promise<{ pid: number }>);
    expect(health.pid).toBe(supervisor.pid);
    expect(lines).toContain(`fixture:stdout:fixture ${supervisor.pid} listening on ${port}`);
    expect(lines).toContain(`fixture:stderr:fixture ${supervisor.pid} stderr line`);
  });

  it('restarts a crashed child as a new process that becomes ready again', async () => {
    const port = await freePort();
    const supervisor = supervise(fixtureSpec(port));
    await supervisor.start();
    const firstPid = supervisor.pid;

    const exit = nextEvent<ChildExit>(supervisor, 'exit');
    const restart = nextEvent<{ attempt: number; delayMs: number }>(supervisor, 'restart');
    const ready = nextEvent<{ pid: number }>(supervisor, 'ready');
    await fetch(`http://127.0.0.1:${port}/crash`).catch(() => undefined);

    expect(await exit).toMatchObject({ pid: firstPid, code: 1, expected: false });
    expect(await restart).toEqual({ attempt: 1, delayMs: 40 });
    const { pid } = await ready;
    expect(pid).not.toBe(firstPid);
    expect(isAlive(firstPid)).toBe(false);
    expect(supervisor.state).toBe('ready');
  });

  it('waits longer after each consecutive crash', async () => {
    const port = await freePort();
    const supervisor = supervise(fixtureSpec(port, { FIXTURE_CRASH_AFTER_MS: '0' }), { ...FAST, maxFastCrashes: 6 });
    const delays: number[] = [];
    supervisor.on('restart', ({ delayMs }) => delays.push(delayMs));
    const gaveUp = nextEvent(supervisor, 'giveUp');
    void supervisor.start().catch(() => undefined);
    await gaveUp;
    expect(delays).toEqual([40, 80, 160, 160, 160]);
  });

  it('starts the back-off over when the child stayed up long enough', async () => {
    const port = await freePort();
    const supervisor = supervise(fixtureSpec(port, { FIXTURE_CRASH_AFTER_MS: '350' }), { ...FAST, stableAfterMs: 250 });
    const delays: number[] = [];
    supervisor.on('restart', ({ delayMs }) => delays.push(delayMs));
    await supervisor.start();
    while (delays.length < 3) await nextEvent(supervisor, 'restart');
    expect(delays.slice(0, 3)).toEqual([40, 40, 40]);
  });

  it('gives up after repeated fast crashes: start() rejects and nothing restarts', async () => {
    const port = await freePort();
    const supervisor = supervise(fixtureSpec(port, { FIXTURE_CRASH_AFTER_MS: '0' }), { ...FAST, maxFastCrashes: 3 });
    let spawns = 0;
    supervisor.on('spawn', () => spawns++);
    const gaveUp = nextEvent<{ crashes: number; lastExit: ChildExit }>(supervisor, 'giveUp');

    await expect(supervisor.start()).rejects.toBeInstanceOf(ChildGaveUpError);
    expect(await gaveUp).toMatchObject({ crashes: 3, lastExit: { code: 1 } });
    expect(supervisor.state).toBe('failed');
    await sleep(300);
    expect(spawns).toBe(3);
  });

  it('treats a child that never gets healthy as crashed', async () => {
    const port = await freePort();
    const supervisor = supervise(fixtureSpec(port, { FIXTURE_READY_DELAY_MS: '60000' }, { readyTimeoutMs: 300 }));
    const exit = nextEvent<ChildExit>(supervisor, 'exit');
    const restart = nextEvent(supervisor, 'restart');
    void supervisor.start().catch(() => undefined);
    expect(await exit).toMatchObject({ expected: false, code: 0 }); // the fixture exits 0 on SIGTERM
    expect(await restart).toEqual({ attempt: 1, delayMs: 40 });
    expect(lines.some((l) => l.includes('not ready after 300 ms'))).toBe(true);
  });

  it('stop() ends the process and no restart follows', async () => {
    const port = await freePort();
    const supervisor = supervise(fixtureSpec(port));
    await supervisor.start();
    const pid = supervisor.pid;
    const exits: ChildExit[] = [];
    let spawns = 0;
    supervisor.on('exit', (e) => exits.push(e));
    supervisor.on('spawn', () => spawns++);

    await supervisor.stop();

    expect(isAlive(pid)).toBe(false);
    expect(supervisor.state).toBe('stopped');
    expect(exits).toEqual([expect.objectContaining({ pid, expected: true })]);
    await sleep(300);
    expect(spawns).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  it('SIGKILLs a child that ignores SIGTERM once the stop timeout passes', async () => {
    const port = await freePort();
    const supervisor = supervise(fixtureSpec(port, { FIXTURE_IGNORE_SIGTERM: '1' }, { stopTimeoutMs: 400 }));
    await supervisor.start();
    const pid = supervisor.pid;
    const exit = nextEvent<ChildExit>(supervisor, 'exit');

    const stoppingAt = Date.now();
    await supervisor.stop();

    expect(Date.now() - stoppingAt).toBeGreaterThanOrEqual(380);
    expect(await exit).toMatchObject({ signal: 'SIGKILL', expected: true });
    expect(lines).toContain('fixture:stdout:ignoring SIGTERM');
    expect(isAlive(pid)).toBe(false);
  });

  it('stop() during back-off cancels the pending restart', async () => {
    const port = await freePort();
    const supervisor = supervise(fixtureSpec(port, { FIXTURE_CRASH_AFTER_MS: '0' }), { ...FAST, initialDelayMs: 500 });
    let spawns = 0;
    supervisor.on('spawn', () => spawns++);
    const starting = supervisor.start();
    await nextEvent(supervisor, 'restart');

    await supervisor.stop();

    await expect(starting).rejects.toBeInstanceOf(ChildStoppedError);
    await sleep(700);
    expect(spawns).toBe(1);
    expect(supervisor.state).toBe('stopped');
  });

  it('restart() replaces the spec, and earlier start() callers wait for the new process', async () => {
    const [first, second] = [await freePort(), await freePort()];
    const supervisor = supervise(fixtureSpec(first, { FIXTURE_READY_DELAY_MS: '60000' }));
    const starting = supervisor.start();
    await nextEvent(supervisor, 'spawn');
    const oldPid = supervisor.pid;

    const next = fixtureSpec(second);
    await supervisor.restart({ env: next.env, healthUrl: next.healthUrl });
    await starting;

    expect(isAlive(oldPid)).toBe(false);
    expect(supervisor.pid).not.toBe(oldPid);
    const health = await fetch(`http://127.0.0.1:${second}/api/health`);
    expect(health.status).toBe(200);
  });

  it('a stop() while a restart is under way wins', async () => {
    const port = await freePort();
    const supervisor = supervise(fixtureSpec(port));
    await supervisor.start();
    const restarting = supervisor.restart();
    const stopping = supervisor.stop();
    await expect(restarting).rejects.toBeInstanceOf(ChildStoppedError);
    await stopping;
    expect(supervisor.state).toBe('stopped');
    expect(supervisor.pid).toBeUndefined();
  });
});
