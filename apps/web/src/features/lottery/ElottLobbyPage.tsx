import { catalogPaths, type Game, type GameList, type LotteryGame } from '@platform/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiGetAt } from '../../api/client.ts';
import { useFeed } from '../../api/use-feed.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { bcp47, textLanguage } from '../../i18n/languages.ts';
import { Button } from '../../ui/Button.tsx';
import { categoryIcons } from '../../ui/category-icons.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { IconStar } from '../../ui/icons.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { useInfiniteScroll } from '../../ui/use-infinite-scroll.ts';
import { Countdown } from './Countdown.tsx';
import { GameIcon } from './GameIcon.tsx';
import { openedNumbers, popularLottery } from './lottery-api.ts';
import { lotteryPagePath } from './lottery-path.ts';
import { Balls } from './Results.tsx';
import { useLiveGames, useLoad } from './use-live-games.ts';
import { useLotteryFavourites } from './use-lottery-favourites.ts';
import { WinnerBoard } from './WinnerBoard.tsx';
import './lottery.css';

/** The lobby's page size, as every game lobby. */
const pageSize = 42;

export { lotteryPagePath };

/**
 * The e-lottery lobby (/elott): the merchant's fast-draw games as cards with their current issue, the
 * countdown to its close and the last result, each opening the lottery page; beside them the popular
 * lottery, the numbers just opened and the winner board. Games come from the catalog (what the merchant
 * offers, 42 a page with infinite scroll), their draws from the lottery gateway.
 */
export function ElottLobbyPage() {
  const { t, i18n } = useTranslation();
  const platform = usePlatform();
  const locale = bcp47(textLanguage(i18n.language));
  const currency = platform.merchant.currency;
  const Icon = categoryIcons.ELOTT;

  const feed = useFeed(`elott:${i18n.language}`, async (pageNo) => {
    const answer = await apiGetAt<GameList>(catalogPaths.gameList, { query: { gameType: 'ELOTT', pageNo, pageSize } });
    return { items: answer.games, totalPages: answer.totalPages };
  });
  const sentinel = useInfiniteScroll<HTMLDivElement>(feed.more, feed.hasMore && !feed.loading);
  const games = useLiveGames();
  const byCode = useMemo(() => new Map((games.data ?? []).map((g) => [g.code, g])), [games.data]);
  const favourites = useLotteryFavourites();
  // Starred games first, then the catalog's order.
  const cards = [...feed.items.filter((g) => favourites.has(g.gameCode)), ...feed.items.filter((g) => !favourites.has(g.gameCode))];

  // Any new result or settlement: the boards beside the cards may have news.
  const resultsKey = (games.data ?? []).map((g) => `${g.last?.issue}|${g.last?.status}`).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `resultsKey` asks again
  const popular = useLoad(useMemo(() => () => popularLottery(20), [resultsKey]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `resultsKey` asks again
  const opened = useLoad(useMemo(() => () => openedNumbers(), [resultsKey]));

  return (
    <div className="page elott" data-testid="page-lobby" data-category="ELOTT">
      <header className="page__head">
        <span className="page__icon">
          <Icon size={26} />
        </span>
        <h1 className="page__title">{t('category.ELOTT')}</h1>
      </header>
      <p className="elott__intro muted">{t('lotteryBoards.elottIntro')}</p>
      <div className="elott__layout">
        <section aria-label={t('lotteryBoards.games')}>
          {feed.error && feed.items.length === 0 ? (
            <EmptyState
              title={t('lottery.loadFailed')}
              action={
                <Button variant="primary" onClick={feed.reload}>
                  {t('common.retry')}
                </Button>
              }
            />
          ) : feed.items.length === 0 ? (
            feed.loading ? (
              <Loader label={t('common.loading')} />
            ) : (
              <EmptyState icon={<Icon size={36} />} title={t('lotteryBoards.noElott')} />
            )
          ) : (
            <>
              <ul className="elott__grid" data-testid="elott-grid">
                {cards.map((card) => (
                  <ElottCard
                    key={card.nodeId}
                    card={card}
                    game={byCode.get(card.gameCode)}
                    favourite={favourites.has(card.gameCode)}
                    onFavourite={() => favourites.toggle(card.gameCode)}
                  />
                ))}
              </ul>
              <div ref={sentinel} className="lobby__sentinel" aria-hidden="true" />
              {feed.loading ? <Loader label={t('common.loading')} /> : null}
            </>
          )}
        </section>
        <aside className="elott__side">
          <section className="card elott__panel" aria-labelledby="elott-popular">
            <h2 id="elott-popular" className="elott__panel-title">
              {t('lotteryBoards.popular')}
            </h2>
            {popular.data ? (
              <ol className="popular" data-testid="popular-list">
                {popular.data.list.slice(0, 8).map((p) => (
                  <li key={p.code} data-testid="popular-item" data-game={p.code} data-bets={p.bets}>
                    <Link to={lotteryPagePath(p.code, p.family)} className="popular__link">
                      <GameIcon family={p.family} size={28} />
                      <span className="popular__name">{p.name}</span>
                      <span className="popular__count muted">{t('lotteryBoards.bets', { bets: p.bets, players: p.players })}</span>
                    </Link>
                  </li>
                ))}
              </ol>
            ) : (
              <div className="skeleton results__skeleton" />
            )}
          </section>
          <section className="card elott__panel" aria-labelledby="elott-opened">
            <h2 id="elott-opened" className="elott__panel-title">
              {t('lotteryBoards.opened')}
            </h2>
            {opened.data ? (
              opened.data.list.length === 0 ? (
                <p className="muted">{t('lottery.noResults')}</p>
              ) : (
                <ul className="opened" data-testid="opened-list">
                  {opened.data.list.slice(0, 6).map((o) => (
                    <li key={o.code} data-game={o.code}>
                      <div className="opened__head">
                        <strong>{o.name}</strong> <span className="muted">{o.issue}</span>
                      </div>
                      <Balls result={o.result} family={o.family} />
                    </li>
                  ))}
                </ul>
              )
            ) : (
              <div className="skeleton results__skeleton" />
            )}
          </section>
          <section className="card elott__panel" aria-labelledby="elott-winners">
            <h2 id="elott-winners" className="elott__panel-title">
              {t('lotteryBoards.winners')}
            </h2>
            <WinnerBoard refreshKey={resultsKey} currency={currency} locale={locale} count={10} compact />
          </section>
        </aside>
      </div>
    </div>
  );
}

/** One e-lottery game: its draw now taking bets and its last result; it opens the lottery page. */
function ElottCard({
  card,
  game,
  favourite,
  onFavourite,
}: {
  card: Game;
  game: LotteryGame | undefined;
  favourite: boolean;
  onFavourite: () => void;
}) {
  const { t } = useTranslation();
  const state = !card.available ? 'maintenance' : !card.launchable || !game ? 'contract' : 'ready';
  const body = (
    <>
      <div className="elott-card__top">
        <GameIcon family={game?.family ?? 'SSC'} size={48} />
        <div>
          <span className="elott-card__name">{card.name}</span>
          {game?.intervalSeconds ? (
            <span className="elott-card__every muted">{t('lotteryBoards.every', { minutes: Math.round(game.intervalSeconds / 60) })}</span>
          ) : null}
        </div>
      </div>
      {state === 'ready' && game ? (
        <>
          <div className="elott-card__draw">
            <span className="muted">
              {t('lottery.issue')} <strong data-testid="elott-issue">{game.current?.issue ?? '–'}</strong>
            </span>
            <span className="elott-card__clock">
              <span className="muted">{t('lottery.closesIn')}</span> <Countdown game={game} testId="elott-countdown" />
            </span>
          </div>
          <div className="elott-card__last">
            {game.last?.result ? (
              <Balls result={game.last.result} family={game.family} />
            ) : (
              <span className="muted">{t('lottery.noResults')}</span>
            )}
          </div>
        </>
      ) : (
        <span className="elott-card__state" data-testid="game-state">
          {state === 'maintenance' ? t('lobby.maintenance') : t('lobby.needsContract')}
        </span>
      )}
    </>
  );
  return (
    <li className={`card elott-card is-${state}`} data-testid="elott-card" data-game={card.gameCode}>
      {state === 'ready' && game ? (
        <Link to={lotteryPagePath(game.code, game.family)} className="elott-card__open" data-testid="elott-open">
          {body}
        </Link>
      ) : (
        <div className="elott-card__open" aria-disabled="true">
          {body}
        </div>
      )}
      <button
        type="button"
        className={`icon-btn lottery__star elott-card__star${favourite ? ' is-on' : ''}`}
        aria-pressed={favourite}
        aria-label={favourite ? t('lotteryBoards.unfavourite', { game: card.name }) : t('lotteryBoards.favourite', { game: card.name })}
        onClick={onFavourite}
        data-testid={`star-${card.gameCode}`}
      >
        <IconStar size={18} fill={favourite ? 'currentColor' : 'none'} />
      </button>
    </li>
  );
}
