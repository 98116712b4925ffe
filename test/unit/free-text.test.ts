import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freeText } from '../../shared/free-text.ts';

const line = z.object({ name: freeText().min(1, 'is required').max(10) });
const notes = z.object({ notes: freeText({ multiline: true }).max(200) });

function refusal(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('freeText', () => {
  it('trims and normalises to NFC, counting lengths after that', () => {
    const decomposed = 'Ame\u0301lie'; // e + combining acute
    const parsed = line.parse({ name: `  ${decomposed}  ` });
    expect(parsed.name).toBe('Amélie');
    expect(parsed.name).toBe(parsed.name.normalize('NFC'));
    expect(parsed.name.length).toBe(6);
    expect(line.safeParse({ name: '   ' }).success).toBe(false);
    expect(line.parse({ name: 'Ṡrī Dévī' }).name).toBe('Ṡrī Dévī');
    expect(line.parse({ name: 'सुनीता' }).name).toBe('सुनीता'.normalize('NFC'));
  });

  it.each([
    ['NUL', 'Ravi\u0000Kumar'],
    ['a bell', 'Ravi\u0007'],
    ['a tab', 'Ravi\tKumar'],
    ['a line feed', 'Ravi\nKumar'],
    ['a carriage return', 'Ravi\rKumar'],
    ['DEL', 'Ravi\u007F'],
    ['a C1 control', 'Ravi\u0085Kumar'],
    ['a right-to-left override', 'ab\u202Egnp'],
    ['a left-to-right embedding', '\u202AName'],
    ['a pop directional formatting', 'Na\u202Cme'],
    ['a first strong isolate', 'Na\u2068me'],
    ['a pop directional isolate', 'Name\u2069'],
  ])('refuses %s in a single-line field, naming the field', (_what, value) => {
    const issues = refusal(line, { name: value });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^name: must not contain control characters/);
  });

  it.each([
    ['a lone high surrogate', 'Ravi\uD83D'],
    ['a lone low surrogate', '\uDE00Ravi'],
    ['two high surrogates', '\uD83D\uD83D'],
  ])('refuses %s', (_what, value) => {
    expect(refusal(line, { name: value })).toEqual(['name: must not contain unpaired surrogates (broken UTF-16)']);
  });

  it('keeps paired surrogates (emoji, supplementary CJK)', () => {
    expect(line.parse({ name: 'Ravi 😀' }).name).toBe('Ravi 😀');
    expect(line.parse({ name: '𠀀𠀁' }).name).toBe('𠀀𠀁');
  });

  it('lets multi-line fields hold tabs and line feeds, and nothing else of the kind', () => {
    expect(notes.parse({ notes: 'Line one\n\tLine two\n' }).notes).toBe('Line one\n\tLine two');
    expect(refusal(notes, { notes: 'one\r\ntwo' })[0]).toMatch(/^notes: must not contain control characters \(other than tab and line feed\)/);
    expect(refusal(notes, { notes: 'one\u0000two' })).toHaveLength(1);
    expect(refusal(notes, { notes: 'one\u2066two' })).toHaveLength(1);
    expect(refusal(notes, { notes: 'one\uDC00' })).toHaveLength(1);
  });

  it('is described by a pattern that says the same as the check', () => {
    const json = z.toJSONSchema(line, { io: 'input' }) as unknown as { properties: { name: { pattern: string } } };
    const pattern = new RegExp(json.properties.name.pattern);
    for (const ok of ['Ravi Kumar', 'Amélie', 'सुनीता']) expect(pattern.test(ok)).toBe(true);
    for (const bad of ['a\u0000', 'a\tb', 'a\u202Eb', 'a\u0085', 'a\u2069']) expect(pattern.test(bad)).toBe(false);
  });
});
