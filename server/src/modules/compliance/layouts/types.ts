import type { StateProfile } from '../../../../../shared/establishment.ts';

/**
 * A register layout is data: the form's column headings in its exact order,
 * which builder field fills each one (or why Muster leaves it blank), the
 * header lines the form prints, and its signature block.
 */

export type ColumnKind = 'text' | 'number' | 'date';

export interface LayoutColumn {
  /** The form's column number as printed, e.g. `12`. */
  no: string;
  heading: string;
  /** The builder field that fills it. */
  field: string;
  /** Relative width, in characters. */
  width: number;
  kind?: ColumnKind;
  /** Why Muster leaves it blank (it holds no such data). */
  blank?: string;
  /** A heading spanning several columns, e.g. `Deductions`. */
  group?: string;
}

/** Header lines a form prints above the table. */
export type HeaderKey =
  | 'establishment'
  | 'establishmentAndAddress'
  | 'address'
  | 'owner'
  | 'manager'
  | 'lin'
  | 'seRegistration'
  | 'epf'
  | 'esic'
  | 'period'
  | 'wagePeriod'
  | 'year'
  | 'asOf'
  | 'fhApproval'
  | 'personsEmployed';

export interface Layout {
  id: string;
  profiles: readonly StateProfile[];
  form: string;
  title: string;
  /** Lines printed above the title, e.g. `[See rule 2(1)]`. */
  ruleLine?: string;
  subtitle?: string;
  /** Where the column list comes from. */
  source: string;
  header: readonly HeaderKey[];
  columns: readonly LayoutColumn[];
  /** Day columns (1 … 31 of the period) inserted after the column with this field. */
  days?: { after: string; width: number; group?: string };
  signature?: readonly string[];
  /** A3 for the wide day-by-day forms. */
  pageSize?: 'A4' | 'A3';
  /** Text lines per PDF row (a muster roll prints status, IN and OUT). */
  rowLines?: number;
}

/** `[no, heading, field, width, kind?, blank?, group?]` → a column. */
export type Col = [string, string, string, number, ColumnKind?, string?, string?];

export function cols(list: readonly Col[]): LayoutColumn[] {
  return list.map(([no, heading, field, width, kind, blank, group]) => ({
    no,
    heading,
    field,
    width,
    ...(kind ? { kind } : {}),
    ...(blank ? { blank } : {}),
    ...(group ? { group } : {}),
  }));
}

export const NO_PAYROLL = 'Muster holds no payroll: wages, deductions and payments are not recorded (never derived from CTC).';
export const NO_PHOTO = 'Kept as a document, not as register data: attach the photograph / signature on paper.';
