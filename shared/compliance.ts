import { z } from 'zod';
import { ExportFormat, Instant, IsoMonth, Uuid, UuidInput } from './common.ts';
import { StateProfile } from './establishment.ts';

/** Statutory registers generated from Muster's data, the period bundle, and filed (frozen) periods. */

export const REGISTER_KEYS = [
  'employee-register',
  'attendance-register',
  'leave-register',
  'holiday-register',
  'overtime-register',
  'wage-register',
  'joiners-leavers',
  'maternity-register',
  'statutory-ids',
  'document-checklist',
] as const;
export const RegisterKey = z.enum(REGISTER_KEYS);
export type RegisterKey = z.infer<typeof RegisterKey>;

export const PERIOD_KINDS = ['month', 'year', 'date'] as const;
export const PeriodKind = z.enum(PERIOD_KINDS);
export type PeriodKind = z.infer<typeof PeriodKind>;

export const PERIOD_FORMATS: Readonly<Record<PeriodKind, string>> = {
  month: '`YYYY-MM` (the wage period ending in that month)',
  year: '`YYYY` (calendar year) or `YYYY-YY` (financial year, e.g. `2026-27`)',
  date: '`YYYY-MM-DD` (as of that day)',
};

export const UnfillableColumn = z
  .object({ column: z.string(), reason: z.string() })
  .meta({ id: 'UnfillableColumn', description: 'A column of the form Muster leaves blank, and why.' });

export const RegisterLayout = z
  .object({
    profiles: z.array(StateProfile).meta({ description: 'The state profiles this layout serves.' }),
    form: z.string().meta({ example: 'Form A' }),
    title: z.string(),
    columns: z.array(z.string()).meta({ description: 'Column headings in the form’s order (day columns shown as `1` … `31`).' }),
    source: z.string().meta({ description: 'Where the layout comes from.' }),
    unfillable: z.array(UnfillableColumn),
  })
  .meta({ id: 'RegisterLayout' });
export type RegisterLayout = z.infer<typeof RegisterLayout>;

export const RegisterInfo = z
  .object({
    key: RegisterKey,
    title: z.string(),
    legalBasis: z.string(),
    periodKind: PeriodKind,
    periodFormat: z.string(),
    profiles: z.array(StateProfile),
    layouts: z.array(RegisterLayout),
    unfillableColumns: z.array(UnfillableColumn.extend({ profile: StateProfile })).meta({ description: 'Every layout’s blank columns, with the profile.' }),
    available: z.boolean().meta({ description: 'False while the data it needs is not part of this installation (e.g. documents).' }),
  })
  .meta({ id: 'RegisterInfo' });
export type RegisterInfo = z.infer<typeof RegisterInfo>;

export const RegisterCatalogue = z.object({ items: z.array(RegisterInfo) }).meta({ id: 'RegisterCatalogue' });
export type RegisterCatalogue = z.infer<typeof RegisterCatalogue>;

export const RegisterKeyParams = z.object({ key: z.string().max(64) });

const period = z.string().trim().min(1, 'is required').max(16).meta({ description: `By the register’s period kind: ${Object.values(PERIOD_FORMATS).join('; ')}.` });

export const RegisterQuery = z.object({
  period,
  profile: StateProfile.optional().meta({ description: 'A layout profile the register has; default: the location’s profile when the register has a layout for it, else `central-2017`.' }),
  location: UuidInput.optional().meta({ description: 'Only this location’s employees, under its establishment header. Omit for the whole organisation.' }),
});
export type RegisterQuery = z.output<typeof RegisterQuery>;

export const RegisterExportQuery = RegisterQuery.extend({ format: ExportFormat.default('pdf') });
export type RegisterExportQuery = z.output<typeof RegisterExportQuery>;

export const RegisterPreviewQuery = RegisterQuery.extend({
  limit: z
    .string()
    .regex(/^\d{1,5}$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(1).max(5000))
    .optional()
    .meta({ override: { type: 'integer', minimum: 1, maximum: 5000, default: 200 }, description: 'Rows to return (default 200).' }),
});
export type RegisterPreviewQuery = z.output<typeof RegisterPreviewQuery>;

export const FilingState = z
  .object({
    filingId: Uuid,
    filedAt: Instant,
    filedByName: z.string(),
    amended: z.boolean().meta({ description: 'True when the data under the filed register changed after filing.' }),
    differences: z.array(z.string()).meta({ description: 'What changed since filing, one line per cell.' }),
  })
  .meta({ id: 'FilingState' });
export type FilingState = z.infer<typeof FilingState>;

export const MissingItem = z
  .object({ employeeId: Uuid, code: z.string(), fullName: z.string(), fields: z.array(z.string()) })
  .meta({ id: 'MissingItem', description: 'An employee whose register cells are blank for want of data, and the fields to fill on their profile.' });
export type MissingItem = z.infer<typeof MissingItem>;

export const RegisterPreview = z
  .object({
    key: RegisterKey,
    profile: StateProfile,
    form: z.string(),
    title: z.string(),
    period: z.object({ value: z.string(), label: z.string(), from: z.string(), to: z.string() }),
    header: z.array(z.object({ label: z.string(), value: z.string() })).meta({ description: 'The establishment header as printed.' }),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
    rowCount: z.number().int(),
    notes: z.array(z.string()),
    provisionalDays: z.number().int().meta({ description: 'Days in the register that are not final yet.' }),
    missing: z.array(MissingItem),
    filing: FilingState.nullable(),
  })
  .meta({ id: 'RegisterPreview' });
export type RegisterPreview = z.infer<typeof RegisterPreview>;

export const BundleQuery = z.object({
  period: IsoMonth.meta({ description: 'The month: monthly registers for it, yearly ones for its calendar year up to its end, as-of ones at its end.' }),
  location: UuidInput.optional().meta({ description: 'One location; omit for every location (one folder each).' }),
});
export type BundleQuery = z.output<typeof BundleQuery>;

export const ManifestFile = z
  .object({
    name: z.string(),
    key: RegisterKey,
    title: z.string(),
    form: z.string(),
    profile: StateProfile,
    period: z.string(),
    location: z.string().nullable(),
    legalBasis: z.string(),
    format: ExportFormat,
    rowCount: z.number().int(),
    sha256: z.string(),
    sizeBytes: z.number().int(),
    generatedAt: Instant,
    blankColumns: z.array(UnfillableColumn),
    notes: z.array(z.string()),
  })
  .meta({ id: 'ManifestFile' });
export type ManifestFile = z.infer<typeof ManifestFile>;

export const BundleManifest = z
  .object({
    organisation: z.string(),
    period: IsoMonth,
    location: z.string().nullable(),
    generatedAt: Instant,
    generatedBy: z.string(),
    filed: z.object({ filedAt: Instant, filedByName: z.string(), bundleSha256: z.string() }).nullable(),
    files: z.array(ManifestFile),
  })
  .meta({ id: 'BundleManifest', description: '`manifest.json` in every bundle.' });
export type BundleManifest = z.infer<typeof BundleManifest>;

export const FileInput = z
  .object({ period: IsoMonth, location: UuidInput.nullable().optional() })
  .strict()
  .meta({ id: 'FileInput' });
export type FileInput = z.infer<typeof FileInput>;

export const Filing = z
  .object({
    id: Uuid,
    period: IsoMonth,
    locationId: Uuid.nullable(),
    locationName: z.string().nullable(),
    filedAt: Instant,
    filedByName: z.string(),
    bundleSha256: z.string(),
    files: z.number().int(),
    amended: z.boolean(),
    amendments: z.array(z.object({ detectedAt: Instant, rowsChanged: z.number().int(), summary: z.string() })),
  })
  .meta({ id: 'Filing' });
export type Filing = z.infer<typeof Filing>;

export const FilingList = z.object({ items: z.array(Filing) }).meta({ id: 'FilingList' });
export type FilingList = z.infer<typeof FilingList>;

export const Readiness = z
  .object({
    period: IsoMonth,
    ready: z.boolean(),
    notFinalDays: z.number().int().meta({ description: 'Employee-days in the period that are provisional or not reconciled yet.' }),
    reasons: z.array(z.string()),
    filing: Filing.nullable(),
  })
  .meta({ id: 'FilingReadiness' });
export type Readiness = z.infer<typeof Readiness>;

export const ReadinessQuery = z.object({ period: IsoMonth, location: UuidInput.optional() });

export const MissingQuery = z.object({ period: IsoMonth, location: UuidInput.optional() });
export const MissingReport = z
  .object({ items: z.array(MissingItem.extend({ registers: z.array(RegisterKey) })) })
  .meta({ id: 'ComplianceMissingData' });
export type MissingReport = z.infer<typeof MissingReport>;
