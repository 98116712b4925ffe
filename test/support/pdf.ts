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
