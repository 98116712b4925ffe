import type { PolicyLogEntry } from '../../../../../shared/attendance/index.ts';
import type { FieldChange } from '../../../../../shared/audit.ts';
import { type Ctx, requirePermission } from '../../../context.ts';
import { newId } from '../../../ids.ts';
import { markDirty } from '../repo/days.ts';
import * as settingsRepo from '../repo/settings.ts';
import { todayOf } from '../scope.ts';

/**
 * What every policy change shares: an entry in the policy log (changes to a
 * person go to their audit trail instead), and today's days reconciled again
 * at the next sweep. Changes apply from today; "recompute range" applies them
 * to the past. The policy cache sees the writes itself.
 */

export async function logPolicy(ctx: Ctx, entry: { entity: string; entityId: string; action: string; summary: string; changes?: FieldChange[] }) {
  await settingsRepo.insertPolicyLog(ctx.db, {
    id: newId(),
    entity: entry.entity,
    entity_id: entry.entityId,
    action: entry.action,
    summary: entry.summary,
    changes: JSON.stringify(entry.changes ?? []),
    actor_user_id: ctx.caller.userId,
    actor_name: ctx.caller.name,
    at: ctx.clock.now().toISOString(),
  });
}

export async function listPolicyLog(ctx: Ctx, limit = 200): Promise<PolicyLogEntry[]> {
  requirePermission(ctx, 'attendance:manage');
  const rows = await settingsRepo.listPolicyLog(ctx.db, limit);
  return rows.map((r) => ({
    id: r.id,
    entity: r.entity,
    entityId: r.entity_id,
    action: r.action,
    summary: r.summary,
    changes: JSON.parse(r.changes) as FieldChange[],
    actorName: r.actor_name,
    at: r.at,
  }));
}

/** Today's days follow the changed rules at the next sweep. */
export async function redoToday(ctx: Ctx): Promise<void> {
  await markDirty(ctx.db, 'all', todayOf(ctx), todayOf(ctx));
}
