import { type Kysely, sql } from 'kysely';

// The agent endpoint (POST /api/mcp): personal and expiring API keys, the
// credential an agent used on each audit row, and the embedded OAuth 2.1
// authorization server (clients, single-use codes, grants, hashed tokens).
// Frozen once shipped.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A personal key is one a user made for their own assistants (Connected apps):
  // bound to them, usable only on the agent endpoint.
  await db.schema.alterTable('api_key').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('api_key').addColumn('personal', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('api_key_employee_ix').on('api_key').columns(['employee_id', 'revoked_at']).execute();

  // Which credential an agent used (`api-key` id or `oauth-client` id) and its name as it was.
  await db.schema.alterTable('audit_log').addColumn('credential_kind', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('credential_id', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('credential_name', 'text').execute();

  await db.schema
    .createTable('oauth_client')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('client_uri', 'text')
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('auth_method', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text')
    .addColumn('registration', 'text', (c) => c.notNull())
    .addColumn('software_id', 'text')
    .addColumn('software_version', 'text')
    .addColumn('created_by_user_id', 'text', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('disabled_at', 'text')
    .addCheckConstraint('oauth_client_auth_method_ck', sql`auth_method in ('none', 'client_secret_post', 'client_secret_basic')`)
    .addCheckConstraint('oauth_client_registration_ck', sql`registration in ('dynamic', 'admin')`)
    .execute();

  await db.schema
    .createTable('oauth_grant')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_client.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('oauth_grant_user_ix').on('oauth_grant').columns(['user_id', 'revoked_at']).execute();
  await db.schema.createIndex('oauth_grant_client_ix').on('oauth_grant').columns(['client_id', 'revoked_at']).execute();

  await db.schema
    .createTable('oauth_code')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_client.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('grant_id', 'text', (c) => c.references('oauth_grant.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('oauth_token')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grant.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addCheckConstraint('oauth_token_kind_ck', sql`kind in ('access', 'refresh')`)
    .execute();
  await db.schema.createIndex('oauth_token_grant_ix').on('oauth_token').columns(['grant_id', 'kind']).execute();

  // One row: whether assistants may register themselves (RFC 7591).
  await db.schema
    .createTable('oauth_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('dynamic_registration', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text')
    .addCheckConstraint('oauth_settings_one_row_ck', sql`id = 1`)
    .execute();
  await sql`insert into oauth_settings (id, dynamic_registration) values (1, 1)`.execute(db);
}
