import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RenderedPage {
  width: number;
  height: number;
  /** Share of pixels that are not (near) white, 0..1. */
  inkRatio: number;
  pages: number;
}

/** Renders page 1 of a PDF with poppler's pdftoppm (a real PDF renderer) and measures the ink on it. */
export function renderFirstPage(pdf: Buffer, pngOut?: string): RenderedPage {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '40', '-gray', file, path.join(dir, 'page')]);
    if (pngOut) execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '80', '-png', '-singlefile', file, pngOut.replace(/\.png$/, '')]);
    const pgm = fs.readFileSync(path.join(dir, fs.readdirSync(dir).find((f) => f.endsWith('.pgm')) ?? ''));
    // Binary PGM: "P5\n<w> <h>\n<max>\n" then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 50).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not produce a PGM image');
    const [, w, h] = header.map(Number) as [number, number, number];
    const pixels = pgm.subarray(header[0].length);
    let ink = 0;
    for (const p of pixels) if (p < 200) ink++;
    return { width: w, height: h, inkRatio: ink / pixels.length, pages };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface WordBox {
  page: number;
  pageWidth: number;
  pageHeight: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word of a PDF with its box, as poppler's pdftotext reads the file (independent of the writer's own layout model). */
export function wordBoxes(pdf: Buffer): WordBox[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-bbox-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const out: WordBox[] = [];
    let page = -1;
    let pageWidth = 0;
    let pageHeight = 0;
    for (const m of html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)) {
      if (m[1]) {
        page++;
        pageWidth = Number(m[1]);
        pageHeight = Number(m[2]);
        continue;
      }
      out.push({ page, pageWidth, pageHeight, text: m[7] ?? '', xMin: Number(m[3]), yMin: Number(m[4]), xMax: Number(m[5]), yMax: Number(m[6]) });
    }
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Renders page 1 in colour (optionally saving a PNG to look at) and counts
 * the strongly coloured pixels: chart bars and lines. Tables, text and the
 * header band are grey or a muted blue and do not count.
 */
export function chartPixels(pdf: Buffer, pngOut?: string): { coloured: number; total: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '40', file, path.join(dir, 'page')]);
    if (pngOut) {
      fs.mkdirSync(path.dirname(pngOut), { recursive: true });
      execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '80', '-png', '-singlefile', file, pngOut.replace(/\.png$/, '')]);
    }
    const ppm = fs.readFileSync(path.join(dir, fs.readdirSync(dir).find((f) => f.endsWith('.ppm')) ?? ''));
    const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 50).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not produce a PPM image');
    const pixels = ppm.subarray(header[0].length);
    let coloured = 0;
    for (let i = 0; i + 2 < pixels.length; i += 3) {
      const r = pixels[i] ?? 0;
      const g = pixels[i + 1] ?? 0;
      const b = pixels[i + 2] ?? 0;
      if (Math.abs(r - g) + Math.abs(g - b) + Math.abs(r - b) > 180) coloured++;
    }
    return { coloured, total: pixels.length / 3 };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Where tests leave rendered pages and screenshots for people to look at. */
export const LOOK_DIR = path.resolve(process.env.MUSTER_LOOK_DIR ?? 'test-results/look');
