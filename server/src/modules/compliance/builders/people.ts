import { SKILL_LABELS, type SkillCategory } from '../../../../../shared/employee-register.ts';
import { maskGovernmentId } from '../../../../../shared/employees.ts';
import { addDays } from '../../../../../shared/dates.ts';
import type { RegisterRecordRow } from '../../employees/index.ts';
import { formatDay } from '../period.ts';
import { type BuildContext, type Built, emptyBuilt, noteMissing } from './types.ts';

/** Employee register (Form A / TN Form U), joiners and leavers, statutory ids: pure functions of the directory. */

export interface PeopleFacts {
  employees: readonly RegisterRecordRow[];
  serials: ReadonlyMap<string, number>;
  locationNames: ReadonlyMap<string, string>;
  /** Employees on the rolls of the establishment at the period end (EPF/ESI coverage). */
  headcount: number;
  /** Whether a day is a working day at a location (full and final due dates). */
  workingDay?: (locationId: string | null, day: string) => boolean;
}

const GENDER: Record<string, string> = { Male: 'Male', Female: 'Female', Other: 'Other', Undisclosed: 'Not disclosed' };
const EMPLOYMENT: Record<string, string> = { FullTime: 'Permanent (full time)', PartTime: 'Part time', Contract: 'Contract', Intern: 'Intern' };

/** First names and surname: the recorded surname, else the last word of the full name. */
export function splitName(fullName: string, surname: string | null): { first: string; surname: string } {
  const name = fullName.trim();
  if (surname && name.toLowerCase().endsWith(surname.toLowerCase()) && name.length > surname.length) {
    return { first: name.slice(0, name.length - surname.length).trim(), surname };
  }
  if (surname) return { first: name, surname };
  const at = name.lastIndexOf(' ');
  return at > 0 ? { first: name.slice(0, at), surname: name.slice(at + 1) } : { first: name, surname: '' };
}

function remarksOf(e: RegisterRecordRow, period: { from: string; to: string }): string | null {
  const notes: string[] = [];
  if (e.joined_date >= period.from && e.joined_date <= period.to) notes.push('Joined in the period');
  if (e.exit_date && e.exit_date >= period.from && e.exit_date <= period.to) notes.push('Left in the period');
  return notes.length ? notes.join('; ') : null;
}

/** One row per employee on the rolls at the period end, and the leavers of the period. */
export function buildEmployeeRegister(ctx: BuildContext, facts: PeopleFacts): Built {
  const built = emptyBuilt();
  const tn = ctx.profile === 'tn';
  for (const e of facts.employees) {
    const name = splitName(e.full_name, e.surname);
    const aadhaar = e.aadhaar_masked;
    const need = (value: unknown, field: string) => {
      if (value === null || value === undefined || value === '') noteMissing(built.missing, e, field);
    };
    need(e.gender, 'Gender');
    need(e.father_or_spouse_name, "Father's/spouse name");
    need(e.date_of_birth, 'Date of birth');
    need(e.present_address, 'Present address');
    need(e.permanent_address, 'Permanent address');
    need(e.phone, 'Mobile');
    need(e.uan, 'UAN');
    need(e.bank_account_number, 'Bank account');
    need(e.bank_ifsc, 'IFSC');
    if (tn) need(e.pf_member_id, 'PF member id');
    else {
      need(e.nationality, 'Nationality');
      need(e.education_level, 'Education level');
      need(e.skill_category, 'Skill category');
      need(e.pan, 'PAN');
      need(e.identification_mark, 'Identification mark');
    }
    need(aadhaar, 'Aadhaar');
    built.rows.push({
      key: e.code,
      employeeId: e.id,
      cells: {
        serial: facts.serials.get(e.id) ?? null,
        code: e.code,
        fullName: e.full_name,
        firstName: name.first,
        surname: name.surname || null,
        gender: e.gender ? (GENDER[e.gender] ?? e.gender) : null,
        fatherOrSpouse: e.father_or_spouse_name,
        dateOfBirth: e.date_of_birth,
        nationality: e.nationality,
        education: e.education_level,
        joinedDate: e.joined_date,
        designation: e.designation_name,
        skill: e.skill_category ? `${e.skill_category} (${SKILL_LABELS[e.skill_category as SkillCategory] ?? e.skill_category})` : null,
        employmentType: EMPLOYMENT[e.employment_type] ?? e.employment_type,
        mobile: e.phone,
        email: e.email,
        uan: e.uan,
        pan: e.pan,
        esic: e.esi,
        lwf: e.lwf_number,
        aadhaar,
        bankAccount: e.bank_account_number,
        bankName: e.bank_name,
        ifsc: e.bank_ifsc,
        bankAll: [e.bank_account_number, e.bank_name, e.bank_ifsc].filter(Boolean).join(', ') || null,
        presentAddress: e.present_address,
        permanentAddress: e.permanent_address,
        serviceBook: e.service_book_number,
        exitDate: e.exit_date && e.exit_date <= ctx.period.to ? e.exit_date : null,
        exitReason: e.exit_date && e.exit_date <= ctx.period.to ? e.exit_reason : null,
        idMark: e.identification_mark,
        photo: null,
        signature: null,
        pfMemberId: e.pf_member_id,
        date480: null,
        permanentOn: e.permanent_on,
        suspension: null,
        remarks: remarksOf(e, ctx.period),
      },
    });
  }
  built.rows.sort((a, b) => Number(a.cells.serial) - Number(b.cells.serial));
  built.notes.push('AADHAAR is printed masked to its last four digits (Aadhaar (Sharing of Information) Regulations 2016; UIDAI advisory, 29 May 2022).');
  built.notes.push('Surname: where none is recorded, the last word of the full name.');
  return built;
}

/** The working day that is `n` working days after a day (full and final settlement: 2 working days). */
function workingDaysAfter(day: string, n: number, isWorking: (d: string) => boolean): string {
  let d = day;
  let left = n;
  for (let guard = 0; left > 0 && guard < 60; guard++) {
    d = addDays(d, 1);
    if (isWorking(d)) left--;
  }
  return d;
}

export function buildJoinersLeavers(ctx: BuildContext, facts: PeopleFacts): Built {
  const built = emptyBuilt();
  const { from, to } = ctx.period;
  let n = 0;
  const rows: Built['rows'] = [];
  for (const e of facts.employees) {
    const common = {
      code: e.code,
      fullName: e.full_name,
      fatherOrSpouse: e.father_or_spouse_name,
      gender: e.gender ? (GENDER[e.gender] ?? e.gender) : null,
      dateOfBirth: e.date_of_birth,
      joinedDate: e.joined_date,
      uan: e.uan,
      esic: e.esi,
      fnfPaid: null,
    };
    if (e.joined_date >= from && e.joined_date <= to) {
      if (!e.uan) noteMissing(built.missing, e, 'UAN');
      if (!e.father_or_spouse_name) noteMissing(built.missing, e, "Father's/spouse name");
      rows.push({ key: `${e.code}|joined`, employeeId: e.id, cells: { ...common, movement: 'Joined', exitDate: null, exitReason: null, fnfDue: null, remarks: null } });
    }
    if (e.exit_date && e.exit_date >= from && e.exit_date <= to) {
      const working = (d: string) => facts.workingDay?.(e.location_id, d) ?? true;
      rows.push({
        key: `${e.code}|left`,
        employeeId: e.id,
        cells: { ...common, movement: 'Left', exitDate: e.exit_date, exitReason: e.exit_reason, fnfDue: workingDaysAfter(e.exit_date, 2, working), remarks: null },
      });
    }
  }
  rows.sort((a, b) => String(a.cells.joinedDate ?? '').localeCompare(String(b.cells.joinedDate ?? '')) || a.key.localeCompare(b.key));
  for (const r of rows) r.cells.serial = ++n;
  built.rows = rows;
  built.notes.push('Full and final settlement is due within 2 working days of the last working day (Code on Wages s.17(2)); the date it was paid is payroll data Muster does not hold.');
  return built;
}

const EPF_THRESHOLD = 20;
const ESI_THRESHOLD = 10;

export function buildStatutoryIds(ctx: BuildContext, facts: PeopleFacts): Built {
  const built = emptyBuilt();
  const epf = facts.headcount >= EPF_THRESHOLD;
  const esi = facts.headcount >= ESI_THRESHOLD;
  const employed = facts.employees.filter((e) => !e.exit_date || e.exit_date >= ctx.period.to);
  for (const e of employed) {
    const aadhaar = e.aadhaar_masked;
    const lacking: string[] = [];
    if (!e.uan) lacking.push('UAN');
    if (epf && !e.pf_member_id) lacking.push('PF member id');
    if (esi && !e.esi) lacking.push('ESIC IP');
    if (!e.pan) lacking.push('PAN');
    if (!aadhaar) lacking.push('Aadhaar');
    if (!e.bank_account_number || !e.bank_ifsc) lacking.push('Bank account / IFSC');
    for (const f of lacking) noteMissing(built.missing, e, f);
    built.rows.push({
      key: e.code,
      employeeId: e.id,
      cells: {
        serial: facts.serials.get(e.id) ?? null,
        code: e.code,
        fullName: e.full_name,
        location: e.location_id ? (facts.locationNames.get(e.location_id) ?? null) : null,
        uan: e.uan,
        pfMemberId: e.pf_member_id,
        esic: e.esi,
        pan: e.pan,
        aadhaar,
        lwf: e.lwf_number,
        bankAccountMasked: maskGovernmentId(e.bank_account_number),
        ifsc: e.bank_ifsc,
        missingItems: lacking.length ? lacking.join(', ') : 'None',
        epfCoverage: epf ? 'Covered' : 'Not mandatory',
        esiCoverage: esi ? 'Establishment covered; check wages' : 'Not covered',
      },
    });
  }
  built.rows.sort((a, b) => Number(a.cells.serial) - Number(b.cells.serial));
  built.notes.push(
    `EPF is mandatory at ${EPF_THRESHOLD} or more employees and ESI at ${ESI_THRESHOLD} or more (the establishment has ${facts.headcount} on the rolls on ${formatDay(ctx.period.to)}).`,
    'ESI covers employees whose gross wages are at most ₹21,000 a month (₹25,000 for persons with disabilities): Muster holds no payroll, so each employee’s eligibility is left to check against wages (never derived from CTC).',
  );
  built.notes.push('Aadhaar is shown masked to its last four digits.');
  return built;
}
