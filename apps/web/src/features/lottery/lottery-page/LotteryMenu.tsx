import type { LotteryGame } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconLottery, IconStar } from '../../../ui/icons.tsx';
import { boardsByFamily } from '../boards.ts';
import { Countdown } from '../Countdown.tsx';
import { GameIcon } from '../GameIcon.tsx';
import { useLotteryFavourites } from '../use-lottery-favourites.ts';
import { menuGames } from './menu-games.ts';

/** The lottery menu: each game with its countdown and favourite star, starred games first, and the link to all provinces. */
export function LotteryMenu({
  games,
  activeCode,
  wantedGame,
  onChoose,
}: {
  /** The lottery's games with a board here; undefined while they load. */
  games: readonly LotteryGame[] | undefined;
  activeCode: string | undefined;
  wantedGame: string | null;
  onChoose: (gameCode: string, playType: string) => void;
}) {
  const { t } = useTranslation();
  const favourites = useLotteryFavourites();
  const { menu, hiddenProvinces } = menuGames(games ?? [], favourites.has, wantedGame, Date.now());
  return (
    <nav className="lottery__menu card" aria-label={t('lottery.menu')} data-testid="lottery-menu">
      <h1 className="lottery__menu-title">
        <IconLottery size={20} /> {t('lottery.title')}
      </h1>
      {games === undefined ? (
        <div className="skeleton lottery__menu-skeleton" />
      ) : (
        <ul>
          {menu.map((g) => (
            <li key={g.code} className="lottery__menu-item" data-favourite={favourites.has(g.code) || undefined}>
              <button
                type="button"
                className={`lottery__game${g.code === activeCode ? ' is-active' : ''}`}
                aria-current={g.code === activeCode ? 'true' : undefined}
                onClick={() => onChoose(g.code, boardsByFamily[g.family]?.[0]?.[0] ?? '')}
                data-testid={`game-${g.code}`}
              >
                <GameIcon family={g.family} size={32} />
                <span className="lottery__game-name">{g.name}</span>
                <Countdown game={g} />
              </button>
              <button
                type="button"
                className={`icon-btn lottery__star${favourites.has(g.code) ? ' is-on' : ''}`}
                aria-pressed={favourites.has(g.code)}
                aria-label={
                  favourites.has(g.code) ? t('lotteryBoards.unfavourite', { game: g.name }) : t('lotteryBoards.favourite', { game: g.name })
                }
                onClick={() => favourites.toggle(g.code)}
                data-testid={`star-${g.code}`}
              >
                <IconStar size={16} fill={favourites.has(g.code) ? 'currentColor' : 'none'} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {hiddenProvinces ? (
        <Link className="lottery__menu-more" to="/vnlottery" data-testid="all-provinces">
          {t('lottery.allProvinces')}
        </Link>
      ) : null}
    </nav>
  );
}
