import { z } from 'zod';
import type { LocationPolicy, LocationPolicyInput } from '../../../../../shared/attendance/index.ts';
import { YEAR_MAX } from '../../../../../shared/common.ts';
import { WeeklyOffRule } from '../../../../../shared/org.ts';
import { type Ctx, inTransaction, requirePermission } from '../../../context.ts';
import { notFound } from '../../../http/problem.ts';
import { diffFields } from '../../audit/index.ts';
import { directoryOf, policyOf } from '../policy-cache.ts';
import { listLocationNames } from '../repo/directory.ts';
import * as settingsRepo from '../repo/settings.ts';
import { todayOf } from '../scope.ts';
import { logPolicy, redoToday } from './log.ts';

/** Per location: its weekly offs (else the organisation's) and the geo-fence of console check-ins. */

const WeeklyOffs = z.array(WeeklyOffRule);

export async function listLocationPolicies(ctx: Ctx): Promise<LocationPolicy[]> {
  const [locations, rows, policy] = await Promise.all([listLocationNames(ctx.db), settingsRepo.listLocationPolicies(ctx.db), policyOf(ctx.db)]);
  const byId = new Map(rows.map((r) => [r.location_id, r]));
  return locations.map((l) => {
    const r = byId.get(l.id);
    const own = r?.weekly_offs ? WeeklyOffs.parse(JSON.parse(r.weekly_offs)) : null;
    return {
      locationId: l.id,
      locationName: l.name,
      weeklyOffs: own,
      effectiveWeeklyOffs: own ?? policy.orgWeeklyOffs,
      geoFence:
        r && r.fence_lat !== null && r.fence_lng !== null && r.fence_radius_m !== null
          ? { lat: r.fence_lat, lng: r.fence_lng, radiusMeters: r.fence_radius_m }
          : null,
    };
  });
}

export async function setLocationPolicy(ctx: Ctx, locationId: string, input: LocationPolicyInput): Promise<LocationPolicy> {
  requirePermission(ctx, 'attendance:manage');
  const before = (await listLocationPolicies(ctx)).find((l) => l.locationId === locationId);
  if (!before) throw notFound('Location');
  await inTransaction(ctx, async (t) => {
    const values = {
      weekly_offs: input.weeklyOffs === null ? null : JSON.stringify(input.weeklyOffs),
      fence_lat: input.geoFence?.lat ?? null,
      fence_lng: input.geoFence?.lng ?? null,
      fence_radius_m: input.geoFence?.radiusMeters ?? null,
      updated_at: ctx.clock.now().toISOString(),
    };
    await settingsRepo.upsertLocationPolicy(t.db, locationId, values);
    await logPolicy(t, {
      entity: 'location',
      entityId: locationId,
      action: 'location-policy.updated',
      summary: `${before.locationName}: weekly offs and geo-fence updated`,
      message: { id: 'locationUpdated', values: { location: before.locationName } },
      changes: diffFields({ weeklyOffs: before.weeklyOffs, geoFence: before.geoFence }, { weeklyOffs: input.weeklyOffs, geoFence: input.geoFence }),
    });
    if (JSON.stringify(before.weeklyOffs) !== JSON.stringify(input.weeklyOffs)) {
      const people = (await directoryOf(t.db)).list.filter((e) => e.locationId === locationId).map((e) => e.id);
      await t.links.leave.calendarChanged(t, people, todayOf(ctx), `${YEAR_MAX}-12-31`, `the weekly offs of ${before.locationName} changed`);
    }
    await redoToday(t);
  });
  const after = (await listLocationPolicies(ctx)).find((l) => l.locationId === locationId);
  if (!after) throw notFound('Location');
  return after;
}
