import { z } from 'zod';

/**
 * Characters no name, note or reason needs and that do harm where they are shown, exported or
 * printed: C0 and C1 controls (NUL cuts strings in C libraries and PDFs; a CR forges CSV rows),
 * DEL, and the bidirectional embedding/override (U+202A–U+202E) and isolate (U+2066–U+2069)
 * marks, which reorder what a reader sees ("Trojan Source"). Multi-line fields keep tab and line feed.
 * As JSON Schema patterns too (ECMA-262), so the description says what the server enforces.
 */
const SINGLE_LINE = /^[^\x00-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069]*$/;
const MULTI_LINE = /^[^\x00-\x08\x0B-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069]*$/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Free text typed by a person (names, titles, notes, reasons, descriptions, addresses): trimmed,
 * normalised to NFC (the same name typed on two keyboards is one name), and refused with a 400
 * naming the field when it holds a control or bidi override character or an unpaired surrogate.
 * `multiline` allows tab and line feed (notes, reasons, addresses). Chain `.min()`/`.max()` as on
 * `z.string()`: lengths count the normalised text.
 */
export function freeText(opts: { multiline?: boolean } = {}) {
  const multiline = opts.multiline === true;
  return z
    .string()
    .trim()
    .normalize('NFC')
    .regex(
      multiline ? MULTI_LINE : SINGLE_LINE,
      multiline
        ? 'must not contain control characters (other than tab and line feed) or bidirectional override characters'
        : 'must not contain control characters (tabs and line breaks included) or bidirectional override characters',
    )
    .refine((s) => !LONE_SURROGATE.test(s), 'must not contain unpaired surrogates (broken UTF-16)');
}
