import { describe, expect, it } from 'vitest';
import { terminalOutput, wantsVerboseOutput } from '../../desktop/main/terminal-output.ts';

describe('npm start output', () => {
  const run = (verbose: boolean) => {
    const file: string[] = [];
    const shown: string[] = [];
    const sink = terminalOutput({ file: (name, _s, line) => file.push(`[${name}] ${line}`), verbose, write: (_s, text) => shown.push(text) });
    sink('server', 'stdout', 'Administrator: admin@kaveri.example, password x');
    sink('server', 'stdout', '{"level":30,"msg":"database migrated"}');
    sink('connector', 'stdout', '{"level":50,"msg":"terminal unreachable","err":{"message":"ECONNREFUSED"}}');
    sink('demo-terminals', 'stdout', 'Demo terminals ready');
    return { file, shown };
  };

  it('keeps JSON lines in the log file and shows people the banner and errors', () => {
    const { file, shown } = run(false);
    expect(file).toHaveLength(4);
    expect(shown).toEqual([
      'Administrator: admin@kaveri.example, password x\n',
      '[connector] error: terminal unreachable (ECONNREFUSED)\n',
      '[demo-terminals] Demo terminals ready\n',
    ]);
  });

  it('shows every line when asked for (debug) or when nobody reads a terminal', () => {
    expect(run(true).shown).toHaveLength(4);
    expect(wantsVerboseOutput({ MUSTER_LOG_LEVEL: 'debug' }, true)).toBe(true);
    expect(wantsVerboseOutput({}, false)).toBe(true);
    expect(wantsVerboseOutput({ MUSTER_LOG_LEVEL: 'info' }, true)).toBe(false);
  });
});
