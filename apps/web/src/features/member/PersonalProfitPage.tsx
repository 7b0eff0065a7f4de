import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { type PeriodQuery, personalProfit, walletBalance } from './money-api.ts';
import { Figures, PeriodPicker, useLoad, useMoney } from './money-kit.tsx';

/** personalProfit (personal loss): bets, wins, rebates and profit per day (with a bar chart) and per game category. */
export function PersonalProfitPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<PeriodQuery>({ period: 'past7' });
  const { value: balance } = useLoad(walletBalance, []);
  const { value, error } = useLoad(() => personalProfit(period), [period]);
  const money = useMoney(balance?.currency);
  const category = (c: string) => t(`category.${c as 'RNG'}`, { defaultValue: c });
  const peak = Math.max(0.01, ...(value?.days.map((d) => Math.abs(d.profit)) ?? []));

  return (
    <div className="money-page" data-testid="personal-profit">
      <h3>{t('records.profitTitle')}</h3>
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
              { label: t('records.bets'), value: money(value.total.bets) },
              { label: t('records.wins'), value: money(value.total.wins) },
              { label: t('records.rebates'), value: money(value.total.rebates) },
              {
                label: t('records.profit'),
                value: money(value.total.profit),
                tone: value.total.profit >= 0 ? 'in' : 'out',
                testId: 'profit-total',
              },
            ]}
          />
          {value.days.length === 0 ? (
            <EmptyState title={t('records.noBets')} />
          ) : (
            <>
              <section className="money-section">
                <h4>{t('records.byDay')}</h4>
                <ul className="profit-chart" aria-label={t('records.byDay')}>
                  {value.days.map((d) => (
                    <li key={d.day} className="profit-chart__row">
                      <span className="profit-chart__day">{d.day}</span>
                      <span className="profit-chart__track">
                        <span
                          className={`profit-chart__bar ${d.profit >= 0 ? 'is-in' : 'is-out'}`}
                          style={{ width: `${(Math.abs(d.profit) / peak) * 50}%`, [d.profit >= 0 ? 'left' : 'right']: '50%' }}
                        />
                      </span>
                      <span className={`profit-chart__value num ${d.profit >= 0 ? 'is-in' : 'is-out'}`}>{money(d.profit)}</span>
                    </li>
                  ))}
                </ul>
              </section>
              <section className="money-section">
                <h4>{t('records.byCategory')}</h4>
                <div className="table-wrap">
                  <table className="money-table" data-testid="profit-categories">
                    <thead>
                      <tr>
                        <th scope="col">{t('records.category')}</th>
                        <th scope="col" className="num">
                          {t('records.bets')}
                        </th>
                        <th scope="col" className="num">
                          {t('records.wins')}
                        </th>
                        <th scope="col" className="num">
                          {t('records.rebates')}
                        </th>
                        <th scope="col" className="num">
                          {t('records.profit')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {value.categories.map((c) => (
                        <tr key={c.category}>
                          <td>{category(c.category)}</td>
                          <td className="num">{money(c.bets)}</td>
                          <td className="num">{money(c.wins)}</td>
                          <td className="num">{money(c.rebates)}</td>
                          <td className={`num ${c.profit >= 0 ? 'is-in' : 'is-out'}`}>{money(c.profit)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            </>
          )}
        </>
      )}
    </div>
  );
}
