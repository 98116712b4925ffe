import type { Response } from 'express';
import { stringify } from 'csv-stringify/sync';
import type { ExportFormat } from '../../../shared/common.ts';
import { formatInstantIn, translatorFor } from '../../../shared/i18n/index.ts';
import { type PdfLayout, renderPdfLayout } from './pdf.ts';
import { renderFormPdf } from './form-pdf.ts';
import { renderFormXlsx } from './form-xlsx.ts';
import type { TableChart } from './chart.ts';

export type { CellValue, Column, FormLayout, TableChart, TableModel } from './model.ts';
import type { CellValue, Column, TableModel } from './model.ts';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** "Generated 25 Nov 2026, 02:10 IST · 142 rows": the line under every export's title. */
export function generatedLine(model: Pick<TableModel<unknown>, 'timeZone' | 'rows' | 'locale'>, generatedAt: Date): string {
  const locale = model.locale ?? 'en-IN';
  return translatorFor(locale)('hr:exports.generated', { when: formatInstantIn(locale, generatedAt, model.timeZone ?? 'UTC'), rows: model.rows.length });
}

// A plain number or phone number: digits with optional spaces, dots, dashes, slashes and brackets after a sign.
const PLAIN_NUMBER = /^[+-][\d\s().\-/]*\d[\d\s().\-/]*$/;

/**
 * Spreadsheet programs run a CSV cell that starts with = + - @ (or a tab or CR)
 * as a formula; a leading apostrophe makes it text (OWASP's advice against CSV
 * injection). A cell starting with + or - that is only a number or a phone number
 * (`+91 98450 12345`, `-12.5`) cannot carry a formula and stays as written.
 */
export function csvSafe(value: CellValue): CellValue {
  if (typeof value !== 'string') return value;
  if (/^[=@\t\r]/.test(value)) return `'${value}`;
  if (/^[+-]/.test(value) && !PLAIN_NUMBER.test(value)) return `'${value}`;
  return value;
}

export function renderCsv<T>(model: TableModel<T>): Buffer {
  // A form's multi-line cells (a muster roll's code, IN, OUT) read as one line in CSV.
  const oneLine = (v: CellValue): CellValue => (model.form && typeof v === 'string' ? v.replace(/\n/g, ' ') : v);
  const records = model.rows.map((row) => model.columns.map((c) => csvSafe(oneLine(c.value(row)))));
  if (model.totals !== undefined) {
    const totals = model.totals;
    records.push(model.columns.map((c) => csvSafe(c.value(totals))));
  }
  // The header lines (what the table shows), a blank line, then the table.
  const lead = model.header?.length ? [...model.header.map((line) => [csvSafe(line)]), []] : [];
  // The BOM makes Excel read UTF-8 instead of the ANSI code page.
  const text = stringify([...lead, model.columns.map((c) => c.header), ...records], { cast: { number: (n) => String(n) } });
  return Buffer.from('\uFEFF' + text, 'utf8');
}

function toExcelDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

/** A local `YYYY-MM-DD HH:MM` as the date-time Excel shows (Excel has no zones: the wall-clock time, as UTC). */
function toExcelDateTime(local: string): Date {
  const [day = '', time = '00:00'] = local.split(' ');
  const [h, min] = time.split(':').map(Number);
  const d = toExcelDate(day);
  d.setUTCHours(h ?? 0, min ?? 0);
  return d;
}

/**
 * Indian digit grouping (1,00,000 and 1,00,00,000) whatever the reader's locale:
 * Excel groups "#,##0" by threes outside an Indian locale, so the lakh and crore
 * commas are written by range (values of a table are not negative amounts).
 */
export function indianNumberFormat(decimals = ''): string {
  return `[>=10000000]##\\,##\\,##\\,##0${decimals};[>=100000]##\\,##\\,##0${decimals};##,##0${decimals}`;
}

const NUMBER_FORMATS: Partial<Record<NonNullable<Column<unknown>['kind']>, string>> = {
  money: indianNumberFormat(),
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
  integer: indianNumberFormat(),
  decimal: indianNumberFormat('.00'),
  percent: '0.0%',
};

/** A cell's value as XLSX stores it: dates as dates, the rest as they are. */
function xlsxValue(kind: Column<unknown>['kind'], v: CellValue): CellValue | Date {
  if (kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return toExcelDate(v);
  if (kind === 'datetime' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(v)) return toExcelDateTime(v);
  return v;
}

// exceljs and pdfkit take over a second to load: load them on the first export, not at start-up.
export async function renderXlsx<T>(model: TableModel<T>, generatedAt: Date): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Muster';
  workbook.created = generatedAt;
  // The header lines, a blank row, then the column header: frozen, so it stays in view.
  const lead = model.header?.length ? model.header.length + 1 : 0;
  const headerRow = lead + 1;
  const sheet = workbook.addWorksheet(sheetName(model.title), {
    views: [{ state: 'frozen', ySplit: headerRow }],
    pageSetup: { orientation: model.landscape ? 'landscape' : 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = model.columns.map((c) => {
    const numFmt = c.kind ? NUMBER_FORMATS[c.kind] : undefined;
    return { width: Math.max(c.width, c.header.length + 2), style: numFmt ? { numFmt } : {} };
  });
  model.header?.forEach((line, i) => {
    const row = sheet.getRow(i + 1);
    row.getCell(1).value = line;
    row.font = i === 0 ? { bold: true } : { color: { argb: 'FF555555' } };
  });
  const header = sheet.getRow(headerRow);
  header.values = model.columns.map((c) => c.header);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2F4B7C' } };
  header.alignment = { vertical: 'middle' };
  for (const row of model.rows) {
    const added = sheet.addRow(model.columns.map((c) => xlsxValue(c.kind, c.value(row))));
    model.columns.forEach((c, i) => {
      const colour = c.fill?.(row);
      if (colour) added.getCell(i + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${colour}` } };
    });
  }
  if (model.totals !== undefined) {
    const totals = model.totals;
    const added = sheet.addRow(model.columns.map((c) => xlsxValue(c.kind, c.value(totals))));
    added.font = { bold: true };
    added.border = { top: { style: 'thin' } };
  }
  if (model.rows.length > 0) {
    sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: model.columns.length } };
  }
  if (model.notes?.length) {
    sheet.addRow([]);
    for (const note of model.notes) sheet.addRow([note]).font = { italic: true };
  }
  for (const chart of model.charts ?? []) addChartSheet(workbook, chart);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function sheetName(title: string): string {
  return title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ');
}

/** A chart's figures on a sheet of their own: one row per category, one column per series (typed numbers). */
function addChartSheet(workbook: import('exceljs').Workbook, chart: TableChart): void {
  let name = sheetName(`Chart - ${chart.title}`);
  for (let n = 2; workbook.getWorksheet(name); n++) name = sheetName(`Chart ${n} - ${chart.title}`);
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 2 }] });
  sheet.getRow(1).getCell(1).value = `${chart.title}${chart.unit ? ` (${chart.unit})` : ''}`;
  sheet.getRow(1).font = { bold: true };
  const header = sheet.getRow(2);
  header.values = ['', ...chart.series.map((s) => s.label)];
  header.font = { bold: true };
  sheet.getColumn(1).width = Math.max(12, ...chart.categories.map((c) => c.length + 2));
  chart.series.forEach((s, i) => (sheet.getColumn(i + 2).width = Math.max(10, s.label.length + 2)));
  chart.categories.forEach((category, i) => {
    sheet.addRow([category, ...chart.series.map((s) => s.values[i] ?? null)]);
  });
}

/** The PDF and its layout (every drawn box), for tests that check nothing lies outside the page. */
export async function renderPdfWithLayout<T>(model: TableModel<T>, generatedAt: Date): Promise<{ pdf: Buffer; layout: PdfLayout }> {
  const table = forFormat(model, 'pdf');
  return renderPdfLayout(table, generatedLine(table, generatedAt));
}

export async function renderPdf<T>(model: TableModel<T>, generatedAt: Date): Promise<Buffer> {
  return (await renderPdfWithLayout(model, generatedAt)).pdf;
}

/** The model with only the columns meant for a format. */
export function forFormat<T>(model: TableModel<T>, format: ExportFormat): TableModel<T> {
  if (!model.columns.some((c) => c.formats)) return model;
  return { ...model, columns: model.columns.filter((c) => !c.formats || c.formats.includes(format)) };
}

export async function renderTable<T>(table: TableModel<T>, format: ExportFormat, generatedAt: Date): Promise<Buffer> {
  const model = forFormat(table, format);
  switch (format) {
    case 'csv':
      return renderCsv(model);
    case 'xlsx':
      return model.form ? renderFormXlsx(model, generatedAt) : renderXlsx(model, generatedAt);
    case 'pdf':
      return model.form ? renderFormPdf(model, generatedAt) : renderPdf(model, generatedAt);
  }
}

/** Renders the table and answers it as a download with a correct file name. */
export async function sendTable<T>(res: Response, model: TableModel<T>, format: ExportFormat, generatedAt: Date): Promise<void> {
  const body = await renderTable(model, format, generatedAt);
  res.attachment(`${model.filename}.${format}`);
  res.type(CONTENT_TYPES[format]);
  res.setHeader('Cache-Control', 'no-store');
  res.send(body);
}
