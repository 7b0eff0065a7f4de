import { categoryRoutes, type GameCategory } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { categoriesWithVendors, useGameVendors } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { categoryIcons } from '../../ui/category-icons.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import './lobby.css';

/** The category whose lobby lives at this path. */
export function categoryOfPath(pathname: string): GameCategory {
  const path = pathname.toLowerCase();
  const found = (Object.entries(categoryRoutes) as [GameCategory, string][]).find(([, route]) => route === path);
  return found?.[0] ?? 'RNG';
}

/**
 * A game lobby: one tab per vendor of the category (the `page` query picks the tab, as the spec asks
 * of the RNG lobby); the grid says honestly that the vendor's games are not here yet.
 */
export function LobbyPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const category = categoryOfPath(pathname);
  const vendors = useGameVendors();
  const list = categoriesWithVendors(vendors.data ?? []).find((g) => g.category === category)?.vendors ?? [];
  const wanted = params.get('page');
  const selected = list.find((v) => v.vassalage.toLowerCase() === wanted?.toLowerCase()) ?? list[0];
  const Icon = categoryIcons[category];
  const idPrefix = `lobby-${category.toLowerCase()}`;

  return (
    <div className="page lobby" data-testid="page-lobby" data-category={category}>
      <header className="page__head">
        <span className="page__icon">
          <Icon size={26} />
        </span>
        <h1 className="page__title">{t(`category.${category}`)}</h1>
      </header>
      {vendors.error ? (
        <EmptyState
          title={errorText(t, vendors.error)}
          action={
            <Button variant="primary" onClick={vendors.reload}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !vendors.data ? (
        <Loader label={t('common.loading')} />
      ) : !selected ? (
        <EmptyState icon={<Icon size={36} />} title={t('lobby.noVendors')} />
      ) : (
        <>
          <Tabs
            items={list.map((v) => ({ id: v.vassalage, label: v.name }))}
            value={selected.vassalage}
            onChange={(id) => setParams({ page: id }, { replace: true, preventScrollReset: true })}
            label={t('lobby.providers')}
            idPrefix={idPrefix}
            className="lobby__tabs"
          />
          <div {...tabPanelProps(idPrefix, selected.vassalage)} className="lobby__panel" data-vendor={selected.vassalage}>
            <EmptyState
              icon={<Icon size={36} />}
              title={t('lobby.comingSoon')}
              text={t('lobby.comingSoonText', { vendor: selected.name })}
              action={
                <Link to="/promotions" className="btn btn--outline btn--md">
                  {t('lobby.toPromotions')}
                </Link>
              }
            />
          </div>
        </>
      )}
    </div>
  );
}
