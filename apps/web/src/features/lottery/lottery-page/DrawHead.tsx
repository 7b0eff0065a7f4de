import type { LotteryGame } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { Countdown } from '../Countdown.tsx';
import { GameIcon } from '../GameIcon.tsx';
import { Balls } from '../Results.tsx';

/** The shown game's head: its issue taking bets, the countdown to its close, and the last result. */
export function DrawHead({ game }: { game: LotteryGame }) {
  const { t } = useTranslation();
  return (
    <section className="draw card" data-testid="draw-head" aria-label={t('lottery.currentDraw')}>
      <div className="draw__game">
        <GameIcon family={game.family} size={48} />
        <div>
          <h2 className="draw__name" data-testid="game-name">
            {game.name}
          </h2>
          <div className="draw__issue">
            {game.current ? (
              <>
                {t('lottery.issue')} <strong data-testid="current-issue">{game.current.issue}</strong>
              </>
            ) : (
              t('lottery.noIssue')
            )}
          </div>
        </div>
      </div>
      <div className="draw__clock">
        <span className="draw__clock-label">{t('lottery.closesIn')}</span>
        <Countdown game={game} testId="countdown" />
      </div>
      <div className="draw__last">
        <span className="draw__clock-label">
          {game.last ? t('lottery.lastResult', { issue: game.last.issue }) : t('lottery.noResults')}
        </span>
        {game.last?.status === 'cancelled' ? (
          <span className="badge">{t('lottery.cancelled')}</span>
        ) : game.last?.result ? (
          <Balls result={game.last.result} family={game.family} />
        ) : null}
      </div>
    </section>
  );
}
