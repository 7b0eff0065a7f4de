import type { Promotion } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Img } from '../../ui/Img.tsx';
import { categoryKey } from './promotions-api.ts';

export function PromoCard({ promo }: { promo: Promotion }) {
  const { t } = useTranslation();
  return (
    <article className="promo-card" data-promotion={promo.id}>
      <Img className="promo-card__img" src={promo.imageUrl} alt="" width={800} height={400} />
      <div className="promo-card__body">
        <span className="badge">{t(`promo.category.${categoryKey(promo.category)}`)}</span>
        <h2 className="promo-card__title">{promo.title}</h2>
        <p className="promo-card__summary">{promo.summary}</p>
        <Link to={`/promoDetail?id=${promo.id}`} className="btn btn--primary btn--sm promo-card__cta">
          {t('promo.details')}
          <span className="sr-only">: {promo.title}</span>
        </Link>
      </div>
    </article>
  );
}
