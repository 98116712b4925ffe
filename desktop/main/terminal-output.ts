import type { OutputSink } from './supervisor.ts';

/** What a JSON log line carries that a person at the terminal should still see. */
interface LogLine {
  level?: number;
  msg?: string;
  err?: { message?: string };
}

const ERROR_LEVEL = 50;

/**
 * `npm start` output for a person at a terminal: every child line goes to the log
 * file (`file`); the terminal gets the human lines (the first-run banner, the ready
 * lines, warnings), errors from the JSON logs as one readable line, and every JSON
 * line only when `verbose` (MUSTER_LOG_LEVEL=debug or trace, or stdout is not a
 * terminal: a service manager keeps its own journal).
 */
export function terminalOutput(options: { file: OutputSink; verbose: boolean; write?: (stream: 'stdout' | 'stderr', text: string) => void }): OutputSink {
  const write = options.write ?? ((stream, text) => (stream === 'stdout' ? process.stdout : process.stderr).write(text));
  return (name, stream, line) => {
    options.file(name, stream, line);
    if (!line.startsWith('{')) {
      // The server's banner reads best without a prefix; other children say who they are.
      write(stream, name === 'server' ? `${line}\n` : `[${name}] ${line}\n`);
      return;
    }
    if (options.verbose) {
      write(stream, `[${name}] ${line}\n`);
      return;
    }
    let parsed: LogLine;
    try {
      parsed = JSON.parse(line) as LogLine;
    } catch {
      write(stream, `[${name}] ${line}\n`);
      return;
    }
    if ((parsed.level ?? 0) >= ERROR_LEVEL) write('stderr', `[${name}] error: ${parsed.msg ?? ''}${parsed.err?.message ? ` (${parsed.err.message})` : ''}\n`);
  };
}

/** JSON lines on the terminal too: asked for with a debug level, or nobody is looking at a terminal. */
export function wantsVerboseOutput(env: NodeJS.ProcessEnv, stdoutIsTty: boolean): boolean {
  const level = env.MUSTER_LOG_LEVEL?.trim().toLowerCase();
  return level === 'debug' || level === 'trace' || !stdoutIsTty;
}
