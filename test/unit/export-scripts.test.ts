import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { fitText, hasIndic, textRuns, wrapText } from '../../server/src/exports/fonts.ts';
import { type TableModel, indianNumberFormat, renderTable } from '../../server/src/exports/table.ts';
import { parseCsv, unzip } from '../support/compliance.ts';
import { LOOK_DIR } from '../support/pdf.ts';

/**
 * Exports in Indian scripts: a PDF page with Devanagari, Kannada and Tamil names,
 * rendered by poppler and compared with a reference image a person has looked at
 * (test/fixtures/export-scripts/names.png, and docs/i18n/pdf-scripts.png beside the
 * note); CSV and XLSX keep the text; amounts in Indian grouping.
 *
 * To write a new reference after a deliberate change of the layout, run this file
 * with UPDATE_REFERENCE=1, then LOOK at the image before committing it.
 */

const AT = new Date('2026-11-24T20:40:00Z');
const REFERENCE = path.resolve('test/fixtures/export-scripts/names.png');
const DOC_IMAGE = path.resolve('docs/i18n/pdf-scripts.png');
const REGISTER_REFERENCE = path.resolve('test/fixtures/export-scripts/register.png');

interface Person {
  code: string;
  name: string;
  department: string;
  ctc: number;
}

// Words that need shaping: conjuncts (क्ष, ज्ञ, त्र, ಷ್ಣ), reph (र्), pre-base matras (ि, ெ, ை), Kannada and Tamil vowel signs, ஸ்ரீ.
const PEOPLE: Person[] = [
  { code: 'KV-0001', name: 'प्रिया क्षत्रिय', department: 'उत्पादन', ctc: 100000 },
  { code: 'KV-0002', name: 'श्रीनिवास ज्ञानेश्वर वर्मा', department: 'गुणवत्ता', ctc: 1234567 },
  { code: 'KV-0003', name: 'ಶ್ರೀನಿವಾಸ ಕೃಷ್ಣ', department: 'ಉತ್ಪಾದನೆ', ctc: 845000 },
  { code: 'KV-0004', name: 'ಲಕ್ಷ್ಮಿ ಹೆಗ್ಡೆ', department: 'ಗುಣಮಟ್ಟ', ctc: 99999 },
  { code: 'KV-0005', name: 'ஸ்ரீநிவாஸ் கொண்டல்', department: 'தரம்', ctc: 12345678 },
  { code: 'KV-0006', name: 'A. K. ज्ञानेश्वर Rao', department: 'Administration', ctc: 550000 },
];

function directory(people: Person[]): TableModel<Person> {
  return {
    title: 'Employee directory',
    subtitle: 'कर्मचारी निर्देशिका · ನೌಕರರ ಪಟ್ಟಿ · ஊழியர் பட்டியல்',
    filename: 'employees',
    timeZone: 'Asia/Kolkata',
    rows: people,
    columns: [
      { header: 'Code', width: 9, overflow: 'keep', value: (r) => r.code },
      { header: 'Name', width: 22, value: (r) => r.name },
      { header: 'Department', width: 14, value: (r) => r.department },
      { header: 'CTC (INR a year)', width: 12, kind: 'money', value: (r) => r.ctc },
    ],
  };
}

/** Runs a poppler tool on a PDF in a temporary folder; answers its output and the folder's files. */
function poppler<T>(pdf: Buffer, run: (file: string, dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-scripts-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    return run(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The top of page 1 (title, header row and the six people) at 150 dpi, as pdftoppm draws it. */
function renderTop(pdf: Buffer): PNG {
  return poppler(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '150', '-x', '0', '-y', '0', '-W', '1240', '-H', '440', '-png', '-singlefile', file, path.join(dir, 'top')]);
    return PNG.sync.read(fs.readFileSync(path.join(dir, 'top.png')));
  });
}

/** Pixels that differ beyond anti-aliasing and hinting noise (pixelmatch, per-pixel threshold 0.1). */
function differingPixels(a: PNG, b: PNG): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  return pixelmatch(a.data, b.data, undefined, a.width, a.height, { threshold: 0.1 });
}

// One wrong vowel sign at 8 pt and 150 dpi changes a few hundred pixels; identical rendering changes none.
const ALLOWED_DIFFERENCE = 30;

describe('a PDF with Devanagari, Kannada and Tamil names', () => {
  it('matches the reference image a person has looked at', async () => {
    const pdf = await renderTable(directory(PEOPLE), 'pdf', AT);
    const page = renderTop(pdf);
    fs.mkdirSync(LOOK_DIR, { recursive: true });
    fs.writeFileSync(path.join(LOOK_DIR, 'export-scripts.png'), PNG.sync.write(page));
    if (process.env.UPDATE_REFERENCE === '1') {
      for (const out of [REFERENCE, DOC_IMAGE]) {
        fs.mkdirSync(path.dirname(out), { recursive: true });
        fs.writeFileSync(out, PNG.sync.write(page));
      }
    }
    const reference = PNG.sync.read(fs.readFileSync(REFERENCE));
    expect(differingPixels(page, reference)).toBeLessThanOrEqual(ALLOWED_DIFFERENCE);
  });

  it('a single wrong vowel sign or conjunct fails the comparison', async () => {
    const reference = PNG.sync.read(fs.readFileSync(REFERENCE));
    // प्रिया without its pre-base ि; ಕೃಷ್ಣ with ಷ and ಣ not joined (a ZWNJ after the virama).
    for (const [from, to] of [
      ['प्रिया', 'प्रया'],
      ['ಕೃಷ್ಣ', 'ಕೃಷ್\u200cಣ'],
      ['கொண்டல்', 'கோண்டல்'],
    ] as const) {
      const wrong = PEOPLE.map((p) => ({ ...p, name: p.name.replace(from, to) }));
      const page = renderTop(await renderTable(directory(wrong), 'pdf', AT));
      expect(differingPixels(page, reference), `${from} drawn as ${to}`).toBeGreaterThan(ALLOWED_DIFFERENCE * 2);
    }
  });

  it('embeds the Noto fonts of each script, subset', async () => {
    const pdf = await renderTable(directory(PEOPLE), 'pdf', AT);
    const fonts = poppler(pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
    for (const name of ['NotoSans-Regular', 'NotoSans-Bold', 'NotoSansDevanagari-Regular', 'NotoSansKannada-Regular', 'NotoSansTamil-Regular']) {
      const line = fonts.split('\n').find((l) => new RegExp(`^[A-Z]{6}\\+${name}\\s`).test(l));
      expect(line, name).toBeDefined();
      // Columns: name, type, encoding, emb, sub, uni.
      expect(line?.split(/\s+/).slice(-5, -2), name).toEqual(['yes', 'yes', 'yes']);
    }
    expect(fonts).not.toMatch(/Helvetica/);
    // A page of Latin text only embeds no Indic font.
    const latin = await renderTable({ ...directory([{ code: 'KV-9', name: 'Asha Rao', department: 'Production', ctc: 1 }]), subtitle: 'Directory' }, 'pdf', AT);
    expect(poppler(latin, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }))).not.toMatch(/Devanagari|Kannada|Tamil/);
  });

  it('writes amounts in Indian grouping with the rupee sign', async () => {
    const pdf = await renderTable(directory(PEOPLE), 'pdf', AT);
    const text = poppler(pdf, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
    for (const amount of ['₹1,00,000', '₹12,34,567', '₹8,45,000', '₹99,999', '₹1,23,45,678', '₹5,50,000']) expect(text).toContain(amount);
  });
});

/** A statutory register (the compliance forms' fast row writer) with the same people. */
function register(people: Person[]): TableModel<Person> {
  return {
    ...directory(people),
    title: 'Form D',
    form: {
      titleLines: ['FORM D', 'Register of attendance', 'See rule 2(1)'],
      header: [
        { label: 'Establishment', value: 'कावेरी टेक्सटाइल्स प्राइवेट लिमिटेड' },
        { label: 'Period', value: 'November 2026' },
      ],
      columnNumbers: ['1', '2', '3', '4'],
      signature: ['Signature of the employer'],
    },
  };
}

describe('a statutory register with Indian names', () => {
  it('matches the reference image a person has looked at', async () => {
    const pdf = await renderTable(register(PEOPLE), 'pdf', AT);
    const page = renderTop(pdf);
    fs.writeFileSync(path.join(LOOK_DIR, 'export-scripts-register.png'), PNG.sync.write(page));
    if (process.env.UPDATE_REFERENCE === '1') fs.writeFileSync(REGISTER_REFERENCE, PNG.sync.write(page));
    expect(differingPixels(page, PNG.sync.read(fs.readFileSync(REGISTER_REFERENCE)))).toBeLessThanOrEqual(ALLOWED_DIFFERENCE);
    // The same page with one vowel sign dropped does not match.
    const wrong = PEOPLE.map((p) => ({ ...p, name: p.name.replace('ಕೃಷ್ಣ', 'ಕಷ್ಣ') }));
    const wrongPage = renderTop(await renderTable(register(wrong), 'pdf', AT));
    expect(differingPixels(wrongPage, PNG.sync.read(fs.readFileSync(REGISTER_REFERENCE)))).toBeGreaterThan(ALLOWED_DIFFERENCE * 2);
  });
});

describe('CSV and XLSX keep the scripts', () => {
  it('CSV: UTF-8 with a BOM (Excel reads it as UTF-8), every name as written', async () => {
    const csv = await renderTable(directory(PEOPLE), 'csv', AT);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(csv.toString('utf8'));
    expect(rows[0]).toEqual(['Code', 'Name', 'Department', 'CTC (INR a year)']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual(PEOPLE.map((p) => [p.name, p.department, String(p.ctc)]));
  });

  it('XLSX: names intact, amounts as numbers in an Indian-grouped format', async () => {
    const xlsx = await renderTable(directory(PEOPLE), 'xlsx', AT);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(xlsx).buffer);
    const sheet = wb.worksheets[0];
    PEOPLE.forEach((p, i) => {
      const row = sheet?.getRow(i + 2);
      expect(row?.getCell(2).value).toBe(p.name);
      expect(row?.getCell(3).value).toBe(p.department);
      expect(row?.getCell(4).value).toBe(p.ctc);
    });
    // The format as written (exceljs's reader drops the backslashes that keep the lakh and crore commas literal).
    const styles = (await unzip(xlsx)).get('xl/styles.xml')?.toString('utf8') ?? '';
    expect(styles).toContain('formatCode="[&gt;=10000000]##\\,##\\,##\\,##0;[&gt;=100000]##\\,##\\,##0;##,##0"');
    expect(indianNumberFormat()).toBe('[>=10000000]##\\,##\\,##\\,##0;[>=100000]##\\,##\\,##0;##,##0');
    const amountStyle = sheet?.getRow(2).getCell(4).numFmt;
    expect(amountStyle).toBe(indianNumberFormat().replace(/\\/g, ''));
  });
});

describe('text split by script', () => {
  it('a name mixing Latin initials and Devanagari is two runs; spaces go with the next script, joiners stay', () => {
    expect(textRuns('A. K. ज्ञानेश्वर Rao')).toEqual([
      { script: 'latin', text: 'A. K.' },
      { script: 'devanagari', text: ' ज्ञानेश्वर' },
      { script: 'latin', text: ' Rao' },
    ]);
    expect(textRuns('क्\u200dष ಕೃಷ್ಣ')).toEqual([
      { script: 'devanagari', text: 'क्\u200dष' },
      { script: 'kannada', text: ' ಕೃಷ್ಣ' },
    ]);
    expect(textRuns('முருகன் ।')).toEqual([{ script: 'tamil', text: 'முருகன் ।' }]);
    expect(textRuns('Asha Rao')).toEqual([{ script: 'latin', text: 'Asha Rao' }]);
    expect(hasIndic('Asha Rao')).toBe(false);
    expect(hasIndic('ಕೃಷ್ಣ')).toBe(true);
  });

  it('cuts and wraps between whole characters, never between a consonant and its vowel sign', () => {
    const measure = (s: string) => [...s].length * 5;
    // प्रिया is प ् र ि य ा: a cut may not leave ि or ा without its consonant.
    for (const width of [27, 32, 37, 42, 47]) {
      const cut = fitText('प्रियाप्रिया', width, measure);
      const kept = cut.slice(0, -1);
      expect(cut.endsWith('…')).toBe(true);
      expect('प्रियाप्रिया'.slice(kept.length), cut).not.toMatch(/^[\u093e-\u094c]/u);
    }
    const lines = wrapText('ಶ್ರೀನಿವಾಸಕೃಷ್ಣಮೂರ್ತಿ', 25, measure);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('ಶ್ರೀನಿವಾಸಕೃಷ್ಣಮೂರ್ತಿ');
    for (const line of lines) expect(line).not.toMatch(/^[\u0cbe-\u0ccc\u0cd5\u0cd6]/u);
  });
});
