import type { Database } from '../../db/database.ts';
import { getOrganisationRow } from './repo.ts';

export interface OrgSettings {
  name: string;
  timeZone: string;
  fyStartMonth: number;
}

// Settings are read on every request and change a few times a year; this process is the only writer.
const cache = new WeakMap<object, OrgSettings>();

export async function orgSettings(db: Database): Promise<OrgSettings> {
  const hit = cache.get(db);
  if (hit) return hit;
  const row = await getOrganisationRow(db);
  const settings = { name: row.name, timeZone: row.time_zone, fyStartMonth: row.fy_start_month };
  cache.set(db, settings);
  return settings;
}

/** Call after the organisation row changes. */
export function forgetOrgSettings(db: Database): void {
  cache.delete(db);
}
