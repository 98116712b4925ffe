import { z } from 'zod';
import { freeText } from './free-text.ts';
import { Uuid } from './common.ts';

/**
 * What every statutory register header prints: the establishment (per
 * location), the employer, the manager, the registrations, the wage period,
 * and the state profile that picks each register's layout.
 */

export const STATE_PROFILES = ['central-2017', 'tn', 'ka', 'mh', 'dl'] as const;
export const StateProfile = z.enum(STATE_PROFILES).meta({
  description:
    '`central-2017`: the Ease of Compliance Rules 2017 combined Forms A–D (the default); `tn` Tamil Nadu, `ka` Karnataka, `mh` Maharashtra, `dl` Delhi Shops & Establishments forms.',
});
export type StateProfile = z.infer<typeof StateProfile>;

export const PROFILE_LABELS: Readonly<Record<StateProfile, string>> = {
  'central-2017': 'Central 2017 (Forms A–D)',
  tn: 'Tamil Nadu',
  ka: 'Karnataka',
  mh: 'Maharashtra',
  dl: 'Delhi',
};

/** Shram Suvidha LIN: 10 digits, dashes allowed (`1-2345-6789-0`). */
export const LIN_PATTERN = /^(?:\d-?){9}\d$/;
/** EPFO establishment code: region and office letters, the establishment number, an optional extension (`KNBNG0012345000`). */
export const EPF_CODE_PATTERN = /^[A-Z]{5}\d{7}(\d{3})?$/;
/** ESIC employer code: 17 digits. */
export const ESIC_CODE_PATTERN = /^\d{17}$/;

const text = (max: number) => freeText().max(max);
const optional = (max: number) => text(max).nullable().optional();

export const LocationEstablishment = z
  .object({
    locationId: Uuid,
    locationName: z.string(),
    establishmentName: z.string().nullable().meta({ description: 'As registered under the S&E Act; the organisation name when empty.' }),
    establishmentAddress: z.string().nullable().meta({ description: 'Full postal address; the location’s address when empty.' }),
    seRegistrationNumber: z.string().nullable().meta({ description: 'Shops & Establishments registration or intimation number.' }),
    seState: z.string().nullable().meta({ description: 'The state the S&E registration is under.' }),
    stateProfile: StateProfile,
    managerName: z.string().nullable().meta({ description: 'Manager of this establishment; the organisation’s when empty.' }),
    fhApprovalReference: z.string().nullable().meta({ description: 'Tamil Nadu: festival-holiday approval proceedings number and date (Form V header).' }),
  })
  .meta({ id: 'LocationEstablishment' });
export type LocationEstablishment = z.infer<typeof LocationEstablishment>;

export const Establishment = z
  .object({
    organisationName: z.string(),
    employerName: z.string().nullable().meta({ description: 'Name of the employer / owner (every form’s header).' }),
    managerName: z.string().nullable(),
    lin: z.string().nullable().meta({ description: 'Labour Identification Number (Shram Suvidha).' }),
    epfEstablishmentCode: z.string().nullable(),
    esicEmployerCode: z.string().nullable(),
    wagePeriodStartDay: z.number().int().min(1).max(28).meta({ description: '1 = the calendar month; e.g. 26 = the 26th to the 25th of the next month.' }),
    locations: z.array(LocationEstablishment),
  })
  .meta({ id: 'Establishment' });
export type Establishment = z.infer<typeof Establishment>;

export const LocationEstablishmentUpdate = z
  .object({
    locationId: Uuid.transform((s) => s.toLowerCase()),
    establishmentName: optional(160),
    establishmentAddress: freeText({ multiline: true }).max(400).nullable().optional(),
    seRegistrationNumber: optional(60),
    seState: optional(60),
    stateProfile: StateProfile.optional(),
    managerName: optional(120),
    fhApprovalReference: optional(200),
  })
  .strict();

export const EstablishmentUpdate = z
  .object({
    employerName: optional(160),
    managerName: optional(120),
    lin: text(20).regex(LIN_PATTERN, 'must be a 10-digit LIN such as 1-2345-6789-0').nullable().optional(),
    // Either case, as the pattern shows it; stored upper-case.
    epfEstablishmentCode: z
      .string()
      .trim()
      .regex(new RegExp(EPF_CODE_PATTERN.source.replace('A-Z', 'A-Za-z')), 'must be an EPF establishment code such as KNBNG0012345000')
      .toUpperCase()
      .nullable()
      .optional(),
    esicEmployerCode: text(20).regex(ESIC_CODE_PATTERN, 'must be a 17-digit ESIC employer code').nullable().optional(),
    wagePeriodStartDay: z.number().int().min(1).max(28).optional(),
    locations: z.array(LocationEstablishmentUpdate).max(200).optional(),
  })
  .strict()
  .meta({ id: 'EstablishmentUpdate', description: 'Send only what changes; a location entry changes only the fields it carries; null clears a field.' });
export type EstablishmentUpdate = z.infer<typeof EstablishmentUpdate>;
