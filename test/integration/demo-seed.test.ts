import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startServer } from '../support/server.ts';

/** The demo's history reads true: seeded decisions name who decided, at the time they decided. */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

describe('seeded audit entries', () => {
  it('a seeded leave decision is audited by its decider at the decision time, not by the applicant at seed time', async () => {
    const db = server.deps.db;
    const requests = await db
      .selectFrom('leave_request')
      .innerJoin('employee as applicant', 'applicant.id', 'leave_request.employee_id')
      .leftJoin('employee as manager', 'manager.id', 'leave_request.manager_decision_by')
      .leftJoin('employee as hr', 'hr.id', 'leave_request.hr_decision_by')
      .select([
        'leave_request.employee_id as employeeId',
        'leave_request.status',
        'leave_request.closure',
        'leave_request.manager_decided_at as managerAt',
        'leave_request.hr_decided_at as hrAt',
        'leave_request.closed_at as closedAt',
        'leave_request.closed_by_name as closedBy',
        'applicant.full_name as applicant',
        'manager.full_name as managerName',
        'hr.full_name as hrName',
      ])
      .where('leave_request.status', '!=', 'PendingManager')
      .execute();
    expect(requests.length).toBeGreaterThan(5);
    const audits = await db
      .selectFrom('audit_log')
      .select(['employee_id', 'action', 'actor_name', 'at'])
      .where('action', 'in', ['leave.approved', 'leave.rejected', 'leave.withdrawn', 'leave.cancelled'])
      .execute();
    let checked = 0;
    for (const r of requests) {
      const expected = r.closure
        ? { by: r.closedBy, at: r.closedAt }
        : r.hrAt
          ? { by: r.hrName, at: r.hrAt }
          : { by: r.managerName, at: r.managerAt };
      const entry = audits.find((a) => a.employee_id === r.employeeId && a.at === expected.at);
      expect(entry, `${r.applicant} ${r.status} ${r.closure ?? ''}`).toBeDefined();
      expect(entry?.actor_name).toBe(expected.by);
      if (!r.closure || r.closure === 'Cancelled') expect(entry?.actor_name).not.toBe(r.applicant);
      checked++;
    }
    expect(checked).toBe(requests.length);
  });

  it('the day HR froze is audited by HR the morning after, with fields as the form names them', async () => {
    const db = server.deps.db;
    const override = await db.selectFrom('attendance_override').select(['employee_id', 'date', 'at', 'actor_name']).executeTakeFirstOrThrow();
    const audit = await db
      .selectFrom('audit_log')
      .select(['actor_name', 'at', 'changes'])
      .where('employee_id', '=', override.employee_id)
      .where('action', '=', 'attendance.override')
      .executeTakeFirstOrThrow();
    expect(audit.actor_name).toBe('Priya Sharma');
    expect(audit.at).toBe(override.at);
    expect(audit.at > override.date).toBe(true);
    const hr = await server.login('hr@kaveri.example');
    const csv = await hr.get(`/api/employees/${override.employee_id}/audit/export?format=csv&category=Attendance`);
    expect(csv.text).toContain('Frozen: no → yes');
    expect(csv.text).toContain('Worked time: 0h 00m → 8h 00m');
  });
});
