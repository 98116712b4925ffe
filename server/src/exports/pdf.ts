import { formatDate } from '../../../shared/labels.ts';
import { drawCharts } from './chart.ts';
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
 * returned with the file: a test asserts that no box lies outside the page.
 */

export const PDF_MARGIN = 36;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const FONT_SIZE = 8;
const LINE = 10;
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

// Characters beyond Latin-1 that the standard fonts' WinAnsi encoding still has.
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d,
  0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

/** Text the PDF's standard fonts can draw: arrows and the rupee sign spelt out, anything else unknown as "?". */
export function pdfText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/→/g, '->')
    .replace(/≥/g, '>=')
    .replace(/≤/g, '<=')
    .replace(/₹\s?/g, 'Rs ')
    .replace(/−/g, '-')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[^\n\x20-\xff]/g, (c) => (WIN_ANSI_EXTRA.has(c.codePointAt(0) ?? 0) ? c : '?'));
}

function cellText(value: CellValue, kind: Column<unknown>['kind']): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (kind === 'money' || kind === 'integer') return value.toLocaleString('en-IN');
    if (kind === 'decimal') return value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    if (kind === 'percent') return `${(value * 100).toLocaleString('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
    return String(value);
  }
  // On paper a date reads "4 Jun 2020"; CSV keeps ISO dates and XLSX real ones.
  if (kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  return pdfText(value);
}

type Measure = (text: string, bold?: boolean) => number;

/** Greedy word wrap; a word longer than the width is broken by characters. */
export function wrapText(text: string, width: number, measure: Measure, bold = false): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate, bold) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (measure(rest, bold) > width && rest.length > 1) {
        let n = rest.length - 1;
        while (n > 1 && measure(rest.slice(0, n), bold) > width) n--;
        // Break an address or a path where a reader would: before "@", after ".", "-" or "/".
        const head = rest.slice(0, n);
        const at = Math.max(head.lastIndexOf('@'), head.lastIndexOf('.') + 1, head.lastIndexOf('-') + 1, head.lastIndexOf('/') + 1);
        if (at > n * 0.4 && at < n) n = at;
        lines.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** The text cut to fit the width, with "…" when something was cut. */
export function fitText(text: string, width: number, measure: Measure, bold = false): string {
  if (measure(text, bold) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${text.slice(0, mid).trimEnd()}…`, bold) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : `${text.slice(0, lo).trimEnd()}…`;
}

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

export async function renderPdfLayout<T>(model: TableModel<T>, generatedLine: string): Promise<{ pdf: Buffer; layout: PdfLayout }> {
  const { default: PDFDocument } = await import('pdfkit');
  // A measuring document first: the page is chosen before the real one is opened.
  const probe = new PDFDocument({ autoFirstPage: false });
  const measureAt =
    (scale: number): Measure =>
    (text, bold) =>
      probe.font(bold ? BOLD : FONT).fontSize(FONT_SIZE * scale).widthOfString(text);
  const choice = choosePage(model, measureAt);
  const [short, long] = SIZES[choice.size];
  const pageWidth = choice.landscape ? long : short;
  const pageHeight = choice.landscape ? short : long;
  const fontSize = FONT_SIZE * choice.fontScale;
  const line = LINE * choice.fontScale;

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
  const measure: Measure = (text, bold) => doc.font(bold ? BOLD : FONT).fontSize(fontSize).widthOfString(text);
  /** One line of text at (x, y) in a box of `width`, aligned; recorded in the layout. */
  const text = (s: string, x: number, y: number, width: number, o: { font?: string; size?: number; color?: string; align?: 'left' | 'center' | 'right' } = {}) => {
    if (!s) return;
    const size = o.size ?? fontSize;
    doc.font(o.font ?? FONT).fontSize(size).fillColor(o.color ?? '#1a1a1a');
    const w = doc.widthOfString(s);
    const left = o.align === 'right' ? x + width - w : o.align === 'center' ? x + (width - w) / 2 : x;
    doc.text(s, left, y, { lineBreak: false });
    boxes.push({ page, kind: 'text', x: left, y, width: w, height: doc.currentLineHeight(), text: s });
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
  for (const l of wrapText(pdfText(model.title), maxTextWidth, (s) => doc.font(BOLD).fontSize(14).widthOfString(s))) {
    text(l, left, y, maxTextWidth, { font: BOLD, size: 14, color: '#1b2a4a' });
    y += 17;
  }
  // Header lines, when a table has them, say when and by whom it was generated themselves (reports do).
  const lead = model.header?.length ? model.header : [generatedLine];
  for (const l of [model.subtitle, ...lead].filter((s): s is string => Boolean(s))) {
    for (const w of wrapText(pdfText(l), maxTextWidth, (s) => doc.font(FONT).fontSize(9).widthOfString(s))) {
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
        text(fitText(l, w - PAD_X * 2, measure, true), x + PAD_X, y + PAD_Y + n * line, w - PAD_X * 2, { font: BOLD, color: '#ffffff', align });
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
      (cells[i] ?? []).forEach((l, n) => text(l, x + PAD_X, y + PAD_Y + n * line, w - PAD_X * 2, { align, ...(bold ? { font: BOLD } : {}) }));
      x += w;
    });
    y += height;
  };
  model.rows.forEach((row, index) => drawRow(row, index % 2 === 1, false));
  if (model.totals !== undefined && model.rows.length > 0) drawRow(model.totals, false, true);
  if (model.rows.length === 0) {
    text('No rows match this filter.', left, y + 6, maxTextWidth, { font: 'Helvetica-Oblique', size: 9, color: '#555555' });
    y += 20;
  }
  y += 6;
  for (const note of model.notes ?? []) {
    for (const l of wrapText(pdfText(note), maxTextWidth, (s) => doc.font(FONT).fontSize(8).widthOfString(s))) {
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
    const footer = pdfText(`${model.title} · page ${i + 1} of ${range.count}`);
    text(fitText(footer, maxTextWidth, (s) => doc.font(FONT).fontSize(7).widthOfString(s)), left, pageHeight - PDF_MARGIN, maxTextWidth, {
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
