import { currencyOf, formatAmount, gameClassifies, toAmount } from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { bcp47, textLanguage } from '../../i18n/languages.ts';
import { Button } from '../../ui/Button.tsx';
import { IconSearch } from '../../ui/icons.tsx';
import type { PaginationLabels } from '../../ui/Pagination.tsx';
import type { GameFilters } from './catalog-api.ts';

export function usePagerLabels(): PaginationLabels {
  const { t } = useTranslation();
  return { nav: t('pager.nav'), previous: t('pager.previous'), next: t('pager.next'), page: (n) => t('pager.page', { n }) };
}

/** Smallest-stake choices of the filter: the first steps of the merchant's currency's stake ladder, in its units. */
const minBetsOf = (currency: string) => currencyOf(currency).stakes.slice(0, 5);
/** Fewest-lines choices of the filter. */
const minLines = [1, 10, 20, 25, 243];

/** Search by name and the lobby's filters (kind of game, smallest stake, lines). */
export function LobbyFilters({ value, onChange }: { value: GameFilters; onChange: (filters: GameFilters) => void }) {
  const { t, i18n } = useTranslation();
  const { merchant } = usePlatform();
  const locale = bcp47(textLanguage(i18n.language));
  const [name, setName] = useState(value.gameName ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...value, gameName: name.trim() || undefined });
  };
  const number = (text: string) => (text === '' ? undefined : Number(text));
  return (
    <form className="lobby-filters" onSubmit={submit} data-testid="lobby-filters">
      <label className="lobby-filters__search">
        <span className="sr-only">{t('lobby.search')}</span>
        <IconSearch size={18} />
        <input
          type="search"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={t('lobby.searchPlaceholder')}
          maxLength={64}
          data-testid="lobby-search"
        />
      </label>
      <Button type="submit" variant="outline" data-testid="lobby-search-submit">
        {t('lobby.search')}
      </Button>
      <label className="lobby-filters__select">
        <span>{t('lobby.classifyLabel')}</span>
        <select
          value={value.gameClassify ?? ''}
          onChange={(event) => onChange({ ...value, gameClassify: event.target.value || undefined })}
          data-testid="filter-classify"
        >
          <option value="">{t('lobby.any')}</option>
          {gameClassifies.map((c) => (
            <option key={c} value={c}>
              {t(`lobby.classify.${c}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="lobby-filters__select">
        <span>{t('lobby.minBet')}</span>
        <select
          value={value.minBet ?? ''}
          onChange={(event) => onChange({ ...value, minBet: number(event.target.value) })}
          data-testid="filter-min-bet"
        >
          <option value="">{t('lobby.any')}</option>
          {minBetsOf(merchant.currency).map((minor) => (
            <option key={minor} value={toAmount(minor, merchant.currency)}>
              {t('lobby.atLeast', { value: formatAmount(minor, merchant.currency, locale) })}
            </option>
          ))}
        </select>
      </label>
      <label className="lobby-filters__select">
        <span>{t('lobby.minLines')}</span>
        <select
          value={value.minLineNum ?? ''}
          onChange={(event) => onChange({ ...value, minLineNum: number(event.target.value) })}
          data-testid="filter-min-lines"
        >
          <option value="">{t('lobby.any')}</option>
          {minLines.map((n) => (
            <option key={n} value={n}>
              {t('lobby.atLeast', { value: n })}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
