import type { LotteryTicket } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date.ts';
import { formatMajor } from '../../../ui/format-money.ts';
import { playLabel, resultText, selectionText } from '../format.ts';

/** The player's tickets of the game: picks, stake, status, result and payout. */
export function MyBets({ tickets, currency, locale }: { tickets: readonly LotteryTicket[] | undefined; currency: string; locale: string }) {
  const { t } = useTranslation();
  if (!tickets) return <div className="skeleton results__skeleton" />;
  if (tickets.length === 0) return <p className="muted">{t('lottery.noBets')}</p>;
  const money = (amount: number) => formatMajor(amount, currency, locale);
  return (
    <div className="mybets__scroll">
      <table className="mybets" data-testid="my-bets">
        <thead>
          <tr>
            <th scope="col">{t('lottery.issue')}</th>
            <th scope="col">{t('lottery.playType')}</th>
            <th scope="col">{t('lottery.picks')}</th>
            <th scope="col">{t('lottery.stake')}</th>
            <th scope="col">{t('lottery.result')}</th>
            <th scope="col">{t('lottery.status')}</th>
            <th scope="col">{t('lottery.payout')}</th>
          </tr>
        </thead>
        <tbody>
          {tickets.map((b) => (
            <tr key={b.id} data-testid="ticket" data-status={b.status} data-issue={b.issue} data-play={b.playType}>
              <td>
                <div className="mybets__issue">{b.issue}</div>
                <div className="muted">{formatDate(Date.parse(b.placedAt), 'MM-dd HH:mm:ss')}</div>
                {b.chaseId !== null ? <span className="badge">{t('lottery.chaseTag')}</span> : null}
              </td>
              <td>{playLabel(t, b.playType)}</td>
              <td className="mybets__picks">{selectionText(t, b.playType, b.selection)}</td>
              <td>
                <span className="amount">{money(b.amount)}</span>
                <div className="muted">
                  {t('lottery.betCount', { count: b.betCount })} ×{b.multiple}
                </div>
              </td>
              <td className="mybets__result">{b.result ? resultText(b.result) : '–'}</td>
              <td>
                <span className={`status status--${b.status}`} data-testid="ticket-status">
                  {t(`lottery.status_${b.status}` as 'lottery.status_won')}
                </span>
              </td>
              <td className="amount" data-testid="ticket-payout">
                {b.status === 'pending' ? '–' : money(b.payout)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
