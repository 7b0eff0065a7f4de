import { toMinor } from '@platform/contract';
import { MINES_CELLS, type MinesResult, minesMultiplierBp } from '@platform/games/fair';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fixed } from '../../i18n/numbers.ts';
import { Button } from '../../ui/Button.tsx';
import { FairPanel, lastRoundVerifyHref } from './FairPanel.tsx';
import { playMines } from './play-api.ts';
import { firstStake, StakeField } from './StakeField.tsx';
import type { PlaySession } from './use-play.ts';

/** Mines: pick the cells to reveal in order, then play; the round cashes out after the last pick unless a mine is hit first. */
export function MinesGame({ session }: { session: PlaySession }) {
  const { t } = useTranslation();
  const [stake, setStake] = useState(() => firstStake(session.currency));
  const [mines, setMines] = useState(3);
  const [picks, setPicks] = useState<number[]>([]);
  const [played, setPlayed] = useState<{ stake: number; mines: number; picks: number[] } | null>(null);
  const result = played ? (session.last?.outcome as MinesResult | undefined) : undefined;
  const mineSet = new Set(result?.mineCells ?? []);
  const maxPicks = MINES_CELLS - mines;
  const multiplier = picks.length > 0 && picks.length <= maxPicks ? minesMultiplierBp(mines, picks.length) / 10_000 : null;

  const toggle = (cell: number) => {
    if (result) setPlayed(null);
    setPicks((p) => (p.includes(cell) ? p.filter((c) => c !== cell) : p.length < maxPicks ? [...p, cell] : p));
  };

  return (
    <div className="play-game mines" data-testid="mines-game">
      <div className="mines__grid">
        {Array.from({ length: MINES_CELLS }, (_, cell) => {
          const order = picks.indexOf(cell);
          const state = result
            ? result.hitMine === cell
              ? 'is-hit'
              : mineSet.has(cell)
                ? 'is-mine'
                : result.revealed.includes(cell)
                  ? 'is-safe'
                  : ''
            : order >= 0
              ? 'is-picked'
              : '';
          return (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions
              key={cell}
              type="button"
              className={`mines__cell ${state}`}
              onClick={() => toggle(cell)}
              aria-pressed={order >= 0}
              aria-label={t('play.cell', { n: cell + 1 })}
              data-testid="mines-cell"
            >
              {result ? (mineSet.has(cell) ? '✹' : result.revealed.includes(cell) ? '◆' : '') : order >= 0 ? order + 1 : ''}
            </button>
          );
        })}
      </div>
      <div className="play-controls">
        <label className="play-field">
          <span>{t('play.mines')}</span>
          <select
            value={mines}
            onChange={(e) => {
              const next = Number(e.target.value);
              setMines(next);
              setPicks((p) => p.slice(0, MINES_CELLS - next));
            }}
            data-testid="mines-count"
          >
            {Array.from({ length: 24 }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <div className="play-field">
          <span>{t('play.picks')}</span>
          <strong className="amount">
            {picks.length} {multiplier ? `· ${fixed(multiplier, 4)}×` : ''}
          </strong>
        </div>
        <StakeField value={stake} onChange={setStake} money={session.money} currency={session.currency} testId="mines-stake" />
        <Button
          variant="accent"
          size="lg"
          busy={session.busy}
          disabled={picks.length === 0}
          onClick={() =>
            void session
              .play(() => playMines(session.token, stake, mines, picks))
              .then((answer) => {
                if (answer) setPlayed({ stake: toMinor(stake, session.currency), mines, picks });
              })
          }
          data-testid="mines-play"
        >
          {t('play.play')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setPicks([]);
            setPlayed(null);
          }}
          disabled={picks.length === 0}
        >
          {t('play.clear')}
        </Button>
      </div>
      <div className="play-result" aria-live="polite" data-testid="mines-result">
        {result && session.last ? (
          result.hitMine !== null ? (
            <span>{t('play.hitMine')}</span>
          ) : (
            <strong className="play-result__win">{t('play.youWin', { amount: session.money(session.last.win) })}</strong>
          )
        ) : (
          <span>{t('play.minesHint')}</span>
        )}
      </div>
      <FairPanel
        session={session}
        verifyLink={lastRoundVerifyHref(session, 'mines', played ? { ...played, picks: played.picks.join(',') } : {})}
      />
    </div>
  );
}
