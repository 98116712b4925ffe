import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_attendance.ts';
import * as m0003 from './0003_leave.ts';
import * as m0004 from './0004_terminal_users.ts';

/** A static list, so a bundled build finds every migration without reading a folder. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_attendance': m0002,
  '0003_leave': m0003,
  '0004_terminal_users': m0004,
};
