/** The one table model every export renders to CSV, XLSX and PDF (`table.ts`). */

import type { ExportFormat } from '../../../shared/common.ts';
import type { PdfColumnOptions } from './pdf.ts';

export type CellValue = string | number | null;

export interface Column<T> extends PdfColumnOptions {
  header: string;
  /** Relative width, in characters (XLSX column width). */
  width: number;
  value: (row: T) => CellValue;
  /** `date` cells hold `YYYY-MM-DD` text and become real dates in xlsx. */
  kind?: 'text' | 'number' | 'money' | 'date';
  /** A background colour (hex `RRGGBB`) for the cell, e.g. a status. */
  fill?: (row: T) => string | undefined;
  /** Only in these formats (e.g. an ISO instant for integrators in CSV and XLSX, beside the local time every format has). */
  formats?: readonly ExportFormat[];
}

/** One table, rendered alike to CSV, XLSX and PDF. */
export interface TableModel<T> {
  title: string;
  subtitle?: string;
  /** File name without extension. */
  filename: string;
  columns: Column<T>[];
  rows: readonly T[];
  /** Extra lines under the table in PDF and XLSX (totals, legend), written once. */
  notes?: string[];
  /** Landscape first (the PDF still moves to A3 landscape when the columns need it). */
  landscape?: boolean;
  /**
   * The organisation's IANA time zone: the "Generated …" line reads in it with the zone's name
   * ("Generated 25 Nov 2026, 02:10 IST"). Without it the time is written in UTC.
   */
  timeZone?: string;
  /** A statutory form: title lines, establishment header, numbered and grouped headings, signature block (see form-pdf.ts, form-xlsx.ts). */
  form?: FormLayout;
}

/** What a statutory register prints around its table. */
export interface FormLayout {
  /** Centred above the table on every page: the form name, its title, the rule. */
  titleLines: string[];
  /** The establishment header, label: value, on every page. */
  header: { label: string; value: string }[];
  /** The form's column numbers, aligned with the columns ('' for none). */
  columnNumbers?: string[];
  /** Headings spanning columns (indexes into the columns, inclusive). */
  groups?: { label: string; from: number; to: number }[];
  signature?: string[];
  pageSize?: 'A4' | 'A3';
  /** Text lines per row in the PDF (a muster roll: code, IN, OUT). */
  rowLines?: number;
}

