import type { PolicyLogEntry } from '../../../../../shared/attendance/index.ts';
import type { FieldChange } from '../../../../../shared/audit.ts';
import { type Locale, type MessageValue, renderMessageOf } from '../../../../../shared/i18n/index.ts';
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

/** The sentences an entry's summary is (`hr:policyLog.<id>`), so HR reads the log in their language. */
export const POLICY_LOG_MESSAGES = [
  'settingsUpdated',
  'locationUpdated',
  'holidayCreated',
  'optionalHolidayCreated',
  'holidayUpdated',
  'holidayDeleted',
  'shiftCreated',
  'shiftUpdated',
  'shiftDeleted',
] as const;
export type PolicyLogMessage = (typeof POLICY_LOG_MESSAGES)[number];

export interface PolicyLogInput {
  entity: string;
  entityId: string;
  action: string;
  /** The English summary, stored as it always was: English readers and old rows read this. */
  summary: string;
  /** The same sentence as a catalogue message, for readers of another language. */
  message: { id: PolicyLogMessage; values?: Record<string, MessageValue> };
  changes?: FieldChange[];
}

/**
 * The `changes` column (text, JSON) holds `{ changes, message }` since entries carry a message,
 * a bare list of changes before. The message rides in the JSON the row already has rather than in
 * a new column: no migration, and a reader of any age understands both shapes.
 */
interface StoredDetails {
  changes: FieldChange[];
  message?: PolicyLogInput['message'];
}

function detailsOf(json: string): StoredDetails {
  const parsed = JSON.parse(json) as FieldChange[] | StoredDetails;
  return Array.isArray(parsed) ? { changes: parsed } : parsed;
}

export async function logPolicy(ctx: Ctx, entry: PolicyLogInput) {
  const details: StoredDetails = { changes: entry.changes ?? [], message: entry.message };
  await settingsRepo.insertPolicyLog(ctx.db, {
    id: newId(),
    entity: entry.entity,
    entity_id: entry.entityId,
    action: entry.action,
    summary: entry.summary,
    changes: JSON.stringify(details),
    actor_user_id: ctx.caller.userId,
    actor_name: ctx.caller.name,
    at: ctx.clock.now().toISOString(),
  });
}

/**
 * The newest entries, each summary in the reader's language: English readers (and callers without
 * a language) get the stored English word for word, others the entry's message; an entry written
 * before entries carried one keeps its English.
 */
export async function listPolicyLog(ctx: Ctx, limit = 200, locale: Locale = 'en-IN'): Promise<PolicyLogEntry[]> {
  requirePermission(ctx, 'attendance:manage');
  const rows = await settingsRepo.listPolicyLog(ctx.db, limit);
  return rows.map((r) => {
    const details = detailsOf(r.changes);
    return {
      id: r.id,
      entity: r.entity,
      entityId: r.entity_id,
      action: r.action,
      summary: locale !== 'en-IN' && details.message ? renderMessageOf(locale, 'hr', { id: `policyLog.${details.message.id}`, values: details.message.values }) : r.summary,
      changes: details.changes,
      actorName: r.actor_name,
      at: r.at,
    };
  });
}

/** Today's days follow the changed rules at the next sweep. */
export async function redoToday(ctx: Ctx): Promise<void> {
  await markDirty(ctx.db, 'all', todayOf(ctx), todayOf(ctx));
}
