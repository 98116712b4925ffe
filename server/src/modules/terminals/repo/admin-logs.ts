import type { Db } from '../../../context.ts';

/** The terminals' admin logs (written by ingest), newest first, with terminal and employee names. */
export async function listAdminLogRows(db: Db, terminalId: string | undefined, limit: number) {
  let q = db
    .selectFrom('terminal_admin_log')
    .innerJoin('terminal', 'terminal.id', 'terminal_admin_log.terminal_id')
    .leftJoin('employee', 'employee.id', 'terminal_admin_log.employee_id')
    .select([
      'terminal_admin_log.id',
      'terminal_admin_log.terminal_id',
      'terminal.name as terminal_name',
      'terminal_admin_log.at',
      'terminal_admin_log.admin_id',
      'terminal_admin_log.target_user_id',
      'terminal_admin_log.employee_id',
      'employee.code',
      'employee.full_name',
      'terminal_admin_log.action',
      'terminal_admin_log.result',
    ]);
  if (terminalId) q = q.where('terminal_admin_log.terminal_id', '=', terminalId);
  return q.orderBy('terminal_admin_log.at', 'desc').limit(limit).execute();
}
