import type { Winner } from '@platform/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../ui/format-date.ts';
import { formatMajor } from '../../ui/format-money.ts';
import { playLabel } from './format.ts';
import { winnerBoard } from './lottery-api.ts';

/** The winner board: the merchant's latest winning tickets, accounts masked; read again when `refreshKey` changes. */
export function WinnerBoard({
  refreshKey,
  currency,
  locale,
  count = 20,
  compact = false,
}: {
  refreshKey: string;
  currency: string;
  locale: string;
  count?: number;
  /** A narrow column (the e-lottery lobby's side): no issue or play type. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [list, setList] = useState<Winner[] | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `refreshKey` asks again
  useEffect(() => {
    let live = true;
    winnerBoard(count).then(
      (answer) => {
        if (!live) return;
        setList(answer.list);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [refreshKey, count]);
  if (failed && !list) return <p className="muted">{t('lotteryBoards.loadFailed')}</p>;
  if (!list) return <div className="skeleton results__skeleton" />;
  if (list.length === 0)
    return (
      <p className="muted" data-testid="winners-empty">
        {t('lotteryBoards.noWinners')}
      </p>
    );
  return (
    <div className="mybets__scroll">
      <table className={`mybets winners${compact ? ' winners--compact' : ''}`} data-testid="winner-board">
        <thead>
          <tr>
            <th scope="col">{t('lotteryBoards.player')}</th>
            <th scope="col">{t('lotteryBoards.game')}</th>
            {compact ? null : <th scope="col">{t('lottery.issue')}</th>}
            {compact ? null : <th scope="col">{t('lottery.playType')}</th>}
            <th scope="col">{t('lotteryBoards.prize')}</th>
            {compact ? null : <th scope="col">{t('lotteryBoards.time')}</th>}
          </tr>
        </thead>
        <tbody>
          {list.map((w) => (
            <tr key={`${w.gameCode}-${w.issue}-${w.username}-${w.playType}-${w.wonAt}`} data-testid="winner" data-game={w.gameCode}>
              <td data-testid="winner-name">{w.username}</td>
              <td>{w.gameName}</td>
              {compact ? null : <td>{w.issue}</td>}
              {compact ? null : <td>{playLabel(t, w.playType)}</td>}
              <td className="amount" data-testid="winner-payout">
                {formatMajor(w.payout, currency, locale)}
              </td>
              {compact ? null : <td className="muted">{formatDate(Date.parse(w.wonAt), 'MM-dd HH:mm:ss')}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
