import type { Namespace } from './catalogues.ts';
import { formatDateIn } from './format.ts';
import type { Locale } from './locales.ts';
import { translatorFor } from './translate.ts';

/**
 * A sentence the server tells someone (a notification, an e-mail) as a catalogue message with
 * its values, rendered in each recipient's language when written (in-app) or sent (e-mail).
 * Values that read differently per language are typed: a day, a span of days, a count of days,
 * a leave type (the glossary's word for a standard code, the organisation's name otherwise).
 */
export type MessageValue =
  | string
  | number
  | { date: string }
  | { span: { from: string; to: string } }
  | { days: number }
  | { leaveType: { code: string; name: string } }
  /** An enum's label from the `labels` namespace (`regularizationKind.MissingPunchOut`). */
  | { label: string }
  /** Sentences of their own, rendered in the same language and joined ("a; b"): a refusal's reasons. */
  | { list: readonly Message[] };

export interface Message {
  /** A key of the `messages` namespace (`leave.approved`), or of the namespace `renderMessageOf` is given. */
  id: string;
  values?: Record<string, MessageValue>;
}

function valueIn(locale: Locale, value: MessageValue): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  const t = translatorFor(locale);
  if ('date' in value) return formatDateIn(locale, value.date);
  if ('span' in value) {
    const { from, to } = value.span;
    return from === to ? formatDateIn(locale, from) : t('employee:leave.span.range', { from: formatDateIn(locale, from), to: formatDateIn(locale, to) });
  }
  if ('days' in value) return t('common:units.days', { count: value.days });
  if ('label' in value) return t(`labels:${value.label}`);
  if ('list' in value) return value.list.map((m) => renderMessageIn(locale, m)).join('; ');
  const { code, name } = value.leaveType;
  return locale === 'en-IN' ? name : t(`labels:leaveType.${code}`, { defaultValue: name });
}

/** The message in a language (English where that language lacks it). */
export function renderMessageIn(locale: Locale, message: Message): string {
  return renderMessageOf(locale, 'messages', message);
}

/**
 * A sentence of another namespace with the same typed values: what the server writes for HR
 * screens (`hr:policyLog.…`, `hr:punchImport.…`), whose languages may lack a key (English then).
 */
export function renderMessageOf(locale: Locale, namespace: Namespace, message: Message): string {
  const values = Object.fromEntries(Object.entries(message.values ?? {}).map(([k, v]) => [k, valueIn(locale, v)]));
  return translatorFor(locale)(`${namespace}:${message.id}`, values);
}
