import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { IsoMonth } from '../../../../shared/common.ts';
import { addDays, dayInZone } from '../../../../shared/dates.ts';
import type { Ctx } from '../../context.ts';
import { monthOf } from '../attendance/index.ts';
import { getLeaveBalances } from '../leave/index.ts';
import { dayOut, hoursText } from './present.ts';

/**
 * Read-only context for clients that attach resources: the caller's own
 * attendance month and leave balances, as `muster://me/…` URIs.
 */

export const BALANCES_URI = 'muster://me/leave-balances';
export const ATTENDANCE_TEMPLATE = 'muster://me/attendance/{month}';

const json = (uri: string, value: unknown) => ({ contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] });

export function registerResources(server: McpServer, ctx: Ctx): void {
  const self = ctx.caller.employeeId;
  if (!self) return;
  const has = (p: Ctx['caller']['permissions'][number]) => ctx.caller.permissions.includes(p);

  if (has('leave:apply')) {
    server.registerResource(
      'my-leave-balances',
      BALANCES_URI,
      { title: 'My leave balances', description: 'Available, balance, pending, used and credited days of each leave type this leave year.', mimeType: 'application/json' },
      async (uri) => {
        const b = await getLeaveBalances(ctx, {});
        return json(uri.href, {
          employee: b.employeeName,
          leaveYear: { from: b.yearStart, to: b.yearEnd },
          balances: b.items.map((i) => ({ leaveType: i.leaveType.name, code: i.leaveType.code, available: i.available, balance: i.balance, pending: i.pending, usedThisYear: i.usedThisYear })),
        });
      },
    );
  }

  if (has('attendance:self')) {
    server.registerResource(
      'my-attendance-month',
      new ResourceTemplate(ATTENDANCE_TEMPLATE, {
        list: async () => {
          const today = dayInZone(ctx.clock.now(), ctx.timeZone);
          const months = [today.slice(0, 7), addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)];
          return { resources: months.map((m) => ({ uri: `muster://me/attendance/${m}`, name: `My attendance ${m}`, mimeType: 'application/json' })) };
        },
      }),
      { title: 'My attendance for a month', description: 'Every reconciled day of a month (YYYY-MM) with the engine\'s reasons, and the totals.', mimeType: 'application/json' },
      async (uri, variables) => {
        const month = IsoMonth.parse(String(variables.month ?? ''));
        const m = await monthOf(ctx, self, month);
        return json(uri.href, {
          employee: m.employee.fullName,
          month: m.month,
          totals: { ...m.totals, worked: hoursText(m.totals.workedMinutes) },
          days: m.days.map((d) => dayOut(d, ctx.timeZone)),
        });
      },
    );
  }
}
