import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';

/** A static list, so a bundled build finds every migration without reading a folder. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
