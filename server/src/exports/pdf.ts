import { formatDate } from '../../../shared/labels.ts';
import { translatorFor } from '../../../shared/i18n/index.ts';
import { drawCharts } from './chart.ts';
import { LINE_BOX, type Weight, fitText, hasIndic, pdfText, scriptText, wrapText } from './fonts.ts';

export { fitText, pdfText, wrapText };
import { type CellValue, type Column, NUMERIC_KINDS, type TableModel } from './model.ts';

export type { PdfColumnOptions } from './model.ts';


/**
 * The PDF side of the export layer: a table model laid out for paper. The page is
 * chosen by what the columns need (A4 portrait, A4 landscape, then A3 landscape),
 * columns are measured from their text (codes, dates and numbers keep their width,
 * names and sentences wrap onto up to three lines, fixed-width columns such as the
 * days of a month grid stay fixed), the header row is repeated on every page, notes
 * (legend, totals) come once after the table, and the footer numbers the pages.
 *
 * Every text is drawn one line at a time at a measured position, and the layout is
 * returned with the file: a test asserts that no box lies outside the page. Text is
 * set in the embedded Noto fonts, each run of a line in its script's font (fonts.ts).
 */

export const PDF_MARGIN = 36;
const FONT_SIZE = 8;
const LINE = 10;
/** Lines of a table with Indic text: room for marks above the headline and conjuncts below the baseline. */
const INDIC_LINE = 12;
const PAD_X = 3;
const PAD_Y = 3;
const MAX_LINES = 3;
const MAX_NATURAL = 240;
const FOOTER_GAP = 14;

/** A4 and A3, in points. */
const SIZES = { A4: [595.28, 841.89], A3: [841.89, 1190.55] } as const;
type PaperSize = keyof typeof SIZES;

export interface PdfBox {
  page: number;
  kind: 'text' | 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
  text?: string;
}

export interface PdfLayout {
  size: PaperSize;
  landscape: boolean;
  pageWidth: number;
  pageHeight: number;
  pages: number;
  /** The column widths used, in points. */
  columnWidths: number[];
  boxes: PdfBox[];
}

/** Amounts on paper in Indian grouping with the rupee sign: ₹1,00,000 (the embedded Noto Sans has ₹). */
const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });

function cellText(value: CellValue, kind: Column<unknown>['kind']): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (kind === 'money') return RUPEES.format(value);
    if (kind === 'integer') return value.toLocaleString('en-IN');
    if (kind === 'decimal') return value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    if (kind === 'percent') return `${(value * 100).toLocaleString('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
    return String(value);
  }
  // On paper a date reads "4 Jun 2020"; CSV keeps ISO dates and XLSX real ones.
  if (kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  return pdfText(value);
}

type Measure = (text: string, bold?: boolean) => number;

const isText = (c: Column<unknown>) => (c.kind ?? 'text') === 'text';
const alignOf = (c: Column<unknown>) => c.align ?? (NUMERIC_KINDS.has(c.kind) ? 'right' : 'left');
const wraps = (c: Column<unknown>) => isText(c) && c.fixedWidth === undefined && (c.overflow ?? 'wrap') === 'wrap';
const keeps = (c: Column<unknown>) => !isText(c) || c.overflow === 'keep';

interface ColumnNeed {
  natural: number;
  min: number;
}

/** What each column would like (its longest value, capped) and the least it can do with. */
function columnNeeds<T>(model: TableModel<T>, measure: Measure): ColumnNeed[] {
  const sample = model.totals === undefined ? model.rows.slice(0, 500) : [...model.rows.slice(0, 500), model.totals];
  return model.columns.map((c) => {
    const col = c as Column<unknown>;
    if (c.fixedWidth !== undefined) return { natural: c.fixedWidth, min: c.fixedWidth };
    const headerWords = c.header.split(/\s+/);
    const headerMin = Math.max(...headerWords.map((w) => measure(w, true))) + PAD_X * 2;
    const header = measure(c.header, true) + PAD_X * 2;
    let longest = 0;
    let longestWord = 0;
    for (const row of sample) {
      const text = cellText(c.value(row), c.kind);
      longest = Math.max(longest, measure(text));
      if (wraps(col)) for (const w of text.split(/\s+/)) longestWord = Math.max(longestWord, measure(w));
    }
    const natural = Math.min(Math.max(longest + PAD_X * 2, header), MAX_NATURAL);
    if (keeps(col)) return { natural: Math.max(natural, headerMin), min: Math.max(longest + PAD_X * 2, headerMin) };
    // Text: a wrapping column needs its longest word (up to ~16 characters), an ellipsis column about ten characters.
    const floor = wraps(col) ? Math.min(longestWord + PAD_X * 2, 80) : Math.min(natural, 50);
    return { natural, min: Math.min(natural, Math.max(headerMin, floor)) };
  });
}

/** Widths filling `available`: everyone gets the minimum, then columns grow towards their natural width, then text columns share the rest. */
function distribute(needs: ColumnNeed[], columns: Column<unknown>[], available: number): number[] {
  const widths = needs.map((n) => n.min);
  let spare = available - widths.reduce((a, b) => a + b, 0);
  const wants = needs.map((n, i) => n.natural - (widths[i] ?? 0));
  const totalWant = wants.reduce((a, b) => a + b, 0);
  if (spare > 0 && totalWant > 0) {
    const share = Math.min(1, spare / totalWant);
    wants.forEach((w, i) => (widths[i] = (widths[i] ?? 0) + w * share));
    spare -= totalWant * share;
  }
  // What is left goes to the columns that wrap (names, sentences), so they take fewer lines.
  const flexible = columns.map((c, i) => (wraps(c) ? i : -1)).filter((i) => i >= 0);
  if (spare > 0.5) {
    const targets = flexible.length ? flexible : widths.map((_, i) => i);
    const base = targets.reduce((a, i) => a + (widths[i] ?? 0), 0);
    for (const i of targets) widths[i] = (widths[i] ?? 0) + spare * ((widths[i] ?? 0) / base);
  }
  return widths;
}

interface PageChoice {
  size: PaperSize;
  landscape: boolean;
  widths: number[];
  fontScale: number;
}

/** The smallest paper (in the model's orientation first) on which every column gets at least its minimum. */
function choosePage<T>(model: TableModel<T>, measureAt: (scale: number) => Measure): PageChoice {
  const options: { size: PaperSize; landscape: boolean }[] = [
    ...(model.landscape ? [] : [{ size: 'A4' as const, landscape: false }]),
    { size: 'A4', landscape: true },
    { size: 'A3', landscape: true },
  ];
  const columns = model.columns as Column<unknown>[];
  for (const scale of [1, 0.9, 0.8, 0.7]) {
    const needs = columnNeeds(model, measureAt(scale));
    const minTotal = needs.reduce((a, n) => a + n.min, 0);
    for (const o of options) {
      const room = (o.landscape ? SIZES[o.size][1] : SIZES[o.size][0]) - PDF_MARGIN * 2;
      if (minTotal <= room) return { ...o, widths: distribute(needs, columns, room), fontScale: scale };
    }
  }
  // Still too wide at 70 %: A3 landscape, every column squeezed in proportion (text is cut to fit).
  const room = SIZES.A3[1] - PDF_MARGIN * 2;
  const needs = columnNeeds(model, measureAt(0.7));
  const total = needs.reduce((a, n) => a + n.min, 0);
  return { size: 'A3', landscape: true, widths: needs.map((n) => (n.min / total) * room), fontScale: 0.7 };
}

/** Whether any text of the table's header or rows is in an Indic script. */
function tallLines<T>(model: TableModel<T>): boolean {
  if (model.columns.some((c) => hasIndic(c.header))) return true;
  for (const row of model.totals === undefined ? model.rows : [...model.rows, model.totals]) {
    for (const c of model.columns) {
      const v = c.value(row);
      if (typeof v === 'string' && hasIndic(v)) return true;
    }
  }
  return false;
}

export async function renderPdfLayout<T>(model: TableModel<T>, generatedLine: string): Promise<{ pdf: Buffer; layout: PdfLayout }> {
  const { default: PDFDocument } = await import('pdfkit');
  // A measuring document first: the page is chosen before the real one is opened.
  const probe = scriptText(new PDFDocument({ autoFirstPage: false }));
  const measureAt =
    (scale: number): Measure =>
    (text, bold) =>
      probe.width(text, FONT_SIZE * scale, bold ? 'bold' : 'regular');
  const choice = choosePage(model, measureAt);
  const [short, long] = SIZES[choice.size];
  const pageWidth = choice.landscape ? long : short;
  const pageHeight = choice.landscape ? short : long;
  const fontSize = FONT_SIZE * choice.fontScale;
  const line = (tallLines(model) ? INDIC_LINE : LINE) * choice.fontScale;

  const doc = new PDFDocument({
    size: choice.size,
    layout: choice.landscape ? 'landscape' : 'portrait',
    margin: PDF_MARGIN,
    bufferPages: true,
    info: { Title: pdfText(model.title), Creator: 'Muster', Producer: 'Muster' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const boxes: PdfBox[] = [];
  let page = 0;
  const st = scriptText(doc);
  const measure: Measure = (text, bold) => st.width(text, fontSize, bold ? 'bold' : 'regular');
  const measureIn = (size: number, weight: Weight = 'regular') => (s: string) => st.width(s, size, weight);
  /** One line of text with its top at (x, y) in a box of `width`, aligned; recorded in the layout. */
  const text = (s: string, x: number, y: number, width: number, o: { weight?: Weight; size?: number; color?: string; align?: 'left' | 'center' | 'right' } = {}) => {
    if (!s) return;
    const size = o.size ?? fontSize;
    const weight = o.weight ?? 'regular';
    doc.fillColor(o.color ?? '#1a1a1a');
    const w = o.align === 'right' || o.align === 'center' ? st.width(s, size, weight) : 0;
    const left = o.align === 'right' ? x + width - w : o.align === 'center' ? x + (width - w) / 2 : x;
    const drawn = st.draw(s, left, y, size, weight);
    boxes.push({ page, kind: 'text', x: left, y, width: drawn, height: LINE_BOX * size, text: s });
  };
  const rect = (x: number, y: number, width: number, height: number, colour: string) => {
    doc.rect(x, y, width, height).fill(colour);
    boxes.push({ page, kind: 'rect', x, y, width, height });
  };

  const tableWidth = choice.widths.reduce((a, b) => a + b, 0);
  const left = PDF_MARGIN;
  const bottom = pageHeight - PDF_MARGIN - FOOTER_GAP;
  const maxTextWidth = pageWidth - PDF_MARGIN * 2;

  // Title block, on the first page only.
  let y = PDF_MARGIN;
  for (const l of wrapText(pdfText(model.title), maxTextWidth, measureIn(14, 'bold'))) {
    text(l, left, y, maxTextWidth, { weight: 'bold', size: 14, color: '#1b2a4a' });
    y += 17;
  }
  // Header lines, when a table has them, say when and by whom it was generated themselves (reports do).
  const lead = model.header?.length ? model.header : [generatedLine];
  for (const l of [model.subtitle, ...lead].filter((s): s is string => Boolean(s))) {
    for (const w of wrapText(pdfText(l), maxTextWidth, measureIn(9))) {
      text(w, left, y, maxTextWidth, { size: 9, color: '#555555' });
      y += 11;
    }
  }
  y += 8;
  if (model.charts?.length) {
    const perRow = model.chartsPerRow ?? 1;
    y = drawCharts(doc, model.charts, { x: left, y, width: maxTextWidth, perRow, height: perRow > 1 ? 170 : 190 }) + 10;
    page = doc.bufferedPageRange().count - 1;
  }

  const headerLines = model.columns.map((c, i) => wrapText(pdfText(c.header), (choice.widths[i] ?? 0) - PAD_X * 2, measure, true).slice(0, 2));
  const headerHeight = Math.max(...headerLines.map((l) => l.length), 1) * line + PAD_Y * 2;
  const drawHeader = () => {
    rect(left, y, tableWidth, headerHeight, '#2f4b7c');
    let x = left;
    model.columns.forEach((c, i) => {
      const w = choice.widths[i] ?? 0;
      const align = alignOf(c as Column<unknown>);
      (headerLines[i] ?? []).forEach((l, n) => {
        text(fitText(l, w - PAD_X * 2, measure, true), x + PAD_X, y + PAD_Y + n * line, w - PAD_X * 2, { weight: 'bold', color: '#ffffff', align });
      });
      x += w;
    });
    y += headerHeight;
  };
  const newPage = () => {
    doc.addPage();
    page++;
    y = PDF_MARGIN;
  };

  drawHeader();
  const drawRow = (row: T, shade: boolean, bold: boolean) => {
    const cells = model.columns.map((c, i) => {
      const w = (choice.widths[i] ?? 0) - PAD_X * 2;
      const value = cellText(c.value(row), c.kind);
      if (!wraps(c as Column<unknown>)) return [fitText(value, w, measure, bold)];
      const lines = wrapText(value, w, measure, bold);
      if (lines.length <= MAX_LINES) return lines;
      return [...lines.slice(0, MAX_LINES - 1), fitText(lines.slice(MAX_LINES - 1).join(' '), w, measure, bold)];
    });
    const height = Math.max(...cells.map((l) => l.length), 1) * line + PAD_Y * 2;
    if (y + height > bottom) {
      newPage();
      drawHeader();
    }
    if (shade) rect(left, y, tableWidth, height, '#f1f4f9');
    // The totals row: a rule above it, in bold.
    if (bold) rect(left, y, tableWidth, 0.8, '#2f4b7c');
    let x = left;
    model.columns.forEach((c, i) => {
      const w = choice.widths[i] ?? 0;
      const colour = bold ? undefined : c.fill?.(row);
      if (colour) rect(x, y, w, height, `#${colour}`);
      const align = alignOf(c as Column<unknown>);
      (cells[i] ?? []).forEach((l, n) => text(l, x + PAD_X, y + PAD_Y + n * line, w - PAD_X * 2, { align, ...(bold ? { weight: 'bold' as const } : {}) }));
      x += w;
    });
    y += height;
  };
  model.rows.forEach((row, index) => drawRow(row, index % 2 === 1, false));
  if (model.totals !== undefined && model.rows.length > 0) drawRow(model.totals, false, true);
  if (model.rows.length === 0) {
    text('No rows match this filter.', left, y + 6, maxTextWidth, { weight: 'italic', size: 9, color: '#555555' });
    y += 20;
  }
  y += 6;
  for (const note of model.notes ?? []) {
    for (const l of wrapText(pdfText(note), maxTextWidth, measureIn(8))) {
      if (y + 11 > bottom) newPage();
      text(l, left, y, maxTextWidth, { size: 8, color: '#333333' });
      y += 11;
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    page = i;
    // Writing inside the bottom margin would otherwise make pdfkit open a new page.
    doc.page.margins.bottom = 0;
    const footer = pdfText(translatorFor(model.locale ?? 'en-IN')('hr:exports.pageFooter', { title: model.title, page: i + 1, pages: range.count }));
    text(fitText(footer, maxTextWidth, measureIn(7)), left, pageHeight - PDF_MARGIN, maxTextWidth, {
      size: 7,
      color: '#777777',
      align: 'right',
    });
  }
  doc.end();
  await done;
  return {
    pdf: Buffer.concat(chunks),
    layout: { size: choice.size, landscape: choice.landscape, pageWidth, pageHeight, pages: range.count, columnWidths: choice.widths, boxes },
  };
}
