import { z } from 'zod';
import { freeText } from '../free-text.ts';
import { ExportFormat, Instant, IsoDate, PageQuery, QueryBool, Uuid, UuidInput, paginated } from '../common.ts';
import { AttendanceDay, EmployeeRef } from './days.ts';
import { Direction, RegularizationKind, RegularizationStatus } from './enums.ts';
import { LocalTime } from './time.ts';

/** Regularization requests (spec §2.5): an employee asks to fix a day; the manager, then HR where the policy says so, decide. */

export const ProposedPunch = z
  .object({
    time: LocalTime.meta({ description: 'Local time; a time after midnight of a night shift falls on the next calendar day.' }),
    direction: Direction,
  })
  .meta({ id: 'ProposedPunch' });
export type ProposedPunch = z.infer<typeof ProposedPunch>;

export const Regularization = z
  .object({
    id: Uuid,
    employee: EmployeeRef,
    date: IsoDate,
    kind: RegularizationKind,
    status: RegularizationStatus,
    reason: z.string(),
    punches: z.array(ProposedPunch.extend({ at: Instant })),
    supersedes: z.array(Uuid).meta({ description: 'Punches this request replaces (e.g. an off-zone check-in).' }),
    requiresHr: z.boolean(),
    managerDecisionBy: z.string().nullable(),
    managerDecidedAt: Instant.nullable(),
    hrDecisionBy: z.string().nullable(),
    hrDecidedAt: Instant.nullable(),
    decisionNote: z.string().nullable(),
    createdByName: z.string(),
    createdAt: Instant,
    canDecide: z.boolean().meta({ description: 'Whether the caller may approve or reject it now.' }),
  })
  .meta({ id: 'Regularization' });
export type Regularization = z.infer<typeof Regularization>;

export const REGULARIZATION_REASON_MAX = 500;

export const RegularizationCreate = z
  .object({
    date: IsoDate,
    kind: RegularizationKind,
    reason: freeText({ multiline: true }).min(1, 'is required').max(REGULARIZATION_REASON_MAX),
    punches: z.array(ProposedPunch).max(8).default([]),
    supersedes: z.array(UuidInput).max(8).default([]),
  })
  .strict()
  .meta({ id: 'RegularizationCreate' });
export type RegularizationCreate = z.output<typeof RegularizationCreate>;

export const RegularizationPreviewRequest = RegularizationCreate.extend({
  reason: freeText({ multiline: true }).max(REGULARIZATION_REASON_MAX).optional().meta({ description: 'Not needed to preview; checked when the request is sent.' }),
})
  .strict()
  .meta({ id: 'RegularizationPreviewRequest' });
export type RegularizationPreviewRequest = z.output<typeof RegularizationPreviewRequest>;

export const RegularizationPreview = z
  .object({ date: IsoDate, before: AttendanceDay, after: AttendanceDay })
  .meta({
    id: 'RegularizationPreview',
    description: '`before`: the day as its punches make it now. `after`: the day once the proposed punches are added and the superseded ones set aside. Nothing is stored.',
  });
export type RegularizationPreview = z.infer<typeof RegularizationPreview>;

export const RegularizationDecision = z
  .object({ note: freeText({ multiline: true }).max(REGULARIZATION_REASON_MAX).nullable().optional() })
  .strict()
  .meta({ id: 'RegularizationDecision' });
export const RegularizationRejection = z
  .object({ note: freeText({ multiline: true }).min(1, 'is required: say why').max(REGULARIZATION_REASON_MAX) })
  .strict()
  .meta({ id: 'RegularizationRejection' });

const RegularizationFilter = {
  status: RegularizationStatus.optional(),
  kind: RegularizationKind.optional(),
  employeeId: UuidInput.optional().meta({ description: 'One employee (the uuid filter of spec §4.7).' }),
};
export const RegularizationListQuery = PageQuery.extend({
  ...RegularizationFilter,
  awaitingMe: QueryBool.optional().meta({ description: 'Only requests the caller may decide now.' }),
});
export type RegularizationListQuery = z.output<typeof RegularizationListQuery>;
export const RegularizationExportQuery = z.object({ ...RegularizationFilter, format: ExportFormat.default('csv') });
export type RegularizationExportQuery = z.output<typeof RegularizationExportQuery>;

export const RegularizationList = paginated(Regularization)
  .extend({ pending: z.number().int().meta({ description: 'Requests the caller may decide now (all pages).' }) })
  .meta({ id: 'RegularizationList' });
export type RegularizationList = z.infer<typeof RegularizationList>;
