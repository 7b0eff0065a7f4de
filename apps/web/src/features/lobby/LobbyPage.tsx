import { categoryRoutes, type Game, type GameCategory } from '@platform/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { categoriesWithVendors, useGameVendors } from '../../api/queries.ts';
import { type Feed, useFeed } from '../../api/use-feed.ts';
import { useLoginGate } from '../../app/shell/use-account.ts';
import type { LobbyState } from '../../app/shell/use-category-open.ts';
import { phoneQuery, useMedia } from '../../app/shell/use-media.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { categoryIcons } from '../../ui/category-icons.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import { useInfiniteScroll } from '../../ui/use-infinite-scroll.ts';
import { favouriteGames, type GameFilters, gameList, hotGames, recentGames } from './catalog-api.ts';
import { GameGrid } from './GameCard.tsx';
import { GameMaintenanceDialog } from './GameMaintenanceDialog.tsx';
import { LobbyFilters, usePagerLabels } from './LobbyParts.tsx';
import { useFavourites } from './use-favourites.ts';
import { useLaunch } from './use-launch.tsx';
import { type Loaded, useLoad } from './use-load.ts';
import { VendorGamesDialog } from './VendorGamesDialog.tsx';
import './lobby.css';

/** The category whose lobby lives at this path. */
export function categoryOfPath(pathname: string): GameCategory {
  const path = pathname.toLowerCase();
  const found = (Object.entries(categoryRoutes) as [GameCategory, string][]).find(([, route]) => route === path);
  return found?.[0] ?? 'RNG';
}

type View = 'games' | 'hot' | 'recent' | 'favourites';
const views: readonly View[] = ['games', 'hot', 'recent', 'favourites'];

/**
 * A game lobby: vendor tabs (the `page` query picks the tab), search and filters, the game grid 42 a
 * page with the spec's pagination, and the hot, recent and favourite lists. Recent games and
 * favourites pass the login gate; VASSALAGE cards open their vendor's games in a popup.
 */
export function LobbyPage() {
  const { t } = useTranslation();
  const { pathname, key: visit, state } = useLocation();
  const unavailable = (state as LobbyState | null)?.unavailable;
  const phone = useMedia(phoneQuery);
  const [params, setParams] = useSearchParams();
  const category = categoryOfPath(pathname);
  const vendors = useGameVendors();
  const gate = useLoginGate();
  const list = categoriesWithVendors(vendors.data ?? []).find((g) => g.category === category)?.vendors ?? [];
  const wanted = params.get('page');
  const selected = list.find((v) => v.vassalage.toLowerCase() === wanted?.toLowerCase()) ?? list[0];
  const Icon = categoryIcons[category];
  const idPrefix = `lobby-${category.toLowerCase()}`;

  const [view, setView] = useState<View>('games');
  const [pageNo, setPageNo] = useState(1);
  const [filters, setFilters] = useState<GameFilters>({});
  const [popup, setPopup] = useState<Game | null>(null);
  const favourites = useFavourites();
  const { launch, busyId, maintenance, closeMaintenance } = useLaunch();
  const labels = usePagerLabels();

  // A new category or vendor, or the menu entry clicked again, starts again at page 1 of all games.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the lobby, the vendor or the visit changes
  useEffect(() => {
    setPageNo(1);
    setView('games');
  }, [category, selected?.vassalage, visit]);

  const vendor = selected?.vassalage;
  const listKey = `games:${category}:${vendor}:${JSON.stringify(filters)}`;
  const games = useLoad(view === 'games' && vendor && !phone ? `${listKey}:${pageNo}` : null, () =>
    gameList(category, vendor, pageNo, filters),
  );
  // On phones the grid grows as the reader scrolls (infinite scroll) instead of showing pages.
  const feed = useFeed(view === 'games' && vendor && phone ? listKey : null, async (page) => {
    const answer = await gameList(category, vendor, page, filters);
    return { items: answer.games, totalPages: answer.totalPages };
  });
  const sentinel = useInfiniteScroll<HTMLDivElement>(feed.more, feed.hasMore && !feed.loading);
  const hot = useLoad(view === 'hot' ? `hot:${category}` : null, () => hotGames(category));
  const recent = useLoad(view === 'recent' ? `recent:${pageNo}` : null, () => recentGames(pageNo));
  const favs = useLoad(view === 'favourites' ? `fav:${category}:${pageNo}:${favourites.changes}` : null, () =>
    favouriteGames(category, pageNo),
  );

  const open = (game: Game) => {
    if (game.isGame === 'VASSALAGE') setPopup(game);
    else void launch(game, 'GLS');
  };
  const demo = (game: Game) => void launch(game, 'DEMO');
  const vendorNames = new Map((vendors.data ?? []).map((v) => [v.vassalage, v.name]));
  const grid = (items: readonly Game[], testId: string) => (
    <GameGrid
      vendorNames={vendorNames}
      games={items}
      favourites={favourites.ids}
      busyId={busyId}
      onOpen={open}
      onDemo={demo}
      onFavourite={favourites.toggle}
      testId={testId}
    />
  );
  const chooseView = (next: View) => {
    const go = () => {
      setView(next);
      setPageNo(1);
    };
    if (next === 'recent' || next === 'favourites') gate(go);
    else go();
  };

  return (
    <div className="page lobby" data-testid="page-lobby" data-category={category}>
      <header className="page__head">
        <span className="page__icon">
          <Icon size={26} />
        </span>
        <h1 className="page__title">{t(`category.${category}`)}</h1>
      </header>
      {unavailable === category ? (
        <p className="lobby__notice" role="status" data-testid="lobby-unavailable">
          {t('lobby.categoryUnavailable', { category: t(`category.${category}`) })}
        </p>
      ) : null}
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
          <fieldset className="lobby__views">
            <legend className="sr-only">{t('lobby.lists')}</legend>
            {views.map((v) => (
              <button
                key={v}
                type="button"
                className={`chip-btn${view === v ? ' is-active' : ''}`}
                aria-pressed={view === v}
                onClick={() => chooseView(v)}
                data-testid={`lobby-view-${v}`}
              >
                {t(`lobby.view.${v}`)}
              </button>
            ))}
          </fieldset>
          {view === 'games' ? (
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
                <LobbyFilters
                  value={filters}
                  onChange={(next) => {
                    setFilters(next);
                    setPageNo(1);
                  }}
                />
                {phone ? (
                  <FeedBody feed={feed} empty={t('lobby.noGames')} icon={<Icon size={36} />}>
                    {grid(feed.items, 'lobby-grid')}
                    <div ref={sentinel} className="lobby__sentinel" aria-hidden="true" data-testid="lobby-sentinel" />
                  </FeedBody>
                ) : (
                  <ListBody loaded={games} empty={t('lobby.noGames')} icon={<Icon size={36} />}>
                    {(answer) =>
                      answer.games.length > 0 ? (
                        <>
                          {grid(answer.games, 'lobby-grid')}
                          <Pagination page={pageNo} pageCount={answer.totalPages} onChange={setPageNo} labels={labels} />
                        </>
                      ) : null
                    }
                  </ListBody>
                )}
              </div>
            </>
          ) : view === 'hot' ? (
            <ListBody loaded={hot} empty={t('lobby.noHot')} icon={<Icon size={36} />}>
              {(answer) => (answer.list.length > 0 ? grid(answer.list, 'lobby-hot') : null)}
            </ListBody>
          ) : view === 'recent' ? (
            <ListBody loaded={recent} empty={t('lobby.noRecent')} icon={<Icon size={36} />}>
              {(answer) =>
                answer.list.length > 0 ? (
                  <>
                    {grid(answer.list, 'lobby-recent')}
                    <Pagination page={pageNo} pageCount={answer.totalPages} onChange={setPageNo} labels={labels} />
                  </>
                ) : null
              }
            </ListBody>
          ) : (
            <ListBody loaded={favs} empty={t('lobby.noFavourites')} icon={<Icon size={36} />}>
              {(answer) =>
                answer.content.length > 0 ? (
                  <>
                    {grid(answer.content, 'lobby-favourites')}
                    <Pagination page={pageNo} pageCount={answer.totalPages} onChange={setPageNo} labels={labels} />
                  </>
                ) : null
              }
            </ListBody>
          )}
        </>
      )}
      <VendorGamesDialog
        key={popup?.nodeId ?? 0}
        card={popup}
        onClose={() => setPopup(null)}
        onOpen={open}
        onDemo={demo}
        onFavourite={favourites.toggle}
        favourites={favourites.ids}
        busyId={busyId}
        vendorNames={vendorNames}
      />
      <GameMaintenanceDialog
        state={maintenance}
        onClose={closeMaintenance}
        onOpen={open}
        onDemo={demo}
        busyId={busyId}
        favourites={favourites.ids}
        onFavourite={favourites.toggle}
        vendorNames={vendorNames}
      />
    </div>
  );
}

/** An infinite list's first load, failure, empty state, and the loader under it while the next page comes. */
function FeedBody<T>({ feed, empty, icon, children }: { feed: Feed<T>; empty: string; icon: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  if (feed.error && feed.items.length === 0) {
    return (
      <EmptyState
        title={errorText(t, feed.error)}
        action={
          <Button variant="primary" onClick={feed.reload}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (feed.items.length === 0) return feed.loading ? <Loader label={t('common.loading')} /> : <EmptyState icon={icon} title={empty} />;
  return (
    <div className="lobby__list" aria-busy={feed.loading || undefined} data-testid="lobby-feed">
      {children}
      {feed.loading ? <Loader label={t('lobby.loadingMore')} /> : null}
      {feed.error ? (
        <Button variant="ghost" onClick={feed.more}>
          {t('common.retry')}
        </Button>
      ) : null}
      {!feed.hasMore && !feed.loading ? <p className="lobby__end muted">{t('lobby.allLoaded')}</p> : null}
    </div>
  );
}

/** A list's loading, failure and empty states around its content; `children` null means empty. */
function ListBody<T>({
  loaded,
  empty,
  icon,
  children,
}: {
  loaded: Loaded<T>;
  empty: string;
  icon: ReactNode;
  children: (answer: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (loaded.error && !loaded.data) {
    return (
      <EmptyState
        title={errorText(t, loaded.error)}
        action={
          <Button variant="primary" onClick={loaded.reload}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!loaded.data) return <Loader label={t('common.loading')} />;
  const body = children(loaded.data);
  return (
    <div className="lobby__list" aria-busy={loaded.loading || undefined}>
      {body ?? <EmptyState icon={icon} title={empty} />}
    </div>
  );
}
