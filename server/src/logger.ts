import { pino } from 'pino';

export type Logger = pino.Logger;

/** JSON lines on stdout; `silent` in tests unless asked otherwise. */
export function createLogger(level: string, name = 'muster'): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['password', '*.password', 'req.headers.authorization', 'req.headers.cookie', 'secret', '*.secret'],
      censor: '[redacted]',
    },
  });
}
