import type { WithdrawInfo } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { Figures, useMoney } from '../money-kit.tsx';

/** What the member may withdraw now: balance, limits, today's use, and the turnover still to be wagered. */
export function WithdrawSummary({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation();
  const money = useMoney(info.currency);
  const owed = info.turnover.remaining > 0;
  return (
    <>
      <Figures
        items={[
          { label: t('withdraw.available'), value: money(info.balance), testId: 'withdraw-balance' },
          { label: t('withdraw.limits'), value: `${money(info.min)} – ${money(info.max)}` },
          { label: t('withdraw.todayCount'), value: `${info.usedCount} / ${info.dailyCount}`, testId: 'withdraw-count' },
          { label: t('withdraw.todayAmount'), value: `${money(info.usedAmount)} / ${money(info.dailyAmount)}` },
        ]}
      />
      <div className={`money-turnover${owed ? ' is-owed' : ''}`} data-testid="turnover">
        <strong>{t('withdraw.turnover')}</strong>{' '}
        {info.turnover.multiplier === 0
          ? t('withdraw.turnoverNone')
          : t('withdraw.turnoverText', {
              multiplier: info.turnover.multiplier,
              wagered: money(info.turnover.wagered),
              required: money(info.turnover.required),
            })}{' '}
        {owed ? (
          <span data-testid="turnover-remaining">{t('withdraw.turnoverRemaining', { remaining: money(info.turnover.remaining) })}</span>
        ) : null}
        <progress
          max={Math.max(info.turnover.required, 0.01)}
          value={Math.min(info.turnover.wagered, info.turnover.required)}
          aria-label={t('withdraw.turnover')}
        />
      </div>
    </>
  );
}
