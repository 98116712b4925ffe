import fs from 'node:fs';
import path from 'node:path';
import type { OutputSink } from './supervisor.ts';

export interface LogFile {
  sink: OutputSink;
  close(): Promise<void>;
}

/**
 * Appends child output to `file` (the packaged app has no terminal). A file
 * over `maxBytes` at open is kept once as `<file>.1`.
 */
export function openLogFile(file: string, maxBytes = 5 * 1024 * 1024): LogFile {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    if (fs.statSync(file).size > maxBytes) fs.renameSync(file, `${file}.1`);
  } catch {
    // no file yet
  }
  const stream = fs.createWriteStream(file, { flags: 'a' });
  // Logging must never take the app down (disk full, file removed).
  stream.on('error', () => {});
  let closed = false;
  return {
    sink: (name, _stream, line) => {
      // Children's last lines can arrive after close(), while the app quits.
      if (!closed) stream.write(`[${name}] ${line}\n`);
    },
    close: () => {
      closed = true;
      return new Promise((resolve) => stream.end(resolve));
    },
  };
}
