import type { Game } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { Img } from '../../ui/Img.tsx';
import { IconHeart } from '../../ui/icons.tsx';

/** Where a card stands: playable, in maintenance, or waiting for the vendor's contract. */
export function gameState(game: Game): 'ready' | 'maintenance' | 'contract' {
  if (!game.available) return 'maintenance';
  if (!game.launchable) return 'contract';
  return 'ready';
}

/**
 * A game tile: its artwork, name and vendor, a favourite toggle, and a demo button for games that can
 * launch. Games whose vendor has no contract yet are shown as such and do not open.
 */
export function GameCard({
  game,
  favourite,
  busy,
  onOpen,
  onDemo,
  onFavourite,
  vendorName,
}: {
  game: Game;
  /** The vendor's name as the merchant lists it (its code until the vendor list has loaded). */
  vendorName?: string;
  favourite: boolean;
  busy: boolean;
  onOpen: (game: Game) => void;
  onDemo: (game: Game) => void;
  onFavourite: (game: Game) => void;
}) {
  const { t } = useTranslation();
  const state = gameState(game);
  const popup = game.isGame === 'VASSALAGE';
  return (
    <li className={`game-card is-${state}`} data-testid="game-card" data-game={game.gameCode} data-vendor={game.vendor}>
      <button
        type="button"
        className="game-card__open"
        onClick={() => onOpen(game)}
        disabled={(state === 'contract' && !popup) || busy}
        aria-busy={busy || undefined}
        data-testid="game-open"
      >
        <Img src={game.image} alt="" width={200} height={200} className="game-card__img" />
        <span className="game-card__name">{game.name}</span>
        <span className="game-card__vendor">{vendorName ?? game.vendor}</span>
        {game.isHot === 1 ? <span className="game-card__hot">{t('lobby.hot')}</span> : null}
        {popup ? (
          <span className="game-card__state is-info">{t('lobby.seeGames')}</span>
        ) : state === 'contract' ? (
          <span className="game-card__state" data-testid="game-state">
            {t('lobby.needsContract')}
          </span>
        ) : state === 'maintenance' ? (
          <span className="game-card__state" data-testid="game-state">
            {t('lobby.maintenance')}
          </span>
        ) : null}
        {busy ? <span className="spinner game-card__spinner" aria-hidden="true" /> : null}
      </button>
      <button
        type="button"
        className={`icon-btn game-card__fav${favourite ? ' is-on' : ''}`}
        aria-pressed={favourite}
        aria-label={favourite ? t('lobby.unfavourite', { game: game.name }) : t('lobby.favourite', { game: game.name })}
        onClick={() => onFavourite(game)}
        data-testid="game-fav"
      >
        <IconHeart size={18} fill={favourite ? 'currentColor' : 'none'} />
      </button>
      {state === 'ready' && !popup ? (
        <button type="button" className="game-card__demo" onClick={() => onDemo(game)} disabled={busy} data-testid="game-demo">
          {t('lobby.demo')}
        </button>
      ) : null}
    </li>
  );
}

/** A grid of game cards. */
export function GameGrid({
  games,
  favourites,
  busyId,
  onOpen,
  onDemo,
  onFavourite,
  testId,
  vendorNames,
}: {
  games: readonly Game[];
  vendorNames?: ReadonlyMap<string, string>;
  favourites: ReadonlySet<number>;
  busyId: number | null;
  onOpen: (game: Game) => void;
  onDemo: (game: Game) => void;
  onFavourite: (game: Game) => void;
  testId?: string;
}) {
  return (
    <ul className="game-grid" data-testid={testId}>
      {games.map((game) => (
        <GameCard
          key={game.nodeId}
          game={game}
          favourite={favourites.has(game.nodeId)}
          vendorName={vendorNames?.get(game.vendor)}
          busy={busyId === game.nodeId}
          onOpen={onOpen}
          onDemo={onDemo}
          onFavourite={onFavourite}
        />
      ))}
    </ul>
  );
}
