import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import type { Client } from './client.ts';

/** Helpers for the compliance tests: parse CSV, read an XLSX register, unzip a bundle, wait for a job. */

/** RFC 4180 CSV (quoted fields, doubled quotes, newlines inside quotes); drops the BOM. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (ch !== '\r') cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export interface SheetTable {
  /** The heading row's values. */
  headings: string[];
  /** Data rows (below the headings and the column-number row), cell values as exceljs gives them. */
  rows: unknown[][];
  sheet: ExcelJS.Worksheet;
  headingRow: number;
}

/** Reads a register sheet: finds the heading row (the frozen split), skips the column numbers. */
export async function readRegisterXlsx(bytes: Buffer, firstHeading: string): Promise<SheetTable> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(bytes).buffer);
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  let headingRow = 0;
  sheet.eachRow((row, n) => {
    if (!headingRow && row.getCell(1).value === firstHeading) headingRow = n;
  });
  if (!headingRow) throw new Error(`no heading row starting with ${firstHeading}`);
  const width = sheet.getRow(headingRow).cellCount;
  const headings = Array.from({ length: width }, (_, i) => String(sheet.getRow(headingRow).getCell(i + 1).value ?? ''));
  const numbers = sheet.getRow(headingRow + 1).getCell(1).value;
  const start = typeof numbers === 'string' && /^\(\d+\)$/.test(numbers) ? headingRow + 2 : headingRow + 1;
  const rows: unknown[][] = [];
  for (let n = start; n <= sheet.rowCount; n++) {
    const r = sheet.getRow(n);
    const first = r.getCell(1).value;
    if (first === null || first === undefined || (typeof first === 'string' && first.length > 60)) break;
    rows.push(Array.from({ length: width }, (_, i) => r.getCell(i + 1).value ?? null));
  }
  return { headings, rows, sheet, headingRow };
}

/** Every entry of a zip, in order, with its bytes. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

export const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** The text of some pages of a PDF (poppler's pdftotext, layout kept). */
export function pdfText(pdf: Buffer, first = 1, last = 1): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-pdftext-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', '-f', String(first), '-l', String(last), file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Polls `GET /api/jobs/{id}` until the job is no longer running; answers its last state. */
export async function waitJob(c: Client, id: string) {
  for (let i = 0; i < 600; i++) {
    const j = await c.get(`/api/jobs/${id}`);
    if (j.body.status !== 'running') return j.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('job did not finish');
}
