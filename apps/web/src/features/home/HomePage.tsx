import { apiPaths, categoryRoutes } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiGet } from '../../api/client.ts';
import { categoriesWithVendors, useGameVendors } from '../../api/queries.ts';
import { useQuery } from '../../api/use-query.ts';
import { useCategoryOpen } from '../../app/shell/use-category-open.ts';
import { categoryIcons } from '../../ui/category-icons.tsx';
import { Img } from '../../ui/Img.tsx';
import './home.css';

const skeletonTiles = ['s1', 's2', 's3', 's4', 's5', 's6'];

/** Home: the game categories that have vendors, and the latest promotions. */
export function HomePage() {
  const { t } = useTranslation();
  const vendors = useGameVendors();
  const groups = categoriesWithVendors(vendors.data ?? []);
  const categoryOpen = useCategoryOpen();
  const promotions = useQuery('promotions:all', () => apiGet(apiPaths.promotions));
  const featured = (promotions.data ?? []).slice(0, 3);

  return (
    <div className="page home" data-testid="page-home">
      <h1 className="sr-only">{t('home.title')}</h1>
      <section className="section" aria-labelledby="home-games">
        <h2 id="home-games" className="section__title">
          {t('home.games')}
        </h2>
        <ul className="category-grid">
          {vendors.loading && !vendors.data
            ? skeletonTiles.map((key) => <li key={key} className="category-tile skeleton" aria-hidden="true" />)
            : groups.map(({ category, vendors: list }) => {
                const Icon = categoryIcons[category];
                return (
                  <li key={category}>
                    <Link
                      to={categoryRoutes[category]}
                      className={`category-tile category-tile--${category.toLowerCase()}`}
                      data-category={category}
                      aria-busy={categoryOpen.busy === category || undefined}
                      onClick={categoryOpen.click(category)}
                    >
                      <span className="category-tile__icon">
                        <Icon size={28} />
                      </span>
                      <span className="category-tile__name">{t(`category.${category}`)}</span>
                      <span className="category-tile__meta">{t('home.providers', { count: list.length })}</span>
                    </Link>
                  </li>
                );
              })}
        </ul>
      </section>
      {featured.length > 0 ? (
        <section className="section" aria-labelledby="home-promos">
          <div className="section__head">
            <h2 id="home-promos" className="section__title">
              {t('home.promotions')}
            </h2>
            <Link to="/promotions" className="section__more">
              {t('common.seeAll')}
            </Link>
          </div>
          <ul className="promo-row">
            {featured.map((promo) => (
              <li key={promo.id}>
                <Link to={`/promoDetail?id=${promo.id}`} className="promo-mini">
                  <Img src={promo.imageUrl} alt="" width={800} height={400} />
                  <span className="promo-mini__title">{promo.title}</span>
                  <span className="promo-mini__summary">{promo.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
