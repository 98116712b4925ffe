import type { Employee, EmploymentType, Gender } from '../../../../../shared/employees.ts';
import { blankToNull } from '../../lib/form-errors.ts';

/** What the employee form edits: text inputs hold strings, cleared selects hold null. */
export interface EmployeeFormValues {
  code: string;
  fullName: string;
  email: string;
  phone: string;
  gender: Gender | null;
  dateOfBirth: string | null;
  designationId: string | null;
  departmentId: string | null;
  locationId: string | null;
  managerId: string | null;
  shiftId: string | null;
  employmentType: EmploymentType;
  joinedDate: string | null;
  terminalUserId: number | string;
  ctcAnnual: number | string;
  pan: string;
  aadhaar: string;
  passportNumber: string;
  uan: string;
  esi: string;
  bankName: string;
  bankAccountNumber: string;
  bankIfsc: string;
}

export const SENSITIVE_FIELDS = ['ctcAnnual', 'pan', 'uan', 'esi', 'aadhaar', 'passportNumber', 'bankName', 'bankAccountNumber', 'bankIfsc'] as const;

export const FORM_FIELDS: readonly (keyof EmployeeFormValues)[] = [
  'code',
  'fullName',
  'email',
  'phone',
  'gender',
  'dateOfBirth',
  'designationId',
  'departmentId',
  'locationId',
  'managerId',
  'shiftId',
  'employmentType',
  'joinedDate',
  'terminalUserId',
  ...SENSITIVE_FIELDS,
];

export function emptyEmployeeValues(today: string): EmployeeFormValues {
  return {
    code: '',
    fullName: '',
    email: '',
    phone: '',
    gender: null,
    dateOfBirth: null,
    designationId: null,
    departmentId: null,
    locationId: null,
    managerId: null,
    shiftId: null,
    employmentType: 'FullTime',
    joinedDate: today,
    terminalUserId: '',
    ctcAnnual: '',
    pan: '',
    aadhaar: '',
    passportNumber: '',
    uan: '',
    esi: '',
    bankName: '',
    bankAccountNumber: '',
    bankIfsc: '',
  };
}

export function employeeToValues(e: Employee): EmployeeFormValues {
  return {
    code: e.code,
    fullName: e.fullName,
    email: e.email ?? '',
    phone: e.phone ?? '',
    gender: e.gender,
    dateOfBirth: e.dateOfBirth,
    designationId: e.designation?.id ?? null,
    departmentId: e.department?.id ?? null,
    locationId: e.location?.id ?? null,
    managerId: e.manager?.id ?? null,
    shiftId: e.shift?.id ?? null,
    employmentType: e.employmentType,
    joinedDate: e.joinedDate,
    terminalUserId: e.terminalUserId ?? '',
    ctcAnnual: e.ctcAnnual ?? '',
    pan: e.pan ?? '',
    aadhaar: e.aadhaar ?? '',
    passportNumber: e.passportNumber ?? '',
    uan: e.uan ?? '',
    esi: e.esi ?? '',
    bankName: e.bankName ?? '',
    bankAccountNumber: e.bankAccountNumber ?? '',
    bankIfsc: e.bankIfsc ?? '',
  };
}

const numberOrNull = (v: number | string): number | null => (typeof v === 'number' ? v : v.trim() === '' ? null : Number(v));

/** The contract shape of every field (blank → null), before the zod schema checks it. */
export function valuesToPayload(v: EmployeeFormValues, withSensitive: boolean): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    code: v.code.trim(),
    fullName: v.fullName,
    email: blankToNull(v.email),
    phone: blankToNull(v.phone),
    gender: v.gender,
    dateOfBirth: v.dateOfBirth,
    designationId: v.designationId,
    departmentId: v.departmentId,
    locationId: v.locationId,
    managerId: v.managerId,
    shiftId: v.shiftId,
    employmentType: v.employmentType,
    joinedDate: v.joinedDate ?? '',
    terminalUserId: numberOrNull(v.terminalUserId),
  };
  if (withSensitive) {
    Object.assign(payload, {
      ctcAnnual: numberOrNull(v.ctcAnnual),
      pan: blankToNull(v.pan),
      aadhaar: blankToNull(v.aadhaar),
      passportNumber: blankToNull(v.passportNumber),
      uan: blankToNull(v.uan),
      esi: blankToNull(v.esi),
      bankName: blankToNull(v.bankName),
      bankAccountNumber: blankToNull(v.bankAccountNumber),
      bankIfsc: blankToNull(v.bankIfsc),
    });
  }
  return payload;
}

/** A create payload leaves out what was not filled in. */
export function createPayload(v: EmployeeFormValues, withSensitive: boolean): Record<string, unknown> {
  return Object.fromEntries(Object.entries(valuesToPayload(v, withSensitive)).filter(([, value]) => value !== null));
}

/** An update payload carries only the fields that differ from what was loaded. */
export function updatePayload(initial: EmployeeFormValues, v: EmployeeFormValues, withSensitive: boolean): Record<string, unknown> {
  const before = valuesToPayload(initial, withSensitive);
  const after = valuesToPayload(v, withSensitive);
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => JSON.stringify(before[key]) !== JSON.stringify(value)));
}
