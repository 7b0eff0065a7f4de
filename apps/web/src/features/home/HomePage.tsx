import { apiPaths, catalogPaths, categoryRoutes, type Game } from '@platform/contract';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiGet, apiGetAt } from '../../api/client.ts';
import { categoriesWithVendors, useGameVendors } from '../../api/queries.ts';
import { useQuery } from '../../api/use-query.ts';
import { useCategoryOpen } from '../../app/shell/use-category-open.ts';
import { categoryIcons } from '../../ui/category-icons.tsx';
import { Img } from '../../ui/Img.tsx';
import { useLaunch } from '../lobby/use-launch.tsx';
import './home.css';

/** The draws and the big wins sit below the fold: their code (countdowns, balls) loads after the page. */
const HomeLive = lazy(() => import('./HomeLive.tsx'));

const skeletonTiles = ['s1', 's2', 's3', 's4', 's5', 's6'];

/**
 * True once the marked spot enters the viewport (and stays true): the draws and big
 * wins, with the lottery's ball and board code, load when the reader scrolls towards them, not with
 * the first screen.
 */
function useNear(mark: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = mark.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [mark, near]);
  return near;
}

/**
 * Home, as a casino home sells: the hot games with their art, the categories that can be played, the
 * lottery draws about to close with the last results, the recent big wins and the promotions.
 */
export function HomePage() {
  const { t } = useTranslation();
  const vendors = useGameVendors();
  const groups = categoriesWithVendors(vendors.data ?? []);
  const categoryOpen = useCategoryOpen();
  const hot = useQuery('home:hot', () => apiGetAt<{ list: Game[] }>(catalogPaths.hotGames));
  const hotGames = (hot.data?.list ?? []).filter((g) => g.launchable && g.available).slice(0, 12);
  const launch = useLaunch();
  const promotions = useQuery('promotions:all', () => apiGet(apiPaths.promotions));
  const featured = (promotions.data ?? []).slice(0, 3);
  const liveMark = useRef<HTMLDivElement>(null);
  const liveNear = useNear(liveMark);

  return (
    <div className="page home" data-testid="page-home">
      <h1 className="sr-only">{t('home.title')}</h1>
      {hotGames.length > 0 || hot.loading ? (
        <section className="section" aria-labelledby="home-hot">
          <h2 id="home-hot" className="section__title">
            {t('home.hotGames')}
          </h2>
          <ul className="hot-row" data-testid="home-hot">
            {hot.loading && !hot.data
              ? skeletonTiles.map((key) => <li key={key} className="hot-tile skeleton" aria-hidden="true" />)
              : hotGames.map((game, i) => (
                  <li key={game.nodeId}>
                    <button
                      type="button"
                      className="hot-tile"
                      data-game={game.gameCode}
                      aria-busy={launch.busyId === game.nodeId || undefined}
                      onClick={() => void launch.launch(game, 'GLS')}
                    >
                      <Img src={game.image} alt="" width={200} height={200} className="hot-tile__img" loading={i < 4 ? 'eager' : 'lazy'} />
                      <span className="hot-tile__name">{game.name}</span>
                    </button>
                  </li>
                ))}
          </ul>
        </section>
      ) : null}
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
      <div ref={liveMark} className="home__live-mark" aria-hidden="true" />
      {liveNear ? (
        <Suspense fallback={null}>
          <HomeLive
            lottery={groups.some((g) => g.category === 'LOTT' || g.category === 'ELOTT')}
            elott={groups.some((g) => g.category === 'ELOTT')}
          />
        </Suspense>
      ) : null}
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
                  <Img src={promo.imageUrl} alt="" width={800} height={400} loading="lazy" />
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
