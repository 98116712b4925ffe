import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IsoDate } from '../../shared/common.ts';
import { CATALOGUES, LOCALES, keysOf, renderMessageIn, zodIssueText } from '../../shared/i18n/index.ts';

/**
 * Issue 21: zod's own checks read in the reader's language (problems on the server, form errors in
 * the console). Each check a contract makes maps to one `messages:field.*` sentence, every sentence
 * is reached by some check, and each renders in every language without a raw key or brace.
 */
const cases: [string, z.ZodType, unknown][] = [
  ['field.required', z.object({ a: z.string() }), {}],
  ['field.required', z.string().min(1), ''],
  ['field.invalidType', z.number(), 'x'],
  ['field.tooShort', z.string().min(3), 'ab'],
  ['field.tooLong', z.string().max(2), 'abc'],
  ['field.atLeast', z.number().min(1), 0],
  ['field.moreThan', z.number().gt(1), 1],
  ['field.atMost', z.number().max(1), 2],
  ['field.lessThan', z.number().lt(1), 1],
  ['field.tooFew', z.array(z.string()).min(1), []],
  ['field.tooMany', z.array(z.string()).max(1), ['a', 'b']],
  ['field.email', z.email(), 'nope'],
  ['field.date', z.iso.date(), '2026-02-30'],
  ['field.format', z.string().regex(/^\d+$/), 'x'],
  ['field.option', z.enum(['A', 'B']), 'C'],
  ['field.unknownFields', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }],
  ['field.multipleOf', z.number().multipleOf(5), 3],
  ['field.yearRange', IsoDate, '2300-01-01'],
];

describe('zod issues as catalogue messages', () => {
  it.each(cases)('%s', (id, schema, input) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    const texts = result.error!.issues.map(zodIssueText);
    expect(texts.map((t) => t?.id)).toContain(id);
    const text = texts.find((t) => t?.id === id)!;
    for (const locale of LOCALES) {
      const rendered = renderMessageIn(locale, text);
      expect(rendered).not.toMatch(/[{}]|^field\./);
      if (locale !== 'en-IN') expect(rendered).not.toBe(renderMessageIn('en-IN', text));
    }
  });

  it('every field sentence is reached by a check', () => {
    const ids = keysOf(CATALOGUES['en-IN'].messages).filter((k) => k.startsWith('field.'));
    expect(new Set(cases.map(([id]) => id))).toEqual(new Set(ids));
  });

  it('a check a contract words itself stays as written', () => {
    const r = z.string().refine(() => false, 'must be a Tuesday').safeParse('x');
    expect(zodIssueText(r.error!.issues[0]!)).toBeUndefined();
  });
});
