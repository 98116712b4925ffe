import { z } from 'zod';
import { freeText } from './free-text.ts';
import {
  ExportFormat,
  IdName,
  Instant,
  IsoDate,
  PAGE_SIZE_MAX,
  PageQuery,
  QueryBool,
  SortOrder,
  Uuid,
  UuidInput,
  paginated,
  queryInt,
} from './common.ts';
import { Email } from './auth.ts';
import { isVerhoeffValid } from './verhoeff.ts';

export const EMPLOYEE_STATUSES = ['Active', 'OnNotice', 'Exited'] as const;
export const EmployeeStatus = z.enum(EMPLOYEE_STATUSES);
export type EmployeeStatus = z.infer<typeof EmployeeStatus>;

export const EmploymentType = z.enum(['FullTime', 'PartTime', 'Contract', 'Intern']);
export type EmploymentType = z.infer<typeof EmploymentType>;

export const Gender = z.enum(['Female', 'Male', 'Other', 'Undisclosed']);
export type Gender = z.infer<typeof Gender>;

/** Spec §2.6: every sort key of the employee list. */
export const EMPLOYEE_SORT_KEYS = [
  'code',
  'fullName',
  'designation',
  'department',
  'location',
  'manager',
  'joinedDate',
  'status',
  'ctcAnnual',
] as const;
export const EmployeeSortKey = z.enum(EMPLOYEE_SORT_KEYS);
export type EmployeeSortKey = z.infer<typeof EmployeeSortKey>;

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const UAN_PATTERN = /^[0-9]{12}$/;
export const ESI_PATTERN = /^[0-9]{10}$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** 12 digits, not starting with 0 or 1 (UIDAI never issues those); the last is a Verhoeff check digit. */
export const AADHAAR_PATTERN = /^[2-9][0-9]{11}$/;
/** An Indian passport number: a letter and seven digits. */
export const PASSPORT_PATTERN = /^[A-Z][0-9]{7}$/;

/** Whether a 12-digit string is a well-formed Aadhaar number (pattern and Verhoeff check digit). */
export function isAadhaarValid(value: string): boolean {
  return AADHAAR_PATTERN.test(value) && isVerhoeffValid(value);
}

/** An Aadhaar number as typed: spaces and hyphens between the digit groups are dropped. One message says what is wrong. */
export const AadhaarInput = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z.string().superRefine((v, ctx) => {
      const message = !/^[0-9]{12}$/.test(v)
        ? 'must be a 12-digit Aadhaar number'
        : !AADHAAR_PATTERN.test(v)
          ? 'an Aadhaar number does not start with 0 or 1'
          : !isVerhoeffValid(v)
            ? 'is not a valid Aadhaar number (the check digit does not match: look for a mistyped digit)'
            : undefined;
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  )
  .meta({ description: '12 digits (spaces or hyphens between groups allowed), not starting with 0 or 1, ending in a valid Verhoeff check digit.', example: '2345 6789 0124' });

/**
 * A code typed in either case (a PAN, an IFSC, a passport number): trimmed, checked against the
 * pattern with its letters in both cases (the pattern the description shows), stored upper-case.
 */
const upperCode = (pattern: RegExp, message: string) =>
  z.string().trim().regex(new RegExp(pattern.source.replace(/A-Z/g, 'A-Za-z')), message).toUpperCase();
const optionalText = (max: number) => freeText().max(max).nullable().optional();

export const ManagerRef = z.object({ id: Uuid, fullName: z.string() });

/** What every reader of an employee sees. */
const EmployeeCore = z.object({
  id: Uuid,
  code: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  designation: IdName.nullable(),
  department: IdName.nullable(),
  location: IdName.nullable(),
  manager: ManagerRef.nullable(),
  joinedDate: IsoDate,
  exitDate: IsoDate.nullable(),
  status: EmployeeStatus,
  employmentType: EmploymentType,
  gender: Gender.nullable(),
  dateOfBirth: IsoDate.nullable(),
  shift: IdName.nullable(),
  terminalUserId: z.number().int().nullable().meta({ description: 'Biometric enrolment id on the terminals.' }),
  hasLogin: z.boolean(),
  createdAt: Instant,
  updatedAt: Instant,
});

const sensitiveNote = 'Present only for callers holding `employee:sensitive` (HR, Admin).';
const governmentIdNote =
  'Stored encrypted. In full only for callers holding `employee:sensitive`; the employee reading their own record sees it masked (last four characters); absent for anyone else.';

export const EmployeeListItem = EmployeeCore.extend({
  ctcAnnual: z.number().int().nullable().optional().meta({ description: `Annual CTC in rupees. ${sensitiveNote}` }),
  pan: z.string().nullable().optional().meta({ description: `Masked in lists, e.g. \`******234F\`. ${sensitiveNote}` }),
  uan: z.string().nullable().optional().meta({ description: `Masked in lists. ${sensitiveNote}` }),
  esi: z.string().nullable().optional().meta({ description: `Masked in lists. ${sensitiveNote}` }),
  aadhaar: z.string().nullable().optional().meta({ description: `Masked in lists. ${sensitiveNote}` }),
  passportNumber: z.string().nullable().optional().meta({ description: `Masked in lists. ${sensitiveNote}` }),
}).meta({ id: 'EmployeeListItem' });
export type EmployeeListItem = z.infer<typeof EmployeeListItem>;

export const Employee = EmployeeCore.extend({
  ctcAnnual: z.number().int().nullable().optional().meta({ description: `Annual CTC in rupees. ${sensitiveNote}` }),
  pan: z.string().nullable().optional().meta({ description: governmentIdNote }),
  uan: z.string().nullable().optional().meta({ description: governmentIdNote }),
  esi: z.string().nullable().optional().meta({ description: governmentIdNote }),
  aadhaar: z.string().nullable().optional().meta({ description: governmentIdNote }),
  passportNumber: z.string().nullable().optional().meta({ description: governmentIdNote }),
  bankAccountNumber: z.string().nullable().optional().meta({ description: sensitiveNote }),
  bankIfsc: z.string().nullable().optional().meta({ description: sensitiveNote }),
  bankName: z.string().nullable().optional().meta({ description: sensitiveNote }),
  directReports: z.number().int().meta({ description: 'How many employees report to this one directly.' }),
}).meta({ id: 'Employee' });
export type Employee = z.infer<typeof Employee>;

const EmployeeFields = {
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, 'must be 1–20 letters, digits, - or _'),
  fullName: freeText().min(1, 'is required').max(120),
  email: Email.nullable().optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{6,19}$/, 'must be a phone number such as +91 98450 12345')
    .nullable()
    .optional(),
  designationId: Uuid.nullable().optional(),
  departmentId: Uuid.nullable().optional(),
  locationId: Uuid.nullable().optional(),
  managerId: Uuid.nullable().optional(),
  joinedDate: IsoDate,
  employmentType: EmploymentType.default('FullTime'),
  gender: Gender.nullable().optional(),
  dateOfBirth: IsoDate.nullable().optional(),
  shiftId: Uuid.nullable().optional(),
  terminalUserId: z.number().int().min(0).max(2_147_483_647).nullable().optional(),
  ctcAnnual: z.number().int('must be whole rupees').min(0).max(1_000_000_000).nullable().optional(),
  pan: upperCode(PAN_PATTERN, 'must be a PAN such as ABCDE1234F').nullable().optional(),
  uan: z.string().trim().regex(UAN_PATTERN, 'must be a 12-digit UAN').nullable().optional(),
  esi: z.string().trim().regex(ESI_PATTERN, 'must be a 10-digit ESI number').nullable().optional(),
  aadhaar: AadhaarInput.nullable().optional(),
  passportNumber: upperCode(PASSPORT_PATTERN, 'must be a passport number such as K1234567')
    .nullable()
    .optional(),
  bankAccountNumber: z
    .string()
    .trim()
    .regex(/^[0-9]{9,18}$/, 'must be 9–18 digits')
    .nullable()
    .optional(),
  bankIfsc: upperCode(IFSC_PATTERN, 'must be an IFSC such as HDFC0001234').nullable().optional(),
  bankName: optionalText(80),
};

export const EmployeeCreate = z.object(EmployeeFields).strict().meta({ id: 'EmployeeCreate' });
export type EmployeeCreate = z.infer<typeof EmployeeCreate>;
export type EmployeeCreateInput = z.input<typeof EmployeeCreate>;

export const EmployeeUpdate = z
  .object(EmployeeFields)
  .omit({ employmentType: true })
  .extend({ employmentType: EmploymentType.optional() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'send at least one field to change')
  .meta({ id: 'EmployeeUpdate' });
export type EmployeeUpdate = z.infer<typeof EmployeeUpdate>;

export const EXIT_REASON_MAX = 500;
export const EmployeeExit = z
  .object({
    exitDate: IsoDate.meta({ description: 'Last working day. A future date puts the employee on notice until then.' }),
    reason: freeText({ multiline: true }).min(1, 'is required').max(EXIT_REASON_MAX),
  })
  .strict()
  .meta({ id: 'EmployeeExit' });
export type EmployeeExit = z.infer<typeof EmployeeExit>;

export const EmployeeRehire = z
  .object({
    joinedDate: IsoDate.meta({ description: 'The new joining date.' }),
    reason: freeText({ multiline: true }).max(EXIT_REASON_MAX).optional(),
  })
  .strict()
  .meta({ id: 'EmployeeRehire' });
export type EmployeeRehire = z.infer<typeof EmployeeRehire>;

/** Filters shared by the list and its export. */
export const EmployeeFilterQuery = z.object({
  q: z.string().trim().max(100).optional().meta({ description: 'Free text over name, code and email.' }),
  departmentId: UuidInput.optional(),
  locationId: UuidInput.optional(),
  designationId: UuidInput.optional(),
  managerId: UuidInput.optional().meta({ description: 'Direct reports of this employee.' }),
  status: EmployeeStatus.optional(),
  ctcMin: queryInt({ min: 0 }).optional().meta({ description: 'Lowest annual CTC in rupees (needs `employee:sensitive`).' }),
  ctcMax: queryInt({ min: 0 }).optional().meta({ description: 'Highest annual CTC in rupees (needs `employee:sensitive`).' }),
  joinedYearFrom: queryInt({ min: 1900, max: 2200 }).optional().meta({ description: 'Joined in this year or later.' }),
  joinedYearTo: queryInt({ min: 1900, max: 2200 }).optional().meta({ description: 'Joined in this year or earlier.' }),
  joinedFrom: IsoDate.optional().meta({ description: 'Joined on this day or later.' }),
  joinedTo: IsoDate.optional().meta({ description: 'Joined on this day or earlier.' }),
  exitedFrom: IsoDate.optional().meta({ description: 'Last working day on this day or later.' }),
  exitedTo: IsoDate.optional().meta({ description: 'Last working day on this day or earlier.' }),
  onRoll: QueryBool.optional().meta({ description: '`true`: only people on the rolls (active or on notice), as the headcount counts them.' }),
  sort: EmployeeSortKey.default('fullName').meta({ description: 'Sort key (spec §2.6).' }),
  order: SortOrder.default('asc'),
});

export const EmployeeListQuery = PageQuery.extend(EmployeeFilterQuery.shape);
export type EmployeeListQuery = z.output<typeof EmployeeListQuery>;

export const EmployeeExportQuery = EmployeeFilterQuery.extend({
  format: ExportFormat.default('csv'),
  page: queryInt({ min: 1 }).optional().meta({ description: 'With `pageSize`: export only this page. Omit both for every matching row.' }),
  pageSize: queryInt({ min: 1, max: PAGE_SIZE_MAX }).optional().meta({ description: `1..${PAGE_SIZE_MAX}.` }),
});
export type EmployeeExportQuery = z.output<typeof EmployeeExportQuery>;

export const FacetBucket = z.object({ id: Uuid.nullable(), name: z.string(), count: z.number().int() });
export const EmployeeFacets = z
  .object({
    department: z.array(FacetBucket),
    location: z.array(FacetBucket),
    status: z.array(z.object({ value: EmployeeStatus, count: z.number().int() })),
  })
  .meta({
    id: 'EmployeeFacets',
    description:
      'Counts for the current filter. Each facet ignores its own filter, so the console can show the alternatives.',
  });
export type EmployeeFacets = z.infer<typeof EmployeeFacets>;

export const EmployeeKpis = z
  .object({
    headcount: z.number().int().meta({ description: 'Matching employees who have not exited.' }),
    joinersThisMonth: z.number().int(),
    leaversThisMonth: z.number().int(),
  })
  .meta({ id: 'EmployeeKpis' });
export type EmployeeKpis = z.infer<typeof EmployeeKpis>;

export const EmployeeListResponse = paginated(EmployeeListItem)
  .extend({ facets: EmployeeFacets, kpis: EmployeeKpis })
  .meta({ id: 'EmployeeList' });
export type EmployeeListResponse = z.infer<typeof EmployeeListResponse>;

/** `******234F`: the last four characters stay readable. */
export function maskGovernmentId(value: string | null): string | null {
  if (value === null) return null;
  if (value.length <= 4) return '*'.repeat(value.length);
  return '*'.repeat(value.length - 4) + value.slice(-4);
}
