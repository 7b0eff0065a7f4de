import { agentTypes } from '@platform/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bcp47, textLanguage } from '../../i18n/languages.ts';

/** Numbers, percentages and account types in the reader's language. */
export function useAgentLabels() {
  const { t, i18n } = useTranslation();
  const locale = bcp47(textLanguage(i18n.language));
  return useMemo(() => {
    const counts = new Intl.NumberFormat(locale);
    const percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    return {
      count: (n: number) => counts.format(n),
      /** Basis points as a percentage: 150 → 1.5 %. */
      percent: (bp: number) => percents.format(bp / 10_000),
      type: (isAgent: number) => (agentTypes.includes(isAgent) ? t('agent.types.agent') : t('agent.types.player')),
    };
  }, [locale, t]);
}
