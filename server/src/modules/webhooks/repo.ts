import type { Db } from '../../context.ts';
import type { WebhookEndpointTable } from '../../db/schema.ts';

const COLUMNS = [
  'id',
  'url',
  'description',
  'event_types',
  'enabled',
  'allow_insecure_http',
  'secret_enc',
  'previous_secret_enc',
  'previous_secret_expires_at',
  'failing_since',
  'disabled_reason',
  'created_by_user_id',
  'created_at',
  'updated_at',
] as const;

export type EndpointRow = WebhookEndpointTable;

export async function insertEndpoint(db: Db, row: WebhookEndpointTable): Promise<void> {
  await db.insertInto('webhook_endpoint').values(row).execute();
}

export async function findEndpoint(db: Db, id: string): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoint').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function listEndpoints(db: Db): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoint').select(COLUMNS).orderBy('created_at').orderBy('id').execute();
}

export async function enabledEndpoints(db: Db) {
  return db.selectFrom('webhook_endpoint').select(['id', 'event_types']).where('enabled', '=', 1).execute();
}

export async function updateEndpoint(db: Db, id: string, patch: Partial<Omit<WebhookEndpointTable, 'id' | 'created_at'>>): Promise<void> {
  await db.updateTable('webhook_endpoint').set(patch).where('id', '=', id).execute();
}

export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  await db.deleteFrom('webhook_endpoint').where('id', '=', id).execute();
}
