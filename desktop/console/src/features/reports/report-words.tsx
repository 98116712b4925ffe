import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILT_IN_REPORTS, type ReportDefinition } from '../../../../../shared/reports.ts';
import { useLocale, useTx } from '../../i18n/language.tsx';

const KEY_OF = new Map<string, string>(Object.entries(BUILT_IN_REPORTS).map(([key, id]) => [id, key]));

interface Words {
  /** For attributes and plain strings (an aria-label, a default name). */
  text: string;
  /** On screen: English marked `lang="en"` where the reader's language lacks it. */
  node: ReactNode;
}

/**
 * A report's name and description in the reader's language. The server's catalogue names its reports
 * in English; a built-in report's words are `hr:exports.report.<report>.name` (the title its exports
 * carry too) and `hr:reportWords.description.<report>`, taken only while their English is the
 * server's, so a report renamed on the server shows its new English (marked) rather than a stale
 * translation. A saved report keeps the name its owner gave it.
 */
export function useReportWords(): { name: (r: Pick<ReportDefinition, 'id' | 'name' | 'saved'>) => Words; description: (r: Pick<ReportDefinition, 'id' | 'description' | 'saved'>) => Words } {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const locale = useLocale();
  const pick = (key: string | null, english: string): Words => {
    if (key === null || t(key, { lng: 'en-IN' }) !== english) {
      return { text: english, node: locale === 'en-IN' ? english : <span lang="en" data-english-fallback="">{english}</span> };
    }
    return { text: t(key), node: tx(key) };
  };
  return {
    name: (r) => {
      if (r.saved) return { text: r.name, node: r.name };
      const key = KEY_OF.get(r.id);
      return pick(key ? `exports.report.${key}.name` : null, r.name);
    },
    description: (r) => {
      const key = KEY_OF.get(r.saved?.baseReportId ?? r.id);
      return pick(key ? `reportWords.description.${key}` : null, r.description);
    },
  };
}
