import { type Ctx, requirePermission } from '../../context.ts';

/**
 * Refuses (403) a caller without `leave:manage`: leave types, balance
 * adjustments, the year end and the ledger job. The system itself (the
 * nightly job, the demo seed) is no channel's caller; it runs them for the
 * organisation.
 */
export function requireLeaveManage(ctx: Pick<Ctx, 'caller'>): void {
  if (ctx.caller.kind !== 'system') requirePermission(ctx, 'leave:manage');
}
