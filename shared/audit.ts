import { z } from 'zod';
import { ExportFormat, Instant, IsoDate, PageQuery, Uuid, UuidInput, paginated } from './common.ts';

/** Spec §2.7. */
export const AUDIT_CATEGORIES = [
  'Profile',
  'Compensation',
  'Attendance',
  'Leave',
  'Documents',
  'Devices',
  'Permissions',
  'Login',
  'Payroll',
  'Compliance',
  'Other',
] as const;
export const AuditCategory = z.enum(AUDIT_CATEGORIES);
export type AuditCategory = z.infer<typeof AuditCategory>;

/** Spec §2.7. `fy` is the organisation's financial year to date. */
export const AUDIT_RANGES = ['today', 'week', 'month', 'fy', 'all'] as const;
export const AuditRange = z.enum(AUDIT_RANGES);
export type AuditRange = z.infer<typeof AuditRange>;

export const AuditSource = z.enum(['console', 'public-api', 'mcp', 'connector', 'system']);
export type AuditSource = z.infer<typeof AuditSource>;

export const AuditCredentialKind = z.enum(['api-key', 'oauth-client']);
export type AuditCredentialKind = z.infer<typeof AuditCredentialKind>;

export const AuditCredential = z
  .object({
    kind: AuditCredentialKind.meta({ description: '`api-key`: an employee-bound API key; `oauth-client`: an assistant connected through OAuth.' }),
    id: z.string().meta({ description: 'The API key id or the OAuth client id.' }),
    name: z.string().meta({ description: 'The key or client name as it was at the time.' }),
  })
  .meta({ id: 'AuditCredential', description: 'The credential an AI agent acted with (source `mcp`).' });
export type AuditCredential = z.infer<typeof AuditCredential>;

export const FieldChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type FieldChange = z.infer<typeof FieldChange>;

export const AuditEntry = z
  .object({
    id: Uuid,
    employeeId: Uuid,
    category: AuditCategory,
    action: z.string().meta({ example: 'employee.updated' }),
    summary: z.string().meta({ description: 'One readable sentence.' }),
    actorName: z.string().meta({ description: 'Who did it, or `System`.' }),
    actorEmployeeId: Uuid.nullable(),
    source: AuditSource,
    changes: z.array(FieldChange).meta({ description: 'Changed fields only, with before and after.' }),
    at: Instant,
    credential: AuditCredential.nullable().meta({ description: 'For changes an AI agent made (source `mcp`): the credential it used. Null otherwise.' }),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditFilterQuery = z.object({
  category: AuditCategory.optional(),
  range: AuditRange.default('all'),
});

export const AuditListQuery = PageQuery.extend(AuditFilterQuery.shape);
export type AuditListQuery = z.output<typeof AuditListQuery>;

export const AuditExportQuery = AuditFilterQuery.extend({ format: ExportFormat.default('csv') });
export type AuditExportQuery = z.output<typeof AuditExportQuery>;

export const AuditList = paginated(AuditEntry).meta({ id: 'AuditList' });
export type AuditList = z.infer<typeof AuditList>;

/** Filters of the organisation-wide audit area. Days are in the organisation's time zone, both ends included. */
export const OrgAuditFilterQuery = z.object({
  category: AuditCategory.optional(),
  source: AuditSource.optional(),
  employeeId: UuidInput.optional().meta({ description: 'Entries about this employee.' }),
  actorEmployeeId: UuidInput.optional().meta({ description: 'Entries made by this employee (as a signed-in user).' }),
  from: IsoDate.optional().meta({ description: 'First day, in the organisation’s time zone.' }),
  to: IsoDate.optional().meta({ description: 'Last day, in the organisation’s time zone.' }),
});

export const OrgAuditQuery = PageQuery.extend(OrgAuditFilterQuery.shape);
export type OrgAuditQuery = z.output<typeof OrgAuditQuery>;

export const OrgAuditExportQuery = OrgAuditFilterQuery.extend({ format: ExportFormat.default('csv') });
export type OrgAuditExportQuery = z.output<typeof OrgAuditExportQuery>;

export const OrgAuditEntry = AuditEntry.extend({
  employeeName: z.string(),
  employeeCode: z.string(),
}).meta({ id: 'OrgAuditEntry' });
export type OrgAuditEntry = z.infer<typeof OrgAuditEntry>;

export const OrgAuditList = paginated(OrgAuditEntry).meta({ id: 'OrgAuditList' });
export type OrgAuditList = z.infer<typeof OrgAuditList>;
