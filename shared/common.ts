import { z } from 'zod';

/** Spec §2: 8-4-4-4-12 hex, version 1–8, variant 8/9/a/b, plus the all-zero and all-f values. */
export const UUID_PATTERN =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

export const Uuid = z
  .string()
  .regex(UUID_PATTERN, 'must be a uuid')
  .meta({ format: 'uuid', example: '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e' });

/** A uuid from a path or query: any hex case is accepted, ids are stored lower-case. */
export const UuidInput = Uuid.transform((s) => s.toLowerCase());

/** Spec §2: integers without a tighter range are safe integers. */
export const SafeInt = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/** A calendar day `YYYY-MM-DD`, calendar-validated (2024-02-29 yes, 2023-02-29 no). */
/**
 * Years a day or month may fall in. An HR record has no business outside
 * them, and day-by-day loops over a range must stay bounded.
 */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2199;
const inYearRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= YEAR_MIN && year <= YEAR_MAX;
};

/** The year-range refusal as a catalogue message (`shared/i18n/zod-issues.ts` reads `params.text`). */
const YEAR_RANGE_TEXT = { text: { id: 'field.yearRange', values: { min: String(YEAR_MIN), max: String(YEAR_MAX) } } };

export const IsoDate = z.iso
  .date({ message: 'must be a calendar date YYYY-MM-DD' })
  .refine(inYearRange, { message: `must be a date between ${YEAR_MIN} and ${YEAR_MAX}`, params: YEAR_RANGE_TEXT })
  .meta({ example: '2026-04-01' });

/** A month `YYYY-MM`. */
export const IsoMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM')
  .refine(inYearRange, { message: `must be a month between ${YEAR_MIN} and ${YEAR_MAX}`, params: YEAR_RANGE_TEXT })
  .meta({ example: '2026-04' });

/** An instant, always UTC, e.g. `2026-04-01T03:30:00.000Z`. */
export const Instant = z.iso.datetime({ message: 'must be an ISO 8601 UTC instant' }).meta({ example: '2026-04-01T03:30:00.000Z' });

/**
 * An integer read from a query string. Only plain decimal digits are accepted
 * (no `1e2`, no blanks), so a typo is a 400 and not a surprise.
 */
export function queryInt(opts: { min?: number; max?: number; default?: number } = {}) {
  const min = opts.min ?? Number.MIN_SAFE_INTEGER;
  const max = opts.max ?? Number.MAX_SAFE_INTEGER;
  const parsed = z
    .string()
    .regex(/^-?\d{1,16}$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
  const documented = { type: 'integer', minimum: min, maximum: max, ...(opts.default !== undefined ? { default: opts.default } : {}) };
  // Documented as the integer it stands for, not as the string it arrives as.
  const override = ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    for (const key of Object.keys(jsonSchema)) if (key !== 'description') delete jsonSchema[key];
    Object.assign(jsonSchema, documented);
  };
  return (opts.default === undefined ? parsed : parsed.default(opts.default)).meta({ override });
}

/**
 * A boolean read from a query string: `true`/`false`/`1`/`0`. Documented as a plain boolean (what
 * generated clients send as `true`/`false`); `1`/`0` stay accepted for the console's older links.
 */
export const QueryBool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .meta({
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      for (const key of Object.keys(jsonSchema)) if (key !== 'description' && key !== 'default') delete jsonSchema[key];
      if (jsonSchema.default !== undefined) jsonSchema.default = jsonSchema.default === true || jsonSchema.default === 'true' || jsonSchema.default === '1';
      jsonSchema.type = 'boolean';
    },
  });

export const PAGE_DEFAULT = 1;
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;

/** Spec §4.8: `page` ≥ 1 (default 1), `pageSize` 1..100 (default 50). */
export const PageQuery = z.object({
  page: queryInt({ min: 1, default: PAGE_DEFAULT }).meta({ description: '1-indexed page number.' }),
  pageSize: queryInt({ min: 1, max: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }).meta({
    description: `Rows per page, 1..${PAGE_SIZE_MAX}.`,
  }),
});
export type PageQuery = z.output<typeof PageQuery>;

/** Spec §2.8: the platform paginated envelope. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0).meta({ description: 'Rows matching the filter across all pages.' }),
    page: z.number().int().min(1).meta({ description: 'The requested page, echoed back.' }),
    pageSize: z.number().int().min(1).meta({ description: 'The requested page size, echoed back.' }),
  });
}

/** Spec §2.8: the public list envelope, `meta.count === data.length`. */
export function publicList<T extends z.ZodType>(item: T) {
  return z.object({
    meta: z.object({ count: z.number().int().min(0) }),
    data: z.array(item),
  });
}

/** Page count as spec §4.8 defines it: ceil(total / pageSize), at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;

/** RFC 9457 problem details, as every error answer carries them. */
export const Problem = z
  .object({
    type: z.string().meta({ description: 'A URI naming the kind of problem, e.g. `urn:muster:problem:validation`.' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'For validation problems: one entry per offending field, `path` in dot notation.' }),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details (`application/problem+json`).' });
export type Problem = z.infer<typeof Problem>;

export const Ok = z.object({ ok: z.boolean() }).meta({ id: 'Ok' });

export const ExportFormat = z.enum(['csv', 'xlsx', 'pdf']);
export type ExportFormat = z.infer<typeof ExportFormat>;

export const IdName = z.object({ id: Uuid, name: z.string() });
export type IdName = z.infer<typeof IdName>;
