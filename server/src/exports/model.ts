/** The one table model every export renders to CSV, XLSX and PDF (`table.ts`). */

import type { ExportFormat } from '../../../shared/common.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { TableChart } from './chart.ts';

export type { TableChart };

export type CellValue = string | number | null;

/** How a column lays out on paper (the export layer's `Column` carries these too). */
export interface PdfColumnOptions {
  /**
   * How a value longer than its column fits: `wrap` (up to three lines, for names,
   * e-mails and sentences, so nothing is lost), `ellipsis` (one line, cut with "…"),
   * or `keep` (never cut or wrapped: the column is as wide as its longest value, for
   * codes and phone numbers). Default `wrap`; numbers, amounts and dates always keep.
   */
  overflow?: 'wrap' | 'ellipsis' | 'keep';
  /** A fixed width in points (the day columns of a month grid) instead of one measured from the text. */
  fixedWidth?: number;
  /** Alignment of header and values; default right for numbers and amounts, left otherwise. */
  align?: 'left' | 'center' | 'right';
}

export type ColumnKind = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'integer' | 'decimal' | 'percent';

/** Kinds that hold numbers: right-aligned, never wrapped. */
export const NUMERIC_KINDS: ReadonlySet<ColumnKind | undefined> = new Set(['number', 'money', 'integer', 'decimal', 'percent']);

export interface Column<T> extends PdfColumnOptions {
  header: string;
  /** Relative width, in characters (XLSX column width). */
  width: number;
  value: (row: T) => CellValue;
  /**
   * `date` cells hold `YYYY-MM-DD` text and become real dates in xlsx;
   * `datetime` cells hold local `YYYY-MM-DD HH:MM` text and become date-times;
   * `integer`, `decimal` and `percent` (a fraction, 0.25 = 25 %) are numbers
   * shown with their format in XLSX and PDF.
   */
  kind?: ColumnKind;
  /** A background colour (hex `RRGGBB`) for the cell, e.g. a status. */
  fill?: (row: T) => string | undefined;
  /** Only in these formats (e.g. an ISO instant for integrators in CSV and XLSX, beside the local time every format has). */
  formats?: readonly ExportFormat[];
}

/** One table, rendered alike to CSV, XLSX and PDF. */
export interface TableModel<T> {
  title: string;
  subtitle?: string;
  /**
   * Lines above the table in every format naming what it shows: the period,
   * the filters, the scope. In CSV and XLSX they come before the column
   * header row.
   */
  header?: string[];
  /** File name without extension. */
  filename: string;
  columns: Column<T>[];
  rows: readonly T[];
  /** A last row of totals (in bold), in every format. */
  totals?: T;
  /** Charts: drawn as vectors in the PDF (above the table), their figures on a sheet of their own in XLSX. */
  charts?: readonly TableChart[];
  /** Charts side by side in the PDF (default 1: each the full width). */
  chartsPerRow?: number;
  /** Extra lines under the table in PDF and XLSX (totals, legend), written once. */
  notes?: string[];
  /** Landscape first (the PDF still moves to A3 landscape when the columns need it). */
  landscape?: boolean;
  /**
   * The organisation's IANA time zone: the "Generated …" line reads in it with the zone's name
   * ("Generated 25 Nov 2026, 02:10 IST"). Without it the time is written in UTC.
   */
  timeZone?: string;
  /**
   * The downloader's language: the "Generated …" line and the PDF's page footer are written in it
   * (the model's own title, headers and labels are the caller's to translate). Default English.
   */
  locale?: Locale;
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

