import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The fonts of every PDF Muster writes, and text drawn in them by script.
 *
 * PDF's standard fonts (Helvetica) have no Indic glyphs, so exports embed Noto
 * Sans (Latin, with ₹) and Noto Sans Devanagari, Kannada and Tamil, subset by
 * pdfkit to the glyphs a document uses. A string is cut into runs by script
 * (a name may mix Latin initials and Devanagari) and each run is drawn in its
 * script's font; fontkit, pdfkit's layout engine, shapes the run (conjuncts,
 * reph, pre-base matras, Kannada and Tamil vowel signs: checked glyph for glyph
 * against HarfBuzz: docs/exports.md).
 *
 * The font files are read and parsed once per process and shared by every
 * document: fontkit parses tables lazily and caches glyphs, so a bundle of many
 * PDFs pays for the shaping tables once.
 */

export type Script = 'latin' | 'devanagari' | 'kannada' | 'tamil';
export type Weight = 'regular' | 'bold' | 'italic';

/** The npm package and file of each face (italic only in Latin: the Indic faces have none, their runs stay upright). */
const FILES: Record<Script, { pkg: string; regular: string; bold: string; italic?: string }> = {
  latin: {
    pkg: '@expo-google-fonts/noto-sans',
    regular: '400Regular/NotoSans_400Regular.ttf',
    bold: '700Bold/NotoSans_700Bold.ttf',
    italic: '400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  },
  devanagari: { pkg: '@expo-google-fonts/noto-sans-devanagari', regular: '400Regular/NotoSansDevanagari_400Regular.ttf', bold: '700Bold/NotoSansDevanagari_700Bold.ttf' },
  kannada: { pkg: '@expo-google-fonts/noto-sans-kannada', regular: '400Regular/NotoSansKannada_400Regular.ttf', bold: '700Bold/NotoSansKannada_700Bold.ttf' },
  tamil: { pkg: '@expo-google-fonts/noto-sans-tamil', regular: '400Regular/NotoSansTamil_400Regular.ttf', bold: '700Bold/NotoSansTamil_700Bold.ttf' },
};

/**
 * Where the baseline sits under a line's top, in ems: Helvetica's ascender, so
 * Latin text stays where it was on every table and form, and every script of a
 * line shares one baseline.
 */
export const BASELINE = 0.718;
/** The height of a line's box, in ems (Helvetica's ascender to descender, as before). */
export const LINE_BOX = 0.925;

const require = createRequire(import.meta.url);
const loaded = new Map<string, fontkit.Font>();

/** The parsed font of a script and weight, read on first use. */
export function fontOf(script: Script, weight: Weight = 'regular'): fontkit.Font {
  const f = FILES[script];
  const face = weight === 'italic' && !f.italic ? 'regular' : weight;
  const key = `${script}-${face}`;
  let font = loaded.get(key);
  if (!font) {
    const file = face === 'italic' ? (f.italic ?? f.regular) : f[face];
    font = fontkit.create(readFileSync(path.join(path.dirname(require.resolve(`${f.pkg}/package.json`)), file))) as fontkit.Font;
    if (script === 'latin') font = plainLatin(font);
    loaded.set(key, font);
  }
  return font;
}

// Latin text that needs no shaping: letters with their accents precomposed (NFC), punctuation, currency signs.
const PLAIN = /^[\u0020-\u024f\u2000-\u206f\u20a0-\u20cf]*$/u;

/**
 * The Latin font laying out plain text without OpenType shaping: one glyph per
 * character from the cmap, advances from hmtx. Noto Sans's shaping tables
 * (kerning and ligatures for Latin, Greek and Cyrillic) made a 1,000-row table
 * four times slower to write, for kerning pairs invisible at table sizes; any
 * other text (a combining accent) is shaped in full.
 */
function plainLatin(font: fontkit.Font): fontkit.Font {
  const glyphs = new Map<number, fontkit.Glyph>();
  const layout = (text: string, ...rest: unknown[]) => {
    if (rest.length > 0 && rest[0] !== undefined) return (font.layout as (...a: unknown[]) => fontkit.GlyphRun)(text, ...rest);
    if (!PLAIN.test(text)) return font.layout(text);
    const run: { glyphs: fontkit.Glyph[]; positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[]; advanceWidth: number } = {
      glyphs: [],
      positions: [],
      advanceWidth: 0,
    };
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      let glyph = glyphs.get(cp);
      if (!glyph) {
        glyph = font.glyphForCodePoint(cp);
        glyphs.set(cp, glyph);
      }
      run.glyphs.push(glyph);
      // A fresh position each time: pdfkit scales the positions it is given in place.
      run.positions.push({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 });
      run.advanceWidth += glyph.advanceWidth;
    }
    return run;
  };
  return new Proxy(font, { get: (target, key) => (key === 'layout' ? layout : Reflect.get(target, key)) });
}

/** The script a code point belongs to, or null for a neutral one (space, joiners, dandas) that joins its neighbours' run. */
export function scriptOf(cp: number): Script | null {
  if (cp === 0x0964 || cp === 0x0965) return null; // dandas are shared by the Indic scripts
  if ((cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff) || (cp >= 0x1cd0 && cp <= 0x1cff)) return 'devanagari';
  if (cp >= 0x0c80 && cp <= 0x0cff) return 'kannada';
  if ((cp >= 0x0b80 && cp <= 0x0bff) || (cp >= 0x11fc0 && cp <= 0x11fff)) return 'tamil';
  if (cp === 0x20 || cp === 0x200c || cp === 0x200d || cp === 0x25cc) return null;
  return 'latin';
}

const INDIC = /[\u0900-\u097f\u0b80-\u0bff\u0c80-\u0cff\ua8e0-\ua8ff\u1cd0-\u1cff]/;

/** Whether a text has letters of an Indic script (such text needs taller lines: marks above and conjuncts below). */
export function hasIndic(text: string): boolean {
  return INDIC.test(text);
}

export interface TextRun {
  script: Script;
  text: string;
}

/** The text cut where its script changes; neutral characters stay in the run they are in (a space between two Hindi words too). */
export function textRuns(text: string): TextRun[] {
  if (!INDIC.test(text)) return text ? [{ script: 'latin', text }] : [];
  const runs: TextRun[] = [];
  let current: TextRun | undefined;
  let pending = '';
  for (const ch of text) {
    const script = scriptOf(ch.codePointAt(0) ?? 0);
    if (script === null) {
      if (current) current.text += ch;
      else pending += ch;
      continue;
    }
    if (current && current.script === script) {
      current.text += ch;
      continue;
    }
    // A space before a change of script goes with the next run; a joiner stays with the cluster it ends.
    let carry = pending;
    if (current) {
      const trail = /[ ]+$/.exec(current.text)?.[0] ?? '';
      if (trail && trail.length < current.text.length) {
        current.text = current.text.slice(0, -trail.length);
        carry = trail;
      }
    }
    current = { script, text: carry + ch };
    pending = '';
    runs.push(current);
  }
  if (!current && pending) runs.push({ script: 'latin', text: pending });
  return runs;
}

/** Whether one of the export fonts can draw the character (what cannot is written "?", never an empty box). */
export function drawable(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  const script = scriptOf(cp) ?? 'latin';
  return fontOf(script).hasGlyphForCodePoint(cp) || fontOf('latin').hasGlyphForCodePoint(cp);
}

/** Text the export fonts can draw: arrows and comparisons spelt out, anything no font has as "?" (never an empty box). */
export function pdfText(text: string): string {
  const plain = text
    .normalize('NFC')
    .replace(/→/g, '->')
    .replace(/≥/g, '>=')
    .replace(/≤/g, '<=')
    .replace(/[\u00a0\u202f]/g, ' ');
  // Printable ASCII is in every font: only other characters are looked up.
  return /^[\n\x20-\x7e]*$/.test(plain) ? plain : plain.replace(/[^\n\x20-\x7e]/gu, (c) => (drawable(c) ? c : '?'));
}

type Doc = PDFKit.PDFDocument;

/** The name a face is kept under in a document. */
export const faceName = (script: Script, weight: Weight): string => `muster-${script}-${weight}`;

export interface ScriptText {
  /** The width of a text in points, every run in its own font. */
  width(text: string, size: number, weight?: Weight): number;
  /** Draws one line with its top at y (the baseline at y + BASELINE × size); answers its width. */
  draw(text: string, x: number, y: number, size: number, weight?: Weight): number;
  /** Selects the Latin face for pdfkit's own text calls (wrapped headings, charts). */
  use(weight: Weight, size: number): Doc;
}

/**
 * Selects a face in a document. pdfkit takes a parsed fontkit font as a source
 * (PDFFontFactory.open: anything with `layout`; its types list only files and
 * bytes) and keeps it under the name given, so the file is parsed once per
 * process and opened once per document, and only the faces a document uses.
 */
export function selectFace(doc: Doc, script: Script, weight: Weight, size: number): Doc {
  const face = weight === 'italic' && !FILES[script].italic ? 'regular' : weight;
  return doc.font(fontOf(script, face) as unknown as Buffer, faceName(script, face), size);
}

/** Text measured and drawn by script in a document. */
export function scriptText(doc: Doc): ScriptText {
  const width = (text: string, size: number, weight: Weight = 'regular') => {
    let w = 0;
    for (const run of textRuns(text)) w += selectFace(doc, run.script, weight, size).widthOfString(run.text);
    return w;
  };
  const draw = (text: string, x: number, y: number, size: number, weight: Weight = 'regular') => {
    let left = x;
    for (const run of textRuns(text)) {
      selectFace(doc, run.script, weight, size).text(run.text, left, y + BASELINE * size, { lineBreak: false, baseline: 'alphabetic' });
      left += doc.widthOfString(run.text);
    }
    return left - x;
  };
  const use = (weight: Weight, size: number) => selectFace(doc, 'latin', weight, size);
  return { width, draw, use };
}

export type Measure = (text: string, bold?: boolean) => number;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Where a text may be cut: between user-perceived characters, never between a consonant and its vowel sign. */
function cuts(text: string): number[] {
  // Plain ASCII: every index (the common case, without segmenting).
  if (/^[\x20-\x7e]*$/.test(text)) return Array.from({ length: text.length + 1 }, (_, i) => i);
  const out = [0];
  for (const g of segmenter.segment(text)) out.push(g.index + g.segment.length);
  return out;
}

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
      let at = cuts(rest);
      while (measure(rest, bold) > width && at.length > 2) {
        let k = at.length - 2;
        while (k > 1 && measure(rest.slice(0, at[k]), bold) > width) k--;
        let n = at[k] ?? rest.length;
        // Break an address or a path where a reader would: before "@", after ".", "-" or "/".
        const head = rest.slice(0, n);
        const mark = Math.max(head.lastIndexOf('@'), head.lastIndexOf('.') + 1, head.lastIndexOf('-') + 1, head.lastIndexOf('/') + 1);
        if (mark > n * 0.4 && mark < n && at.includes(mark)) n = mark;
        lines.push(rest.slice(0, n));
        rest = rest.slice(n);
        at = cuts(rest);
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
  const at = cuts(text);
  let lo = 0;
  let hi = at.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${text.slice(0, at[mid]).trimEnd()}…`, bold) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : `${text.slice(0, at[lo]).trimEnd()}…`;
}


/**
 * Options for pdfkit's own text calls (wrapped or centred Latin text) that keep
 * lines where Helvetica put them: the baseline BASELINE × size under the top and
 * Helvetica's line spacing (1.156 em) instead of Noto Sans's taller one.
 */
export function helveticaLines(size: number): { baseline: number; lineGap: number } {
  const f = fontOf('latin');
  const noto = (f.ascent - f.descent + f.lineGap) / f.unitsPerEm;
  return { baseline: -BASELINE * size, lineGap: (1.156 - noto) * size };
}
