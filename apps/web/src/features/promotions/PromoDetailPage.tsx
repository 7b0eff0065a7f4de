import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { DateText } from '../../ui/DateText.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Img } from '../../ui/Img.tsx';
import { IconChevronLeft, IconGift } from '../../ui/icons.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { SafeHtml } from '../../ui/SafeHtml.tsx';
import { useActivities } from './ActivitiesSection.tsx';
import { ActivityCard } from './ActivityCard.tsx';
import { categoryKey, usePromotion } from './promotions-api.ts';
import './promotions.css';

const maxId = 2_147_483_647;

/** The `id` query as a promotion id, or null when it cannot be one. */
export function promotionIdOf(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= maxId ? id : null;
}

/** One promotion with its sanitised terms; an unknown id says so. */
export function PromoDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const actions = useUiActions();
  const id = promotionIdOf(params.get('id'));
  const promo = usePromotion(id);
  const platform = usePlatform();
  const activities = useActivities();
  const notFound = id === null || (promo.error instanceof ApiError && (promo.error.status === 404 || promo.error.status === 400));

  const back = (
    <Link to="/promotions" className="back-link">
      <IconChevronLeft size={16} /> {t('promo.back')}
    </Link>
  );

  let body: ReactNode;
  if (notFound) {
    body = <EmptyState icon={<IconGift size={36} />} title={t('error.promotion_not_found')} action={back} />;
  } else if (promo.error) {
    body = (
      <EmptyState
        title={errorText(t, promo.error)}
        action={
          <Button variant="primary" onClick={promo.reload}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!promo.data) {
    body = <Loader label={t('common.loading')} />;
  } else {
    const p = promo.data;
    const linked = (activities.value ?? []).filter((a) => a.promotionId === p.id);
    body = (
      <article className="promo-detail" data-promotion={p.id}>
        {back}
        <Img className="promo-detail__img" src={p.imageUrl} alt="" width={800} height={400} loading="eager" />
        <div className="promo-detail__body">
          <span className="badge">{t(`promo.category.${categoryKey(p.category)}`)}</span>
          <h1 className="page__title">{p.title}</h1>
          <p className="page__lead">{p.summary}</p>
          <p className="promo-detail__period">
            <strong>{t('promo.period')}: </strong>
            {p.startsAt || p.endsAt ? (
              <>
                {p.startsAt ? <DateText value={p.startsAt} pattern="yyyy-MM-dd" /> : null} –{' '}
                {p.endsAt ? <DateText value={p.endsAt} pattern="yyyy-MM-dd" /> : null}
              </>
            ) : (
              t('promo.ongoing')
            )}
          </p>
          <SafeHtml html={p.content} className="promo-detail__content" />
          {/* A promotion that pays shows its terms and claim; a page that presents nothing to claim keeps the join button. */}
          {linked.length > 0 ? (
            <ul className="activities__grid activities__grid--one">
              {linked.map((a) => (
                <li key={a.id}>
                  <ActivityCard activity={a} currency={platform.merchant.currency} onChanged={activities.reload} heading="h2" />
                </li>
              ))}
            </ul>
          ) : (
            <Button variant="primary" size="lg" onClick={() => actions.openAuth('login')}>
              {t('promo.join')}
            </Button>
          )}
        </div>
      </article>
    );
  }

  return (
    <div className="page" data-testid="page-promo-detail">
      {body}
    </div>
  );
}
