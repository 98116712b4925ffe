import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../shared/dates.ts';
import { type Role, permissionsOf } from '../../shared/permissions.ts';
import { fixedClock } from '../../server/src/clock.ts';
import { type Ctx, callerFor } from '../../server/src/context.ts';
import * as leave from '../../server/src/modules/leave/index.ts';
import { moduleLinks } from '../../server/src/wiring.ts';
import { employeeIdOf, freeWeek, leaveTypeIdOf } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Leave's use cases called directly, as the agent endpoint and jobs do: no
 * route's permission check runs, so each use case refuses a caller without
 * the permission itself, and writes its audit row with the caller's source.
 */

const clock = fixedClock(new Date());
let server: TestServer;
let today: string;
const ids = { sneha: '', rahul: '', priya: '', CL: '' };

/** A Ctx for an agent acting as a demo login with these roles (and the login's employee). */
async function agent(email: string, roles: Role[], permissions = permissionsOf(roles)): Promise<Ctx> {
  const user = await server.deps.db.selectFrom('user_account').select(['id', 'employee_id']).where('email', '=', email).executeTakeFirstOrThrow();
  return {
    db: server.deps.db,
    clock,
    timeZone: 'Asia/Kolkata',
    links: moduleLinks,
    caller: callerFor({ kind: 'apiKey', userId: user.id, employeeId: user.employee_id, name: `${email} (agent)`, roles, permissions, source: 'mcp' }),
  };
}

beforeAll(async () => {
  server = await startServer({ clock });
  today = dayInZone(clock.now(), 'Asia/Kolkata');
  ids.sneha = await employeeIdOf(server, 'employee@kaveri.example');
  ids.rahul = await employeeIdOf(server, 'manager@kaveri.example');
  ids.priya = await employeeIdOf(server, 'hr@kaveri.example');
  ids.CL = await leaveTypeIdOf(server, 'CL');
});
afterAll(async () => server.close());

describe('leave use cases called without a route', () => {
  it('refuse an employee what needs leave:manage or leave:hr-approve (403)', async () => {
    const employee = await agent('employee@kaveri.example', ['Employee']);
    const forbidden = { status: 403 };
    await expect(leave.createLeaveType(employee, { code: 'XX', name: 'Extra' } as never)).rejects.toMatchObject(forbidden);
    await expect(leave.updateLeaveType(employee, ids.CL, { name: 'Casual!' })).rejects.toMatchObject(forbidden);
    await expect(leave.adjustLeaveBalance(employee, { employeeId: ids.rahul, leaveTypeId: ids.CL, days: 5, reason: 'agent' })).rejects.toMatchObject(forbidden);
    await expect(leave.listLeaveAdjustments(employee, { page: 1, pageSize: 10 })).rejects.toMatchObject(forbidden);
    await expect(leave.previewLeaveYearEnd(employee, {})).rejects.toMatchObject(forbidden);
    await expect(leave.runLeaveYearEnd(employee, { boundary: today })).rejects.toMatchObject(forbidden);
    await expect(leave.runLeaveLedger(employee)).rejects.toMatchObject(forbidden);
    const approved = await server.deps.db.selectFrom('leave_request').select('id').where('status', '=', 'Approved').where('employee_id', '=', ids.sneha).executeTakeFirstOrThrow();
    await expect(leave.cancelLeave(employee, approved.id, { note: 'agent' })).rejects.toMatchObject(forbidden);
    const adjustments = await server.deps.db.selectFrom('leave_ledger').select('id').where('kind', '=', 'adjustment').where('reason', '=', 'agent').execute();
    expect(adjustments).toEqual([]);
  });

  it('refuse applying and quoting without leave:apply (403)', async () => {
    const noApply = await agent('employee@kaveri.example', ['Employee'], permissionsOf(['Employee']).filter((p) => p !== 'leave:apply'));
    const day = addDays(today, 30);
    await expect(leave.quoteLeave(noApply, { leaveTypeId: ids.CL, fromDate: day, toDate: day, duration: 'FullDay' })).rejects.toMatchObject({ status: 403 });
    await expect(leave.applyLeave(noApply, { leaveTypeId: ids.CL, fromDate: day, toDate: day, duration: 'FullDay' })).rejects.toMatchObject({ status: 403 });
  });

  it('refuse a decision to a caller who may not take it, and audit one who may with its source', async () => {
    const hr = await agent('hr@kaveri.example', ['HR']);
    await leave.adjustLeaveBalance(hr, { employeeId: ids.sneha, leaveTypeId: ids.CL, days: 2, reason: 'Agent top-up' });
    const employee = await agent('employee@kaveri.example', ['Employee']);
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 21));
    const request = await leave.applyLeave(employee, { leaveTypeId: ids.CL, fromDate: monday, toDate: monday, duration: 'FullDay' });
    expect(request.status).toBe('PendingManager');

    // The employee holds no approval permission, and nobody decides their own request.
    await expect(leave.approveLeave(employee, request.id, {})).rejects.toMatchObject({ status: 403 });
    const manager = await agent('manager@kaveri.example', ['Manager']);
    const withoutApprove = await agent('manager@kaveri.example', ['Manager'], permissionsOf(['Manager']).filter((p) => p !== 'leave:approve'));
    await expect(leave.approveLeave(withoutApprove, request.id, {})).rejects.toMatchObject({ status: 403 });
    await expect(leave.rejectLeave(withoutApprove, request.id, { note: null })).rejects.toMatchObject({ status: 403 });

    const approved = await leave.approveLeave(manager, request.id, { note: 'Approved by the agent' });
    expect(approved.status).toBe('Approved');
    const audit = await server.deps.db
      .selectFrom('audit_log')
      .select(['source', 'actor_name'])
      .where('employee_id', '=', ids.sneha)
      .where('action', '=', 'leave.approved')
      .where('summary', 'like', '%: Approved by the agent')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ source: 'mcp', actor_name: 'manager@kaveri.example (agent)' });
  });
});
