import { describe, expect, it } from 'vitest';
import { type Column, type TableModel, csvSafe, generatedLine, renderCsv, renderPdfWithLayout, renderTable } from '../../server/src/exports/table.ts';
import { type PdfLayout, fitText, pdfText, wrapText } from '../../server/src/exports/pdf.ts';
import { renderFirstPage } from '../support/pdf.ts';

/** The export layer's paper rules: page by column count, nothing outside the page, header on every page, names kept. */

const AT = new Date('2026-11-24T20:40:00Z');

/** Every drawn box lies inside the page, and text inside the margins but for the footer line. */
function expectInsidePage(layout: PdfLayout) {
  for (const b of layout.boxes) {
    const where = `${b.kind} "${b.text ?? ''}" on page ${b.page + 1} at ${b.x.toFixed(1)},${b.y.toFixed(1)} ${b.width.toFixed(1)}×${b.height.toFixed(1)}`;
    expect(b.x, where).toBeGreaterThanOrEqual(36 - 0.01);
    expect(b.x + b.width, where).toBeLessThanOrEqual(layout.pageWidth - 36 + 0.01);
    expect(b.y, where).toBeGreaterThanOrEqual(36 - 0.01);
    expect(b.y + b.height, where).toBeLessThanOrEqual(layout.pageHeight - 36 + 12);
    expect(b.page).toBeLessThan(layout.pages);
  }
}

interface Person {
  code: string;
  name: string;
  days: string[];
  totals: number[];
}

const LONG_NAME = 'Venkata Lakshmi Narasimha Subrahmanya Chakravarthy-Ramaswamy';

function monthGrid(rows: number): TableModel<Person> {
  const people: Person[] = Array.from({ length: rows }, (_, i) => ({
    code: `KPC${String(i + 1).padStart(4, '0')}`,
    name: i === 3 ? LONG_NAME : `Employee Number ${i + 1}`,
    days: Array.from({ length: 31 }, (_, d) => ['P', 'WO*', 'HD', 'MP', 'L'][(i + d) % 5] as string),
    totals: Array.from({ length: 11 }, (_, t) => (i * 7 + t) % 31),
  }));
  const dayColumns: Column<Person>[] = Array.from({ length: 31 }, (_, d) => ({
    header: String(d + 1),
    width: 4,
    fixedWidth: 22,
    overflow: 'ellipsis' as const,
    align: 'center' as const,
    value: (p: Person) => p.days[d] ?? null,
  }));
  const totals = ['P', 'HD', 'A', 'MP', 'L', 'H', 'WO', 'Late', 'Worked h', 'OT h', 'LOP days'].map(
    (header, t): Column<Person> => ({ header, width: 5, kind: 'number', value: (p) => p.totals[t] ?? 0 }),
  );
  return {
    title: 'Attendance, March 2031',
    filename: 'attendance-2031-03',
    landscape: true,
    timeZone: 'Asia/Kolkata',
    rows: people,
    columns: [
      { header: 'Code', width: 9, overflow: 'keep', value: (p) => p.code },
      { header: 'Name', width: 22, value: (p) => p.name },
      ...dayColumns,
      ...totals,
    ],
    notes: ['Legend: P Present · HD Half day · WO Weekly off · MP Missing punch · L On leave'],
  };
}

describe('PDF layout', () => {
  it('a month grid (44 columns) goes on A3 landscape: every column on the page, totals included, header on every page', async () => {
    const { pdf, layout } = await renderPdfWithLayout(monthGrid(120), AT);
    expect(layout.size).toBe('A3');
    expect(layout.landscape).toBe(true);
    expect(layout.pages).toBeGreaterThan(1);
    expectInsidePage(layout);
    // The last totals column is on page 1, inside the margin.
    const lop = layout.boxes.find((b) => b.page === 0 && (b.text === 'LOP days' || b.text === 'LOP'));
    expect(lop).toBeDefined();
    // The header row is repeated: "Name" and "31" on every page.
    for (let p = 0; p < layout.pages; p++) {
      expect(layout.boxes.some((b) => b.page === p && b.text === 'Name'), `header on page ${p + 1}`).toBe(true);
      expect(layout.boxes.some((b) => b.page === p && b.text === '31'), `day 31 on page ${p + 1}`).toBe(true);
    }
    // The legend comes once.
    expect(layout.boxes.filter((b) => b.text?.startsWith('Legend:'))).toHaveLength(1);
    // The long name is kept whole, wrapped in its column (every word drawn), and the name column is wider than any day column.
    const drawn = layout.boxes.filter((b) => b.page === 0 && b.kind === 'text').map((b) => b.text ?? '');
    for (const word of LONG_NAME.split(' ')) expect(drawn.join(' ')).toContain(word.slice(0, 8));
    expect(layout.columnWidths[1]).toBeGreaterThan(60);
    expect(layout.columnWidths.slice(2, 33).every((w) => w === 22)).toBe(true);
    expect(renderFirstPage(pdf).inkRatio).toBeGreaterThan(0.02);
  });

  it('a table of a few columns stays on A4 portrait unless the model asks for landscape', async () => {
    const model: TableModel<{ a: string; b: number }> = {
      title: 'Small',
      filename: 'small',
      rows: [{ a: 'one', b: 1 }],
      columns: [
        { header: 'A', width: 10, value: (r) => r.a },
        { header: 'B', width: 5, kind: 'number', value: (r) => r.b },
      ],
    };
    const portrait = await renderPdfWithLayout(model, AT);
    expect([portrait.layout.size, portrait.layout.landscape]).toEqual(['A4', false]);
    const landscape = await renderPdfWithLayout({ ...model, landscape: true }, AT);
    expect([landscape.layout.size, landscape.layout.landscape]).toEqual(['A4', true]);
  });

  it('long e-mails and sentences wrap inside their column; a very wide table never leaves the page', async () => {
    const columns: Column<number>[] = Array.from({ length: 30 }, (_, i) => ({
      header: `Column number ${i + 1}`,
      width: 20,
      value: (r: number) => `someone.with.a.very.long.address${r}@a-rather-long-company-domain.example and a sentence that goes on`,
    }));
    const { layout } = await renderPdfWithLayout({ title: 'Wide', filename: 'wide', columns, rows: [1, 2, 3], landscape: true }, AT);
    expect(layout.size).toBe('A3');
    expectInsidePage(layout);
  });

  it('the header says when, in the organisation zone with its name', async () => {
    const { layout } = await renderPdfWithLayout(monthGrid(2), AT);
    expect(layout.boxes.map((b) => b.text)).toContain('Generated 25 Nov 2026, 02:10 IST · 2 rows');
    expect(generatedLine({ rows: [1], timeZone: 'UTC' }, AT)).toBe('Generated 24 Nov 2026, 20:40 UTC · 1 row');
  });

  it('text the embedded fonts cannot draw is spelt out or "?", Indian scripts and ₹ stay', () => {
    expect(pdfText('Frozen: no → yes')).toBe('Frozen: no -> yes');
    expect(pdfText('₹12,000 ≥ 8h')).toBe('₹12,000 >= 8h');
    expect(pdfText('नमस्ते Åsa ಕೃಷ್ಣ முருகன்')).toBe('नमस्ते Åsa ಕೃಷ್ಣ முருகன்');
    expect(pdfText('Done ✓ 漢')).toBe('Done ? ?');
  });

  it('wraps at a reader\'s break points and cuts with an ellipsis', () => {
    const measure = (s: string) => s.length * 5;
    expect(wrapText('asha.rao@kaveri.example', 60, measure)).toEqual(['asha.rao', '@kaveri.', 'example']);
    expect(wrapText('Asha Rao Kulkarni', 50, measure)).toEqual(['Asha Rao', 'Kulkarni']);
    expect(fitText('Administration', 40, measure)).toBe('Adminis…');
    expect(fitText('HR', 40, measure)).toBe('HR');
  });
});

describe('CSV formula guard', () => {
  it('leaves phone numbers and plain signed numbers as written', () => {
    expect(csvSafe('+91 98450 12345')).toBe('+91 98450 12345');
    expect(csvSafe('+919845012345')).toBe('+919845012345');
    expect(csvSafe('+91-80-4123-4567')).toBe('+91-80-4123-4567');
    expect(csvSafe('(080) 4123 4567')).toBe('(080) 4123 4567');
    expect(csvSafe('-12.5')).toBe('-12.5');
    expect(csvSafe(-3)).toBe(-3);
  });

  it('prefixes cells a spreadsheet would run as a formula', () => {
    expect(csvSafe('=1+2')).toBe("'=1+2");
    expect(csvSafe('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvSafe('\tx')).toBe("'\tx");
    expect(csvSafe('\r=1')).toBe("'\r=1");
    expect(csvSafe('+cmd|calc')).toBe("'+cmd|calc");
    expect(csvSafe('-2+3')).toBe("'-2+3");
    expect(csvSafe('+91 98450 12345=HYPERLINK("x")')).toBe('\'+91 98450 12345=HYPERLINK("x")');
  });

  it('a directory CSV keeps a phone cell without an apostrophe', () => {
    const csv = renderCsv({
      title: 't',
      filename: 't',
      rows: [{ phone: '+91 98450 12345', note: '=cmd' }],
      columns: [
        { header: 'Phone', width: 14, value: (r) => r.phone },
        { header: 'Note', width: 10, value: (r) => r.note },
      ],
    }).toString('utf8');
    expect(csv).toContain('\n+91 98450 12345,');
    expect(csv).toContain(",'=cmd");
  });

  it('columns meant for machines appear only in the formats they are for', async () => {
    const model: TableModel<{ at: string }> = {
      title: 't',
      filename: 't',
      rows: [{ at: '2026-11-24T20:40:00.000Z' }],
      columns: [
        { header: 'When (IST)', width: 16, value: () => '25 Nov 2026 02:10' },
        { header: 'At (ISO 8601)', width: 24, formats: ['csv', 'xlsx'], value: (r) => r.at },
      ],
    };
    expect((await renderTable(model, 'csv', AT)).toString('utf8')).toContain('At (ISO 8601)');
    const { layout } = await renderPdfWithLayout(model, AT);
    expect(layout.boxes.some((b) => b.text?.includes('ISO'))).toBe(false);
  });
});
