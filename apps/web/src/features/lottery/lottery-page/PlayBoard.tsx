import type { DrawContext, PlayType } from '@platform/games/lottery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { decimal } from '../../../i18n/numbers.ts';
import { type Board, type Picks, prizeOf } from '../boards.ts';
import { playLabel } from '../format.ts';
import { BetBoard } from './BetBoard.tsx';

/** The shown game's play types, the chosen play's board of picks, and under it the stake (`children`). */
export function PlayBoard({
  boards,
  playType,
  onPlayType,
  play,
  board,
  picks,
  onPicks,
  onQuickPick,
  draw,
  locale,
  children,
}: {
  boards: readonly (readonly [string, Board])[];
  playType: string;
  onPlayType: (playType: string) => void;
  play: PlayType;
  board: Board;
  picks: Picks;
  onPicks: (next: Picks) => void;
  onQuickPick: () => void;
  draw: DrawContext;
  locale: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="card lottery__board">
      <fieldset className="playtypes" data-testid="play-types">
        <legend className="sr-only">{t('lottery.playTypes')}</legend>
        {boards.map(([id]) => (
          <button
            key={id}
            type="button"
            className={`chip-btn${id === playType ? ' is-active' : ''}`}
            aria-pressed={id === playType}
            onClick={() => onPlayType(id)}
            data-testid={`play-${id}`}
          >
            {playLabel(t, id)}
          </button>
        ))}
      </fieldset>
      <p className="playtype__about">
        <strong>{playLabel(t, playType)}</strong> <span className="market">{play.name}</span>
      </p>
      <BetBoard
        play={play}
        board={board}
        picks={picks}
        onPicks={onPicks}
        onQuickPick={onQuickPick}
        odds={(option) => `×${decimal(prizeOf(play, option), locale)}`}
        draw={draw}
      />
      {children}
    </section>
  );
}
