import type { ChecklistFact } from '../../documents/index.ts';
import type { RegisterRecordRow } from '../../employees/index.ts';
import { type BuildContext, type Built, emptyBuilt, noteMissing } from './types.ts';

/** The document checklist register: employee × required (or held) document, its state on the day, verified by and on, expiry. */

const STATUS: Record<ChecklistFact['status'], string> = {
  Missing: 'Required, not received',
  Received: 'Received, not verified',
  Verified: 'Verified',
  Rejected: 'Rejected',
  Expired: 'Expired',
};

export function buildDocumentChecklist(ctx: BuildContext, input: { employees: readonly RegisterRecordRow[]; serials: ReadonlyMap<string, number>; facts: readonly ChecklistFact[] }): Built {
  const built = emptyBuilt();
  const byId = new Map(input.employees.map((e) => [e.id, e]));
  const employed = (e: RegisterRecordRow) => !e.exit_date || e.exit_date >= ctx.period.to;
  for (const f of input.facts) {
    const e = byId.get(f.employeeId);
    if (!e || !employed(e)) continue;
    if (f.required && f.status !== 'Verified') noteMissing(built.missing, e, `Document: ${f.document}`);
    built.rows.push({
      key: `${e.code}|${f.document}`,
      employeeId: e.id,
      cells: {
        serial: input.serials.get(e.id) ?? null,
        code: e.code,
        fullName: e.full_name,
        document: f.document,
        status: STATUS[f.status],
        verifiedBy: f.verifiedBy,
        verifiedOn: f.verifiedOn,
        expiresOn: f.expiresOn,
        remarks: f.required ? null : 'Not on the checklist of the employment type',
      },
    });
  }
  built.rows.sort((a, b) => Number(a.cells.serial) - Number(b.cells.serial));
  built.notes.push('The checklist of each employment type is kept under Documents → Document types; states are as on the day (a verification after it is not counted yet).');
  return built;
}
