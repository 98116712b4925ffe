import { BASELINE, fitText, hasIndic, helveticaLines, pdfText, scriptText, selectFace, textRuns } from './fonts.ts';
import type { CellValue, TableModel } from './model.ts';
import { ROWS_PER_TURN, yieldToRequests } from './yield.ts';

/**
 * A statutory form as PDF: landscape, paged; on every page the form's title
 * lines, the establishment header, the grouped and numbered column headings;
 * rows of one or several text lines; "page x of y"; the signature block at
 * the end. Cells are drawn without pdfkit's line wrapper when they fit (the
 * wrapper costs more than the drawing), measured once per distinct text.
 */

const MARGIN = 24;
const FONT = 6.2;
const LINE = 7.4;
const PAD = 2;

function formatCell(value: CellValue, kind: string | undefined): string {
  if (value === null) return '';
  if (typeof value === 'number') return kind === 'money' ? value.toLocaleString('en-IN') : String(value);
  if (kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value.slice(8, 10)}-${value.slice(5, 7)}-${value.slice(0, 4)}`;
  return pdfText(value);
}

interface FastFont {
  id: string;
  ref(): unknown;
  encode(text: string): [string[], { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }[]];
}

/** A run's glyphs as text-showing operators, relative to the run's origin (in thousandths of the font size). */
interface Piece {
  dx: number;
  dy: number;
  show: string;
}

interface Shaped {
  font: FastFont;
  pieces: Piece[];
  advance: number;
}

/**
 * A shaped run as pieces: glyphs that sit where the previous one ends go in
 * one TJ with their kerning; a glyph moved by the font (a vowel sign or a
 * mark placed by GPOS) gets a piece, positioned, of its own: what pdfkit's
 * fragment writer does.
 */
function toPieces(hex: string[], positions: ReturnType<FastFont['encode']>[1]): { pieces: Piece[]; advance: number } {
  const pieces: Piece[] = [];
  let x = 0;
  let start = 0;
  let parts: string[] = [];
  let pending = '';
  const close = () => {
    if (pending) parts.push(`<${pending}>`);
    if (parts.length) pieces.push({ dx: start, dy: 0, show: parts.length === 1 ? `${parts[0]} Tj` : `[${parts.join(' ')}] TJ` });
    parts = [];
    pending = '';
  };
  positions.forEach((p, i) => {
    if (p.xOffset || p.yOffset) {
      close();
      pieces.push({ dx: x + p.xOffset, dy: p.yOffset, show: `<${hex[i]}> Tj` });
      x += p.xAdvance;
      start = x;
      return;
    }
    pending += hex[i];
    const kern = p.xAdvance - p.advanceWidth;
    if (kern) {
      parts.push(`<${pending}>`, String(num(-kern)));
      pending = '';
    }
    x += p.xAdvance;
  });
  close();
  return { pieces, advance: x };
}

/**
 * Writes many short strings with one text object: the cells of a row. pdfkit's
 * `text()` does layout work per call that a table cell does not need; this
 * emits the same operators (font, position, glyphs) the way its fragment
 * writer does, each run in its script's face at the given size and the current
 * fill colour, and answers them for the caller to add with the rest of the row.
 */
function fastTexts(doc: PDFKit.PDFDocument, items: readonly { text: string; x: number; y: number }[], size: number, shaped: Map<string, Shaped[]>): string[] {
  if (items.length === 0) return [];
  const d = doc as unknown as { _font: FastFont; page: { height: number; fonts: Record<string, unknown> } };
  const scale = size / 1000;
  // pdfkit's pages are drawn top-down (a flipped matrix); text is set in an unflipped one, as its fragment writer does.
  const ops: string[] = ['q', `1 0 0 -1 0 ${d.page.height.toFixed(2)} cm`, 'BT'];
  let current = '';
  for (const it of items) {
    let runs = shaped.get(it.text);
    if (runs === undefined) {
      runs = textRuns(it.text).map((run) => {
        const font = (selectFace(doc, run.script, 'regular', size) as unknown as { _font: FastFont })._font;
        const [hex, positions] = font.encode(run.text);
        return { font, ...toPieces(hex, positions) };
      });
      if (shaped.size < 50_000) shaped.set(it.text, runs);
    }
    let x = it.x;
    const base = d.page.height - it.y - BASELINE * size;
    for (const run of runs) {
      if (d.page.fonts[run.font.id] == null) d.page.fonts[run.font.id] = run.font.ref();
      if (run.font.id !== current) {
        ops.push(`/${run.font.id} ${size.toFixed(2)} Tf`);
        current = run.font.id;
      }
      for (const p of run.pieces) ops.push(`1 0 0 1 ${(x + p.dx * scale).toFixed(2)} ${(base + p.dy * scale).toFixed(2)} Tm ${p.show}`);
      x += run.advance * scale;
    }
  }
  ops.push('ET', 'Q');
  return ops;
}

/** What of pdfkit's page this file reaches into: the content stream's chunks and the resources (fonts). */
interface PageInternals {
  content: { buffer: Uint8Array[]; write(chunk: Uint8Array): void };
  resources: { data: Record<string, unknown> };
}

/** pdfkit's text state a page top leaves behind (font, size, fill colour, position, no pending wrap). */
const TEXT_STATE = ['_font', '_fontSource', '_fontFamily', '_fontSize', '_fillColor', 'x', 'y', '_wrapper', '_textOptions'] as const;

interface KeptTop {
  bytes: Buffer;
  /** Resources the top added, in the order it added them (the page dictionary keeps that order). */
  resources: [string, Record<string, unknown>][];
  state: Record<string, unknown>;
  /** Where the rows start below it. */
  y: number;
}

/** The chunks a page top wrote, the resources it registered, and the state it left. */
function keepTop(doc: PDFKit.PDFDocument, page: PageInternals, from: number, y: number): KeptTop | null {
  const added = Object.entries(page.resources.data).filter(([key]) => key !== 'ProcSet');
  // Only fonts are expected (text and lines); anything else (an image, an opacity) is drawn each time.
  if (added.some(([key]) => key !== 'Font')) return null;
  const d = doc as unknown as Record<string, unknown>;
  return {
    bytes: Buffer.concat(page.content.buffer.slice(from)),
    resources: added.map(([key, value]) => [key, { ...(value as Record<string, unknown>) }]),
    state: Object.fromEntries(TEXT_STATE.map((k) => [k, d[k]])),
    y,
  };
}

function replayTop(doc: PDFKit.PDFDocument, page: PageInternals, kept: KeptTop): void {
  for (const [key, entries] of kept.resources) page.resources.data[key] = { ...entries };
  page.content.write(kept.bytes);
  Object.assign(doc, kept.state);
}

/** pdfkit's number formatting for content operators (PDFObject.number). */
function num(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

export async function renderFormPdf<T>(model: TableModel<T>, generatedAt: Date): Promise<Buffer> {
  const form = model.form;
  if (!form) throw new Error('renderFormPdf needs a form model');
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: form.pageSize ?? 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${form.titleLines.join(' ')}`, Creator: 'Muster', Producer: 'Muster' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const pageWidth = doc.page.width - MARGIN * 2;
  const bottom = doc.page.height - MARGIN - 12;
  const columns = model.columns;
  const totalWeight = columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => (c.width / totalWeight) * pageWidth);
  const lefts: number[] = [];
  widths.reduce((x, w, i) => ((lefts[i] = x), x + w), MARGIN);
  const lines = form.rowLines ?? 1;
  const rowHeight = lines * LINE + PAD * 2;

  // Widths from per-character widths measured once (cells repeat "P", "WO", times; addresses need cutting);
  // text in an Indic script is measured shaped, as a whole (a conjunct is narrower than its letters).
  const st = scriptText(doc);
  const measured = new Map<string, number>();
  const shaped = new Map<string, Shaped[]>();
  st.use('regular', FONT);
  const chars = new Map<string, number>();
  const widthOf = (text: string) => {
    let w = measured.get(text);
    if (w === undefined) {
      if (hasIndic(text)) w = st.width(text, FONT);
      else {
        st.use('regular', FONT);
        w = 0;
        for (const ch of text) {
          let c = chars.get(ch);
          if (c === undefined) chars.set(ch, (c = doc.widthOfString(ch)));
          w += c;
        }
      }
      if (measured.size < 50_000) measured.set(text, w);
    }
    return w;
  };
  const ellipsis = doc.widthOfString('…');
  const fit = (text: string, width: number): string => {
    if (widthOf(text) <= width) return text;
    if (hasIndic(text)) return fitText(text, width, widthOf);
    st.use('regular', FONT);
    let w = ellipsis;
    let out = '';
    for (const ch of text) {
      const c = chars.get(ch) ?? doc.widthOfString(ch);
      if (w + c > width) break;
      w += c;
      out += ch;
    }
    return `${out}…`;
  };

  st.use('bold', FONT);
  const headingHeight = Math.max(
    ...columns.map((c, i) => doc.heightOfString(c.header, { width: (widths[i] ?? 0) - PAD * 2, ...helveticaLines(FONT) })),
    LINE,
  ) + PAD * 2;
  const groups = form.groups ?? [];

  let y = MARGIN;
  const drawPageTop = (withHeadings = true) => {
    y = MARGIN;
    doc.fillColor('#000000');
    for (const [i, title] of form.titleLines.entries()) {
      const line = pdfText(title);
      const weight = i === 0 || i === 1 ? 'bold' : 'regular';
      const size = i === 1 ? 10 : 8;
      st.draw(line, MARGIN + (pageWidth - st.width(line, size, weight)) / 2, y, size, weight);
      y += i === 1 ? 12 : 10;
    }
    y += 2;
    // The establishment header: label–value pairs in two columns.
    doc.fontSize(7);
    const half = pageWidth / 2;
    form.header.forEach((h, i) => {
      const x = MARGIN + (i % 2) * half;
      const label = `${h.label}: `;
      const lw = st.draw(label, x, y, 7, 'bold');
      const value = fitText(pdfText(h.value || '—'), half - lw - 12, (t) => st.width(t, 7));
      st.draw(value, x + lw, y, 7);
      if (i % 2 === 1 || i === form.header.length - 1) y += 9.5;
    });
    y += 3;
    if (!withHeadings) return;
    // Group headings over their columns.
    if (groups.length) {
      for (const g of groups) {
        const x = lefts[g.from] ?? MARGIN;
        const w = (lefts[g.to] ?? MARGIN) + (widths[g.to] ?? 0) - x;
        doc.rect(x, y, w, LINE + PAD * 2).lineWidth(0.5).strokeColor('#000000').stroke();
        const label = fitText(g.label, w - PAD * 2, (t) => st.width(t, FONT, 'bold'));
        doc.fillColor('#000000');
        st.draw(label, x + (w - st.width(label, FONT, 'bold')) / 2, y + PAD, FONT, 'bold');
      }
      y += LINE + PAD * 2;
    }
    doc.fillColor('#000000');
    columns.forEach((c, i) => {
      doc.rect(lefts[i] ?? 0, y, widths[i] ?? 0, headingHeight).lineWidth(0.5).stroke();
      st.use('bold', FONT).text(c.header, (lefts[i] ?? 0) + PAD, y + PAD, { width: (widths[i] ?? 0) - PAD * 2, align: 'center', ...helveticaLines(FONT) });
    });
    y += headingHeight;
    if (form.columnNumbers?.some((n) => n)) {
      columns.forEach((_, i) => {
        doc.rect(lefts[i] ?? 0, y, widths[i] ?? 0, LINE + 1).lineWidth(0.5).stroke();
        const n = form.columnNumbers?.[i];
        if (n) st.draw(`(${n})`, (lefts[i] ?? 0) + ((widths[i] ?? 0) - st.width(`(${n})`, FONT - 0.5)) / 2, y + 1, FONT - 0.5);
      });
      y += LINE + 1;
    }
    doc.fillColor('#000000');
  };

  // From the third page on, a page's top (title, establishment header, headings: a text layout per
  // column) is the second page's again, drawn from the same state: its bytes are kept and written
  // as one chunk, with the same fonts in the page's resources and the same text state after it. The
  // first page is drawn from a fresh document's state, so it is not the model.
  let pageTops = 0;
  let kept: KeptTop | null = null;
  const pageTopWithHeadings = () => {
    pageTops++;
    const page = doc.page as unknown as PageInternals;
    if (kept) {
      replayTop(doc, page, kept);
      y = kept.y;
      return;
    }
    const from = page.content.buffer.length;
    const resourcesBefore = Object.keys(page.resources.data).join();
    drawPageTop();
    if (pageTops === 2 && resourcesBefore === 'ProcSet') kept = keepTop(doc, page, from, y);
  };

  pageTopWithHeadings();
  doc.lineWidth(0.3).strokeColor('#555555');
  let drawn = 0;
  for (const row of model.rows) {
    if (++drawn % ROWS_PER_TURN === 0) await yieldToRequests();
    if (y + rowHeight > bottom) {
      doc.addPage();
      pageTopWithHeadings();
      doc.lineWidth(0.3).strokeColor('#555555');
    }
    // One horizontal rule per row and the column rules: cheaper than a rectangle per cell.
    // The row's operators (rules and text) go to the page as one chunk, the bytes pdfkit's
    // moveTo/lineTo/stroke would write one chunk each: a chunk is a typed array pdfkit keeps
    // until the document ends, so thousands of rows made hundreds of thousands of them.
    const ops: string[] = [`${num(MARGIN)} ${num(y + rowHeight)} m`, `${num(MARGIN + pageWidth)} ${num(y + rowHeight)} l`, 'S'];
    const items: { text: string; x: number; y: number }[] = [];
    columns.forEach((c, i) => {
      const text = formatCell(c.value(row), c.kind);
      if (!text) return;
      const w = (widths[i] ?? 0) - PAD * 2;
      const right = c.kind === 'number' || c.kind === 'money';
      const parts = lines > 1 ? text.split('\n').slice(0, lines) : [text.replace(/\n/g, ' ')];
      parts.forEach((part, k) => {
        const t = fit(part, w);
        const x = right ? (lefts[i] ?? 0) + PAD + Math.max(0, w - widthOf(t)) : (lefts[i] ?? 0) + PAD;
        items.push({ text: t, x, y: y + PAD + k * LINE + 0.5 });
      });
    });
    for (const op of fastTexts(doc, items, FONT, shaped)) ops.push(op);
    for (let i = 0; i <= columns.length; i++) {
      const x = i === columns.length ? MARGIN + pageWidth : (lefts[i] ?? 0);
      ops.push(`${num(x)} ${num(y)} m`, `${num(x)} ${num(y + rowHeight)} l`, 'S');
    }
    (doc as unknown as { addContent(s: string): void }).addContent(ops.join('\n'));
    y += rowHeight;
  }
  if (model.rows.length === 0) {
    st.draw('No entries for this period.', MARGIN, y + 6, 8, 'italic');
    y += 18;
  }

  // Notes and the signature block that spill over start a page with the title and the establishment header too.
  const needPage = (h: number) => {
    if (y + h > bottom) {
      doc.addPage();
      drawPageTop(false);
    }
  };
  if (model.notes?.length) {
    y += 6;
    for (const note of model.notes) {
      const h = st.use('regular', 6.5).heightOfString(note, { width: pageWidth, ...helveticaLines(6.5) });
      needPage(h + 2);
      st.use('regular', 6.5).fillColor('#222222').text(note, MARGIN, y, { width: pageWidth, ...helveticaLines(6.5) });
      y += h + 2;
    }
  }
  if (form.signature?.length) {
    needPage(44);
    y += 26;
    const slot = pageWidth / form.signature.length;
    doc.fillColor('#000000').lineWidth(0.5).strokeColor('#000000');
    form.signature.forEach((s, i) => {
      const x = MARGIN + i * slot + slot * 0.15;
      doc.moveTo(x, y).lineTo(x + slot * 0.7, y).stroke();
      st.draw(s, x + (slot * 0.7 - st.width(s, 7.5)) / 2, y + 3, 7.5);
    });
    y += 16;
  }

  const range = doc.bufferedPageRange();
  const stamp = `Generated by Muster on ${generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    doc.fillColor('#444444');
    st.draw(stamp, MARGIN, doc.page.height - MARGIN + 4, 6.5);
    const pageNo = `Page ${i + 1} of ${range.count}`;
    st.draw(pageNo, MARGIN + pageWidth - st.width(pageNo, 6.5), doc.page.height - MARGIN + 4, 6.5);
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
