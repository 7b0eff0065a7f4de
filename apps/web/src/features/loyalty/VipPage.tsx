import { useTranslation } from 'react-i18next';
import { Loader } from '../../ui/Loader.tsx';
import { walletBalance } from '../member/money-api.ts';
import { Figures, useLoad, useMoney } from '../member/money-kit.tsx';
import { vipStatus } from './loyalty-api.ts';
import '../promotions/bonus.css';
import './loyalty.css';

/** The VIP page: the member's level, progress to the next, the levels with their upgrade bonus and privileges, the bonuses received. */
export function VipPage() {
  const { t, i18n } = useTranslation();
  const { value: balance } = useLoad(walletBalance, []);
  const { value, error } = useLoad(vipStatus, []);
  const money = useMoney(balance?.currency);
  const date = (ms: number) => new Date(ms).toLocaleDateString(i18n.language);
  const next = value?.next ? value.levels.find((l) => l.rank === value.next?.rank) : undefined;
  const current = value?.levels.find((l) => l.rank === value.rank);
  return (
    <div className="money-page loyalty" data-testid="vip-page">
      <h3>{t('loyalty.vipTitle')}</h3>
      {error ? <p className="form-error">{error}</p> : null}
      {!value ? (
        error ? null : (
          <Loader label={t('common.loading')} />
        )
      ) : (
        <>
          <div className="loyalty__level" data-testid="vip-level" data-rank={value.rank}>
            <span className="loyalty__badge">{t('loyalty.vipLevel', { level: value.level })}</span>
            <strong>{current?.name ?? ''}</strong>
          </div>
          <Figures
            items={[
              { label: t('loyalty.validBets'), value: money(value.validBets), testId: 'vip-valid-bets' },
              ...(value.depositsCount ? [{ label: t('loyalty.deposits'), value: money(value.deposits) }] : []),
            ]}
          />
          {value.next && next ? (
            <section className="loyalty__next" data-testid="vip-next">
              <p>{t('loyalty.progressTo', { name: `${t('loyalty.vipLevel', { level: value.next.level })} ${next.name}` })}</p>
              <Bar percent={value.next.validBetsPercent} label={t('loyalty.progressBets', { percent: value.next.validBetsPercent })} />
              {value.depositsCount ? (
                <Bar percent={value.next.depositsPercent} label={t('loyalty.progressDeposits', { percent: value.next.depositsPercent })} />
              ) : null}
            </section>
          ) : (
            <p>{t('loyalty.topLevel')}</p>
          )}
          <p className="bonus-terms">{value.depositsCount ? t('loyalty.rule') : t('loyalty.ruleBetsOnly')}</p>
          <h4>{t('loyalty.levels')}</h4>
          <div className="loyalty__scroll">
            <table className="money-table" data-testid="vip-levels">
              <thead>
                <tr>
                  <th>{t('loyalty.colLevel')}</th>
                  <th>{t('loyalty.colBets')}</th>
                  {value.depositsCount ? <th>{t('loyalty.colDeposits')}</th> : null}
                  <th>{t('loyalty.colBonus')}</th>
                  <th>{t('loyalty.colPrivileges')}</th>
                </tr>
              </thead>
              <tbody>
                {value.levels.map((l) => (
                  <tr key={l.rank} className={l.rank === value.rank ? 'is-current' : undefined} data-rank={l.rank}>
                    <td>
                      {t('loyalty.vipLevel', { level: l.level })} {l.name}
                    </td>
                    <td className="num">{money(l.validBets)}</td>
                    {value.depositsCount ? <td className="num">{money(l.deposits)}</td> : null}
                    <td className="num">
                      {l.upgradeBonus === null
                        ? t('loyalty.none')
                        : `${money(l.upgradeBonus)} (${l.wageringMultiple > 0 ? t('loyalty.wagering', { multiple: l.wageringMultiple }) : t('loyalty.cash')})`}
                    </td>
                    <td>{l.privileges.vipService ? t('loyalty.vipService') : t('loyalty.none')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {value.upgrades.length ? (
            <>
              <h4>{t('loyalty.upgrades')}</h4>
              <ul className="loyalty__list" data-testid="vip-upgrades">
                {value.upgrades.map((u) => (
                  <li key={u.rank} data-rank={u.rank}>
                    {t('loyalty.upgraded', { level: u.level, amount: money(u.amount), date: date(u.at) })}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}

function Bar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="loyalty__bar-row">
      <div className="bonus-bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span className="bonus-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="loyalty__bar-label">{label}</span>
    </div>
  );
}
