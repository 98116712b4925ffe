import type { Kysely } from 'kysely';

// Issue 17: one durable outbox (events written in the transaction of the
// change; deliveries and every attempt recorded), webhook endpoints (Standard
// Webhooks, secrets sealed under the data dir's key), the SMTP settings (the
// password sealed), per-person e-mail preferences, calendar feed tokens
// (hashed), and how far each location's attendance days were announced final.
// Frozen once shipped.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('outbox_delivery')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('outbox_event.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_delivery_due').on('outbox_delivery').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_delivery_target').on('outbox_delivery').columns(['target', 'created_at']).execute();
  await db.schema.createIndex('outbox_delivery_event').on('outbox_delivery').columns(['event_id']).execute();

  await db.schema
    .createTable('outbox_attempt')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('outbox_delivery.id').onDelete('cascade'))
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('request', 'text')
    .addColumn('response', 'text')
    .execute();
  await db.schema.createIndex('outbox_attempt_delivery').on('outbox_attempt').columns(['delivery_id', 'attempted_at']).execute();

  await db.schema
    .createTable('webhook_endpoint')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('allow_insecure_http', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('previous_secret_enc', 'text')
    .addColumn('previous_secret_expires_at', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('disabled_reason', 'text')
    .addColumn('created_by_user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('tls_mode', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('password_enc', 'text')
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('digest_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notification_preference')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preference_pk', ['user_id', 'category'])
    .execute();

  await db.schema
    .createTable('calendar_feed')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('user_account.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();

  await db.schema
    .createTable('attendance_final_mark')
    .addColumn('location_id', 'text', (c) => c.primaryKey().references('location.id').onDelete('cascade'))
    .addColumn('final_through', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['attendance_final_mark', 'calendar_feed', 'notification_preference', 'email_settings', 'webhook_endpoint', 'outbox_attempt', 'outbox_delivery', 'outbox_event']) {
    await db.schema.dropTable(t).execute();
  }
}
