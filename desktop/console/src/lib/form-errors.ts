import type { z } from 'zod';
import { isLocale, renderMessageIn, zodIssueText } from '../../../../shared/i18n/index.ts';
import { i18n } from '../i18n/i18n.ts';
import { ApiError } from './api.ts';

/** Form errors keyed by dot path (`admin.email`), from a zod parse of the payload a form would send. */
export function zodFormErrors(schema: z.ZodType, payload: unknown): Record<string, string> {
  const result = schema.safeParse(payload);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  const locale = isLocale(i18n.language) ? i18n.language : 'en-IN';
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    const key = path || '_form';
    if (key in errors) continue;
    // In the reader's language where the check has a sentence of its own; English stays zod's words.
    const text = zodIssueText(issue);
    errors[key] = locale !== 'en-IN' && text ? renderMessageIn(locale, text) : capitalize(issue.message);
  }
  return errors;
}

/**
 * Puts the field errors of a 400/409 answer on the form's fields (`body.email` → `email`).
 * Returns true when at least one error landed on a known field.
 */
export function applyServerErrors(
  error: unknown,
  setFieldError: (path: string, message: string) => void,
  knownFields: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const [path, message] of Object.entries(error.fieldErrors())) {
    const field = knownFields.find((f) => path === f || path.startsWith(`${f}.`));
    if (field) {
      setFieldError(field === path ? field : path, capitalize(message));
      placed = true;
    }
  }
  return placed;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** `''` and blanks become null: what the contracts expect for a cleared optional field. */
export function blankToNull(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const t = value.trim();
  return t === '' ? null : t;
}
