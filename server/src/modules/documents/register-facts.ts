import type { Db } from '../../context.ts';
import { isLeaveSlot, typeSlot } from './checklist.ts';
import { documentsAsOf } from './repo/register.ts';
import * as types from './repo/types.ts';

/**
 * The document checklist of some employees as it stood at an instant, for
 * the compliance module's document-checklist register (its use cases check
 * `compliance:read`): each required document of the person's employment type
 * and each other document held, with its state then, who verified it and when,
 * and its expiry. A review after the instant does not count yet, so a filed
 * register stays as it was.
 */

export interface ChecklistFact {
  employeeId: string;
  document: string;
  required: boolean;
  status: 'Missing' | 'Received' | 'Verified' | 'Rejected' | 'Expired';
  verifiedBy: string | null;
  verifiedOn: string | null;
  expiresOn: string | null;
}

export async function documentChecklistFacts(
  db: Db,
  employees: readonly { id: string; employment_type: string }[],
  asOf: { instant: string; day: string },
): Promise<ChecklistFact[]> {
  const [allTypes, checklists, docs] = await Promise.all([types.listTypeRows(db), types.listChecklistRows(db), documentsAsOf(db, employees.map((e) => e.id), asOf.instant)]);
  const typeBySlot = new Map(allTypes.map((t) => [typeSlot(t.id), t]));
  const required = new Map<string, string[]>();
  for (const c of checklists) {
    if (typeBySlot.get(typeSlot(c.document_type_id))?.active !== 1) continue;
    required.set(c.employment_type, [...(required.get(c.employment_type) ?? []), typeSlot(c.document_type_id)]);
  }
  const current = new Map<string, Map<string, (typeof docs)[number]>>();
  for (const d of docs) {
    // Files supporting leave requests belong to their request, not to the employee's file.
    if (isLeaveSlot(d.slot_key)) continue;
    const slots = current.get(d.employee_id) ?? new Map<string, (typeof docs)[number]>();
    const held = slots.get(d.slot_key);
    if (!held || held.version < d.version) slots.set(d.slot_key, d);
    current.set(d.employee_id, slots);
  }
  const order = (slot: string) => typeBySlot.get(slot)?.sort_order ?? Number.MAX_SAFE_INTEGER;
  const out: ChecklistFact[] = [];
  for (const e of employees) {
    const requiredSlots = required.get(e.employment_type) ?? [];
    const held = current.get(e.id) ?? new Map();
    const slots = [...new Set([...requiredSlots, ...held.keys()])].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
    for (const slot of slots) {
      const doc = held.get(slot);
      const reviewed = doc?.reviewed_at && doc.reviewed_at <= asOf.instant ? doc : undefined;
      let status: ChecklistFact['status'] = 'Missing';
      if (doc) status = reviewed?.status === 'Verified' ? 'Verified' : reviewed?.status === 'Rejected' ? 'Rejected' : 'Received';
      if (doc?.expires_on && doc.expires_on < asOf.day) status = 'Expired';
      out.push({
        employeeId: e.id,
        document: typeBySlot.get(slot)?.name ?? doc?.title ?? slot.replace(/^text:/, ''),
        required: requiredSlots.includes(slot),
        status,
        verifiedBy: reviewed?.status === 'Verified' ? reviewed.reviewed_by_name : null,
        verifiedOn: reviewed?.status === 'Verified' && reviewed.reviewed_at ? reviewed.reviewed_at.slice(0, 10) : null,
        expiresOn: doc?.expires_on ?? null,
      });
    }
  }
  return out;
}
