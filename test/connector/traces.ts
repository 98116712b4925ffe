/**
 * Real terminal traffic published by others (test/fixtures/terminal-traces, copied from the
 * team's shared fixtures with their `# source:` lines): the header fields and the data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO } from '../support/process.ts';

export const TRACES_DIR = path.join(REPO, 'test/fixtures/terminal-traces');

export interface Trace {
  file: string;
  protocol: 'zk' | 'anviz' | 'fk' | 'adms';
  source: string;
  decoder: string;
  expect: unknown;
  /** Everything after the `---` line, as written. */
  data: string;
}

export function loadTrace(relative: string): Trace {
  const file = path.join(TRACES_DIR, relative);
  const text = fs.readFileSync(file, 'utf8');
  const cut = text.indexOf('\n---\n');
  if (cut < 0) throw new Error(`${relative}: no --- line`);
  const header = new Map<string, string>();
  for (const line of text.slice(0, cut).split('\n')) {
    const m = /^# (\w+): (.*)$/.exec(line);
    if (m) header.set(m[1]!, m[2]!);
  }
  return {
    file,
    protocol: relative.split('/')[0] as Trace['protocol'],
    source: header.get('source') ?? '',
    decoder: header.get('decoder') ?? '',
    expect: JSON.parse(header.get('expect') ?? 'null') as unknown,
    data: text.slice(cut + 5),
  };
}

/** Every trace file, as `protocol/name`. */
export function allTraces(): string[] {
  return ['adms', 'anviz', 'fk', 'zk'].flatMap((dir) =>
    fs
      .readdirSync(path.join(TRACES_DIR, dir))
      .filter((f) => f.endsWith('.txt'))
      .sort()
      .map((f) => `${dir}/${f}`),
  );
}
