import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

/** Issue 3 §2: punches are never deleted or edited, whatever code path tries. */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

describe('the punches table', () => {
  it('refuses deletes and edits at the database, and allows only attaching an unmatched punch', async () => {
    const { db } = server.deps;
    const punch = await db.selectFrom('punch').select(['id', 'at', 'employee_id']).where('employee_id', 'is not', null).executeTakeFirstOrThrow();
    await expect(db.deleteFrom('punch').where('id', '=', punch.id).execute()).rejects.toThrow(/never deleted/);
    await expect(db.updateTable('punch').set({ at: '2020-01-01T00:00:00.000Z' }).where('id', '=', punch.id).execute()).rejects.toThrow(/never edited/);
    await expect(db.updateTable('punch').set({ employee_id: null }).where('id', '=', punch.id).execute()).rejects.toThrow(/never edited/);
    expect(await db.selectFrom('punch').select(['at', 'employee_id']).where('id', '=', punch.id).executeTakeFirst()).toEqual({ at: punch.at, employee_id: punch.employee_id });

    // An unmatched punch (no employee) may be attached once, and nothing else about it changes.
    const template = await db.selectFrom('punch').selectAll().where('id', '=', punch.id).executeTakeFirstOrThrow();
    const id = crypto.randomUUID();
    await db.insertInto('punch').values({ ...template, id, employee_id: null, trans_id: null, terminal_user_id: 987654, supersedes_id: null }).execute();
    await db.updateTable('punch').set({ employee_id: punch.employee_id }).where('id', '=', id).execute();
    await expect(db.updateTable('punch').set({ employee_id: null }).where('id', '=', id).execute()).rejects.toThrow(/never edited/);
  });
});
