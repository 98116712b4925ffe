import enCommon from './en-IN/common.json' with { type: 'json' };
import enEmployeeApps from './en-IN/employee-apps.json' with { type: 'json' };
import enEmployeeSelf from './en-IN/employee-self.json' with { type: 'json' };
import enEmployee from './en-IN/employee.json' with { type: 'json' };
import enHrDocuments from './en-IN/hr-documents.json' with { type: 'json' };
import enHrInsights from './en-IN/hr-insights.json' with { type: 'json' };
import enHrIntegrations from './en-IN/hr-integrations.json' with { type: 'json' };
import enHrPeople from './en-IN/hr-people.json' with { type: 'json' };
import enHrSettings from './en-IN/hr-settings.json' with { type: 'json' };
import enHr from './en-IN/hr.json' with { type: 'json' };
import enLabels from './en-IN/labels.json' with { type: 'json' };
import enManager from './en-IN/manager.json' with { type: 'json' };
import enMessages from './en-IN/messages.json' with { type: 'json' };
import hiCommon from './hi-IN/common.json' with { type: 'json' };
import hiEmployeeApps from './hi-IN/employee-apps.json' with { type: 'json' };
import hiEmployeeSelf from './hi-IN/employee-self.json' with { type: 'json' };
import hiEmployee from './hi-IN/employee.json' with { type: 'json' };
import hiHrDocuments from './hi-IN/hr-documents.json' with { type: 'json' };
import hiHrInsights from './hi-IN/hr-insights.json' with { type: 'json' };
import hiHrIntegrations from './hi-IN/hr-integrations.json' with { type: 'json' };
import hiHrPeople from './hi-IN/hr-people.json' with { type: 'json' };
import hiHrSettings from './hi-IN/hr-settings.json' with { type: 'json' };
import hiHr from './hi-IN/hr.json' with { type: 'json' };
import hiLabels from './hi-IN/labels.json' with { type: 'json' };
import hiManager from './hi-IN/manager.json' with { type: 'json' };
import hiMessages from './hi-IN/messages.json' with { type: 'json' };
import knCommon from './kn-IN/common.json' with { type: 'json' };
import knEmployeeApps from './kn-IN/employee-apps.json' with { type: 'json' };
import knEmployeeSelf from './kn-IN/employee-self.json' with { type: 'json' };
import knEmployee from './kn-IN/employee.json' with { type: 'json' };
import knHrDocuments from './kn-IN/hr-documents.json' with { type: 'json' };
import knHrInsights from './kn-IN/hr-insights.json' with { type: 'json' };
import knHrIntegrations from './kn-IN/hr-integrations.json' with { type: 'json' };
import knHrPeople from './kn-IN/hr-people.json' with { type: 'json' };
import knHrSettings from './kn-IN/hr-settings.json' with { type: 'json' };
import knHr from './kn-IN/hr.json' with { type: 'json' };
import knLabels from './kn-IN/labels.json' with { type: 'json' };
import knManager from './kn-IN/manager.json' with { type: 'json' };
import knMessages from './kn-IN/messages.json' with { type: 'json' };
import mrCommon from './mr-IN/common.json' with { type: 'json' };
import mrEmployeeApps from './mr-IN/employee-apps.json' with { type: 'json' };
import mrEmployeeSelf from './mr-IN/employee-self.json' with { type: 'json' };
import mrEmployee from './mr-IN/employee.json' with { type: 'json' };
import mrHrDocuments from './mr-IN/hr-documents.json' with { type: 'json' };
import mrHrInsights from './mr-IN/hr-insights.json' with { type: 'json' };
import mrHrIntegrations from './mr-IN/hr-integrations.json' with { type: 'json' };
import mrHrPeople from './mr-IN/hr-people.json' with { type: 'json' };
import mrHrSettings from './mr-IN/hr-settings.json' with { type: 'json' };
import mrHr from './mr-IN/hr.json' with { type: 'json' };
import mrLabels from './mr-IN/labels.json' with { type: 'json' };
import mrManager from './mr-IN/manager.json' with { type: 'json' };
import mrMessages from './mr-IN/messages.json' with { type: 'json' };
import taCommon from './ta-IN/common.json' with { type: 'json' };
import taEmployeeApps from './ta-IN/employee-apps.json' with { type: 'json' };
import taEmployeeSelf from './ta-IN/employee-self.json' with { type: 'json' };
import taEmployee from './ta-IN/employee.json' with { type: 'json' };
import taHrDocuments from './ta-IN/hr-documents.json' with { type: 'json' };
import taHrInsights from './ta-IN/hr-insights.json' with { type: 'json' };
import taHrIntegrations from './ta-IN/hr-integrations.json' with { type: 'json' };
import taHrPeople from './ta-IN/hr-people.json' with { type: 'json' };
import taHrSettings from './ta-IN/hr-settings.json' with { type: 'json' };
import taHr from './ta-IN/hr.json' with { type: 'json' };
import taLabels from './ta-IN/labels.json' with { type: 'json' };
import taManager from './ta-IN/manager.json' with { type: 'json' };
import taMessages from './ta-IN/messages.json' with { type: 'json' };
import type { Locale } from './locales.ts';

/**
 * The message catalogues, JSON files per language and namespace under `shared/i18n/<lang>/` (the
 * `employee` and `hr` namespaces in several files, one per area of screens: see `parts`).
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

/**
 * A namespace kept in several files (`hr.json`, `hr-people.json`, …): each file owns its top-level
 * keys, so screens are translated file by file without two people editing one catalogue. A key
 * defined in two files is a mistake the catalogues refuse when they load.
 */
function parts(...files: Catalogue[]): Catalogue {
  const joined: Record<string, string | Catalogue> = {};
  for (const file of files) {
    for (const [key, value] of Object.entries(file)) {
      if (key in joined) throw new Error(`Catalogue key "${key}" is defined in two files of one namespace`);
      joined[key] = value;
    }
  }
  return joined;
}

export const CATALOGUES: Readonly<Record<Locale, Readonly<Record<Namespace, Catalogue>>>> = {
  'en-IN': { common: enCommon, employee: parts(enEmployee, enEmployeeSelf, enEmployeeApps), manager: enManager, labels: enLabels, messages: enMessages, hr: parts(enHr, enHrPeople, enHrSettings, enHrIntegrations, enHrInsights, enHrDocuments) },
  'hi-IN': { common: hiCommon, employee: parts(hiEmployee, hiEmployeeSelf, hiEmployeeApps), manager: hiManager, labels: hiLabels, messages: hiMessages, hr: parts(hiHr, hiHrPeople, hiHrSettings, hiHrIntegrations, hiHrInsights, hiHrDocuments) },
  'mr-IN': { common: mrCommon, employee: parts(mrEmployee, mrEmployeeSelf, mrEmployeeApps), manager: mrManager, labels: mrLabels, messages: mrMessages, hr: parts(mrHr, mrHrPeople, mrHrSettings, mrHrIntegrations, mrHrInsights, mrHrDocuments) },
  'kn-IN': { common: knCommon, employee: parts(knEmployee, knEmployeeSelf, knEmployeeApps), manager: knManager, labels: knLabels, messages: knMessages, hr: parts(knHr, knHrPeople, knHrSettings, knHrIntegrations, knHrInsights, knHrDocuments) },
  'ta-IN': { common: taCommon, employee: parts(taEmployee, taEmployeeSelf, taEmployeeApps), manager: taManager, labels: taLabels, messages: taMessages, hr: parts(taHr, taHrPeople, taHrSettings, taHrIntegrations, taHrInsights, taHrDocuments) },
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
