import type { PeriodKind, RegisterInfo, RegisterKey } from '../../../../shared/compliance.ts';
import { PERIOD_FORMATS } from '../../../../shared/compliance.ts';
import type { StateProfile } from '../../../../shared/establishment.ts';
import { FORM_A, FORM_B, FORM_D } from './layouts/central-2017.ts';
import { CENTRAL_LEAVE, DOCUMENT_CHECKLIST, HOLIDAYS, JOINERS_LEAVERS, MATERNITY, OVERTIME, STATUTORY_IDS } from './layouts/internal.ts';
import { DL_FORM_I, KA_FORM_F, MH_FORM_O } from './layouts/state-leave.ts';
import { TN_FORM_U, TN_FORM_V, TN_FORM_W, TN_FORM_X } from './layouts/tn.ts';
import type { Layout } from './layouts/types.ts';

/** The register catalogue: what each register is, its legal basis, its period, and its layouts per state profile. */

export interface RegisterDef {
  key: RegisterKey;
  title: string;
  legalBasis: string;
  periodKind: PeriodKind;
  layouts: readonly Layout[];
  /** Needs a module that may not be installed (documents). */
  needs?: 'documents';
}

export const REGISTERS: readonly RegisterDef[] = [
  {
    key: 'employee-register',
    title: 'Employee register',
    legalBasis: 'Ease of Compliance Rules 2017 r.2(1), Form A; TN S&E Rules r.16(1), Form U; Code on Wages s.50(1)',
    periodKind: 'date',
    layouts: [FORM_A, TN_FORM_U],
  },
  {
    key: 'attendance-register',
    title: 'Attendance register (muster roll)',
    legalBasis: 'Ease of Compliance Rules 2017 r.2(1), Form D; TN S&E Rules r.16(1), Form V; OSH Code s.33',
    periodKind: 'month',
    layouts: [FORM_D, TN_FORM_V],
  },
  {
    key: 'leave-register',
    title: 'Leave register',
    legalBasis: 'OSH Code s.32–33; TN Form X; Karnataka S&CE Rules r.17(3), Form F; Maharashtra S&E Rules 2018 r.19, Form O; Delhi S&E Rules 1954, Form I',
    periodKind: 'year',
    layouts: [CENTRAL_LEAVE, TN_FORM_X, KA_FORM_F, MH_FORM_O, DL_FORM_I],
  },
  {
    key: 'holiday-register',
    title: 'Holiday register',
    legalBasis: 'National and Festival Holidays Acts of the states; TN Form V cols 11–12; Maharashtra S&E Act 2017 s.18(7)',
    periodKind: 'year',
    layouts: [HOLIDAYS],
  },
  {
    key: 'overtime-register',
    title: 'Overtime register',
    legalBasis: 'Code on Wages s.14 (twice the ordinary rate); OSH Code s.27, s.33; overtime columns of Forms B and D; state S&E Acts',
    periodKind: 'month',
    layouts: [OVERTIME],
  },
  {
    key: 'wage-register',
    title: 'Wage register',
    legalBasis: 'Ease of Compliance Rules 2017 r.2(1), Form B; TN S&E Rules r.16(1), Form W; Code on Wages s.50(1)',
    periodKind: 'month',
    layouts: [FORM_B, TN_FORM_W],
  },
  {
    key: 'joiners-leavers',
    title: 'Joiners and leavers',
    legalBasis: 'Form A cols 10, 26, 27; EPF and ESI monthly returns; Code on Wages s.17(2) (full and final within 2 working days)',
    periodKind: 'month',
    layouts: [JOINERS_LEAVERS],
  },
  {
    key: 'maternity-register',
    title: 'Maternity benefit register',
    legalBasis: 'Maternity Benefit Act 1961 (Social Security Code 2020, Chapter VI); TN Form X cols 14–18',
    periodKind: 'year',
    layouts: [MATERNITY],
  },
  {
    key: 'statutory-ids',
    title: 'Statutory identifiers and coverage',
    legalBasis: 'EPF & MP Act 1952 (20+ staff), ESI Act 1948 (10+ staff, wages ≤ ₹21,000); Social Security Code 2020; internal',
    periodKind: 'date',
    layouts: [STATUTORY_IDS],
  },
  {
    key: 'document-checklist',
    title: 'Document checklist',
    legalBasis: 'Appointment letters (Code on Wages; KA Form Q; Delhi s.34), EPF Form 2 / 11, ESIC Form 1 at joining; internal',
    periodKind: 'date',
    layouts: [DOCUMENT_CHECKLIST],
  },
];

const BY_KEY = new Map(REGISTERS.map((r) => [r.key as string, r]));

export function registerDef(key: string): RegisterDef | undefined {
  return BY_KEY.get(key);
}

export function profilesOf(def: RegisterDef): StateProfile[] {
  const out = new Set<StateProfile>();
  for (const l of def.layouts) for (const p of l.profiles) out.add(p);
  return [...out];
}

/**
 * The layout for a profile: the requested one (undefined when the register has
 * none for it), else the location's when the register has it, else the
 * central one.
 */
export function layoutFor(def: RegisterDef, requested: StateProfile | undefined, locationProfile: StateProfile | undefined): { layout: Layout; profile: StateProfile } | undefined {
  if (requested) {
    const layout = def.layouts.find((l) => l.profiles.includes(requested));
    return layout ? { layout, profile: requested } : undefined;
  }
  const local = locationProfile ? def.layouts.find((l) => l.profiles.includes(locationProfile)) : undefined;
  if (local && locationProfile) return { layout: local, profile: locationProfile };
  const central = def.layouts.find((l) => l.profiles.includes('central-2017')) ?? (def.layouts[0] as Layout);
  return { layout: central, profile: central.profiles.includes('central-2017') ? 'central-2017' : (central.profiles[0] as StateProfile) };
}

/** Headings as the catalogue lists them: day columns shown as 1 … 31. */
export function headingsOf(layout: Layout, days: readonly string[] = Array.from({ length: 31 }, (_, i) => String(i + 1))): string[] {
  const out: string[] = [];
  for (const c of layout.columns) {
    out.push(c.heading);
    if (layout.days?.after === c.field) out.push(...days);
  }
  return out;
}

export function registerInfo(def: RegisterDef, available: boolean): RegisterInfo {
  return {
    key: def.key,
    title: def.title,
    legalBasis: def.legalBasis,
    periodKind: def.periodKind,
    periodFormat: PERIOD_FORMATS[def.periodKind],
    profiles: profilesOf(def),
    layouts: def.layouts.map((l) => ({
      profiles: [...l.profiles],
      form: l.form,
      title: l.title,
      columns: headingsOf(l),
      source: l.source,
      unfillable: l.columns.filter((c) => c.blank).map((c) => ({ column: c.heading, reason: c.blank as string })),
    })),
    unfillableColumns: def.layouts.flatMap((l) =>
      l.profiles.flatMap((profile) => l.columns.filter((c) => c.blank).map((c) => ({ profile, column: c.heading, reason: c.blank as string }))),
    ),
    available,
  };
}

/** Whether the data a register needs is part of this installation (the document checklist needs the documents module). */
export function isAvailable(def: RegisterDef): boolean {
  return def.needs !== 'documents';
}
