import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLogFile } from '../../desktop/main/log-file.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-log-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('openLogFile', () => {
  it('appends prefixed child lines', async () => {
    const file = path.join(dir, 'logs', 'muster.log');
    const first = openLogFile(file);
    first.sink('server', 'stdout', 'Muster listening');
    await first.close();
    const second = openLogFile(file);
    second.sink('connector', 'stderr', 'oops');
    await second.close();
    expect(fs.readFileSync(file, 'utf8')).toBe('[server] Muster listening\n[connector] oops\n');
  });

  it('ignores lines that arrive after close', async () => {
    const file = path.join(dir, 'muster.log');
    const log = openLogFile(file);
    log.sink('server', 'stdout', 'before');
    await log.close();
    expect(() => log.sink('server', 'stdout', 'after')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fs.readFileSync(file, 'utf8')).toBe('[server] before\n');
  });

  it('keeps one old file once the log grows past the limit', async () => {
    const file = path.join(dir, 'muster.log');
    fs.writeFileSync(file, 'x'.repeat(100));
    const log = openLogFile(file, 50);
    log.sink('server', 'stdout', 'fresh');
    await log.close();
    expect(fs.readFileSync(`${file}.1`, 'utf8')).toBe('x'.repeat(100));
    expect(fs.readFileSync(file, 'utf8')).toBe('[server] fresh\n');
  });
});
