import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { IconGift } from '../../ui/icons.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import { ActivitiesSection } from './ActivitiesSection.tsx';
import { PromoCard } from './PromoCard.tsx';
import { categoryKey, usePromotions } from './promotions-api.ts';
import './promotions.css';

/** The promotions list with one tab per category present (the `category` query keeps the tab in the URL). */
export function PromotionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const all = usePromotions(null);
  const categories = [...new Set((all.data ?? []).map((p) => p.category))];
  const wanted = params.get('category');
  const tab = wanted && categories.includes(wanted) ? wanted : 'all';
  const filtered = usePromotions(tab === 'all' ? null : tab);
  const list = filtered.data ?? (tab === 'all' ? [] : (all.data ?? []).filter((p) => p.category === tab));
  const error = all.error ?? filtered.error;

  return (
    <div className="page promotions" data-testid="page-promotions">
      <header className="page__head">
        <span className="page__icon">
          <IconGift size={26} />
        </span>
        <h1 className="page__title">{t('promo.title')}</h1>
      </header>
      <ActivitiesSection />
      {error ? (
        <EmptyState
          title={errorText(t, error)}
          action={
            <Button
              variant="primary"
              onClick={() => {
                all.reload();
                filtered.reload();
              }}
            >
              {t('common.retry')}
            </Button>
          }
        />
      ) : !all.data ? (
        <Loader label={t('common.loading')} />
      ) : (
        <>
          <Tabs
            items={[
              { id: 'all', label: t('promo.all') },
              ...categories.map((c) => ({ id: c, label: t(`promo.category.${categoryKey(c)}`) })),
            ]}
            value={tab}
            onChange={(id) => setParams(id === 'all' ? {} : { category: id }, { replace: true, preventScrollReset: true })}
            label={t('promo.categories')}
            idPrefix="promotions"
          />
          <div {...tabPanelProps('promotions', tab)} className="promotions__panel">
            {list.length === 0 ? (
              filtered.loading ? (
                <Loader label={t('common.loading')} />
              ) : (
                <EmptyState icon={<IconGift size={36} />} title={t('promo.empty')} />
              )
            ) : (
              <ul className="promo-grid">
                {list.map((promo) => (
                  <li key={promo.id}>
                    <PromoCard promo={promo} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </div>
  );
}
