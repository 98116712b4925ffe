import type { Db } from '../../context.ts';
import type { TerminalAdminLogTable } from '../../db/schema.ts';

/** The terminals' admin logs as ingest stores them, once per (terminal serial, transId). */

export async function findAdminLogId(db: Db, serial: string, transId: number): Promise<string | undefined> {
  const row = await db.selectFrom('terminal_admin_log').select('id').where('terminal_serial', '=', serial).where('trans_id', '=', transId).executeTakeFirst();
  return row?.id;
}

export async function insertAdminLog(db: Db, row: TerminalAdminLogTable): Promise<void> {
  await db.insertInto('terminal_admin_log').values(row).execute();
}
