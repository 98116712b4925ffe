import type { Response } from 'express';
import { stringify } from 'csv-stringify/sync';
import type { ExportFormat } from '../../../shared/common.ts';
import { formatInstant } from '../../../shared/labels.ts';
import { type PdfLayout, renderPdfLayout } from './pdf.ts';
import { renderFormPdf } from './form-pdf.ts';
import { renderFormXlsx } from './form-xlsx.ts';

export type { CellValue, Column, FormLayout, TableModel } from './model.ts';
import type { CellValue, Column, TableModel } from './model.ts';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** "Generated 25 Nov 2026, 02:10 IST · 142 rows": the line under every export's title. */
export function generatedLine(model: Pick<TableModel<unknown>, 'timeZone' | 'rows'>, generatedAt: Date): string {
  const rows = model.rows.length;
  return `Generated ${formatInstant(generatedAt, model.timeZone ?? 'UTC')} · ${rows} ${rows === 1 ? 'row' : 'rows'}`;
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
  // The BOM makes Excel read UTF-8 instead of the ANSI code page.
  const text = stringify([model.columns.map((c) => c.header), ...records], { cast: { number: (n) => String(n) } });
  return Buffer.from('\uFEFF' + text, 'utf8');
}

function toExcelDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

// exceljs and pdfkit take over a second to load: load them on the first export, not at start-up.
export async function renderXlsx<T>(model: TableModel<T>, generatedAt: Date): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Muster';
  workbook.created = generatedAt;
  const sheet = workbook.addWorksheet(model.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '), {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { orientation: model.landscape ? 'landscape' : 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = model.columns.map((c) => ({
    header: c.header,
    width: Math.max(c.width, c.header.length + 2),
    style:
      c.kind === 'money'
        ? { numFmt: '#,##0' }
        : c.kind === 'date'
          ? { numFmt: 'yyyy-mm-dd' }
          : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2F4B7C' } };
  header.alignment = { vertical: 'middle' };
  for (const row of model.rows) {
    const values = model.columns.map((c) => {
      const v = c.value(row);
      return c.kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? toExcelDate(v) : v;
    });
    const added = sheet.addRow(values);
    model.columns.forEach((c, i) => {
      const colour = c.fill?.(row);
      if (colour) added.getCell(i + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${colour}` } };
    });
  }
  if (model.rows.length > 0) {
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: model.columns.length } };
  }
  if (model.notes?.length) {
    sheet.addRow([]);
    for (const note of model.notes) sheet.addRow([note]).font = { italic: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
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
