import { dayInZone } from '../../../../shared/dates.ts';
import type { ReportDefinition, SavedReportCreate } from '../../../../shared/reports.ts';
import { type Ctx, requirePermission } from '../../context.ts';
import { forbidden, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { orgSettings } from '../org/index.ts';
import { resolvePeriod } from './period.ts';
import * as repo from './repo.ts';
import { checkFilters, mayView, presentDefinition, resolveReport } from './resolve.ts';

/**
 * Saved reports: a report with its parameter and filters under a name, kept
 * for its owner and, when shared, for everyone who sees the organisation.
 * Running one applies the runner's own scope, so sharing never widens what
 * anyone sees. Saving checks everything a run would (400 naming the field).
 */

export async function saveReport(ctx: Ctx, input: SavedReportCreate): Promise<ReportDefinition> {
  requirePermission(ctx, 'report:read');
  if (!ctx.caller.userId) throw forbidden('Saving a report needs a signed-in user.');
  const { def } = await resolveReport(ctx, input.reportId);
  await checkFilters(ctx, def, input.filters, 'body.filters');
  const org = await orgSettings(ctx.db);
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  if (input.param !== null) resolvePeriod(def.parameter, input.param, today, org.fyStartMonth, 'body.param');
  const row = {
    id: newId(),
    name: input.name,
    base_report_id: def.id,
    param: input.param,
    filters: JSON.stringify(input.filters),
    shared: input.shared ? (1 as const) : (0 as const),
    owner_user_id: ctx.caller.userId,
    owner_name: ctx.caller.name,
    created_at: ctx.clock.now().toISOString(),
  };
  await repo.insertSavedReport(ctx.db, row);
  return presentDefinition(def, row, ctx, today, org.fyStartMonth);
}

/** Deletes one of the caller's saved reports: 404 when they cannot see it, 403 when it is a built-in one or someone else's. */
export async function deleteReport(ctx: Ctx, id: string): Promise<{ ok: true }> {
  requirePermission(ctx, 'report:read');
  const { saved } = await resolveReport(ctx, id);
  if (!saved) throw forbidden('Built-in reports cannot be deleted.');
  if (!mayView(ctx, saved)) throw notFound('Report');
  if (saved.owner_user_id !== ctx.caller.userId) throw forbidden(`Only ${saved.owner_name}, who saved it, may delete this report.`);
  await repo.deleteSavedReport(ctx.db, saved.id);
  return { ok: true };
}
