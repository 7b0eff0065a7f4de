import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Loader } from '../../ui/Loader.tsx';
import type { PeriodQuery } from '../member/money-api.ts';
import { Figures, PeriodPicker, useLoad, useMoney } from '../member/money-kit.tsx';
import { useAgentCentre } from './AgentCentre.tsx';
import { income } from './agent-api.ts';

/**
 * My income: what the agent kept from its salary and dividend bills (received less what it paid on
 * to its downlines), per day a period ended, as a bar chart, and in total over the chosen range.
 */
export function IncomePane() {
  const { t } = useTranslation();
  const { currency } = useAgentCentre();
  const money = useMoney(currency);
  const [period, setPeriod] = useState<PeriodQuery>({ period: 'past30' });
  const { value, error } = useLoad(() => income(period), [period]);
  const peak = Math.max(0.01, ...(value?.days.map((d) => Math.abs(d.total)) ?? []));
  return (
    <div className="money-page" data-testid="agent-income">
      <h3>{t('agent.menu.income')}</h3>
      <PeriodPicker value={period} onChange={setPeriod} />
      {error ? <p className="form-error">{error}</p> : null}
      {!value ? (
        error ? null : (
          <Loader label={t('common.loading')} />
        )
      ) : (
        <>
          <Figures
            items={[
              { label: t('agent.income.salary'), value: money(value.total.salary), testId: 'income-salary' },
              { label: t('agent.income.dividend'), value: money(value.total.dividend), testId: 'income-dividend' },
              {
                label: t('agent.income.total'),
                value: money(value.total.total),
                tone: value.total.total >= 0 ? 'in' : 'out',
                testId: 'income-total',
              },
            ]}
          />
          <p className="money-muted">{t('agent.income.hint')}</p>
          {value.days.length === 0 ? (
            <EmptyState title={t('agent.income.empty')} />
          ) : (
            <section className="money-section">
              <h4>{t('agent.income.byDay')}</h4>
              <ul className="profit-chart" aria-label={t('agent.income.byDay')} data-testid="income-chart">
                {value.days.map((d) => (
                  <li
                    key={d.day}
                    className="profit-chart__row"
                    title={`${t('agent.income.salary')} ${money(d.salary)} · ${t('agent.income.dividend')} ${money(d.dividend)}`}
                  >
                    <span className="profit-chart__day">{d.day}</span>
                    <span className="profit-chart__track">
                      <span
                        className={`profit-chart__bar ${d.total >= 0 ? 'is-in' : 'is-out'}`}
                        style={{ width: `${(Math.abs(d.total) / peak) * 50}%`, [d.total >= 0 ? 'left' : 'right']: '50%' }}
                      />
                    </span>
                    <span className={`profit-chart__value num ${d.total >= 0 ? 'is-in' : 'is-out'}`}>{money(d.total)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
