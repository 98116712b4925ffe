import type { Response } from 'express';
import { stringify } from 'csv-stringify/sync';
import type { ExportFormat } from '../../../shared/common.ts';
import { type TableChart, drawCharts } from './chart.ts';

export type { TableChart };

export type CellValue = string | number | null;

export interface Column<T> {
  header: string;
  /** Relative width, in characters. */
  width: number;
  value: (row: T) => CellValue;
  /**
   * `date` cells hold `YYYY-MM-DD` text and become real dates in xlsx;
   * `datetime` cells hold local `YYYY-MM-DD HH:MM` text and become date-times;
   * `integer`, `decimal` and `percent` (a fraction, 0.25 = 25 %) are numbers
   * shown with their format in XLSX and PDF.
   */
  kind?: 'text' | 'number' | 'money' | 'date' | 'datetime' | 'integer' | 'decimal' | 'percent';
  /** A background colour (hex `RRGGBB`) for the cell, e.g. a status. */
  fill?: (row: T) => string | undefined;
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
  /** Extra lines under the table in PDF and XLSX (totals, legend). */
  notes?: string[];
  landscape?: boolean;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/**
 * Spreadsheet programs run a CSV cell that starts with = + - @ (or a tab or CR
 * before one) as a formula; a leading apostrophe makes it text (OWASP's advice
 * against CSV injection). Numbers stay numbers.
 */
export function csvSafe(value: CellValue): CellValue {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function renderCsv<T>(model: TableModel<T>): Buffer {
  const records = model.rows.map((row) => model.columns.map((c) => csvSafe(c.value(row))));
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

const NUMBER_FORMATS: Partial<Record<NonNullable<Column<unknown>['kind']>, string>> = {
  money: '#,##0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
  integer: '#,##0',
  decimal: '#,##0.00',
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

const PDF_MARGIN = 36;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8;

function cellText(value: CellValue, kind: Column<unknown>['kind']): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (kind === 'money' || kind === 'integer') return value.toLocaleString('en-IN');
    if (kind === 'decimal') return value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    if (kind === 'percent') return `${(value * 100).toLocaleString('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
    return String(value);
  }
  return value;
}

const NUMERIC: ReadonlySet<Column<unknown>['kind']> = new Set(['number', 'money', 'integer', 'decimal', 'percent']);

const CELL_PADDING = 6;

/**
 * Column widths from the text they hold: short columns (codes, dates,
 * amounts) keep their natural width, long ones share what is left.
 */
function pdfColumnWidths<T>(doc: PDFKit.PDFDocument, model: TableModel<T>, available: number): number[] {
  const sample = model.totals === undefined ? model.rows.slice(0, 400) : [...model.rows.slice(0, 400), model.totals];
  const natural = model.columns.map((c) => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    let w = doc.widthOfString(c.header);
    doc.font('Helvetica').fontSize(FONT_SIZE);
    for (const row of sample) w = Math.max(w, doc.widthOfString(cellText(c.value(row), c.kind)));
    return Math.min(w, 260) + CELL_PADDING;
  });
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= available) return natural.map((w) => w + (available - total) * (w / total));
  const SHORT = 70;
  const fixed = natural.filter((w) => w <= SHORT).reduce((a, b) => a + b, 0);
  const flexible = total - fixed;
  const room = Math.max(available - fixed, 0);
  return natural.map((w) => (w <= SHORT ? w : (w / flexible) * room));
}

export async function renderPdf<T>(model: TableModel<T>, generatedAt: Date): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: model.landscape ? 'landscape' : 'portrait',
    margin: PDF_MARGIN,
    bufferPages: true,
    info: { Title: model.title, Creator: 'Muster', Producer: 'Muster' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const width = doc.page.width - PDF_MARGIN * 2;
  const widths = pdfColumnWidths(doc, model, width);
  const bottom = () => doc.page.height - PDF_MARGIN - 14;

  doc.font('Helvetica-Bold').fontSize(14).fillColor('#1b2a4a').text(model.title, PDF_MARGIN, PDF_MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  if (model.subtitle) doc.text(model.subtitle);
  for (const line of model.header ?? []) doc.text(line, { width });
  if (!model.header?.length) doc.text(`Generated ${generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC · ${model.rows.length} rows`);
  let y = doc.y + 8;
  if (model.charts?.length) y = drawCharts(doc, model.charts, { x: PDF_MARGIN, y, width, perRow: model.chartsPerRow ?? 1, height: model.chartsPerRow && model.chartsPerRow > 1 ? 170 : 190 }) + 10;

  const drawHeader = () => {
    doc.rect(PDF_MARGIN, y, width, ROW_HEIGHT).fill('#2f4b7c');
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor('#ffffff');
    let x = PDF_MARGIN;
    model.columns.forEach((c, i) => {
      doc.text(c.header, x + 3, y + 4, { width: (widths[i] ?? 0) - 6, height: ROW_HEIGHT, lineBreak: false, ellipsis: true });
      x += widths[i] ?? 0;
    });
    y += ROW_HEIGHT;
  };

  const drawRow = (row: T, shade: boolean, bold: boolean) => {
    if (y + ROW_HEIGHT > bottom()) {
      doc.addPage();
      y = PDF_MARGIN;
      drawHeader();
    }
    if (shade) doc.rect(PDF_MARGIN, y, width, ROW_HEIGHT).fill('#f1f4f9');
    if (bold) doc.moveTo(PDF_MARGIN, y).lineTo(PDF_MARGIN + width, y).lineWidth(0.8).strokeColor('#2f4b7c').stroke();
    let x = PDF_MARGIN;
    model.columns.forEach((c, i) => {
      const w = widths[i] ?? 0;
      const colour = bold ? undefined : c.fill?.(row);
      if (colour) doc.rect(x, y, w, ROW_HEIGHT).fill(`#${colour}`);
      const align = NUMERIC.has(c.kind) ? 'right' : 'left';
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(FONT_SIZE)
        .fillColor('#1a1a1a')
        .text(cellText(c.value(row), c.kind), x + 3, y + 4, { width: w - 6, height: ROW_HEIGHT, lineBreak: false, ellipsis: true, align });
      x += w;
    });
    y += ROW_HEIGHT;
  };

  drawHeader();
  model.rows.forEach((row, index) => drawRow(row, index % 2 === 1, false));
  if (model.totals !== undefined && model.rows.length > 0) drawRow(model.totals, false, true);
  if (model.rows.length === 0) {
    doc.font('Helvetica-Oblique').fontSize(9).fillColor('#555555').text('No rows match this filter.', PDF_MARGIN, y + 6);
    y += 20;
  }
  if (model.notes?.length) {
    doc.font('Helvetica').fontSize(8).fillColor('#333333');
    for (const note of model.notes) {
      if (y + 12 > bottom()) {
        doc.addPage();
        y = PDF_MARGIN;
      }
      doc.text(note, PDF_MARGIN, y + 6, { width });
      y = doc.y;
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise make pdfkit open a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#777777')
      .text(`${model.title} · page ${i + 1} of ${range.count}`, PDF_MARGIN, doc.page.height - PDF_MARGIN, {
        width,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

export async function renderTable<T>(model: TableModel<T>, format: ExportFormat, generatedAt: Date): Promise<Buffer> {
  switch (format) {
    case 'csv':
      return renderCsv(model);
    case 'xlsx':
      return renderXlsx(model, generatedAt);
    case 'pdf':
      return renderPdf(model, generatedAt);
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
