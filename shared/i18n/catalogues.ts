import enCommon from './en-IN/common.json' with { type: 'json' };
import enEmployee from './en-IN/employee.json' with { type: 'json' };
import enHr from './en-IN/hr.json' with { type: 'json' };
import enLabels from './en-IN/labels.json' with { type: 'json' };
import enManager from './en-IN/manager.json' with { type: 'json' };
import enMessages from './en-IN/messages.json' with { type: 'json' };
import hiCommon from './hi-IN/common.json' with { type: 'json' };
import hiEmployee from './hi-IN/employee.json' with { type: 'json' };
import hiHr from './hi-IN/hr.json' with { type: 'json' };
import hiLabels from './hi-IN/labels.json' with { type: 'json' };
import hiManager from './hi-IN/manager.json' with { type: 'json' };
import hiMessages from './hi-IN/messages.json' with { type: 'json' };
import knCommon from './kn-IN/common.json' with { type: 'json' };
import knEmployee from './kn-IN/employee.json' with { type: 'json' };
import knHr from './kn-IN/hr.json' with { type: 'json' };
import knLabels from './kn-IN/labels.json' with { type: 'json' };
import knManager from './kn-IN/manager.json' with { type: 'json' };
import knMessages from './kn-IN/messages.json' with { type: 'json' };
import mrCommon from './mr-IN/common.json' with { type: 'json' };
import mrEmployee from './mr-IN/employee.json' with { type: 'json' };
import mrHr from './mr-IN/hr.json' with { type: 'json' };
import mrLabels from './mr-IN/labels.json' with { type: 'json' };
import mrManager from './mr-IN/manager.json' with { type: 'json' };
import mrMessages from './mr-IN/messages.json' with { type: 'json' };
import taCommon from './ta-IN/common.json' with { type: 'json' };
import taEmployee from './ta-IN/employee.json' with { type: 'json' };
import taHr from './ta-IN/hr.json' with { type: 'json' };
import taLabels from './ta-IN/labels.json' with { type: 'json' };
import taManager from './ta-IN/manager.json' with { type: 'json' };
import taMessages from './ta-IN/messages.json' with { type: 'json' };
import type { Locale } from './locales.ts';

/**
 * The message catalogues, one JSON file per language and namespace under `shared/i18n/<lang>/`.
 * Messages are ICU MessageFormat (plurals, selects, arguments): a sentence is one message with
 * its values as arguments, never translated pieces glued together.
 *
 * - `common`: the shell, navigation, sign-in, shared buttons and states.
 * - `employee`: the screens every employee uses (home, my attendance, check-in, regularizations,
 *   leave, notifications, profile).
 * - `manager`: approvals and the team's screens.
 * - `labels`: the words for the wire's enum values (`shared/labels.ts` reads its English from here).
 * - `messages`: notifications and e-mails (rendered by the server in the recipient's language).
 * - `hr`: HR and admin screens; English is complete, other languages may lack keys and fall back
 *   to English per string (shown marked `lang="en"`).
 */
export const NAMESPACES = ['common', 'employee', 'manager', 'labels', 'messages', 'hr'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Namespaces every shipped language must hold in full: what employees and managers read. */
export const COMPLETE_NAMESPACES: readonly Namespace[] = ['common', 'employee', 'manager', 'labels', 'messages'];

export type Catalogue = { [key: string]: string | Catalogue };

export const CATALOGUES: Readonly<Record<Locale, Readonly<Record<Namespace, Catalogue>>>> = {
  'en-IN': { common: enCommon, employee: enEmployee, manager: enManager, labels: enLabels, messages: enMessages, hr: enHr },
  'hi-IN': { common: hiCommon, employee: hiEmployee, manager: hiManager, labels: hiLabels, messages: hiMessages, hr: hiHr },
  'mr-IN': { common: mrCommon, employee: mrEmployee, manager: mrManager, labels: mrLabels, messages: mrMessages, hr: mrHr },
  'kn-IN': { common: knCommon, employee: knEmployee, manager: knManager, labels: knLabels, messages: knMessages, hr: knHr },
  'ta-IN': { common: taCommon, employee: taEmployee, manager: taManager, labels: taLabels, messages: taMessages, hr: taHr },
};

/** The English labels catalogue, typed: `shared/labels.ts` builds its maps from it. */
export const EN_LABELS = enLabels;

/** Every key of a catalogue as a dotted path (`leaveStatus.Approved`). */
export function keysOf(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keysOf(v, `${prefix}${k}.`)));
}

/** The message at a dotted path, or undefined where this language lacks it. */
export function messageAt(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}
