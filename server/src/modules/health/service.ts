import type { Health } from '../../../../shared/org.ts';
import type { Db } from '../../context.ts';
import { AppError } from '../../http/problem.ts';
import { MUSTER_VERSION } from '../../version.ts';
import { pingDatabase } from './repo.ts';

const startedAt = Date.now();

/** The version, a database check and the uptime; 503 when the database does not answer. */
export async function health(db: Db): Promise<Health> {
  try {
    await pingDatabase(db);
  } catch {
    throw new AppError(503, 'unavailable', 'Service unavailable', 'The database does not answer.');
  }
  return { status: 'ok', version: MUSTER_VERSION, database: 'ok', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
}
