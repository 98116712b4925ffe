import { addDays, weekdayOf } from '../../shared/dates.ts';
import type { Client } from './client.ts';
import type { TestServer } from './server.ts';

/** Helpers for leave tests on the demo organisation. */

export async function employeeIdOf(server: TestServer, email: string): Promise<string> {
  const row = await server.deps.db.selectFrom('employee').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

export async function leaveTypeIdOf(server: TestServer, code: string): Promise<string> {
  const row = await server.deps.db.selectFrom('leave_type').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The Monday of the first week on or after `notBefore` whose Monday to Friday
 * are working days (no holiday anywhere) and free of leave for these people.
 */
export async function freeWeek(server: TestServer, employeeIds: readonly string[], notBefore: string): Promise<string> {
  let monday = notBefore;
  while (weekdayOf(monday) !== 1) monday = addDays(monday, 1);
  for (let i = 0; i < 200; i++, monday = addDays(monday, 7)) {
    const friday = addDays(monday, 4);
    const holiday = await server.deps.db.selectFrom('holiday').select('id').where('date', '>=', monday).where('date', '<=', friday).executeTakeFirst();
    if (holiday) continue;
    const busy = await server.deps.db
      .selectFrom('leave_day')
      .select('date')
      .where('employee_id', 'in', [...employeeIds])
      .where('date', '>=', addDays(monday, -3))
      .where('date', '<=', addDays(friday, 3))
      .executeTakeFirst();
    if (!busy) return monday;
  }
  throw new Error('no free week found');
}

/** HR credits days so a test does not depend on how much of the leave year has passed. */
export async function topUp(hr: Client, employeeId: string, leaveTypeId: string, days: number): Promise<void> {
  const res = await hr.post('/api/leave/adjustments', { employeeId, leaveTypeId, days, reason: 'Test top-up' });
  if (res.status !== 200) throw new Error(`top-up failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function ledgerSum(server: TestServer, employeeId: string, leaveTypeId: string): Promise<number> {
  const row = await server.deps.db
    .selectFrom('leave_ledger')
    .select((eb) => eb.fn.sum<number>('days').as('total'))
    .where('employee_id', '=', employeeId)
    .where('leave_type_id', '=', leaveTypeId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Every field of spec §2.1, each of which must be present in every response. */
export const SPEC_FIELDS = [
  'id',
  'employeeId',
  'employeeName',
  'employeeCode',
  'leaveTypeId',
  'leaveTypeCode',
  'leaveTypeName',
  'colorTone',
  'fromDate',
  'toDate',
  'duration',
  'workingDays',
  'reason',
  'backupEmployeeId',
  'backupName',
  'balanceAfter',
  'status',
  'requiresHrApproval',
  'managerDecisionBy',
  'managerDecisionName',
  'managerDecidedAt',
  'hrDecisionBy',
  'hrDecisionName',
  'hrDecidedAt',
  'decisionNote',
  'createdAt',
  'timeline',
  'context',
] as const;
