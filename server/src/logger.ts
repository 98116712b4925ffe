import { pino } from 'pino';

export type Logger = pino.Logger;

/**
 * JSON lines on stdout; `silent` in tests unless asked otherwise. Writes are
 * synchronous: the server logs little (no per-request lines), and an async
 * buffer would hang `process.exit` when the supervisor that read our stdout
 * has died and the pipe is gone.
 */
export function createLogger(level: string, name = 'muster'): Logger {
  return pino(
    {
      name,
      level,
      redact: {
        paths: ['password', '*.password', 'req.headers.authorization', 'req.headers.cookie', 'secret', '*.secret'],
        censor: '[redacted]',
      },
    },
    pino.destination({ dest: 1, sync: true }),
  );
}
