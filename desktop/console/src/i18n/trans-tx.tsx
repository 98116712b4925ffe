import type { ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { type Namespace, hasOwnMessage } from '../../../../shared/i18n/index.ts';
import { i18n } from './i18n.ts';
import { useLocale } from './language.tsx';

/**
 * `useTx` for a sentence with marked-up words (`Tick <b>Allow LAN access</b> …`): the message is one
 * sentence with tags, `components` says what each tag becomes. Where the reader's language lacks it,
 * the English sentence is marked `lang="en"` as `useTx` marks plain ones.
 */
export function TransTx({ ns, k, values, components }: { ns: Namespace; k: string; values?: Record<string, unknown>; components: Record<string, ReactElement> }) {
  const { t } = useTranslation(ns);
  const locale = useLocale();
  const sentence = <Trans t={t} i18nKey={k} values={values} components={components} />;
  if (locale === 'en-IN' || hasOwnMessage(locale, ns, k)) return sentence;
  return (
    <span lang="en" data-english-fallback="" title={i18n.t('common:language.englishOnly')}>
      {sentence}
    </span>
  );
}
