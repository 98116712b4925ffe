import type { AttendanceSettings, AttendanceSettingsUpdate } from '../../../../../shared/attendance/index.ts';
import { type Ctx, inTransaction, requirePermission } from '../../../context.ts';
import { diffFields } from '../../audit/index.ts';
import { policyOf } from '../policy-cache.ts';
import * as settingsRepo from '../repo/settings.ts';
import { logPolicy, redoToday } from './log.ts';

/** The organisation's attendance rules: debounce, regularization window and approvals, late marks, optional holidays. */

export async function getSettings(ctx: Ctx): Promise<AttendanceSettings> {
  return (await policyOf(ctx.db)).settings;
}

export async function updateSettings(ctx: Ctx, input: AttendanceSettingsUpdate): Promise<AttendanceSettings> {
  requirePermission(ctx, 'attendance:manage');
  const before = await getSettings(ctx);
  const next = { ...before, ...input };
  await inTransaction(ctx, async (t) => {
    await settingsRepo.updateSettings(t.db, {
      debounce_seconds: next.debounceSeconds,
      regularization_window_days: next.regularizationWindowDays,
      hr_approval_kinds: JSON.stringify(next.hrApprovalKinds),
      late_mark_every: next.lateMark?.every ?? null,
      late_mark_days: next.lateMark?.days ?? 0.5,
      optional_holidays_per_year: next.optionalHolidaysPerYear,
      updated_at: ctx.clock.now().toISOString(),
    });
    await logPolicy(t, { entity: 'settings', entityId: 'org', action: 'settings.updated', summary: 'Attendance rules changed', message: { id: 'settingsUpdated' }, changes: diffFields(before, next) });
    await redoToday(t);
  });
  return getSettings(ctx);
}
