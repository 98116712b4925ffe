import type { FieldChange } from '../../../../shared/audit.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { EmployeeTable } from '../../db/schema.ts';
import { maskedFromLast4, seal, unseal } from '../../db/sealed.ts';
import { maskAuditValues } from '../audit/index.ts';
import * as repo from './repo.ts';

/**
 * Government ids (Aadhaar, passport, PAN, UAN, ESI) are sealed at rest
 * (AES-256-GCM, key in the data dir's secrets file): `…_enc` holds the value,
 * `…_last4` the four characters lists and audit trails show. Only
 * `employee:sensitive` holders see a value in full, and only on a single
 * record; lists, audit trails and the employee themself see it masked.
 */

export const GOVERNMENT_IDS = [
  { field: 'aadhaar', column: 'aadhaar', length: 12, label: 'Aadhaar' },
  { field: 'passportNumber', column: 'passport', length: 8, label: 'passport number' },
  { field: 'pan', column: 'pan', length: 10, label: 'PAN' },
  { field: 'uan', column: 'uan', length: 12, label: 'UAN' },
  { field: 'esi', column: 'esi', length: 10, label: 'ESI number' },
] as const;

export type GovernmentIdField = (typeof GOVERNMENT_IDS)[number]['field'];
export type GovernmentIds = Partial<Record<GovernmentIdField, string | null>>;

type Last4Row = Pick<EmployeeTable, 'aadhaar_last4' | 'passport_last4' | 'pan_last4' | 'uan_last4' | 'esi_last4'>;

/** Every id masked (`********1234`), from the clear last four characters. */
export function maskedIds(row: Last4Row): Record<GovernmentIdField, string | null> {
  const out = {} as Record<GovernmentIdField, string | null>;
  for (const g of GOVERNMENT_IDS) out[g.field] = maskedFromLast4(row[`${g.column}_last4`], g.length);
  return out;
}

/** Every id in full (opened with the data dir's key). */
export async function openedIds(ctx: Ctx, employeeId: string): Promise<Record<GovernmentIdField, string | null>> {
  const sealed = await repo.findSealedIds(ctx.db, employeeId);
  const out = {} as Record<GovernmentIdField, string | null>;
  for (const g of GOVERNMENT_IDS) out[g.field] = sealed ? unseal(ctx.db, sealed[`${g.column}_enc`], `The ${g.label} of employee ${employeeId}`) : null;
  return out;
}

/** The sealed columns for the ids present in an input (a field left out stays as it is; null clears it). */
export function sealedColumns(ctx: Ctx, input: GovernmentIds): Partial<EmployeeTable> {
  const patch: Partial<EmployeeTable> = {};
  for (const g of GOVERNMENT_IDS) {
    const value = input[g.field];
    if (value === undefined) continue;
    const s = seal(ctx.db, value);
    patch[`${g.column}_enc`] = s.enc;
    patch[`${g.column}_last4`] = s.last4;
  }
  return patch;
}

/**
 * The audit changes of the ids an update sends: masked before and after,
 * listed whenever the value changes (even when the last four characters stay
 * the same), never a value in clear.
 */
export async function idChanges(ctx: Ctx, employeeId: string | null, before: Last4Row | null, input: GovernmentIds): Promise<FieldChange[]> {
  const opened = employeeId ? await openedIds(ctx, employeeId) : null;
  const changes: FieldChange[] = [];
  for (const g of GOVERNMENT_IDS) {
    const next = input[g.field];
    if (next === undefined) continue;
    const previous = opened?.[g.field] ?? null;
    if (previous === next) continue;
    changes.push({
      field: g.field,
      before: before ? maskedFromLast4(before[`${g.column}_last4`], g.length) : null,
      after: next === null ? null : maskedFromLast4(next.slice(-4), g.length),
    });
  }
  return changes;
}

/**
 * Start-up step (idempotent): moves PAN, UAN and ESI still held in the legacy
 * clear columns (databases from before 0009) into the sealed ones, masks them
 * in the audit trail's before/after, and compacts the file so the clear
 * values leave the disk. Returns how many employees were sealed.
 */
export async function sealGovernmentIds(ctx: Ctx): Promise<number> {
  const rows = await repo.employeesWithClearIds(ctx.db);
  if (rows.length === 0) return 0;
  const root = !ctx.db.isTransaction;
  await inTransaction(ctx, async (t) => {
    for (const r of rows) {
      await repo.updateEmployeeRow(t.db, r.id, { ...sealedColumns(t, { pan: r.pan, uan: r.uan, esi: r.esi }), pan: null, uan: null, esi: null });
    }
    await maskAuditValues(t, ['pan', 'uan', 'esi'], (value) => (typeof value === 'string' ? maskedFromLast4(value.slice(-4), value.length) : value));
  });
  if (root) await repo.compactDatabase(ctx.db);
  return rows.length;
}
