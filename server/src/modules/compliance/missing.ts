import type { MissingReport, RegisterKey } from '../../../../shared/compliance.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import { type Ctx, requirePermission } from '../../context.ts';
import { layoutFor, registerDef } from './catalogue.ts';
import { FactsLoader } from './facts.ts';
import { generate } from './generate.ts';
import { bundlePeriod } from './period.ts';
import { planBundle } from './bundle.ts';

/** Which employees lack data the month's registers print, and which fields to fill on their profiles. */

const CHECKED: readonly RegisterKey[] = ['employee-register', 'statutory-ids', 'joiners-leavers'];

export async function missingData(ctx: Ctx, input: { period: string; location?: string | undefined }): Promise<MissingReport> {
  requirePermission(ctx, 'compliance:read');
  const plan = await planBundle(ctx, input);
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const out = new Map<string, MissingReport['items'][number]>();
  for (const location of plan.locations) {
    const facts = new FactsLoader(ctx.db, location.locationId);
    for (const key of CHECKED) {
      const def = registerDef(key);
      const picked = def ? layoutFor(def, undefined, location.stateProfile) : undefined;
      if (!def || !picked) continue;
      const period = bundlePeriod(def.periodKind, plan.month, plan.wageStartDay);
      const g = await generate({ def, layout: picked.layout, profile: picked.profile, period, facts, today, timeZone: ctx.timeZone });
      for (const m of g.built.missing.values()) {
        const item = out.get(m.employeeId) ?? { employeeId: m.employeeId, code: m.code, fullName: m.fullName, fields: [], registers: [] };
        for (const f of m.fields) if (!item.fields.includes(f)) item.fields.push(f);
        if (!item.registers.includes(key)) item.registers.push(key);
        out.set(m.employeeId, item);
      }
    }
  }
  return { items: [...out.values()].sort((a, b) => b.fields.length - a.fields.length || a.code.localeCompare(b.code)) };
}
