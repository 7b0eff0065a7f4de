import type { LotteryGame } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { clockText, secondsUntil, useNow } from './format.ts';

/** The countdown of one game in the menu and the header: to close, then "drawing" until the next issue shows. */
export function Countdown({ game, testId }: { game: LotteryGame; testId?: string }) {
  const { t } = useTranslation();
  const now = useNow();
  if (!game.current) return <span className="countdown muted">{t('lottery.noIssue')}</span>;
  const left = secondsUntil(game.current.closesAt, now);
  return (
    <span className={`countdown${left === 0 ? ' is-closed' : left <= 10 ? ' is-soon' : ''}`} data-testid={testId} role="timer">
      {left === 0 ? t('lottery.drawing') : clockText(left)}
    </span>
  );
}
