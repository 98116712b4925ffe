import { z } from 'zod';
import { freeText } from './free-text.ts';
import { IsoDate } from './common.ts';

/**
 * The statutory register fields of an employee that the directory does not
 * hold (Form A, TN Form U). Addresses, the identification mark and the PF and
 * LWF numbers are sensitive: present only for `employee:sensitive` holders
 * (the PF and LWF numbers masked for everyone else).
 */

export const SKILL_CATEGORIES = ['HS', 'S', 'SS', 'US'] as const;
export const SkillCategory = z.enum(SKILL_CATEGORIES).meta({ description: 'Form A column 12: Highly-skilled, Skilled, Semi-skilled, Unskilled.' });
export type SkillCategory = z.infer<typeof SkillCategory>;
export const SKILL_LABELS: Readonly<Record<SkillCategory, string>> = { HS: 'Highly skilled', S: 'Skilled', SS: 'Semi-skilled', US: 'Unskilled' };

export const REGISTER_SENSITIVE_FIELDS = ['presentAddress', 'permanentAddress', 'identificationMark', 'pfMemberId', 'lwfNumber'] as const;

/** A PF member id: region and office letters, establishment number and extension, member number (`KNBNG00123450000012345`). */
export const PF_MEMBER_ID_PATTERN = /^[A-Z]{5}\d{7}\d{3}\d{7}$/;

export const EmployeeRegister = z
  .object({
    surname: z.string().nullable().meta({ description: 'Form A column 4; when empty the registers take the last word of the full name.' }),
    fatherOrSpouseName: z.string().nullable(),
    nationality: z.string().nullable(),
    educationLevel: z.string().nullable(),
    skillCategory: SkillCategory.nullable(),
    serviceBookNumber: z.string().nullable(),
    permanentOn: IsoDate.nullable().meta({ description: 'TN Form U column 15: the date made permanent.' }),
    presentAddress: z.string().nullable().optional(),
    permanentAddress: z.string().nullable().optional(),
    identificationMark: z.string().nullable().optional(),
    pfMemberId: z.string().nullable().optional().meta({ description: 'Masked unless the caller holds `employee:sensitive`.' }),
    lwfNumber: z.string().nullable().optional().meta({ description: 'Labour Welfare Fund number. Masked unless the caller holds `employee:sensitive`.' }),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'EmployeeRegister' });
export type EmployeeRegister = z.infer<typeof EmployeeRegister>;

// Addresses span lines; the other texts are one line.
const text = (max: number, multiline = false) => freeText({ multiline }).min(1, 'must not be empty (send null to clear)').max(max).nullable().optional();

export const EmployeeRegisterUpdate = z
  .object({
    surname: text(60),
    fatherOrSpouseName: text(120),
    nationality: text(40),
    educationLevel: text(80),
    skillCategory: SkillCategory.nullable().optional(),
    serviceBookNumber: text(40),
    permanentOn: IsoDate.nullable().optional(),
    presentAddress: text(400, true),
    permanentAddress: text(400, true),
    identificationMark: text(200),
    pfMemberId: z
      .string()
      .transform((s) => s.replace(/[\s/]/g, '').toUpperCase())
      .pipe(z.string().regex(PF_MEMBER_ID_PATTERN, 'must be a PF member id such as KNBNG00123450000012345'))
      .nullable()
      .optional(),
    lwfNumber: text(30),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'send at least one field to change')
  .meta({ id: 'EmployeeRegisterUpdate', description: 'Send only the fields to change; null clears one. Sensitive fields need `employee:sensitive`.' });
export type EmployeeRegisterUpdate = z.infer<typeof EmployeeRegisterUpdate>;
