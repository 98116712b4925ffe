import type { Response } from 'express';
import { stringify } from 'csv-stringify/sync';
import type { ExportFormat } from '../../../shared/common.ts';
import { renderFormPdf } from './form-pdf.ts';
import { renderFormXlsx } from './form-xlsx.ts';

export type { CellValue, Column, FormLayout, TableModel } from './model.ts';
import type { CellValue, Column, TableModel } from './model.ts';

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

const PDF_MARGIN = 36;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8;

function cellText(value: CellValue, kind: Column<unknown>['kind']): string {
  if (value === null) return '';
  if (typeof value === 'number') return kind === 'money' ? value.toLocaleString('en-IN') : String(value);
  return value;
}

const CELL_PADDING = 6;

/**
 * Column widths from the text they hold: short columns (codes, dates,
 * amounts) keep their natural width, long ones share what is left.
 */
function pdfColumnWidths<T>(doc: PDFKit.PDFDocument, model: TableModel<T>, available: number): number[] {
  const sample = model.rows.slice(0, 400);
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
  doc.text(`Generated ${generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC · ${model.rows.length} rows`);
  let y = doc.y + 8;

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

  drawHeader();
  model.rows.forEach((row, index) => {
    if (y + ROW_HEIGHT > bottom()) {
      doc.addPage();
      y = PDF_MARGIN;
      drawHeader();
    }
    if (index % 2 === 1) doc.rect(PDF_MARGIN, y, width, ROW_HEIGHT).fill('#f1f4f9');
    let x = PDF_MARGIN;
    model.columns.forEach((c, i) => {
      const w = widths[i] ?? 0;
      const colour = c.fill?.(row);
      if (colour) doc.rect(x, y, w, ROW_HEIGHT).fill(`#${colour}`);
      const align = c.kind === 'number' || c.kind === 'money' ? 'right' : 'left';
      doc
        .font('Helvetica')
        .fontSize(FONT_SIZE)
        .fillColor('#1a1a1a')
        .text(cellText(c.value(row), c.kind), x + 3, y + 4, { width: w - 6, height: ROW_HEIGHT, lineBreak: false, ellipsis: true, align });
      x += w;
    });
    y += ROW_HEIGHT;
  });
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
