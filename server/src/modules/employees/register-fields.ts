import { type EmployeeRegister, type EmployeeRegisterUpdate, REGISTER_SENSITIVE_FIELDS } from '../../../../shared/employee-register.ts';
import type { FieldChange } from '../../../../shared/audit.ts';
import { maskGovernmentId } from '../../../../shared/employees.ts';
import { type Ctx, type Db, inTransaction, requirePermission } from '../../context.ts';
import type { EmployeeRegisterTable } from '../../db/schema.ts';
import { unseal } from '../../db/sealed.ts';
import { AppError } from '../../http/problem.ts';
import { recordAudit } from '../audit/index.ts';
import { canSeeSensitive } from './present.ts';
import * as repo from './register-repo.ts';
import { assertCanSeeEmployee } from './scope.ts';

/** An employee's statutory register fields (Form A, TN Form U): read within scope, changed by HR, audited. */

const FIELDS: readonly [keyof EmployeeRegisterUpdate, keyof EmployeeRegisterTable][] = [
  ['surname', 'surname'],
  ['fatherOrSpouseName', 'father_or_spouse_name'],
  ['nationality', 'nationality'],
  ['educationLevel', 'education_level'],
  ['skillCategory', 'skill_category'],
  ['serviceBookNumber', 'service_book_number'],
  ['permanentOn', 'permanent_on'],
  ['presentAddress', 'present_address'],
  ['permanentAddress', 'permanent_address'],
  ['identificationMark', 'identification_mark'],
  ['pfMemberId', 'pf_member_id'],
  ['lwfNumber', 'lwf_number'],
];
const COMPLIANCE_FIELDS = new Set(['pfMemberId', 'lwfNumber', 'serviceBookNumber']);
const SENSITIVE = new Set<string>(REGISTER_SENSITIVE_FIELDS);

function empty(employeeId: string): EmployeeRegisterTable {
  return {
    employee_id: employeeId,
    surname: null,
    father_or_spouse_name: null,
    nationality: null,
    education_level: null,
    skill_category: null,
    present_address: null,
    permanent_address: null,
    identification_mark: null,
    pf_member_id: null,
    lwf_number: null,
    service_book_number: null,
    permanent_on: null,
    updated_at: '',
  };
}

function present(row: EmployeeRegisterTable, sensitive: boolean): EmployeeRegister {
  const base: EmployeeRegister = {
    surname: row.surname,
    fatherOrSpouseName: row.father_or_spouse_name,
    nationality: row.nationality,
    educationLevel: row.education_level,
    skillCategory: row.skill_category as EmployeeRegister['skillCategory'],
    serviceBookNumber: row.service_book_number,
    permanentOn: row.permanent_on,
    updatedAt: row.updated_at || null,
  };
  if (!sensitive) return { ...base, pfMemberId: maskGovernmentId(row.pf_member_id), lwfNumber: maskGovernmentId(row.lwf_number) };
  return {
    ...base,
    presentAddress: row.present_address,
    permanentAddress: row.permanent_address,
    identificationMark: row.identification_mark,
    pfMemberId: row.pf_member_id,
    lwfNumber: row.lwf_number,
  };
}

export async function getEmployeeRegister(ctx: Ctx, employeeId: string): Promise<EmployeeRegister> {
  await assertCanSeeEmployee(ctx, employeeId);
  const row = (await repo.findRegisterRow(ctx.db, employeeId)) ?? empty(employeeId);
  return present(row, canSeeSensitive(ctx));
}

/** Changes the fields sent (null clears one); sensitive ones need `employee:sensitive` (403 naming the field). Audited, masked. */
export async function updateEmployeeRegister(ctx: Ctx, employeeId: string, input: EmployeeRegisterUpdate): Promise<EmployeeRegister> {
  requirePermission(ctx, 'employee:write');
  await assertCanSeeEmployee(ctx, employeeId);
  if (ctx.caller.kind !== 'system' && !canSeeSensitive(ctx)) {
    const field = Object.keys(input).find((f) => SENSITIVE.has(f));
    if (field) {
      throw new AppError(403, 'forbidden', 'Not allowed', `Changing ${field} needs the permission employee:sensitive.`, [
        { path: `body.${field}`, message: 'needs the permission employee:sensitive' },
      ]);
    }
  }
  await inTransaction(ctx, async (t) => {
    const before = (await repo.findRegisterRow(t.db, employeeId)) ?? empty(employeeId);
    const after: EmployeeRegisterTable = { ...before, updated_at: t.clock.now().toISOString() };
    const changes: { compliance: FieldChange[]; profile: FieldChange[] } = { compliance: [], profile: [] };
    for (const [field, column] of FIELDS) {
      const value = input[field];
      if (value === undefined || value === before[column]) continue;
      (after as unknown as Record<string, string | null>)[column] = value;
      const show = (v: string | null) => (SENSITIVE.has(field) ? maskGovernmentId(v) : v);
      (COMPLIANCE_FIELDS.has(field) ? changes.compliance : changes.profile).push({ field, before: show(before[column] as string | null), after: show(value) });
    }
    if (changes.compliance.length + changes.profile.length === 0) return;
    await repo.upsertRegisterRow(t.db, after);
    for (const [category, list] of [['Profile', changes.profile], ['Compliance', changes.compliance]] as const) {
      if (list.length === 0) continue;
      await recordAudit(t, { employeeId, category, action: 'employee.register-updated', summary: `Updated register fields: ${list.map((c) => c.field).join(', ')}`, changes: list });
    }
  });
  return getEmployeeRegister(ctx, employeeId);
}

/** A register record: the directory row with its government ids opened (PAN, UAN, ESIC IP in full; Aadhaar masked to its last four digits). */
export type RegisterRecordRow = Omit<repo.RegisterRecordStored, 'pan_enc' | 'uan_enc' | 'esi_enc' | 'aadhaar_last4'> & {
  pan: string | null;
  uan: string | null;
  esi: string | null;
  /** `XXXX XXXX 1234` (UIDAI's advice: only the last four digits are ever shown or exported). */
  aadhaar_masked: string | null;
};

/**
 * Register records of the employees employed in from..to (optionally one
 * location), for the compliance registers, whose use cases check
 * `compliance:read`: statutory registers print the PAN, UAN and ESIC IP in
 * full (they are filed with the authorities), Aadhaar masked.
 */
export async function registerRecords(db: Db, input: { locationId?: string | undefined; from: string; to: string }): Promise<RegisterRecordRow[]> {
  const rows = await repo.registerRecordRows(db, input);
  return rows.map(({ pan_enc, uan_enc, esi_enc, aadhaar_last4, ...r }) => ({
    ...r,
    pan: unseal(db, pan_enc, `The PAN of employee ${r.id}`),
    uan: unseal(db, uan_enc, `The UAN of employee ${r.id}`),
    esi: unseal(db, esi_enc, `The ESI number of employee ${r.id}`),
    aadhaar_masked: aadhaar_last4 ? `XXXX XXXX ${aadhaar_last4}` : null,
  }));
}

export { registerSerials } from './register-repo.ts';

