import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Loader } from '../../ui/Loader.tsx';
import type { PeriodQuery } from '../member/money-api.ts';
import { Figures, PeriodPicker, useLoad, useMoney } from '../member/money-kit.tsx';
import { useAgentCentre } from './AgentCentre.tsx';
import { agentProfile, teamOverview } from './agent-api.ts';
import { ContractSummary } from './ContractView.tsx';
import { useAgentLabels } from './labels.ts';

/**
 * Team overview: the agent's place in the tree (upline, prize group and rebate, team and direct
 * downlines), what its team did in a range (joins, active members, money, bets, the team's result)
 * with the bets and joins of each day as bars, and its contracts in force.
 */
export function TeamOverview() {
  const { t } = useTranslation();
  const { mine, currency } = useAgentCentre();
  const money = useMoney(currency);
  const labels = useAgentLabels();
  const [period, setPeriod] = useState<PeriodQuery>({ period: 'past7' });
  const { value: profile, error } = useLoad(agentProfile, []);
  const { value: overview, error: overviewError } = useLoad(() => teamOverview(period), [period]);
  if (error) return <p className="form-error">{error}</p>;
  if (!profile) return <Loader label={t('common.loading')} />;
  const active = (mine ?? []).filter((c) => c.status === 'active');
  const peak = Math.max(0.01, ...(overview?.days.map((d) => d.bets) ?? []));
  return (
    <div className="money-page" data-testid="agent-overview">
      <h3>{t('agent.menu.teamOverview')}</h3>
      <Figures
        items={[
          { label: t('agent.team.teamSize'), value: labels.count(profile.teamSize), testId: 'overview-team-size' },
          { label: t('agent.team.directCount'), value: labels.count(profile.directCount), testId: 'overview-direct' },
          { label: t('agent.prizeGroup'), value: String(profile.prizeGroup), testId: 'overview-prize-group' },
          { label: t('agent.rebate'), value: labels.percent(profile.rebateBp), testId: 'overview-rebate' },
        ]}
      />
      <dl className="agent-facts">
        <div>
          <dt>{t('agent.account')}</dt>
          <dd>{profile.account}</dd>
        </div>
        <div>
          <dt>{t('agent.accountType')}</dt>
          <dd>{labels.type(profile.isAgent)}</dd>
        </div>
        <div>
          <dt>{t('agent.upline')}</dt>
          <dd>{profile.upline || t('agent.platform')}</dd>
        </div>
      </dl>
      <section className="money-section" data-testid="overview-activity">
        <h4>{t('agent.overview.title')}</h4>
        <PeriodPicker value={period} onChange={setPeriod} />
        {overviewError ? <p className="form-error">{overviewError}</p> : null}
        {!overview ? (
          overviewError ? null : (
            <Loader label={t('common.loading')} />
          )
        ) : (
          <>
            <Figures
              items={[
                { label: t('agent.overview.newMembers'), value: labels.count(overview.total.newMembers), testId: 'overview-new' },
                { label: t('agent.overview.activeMembers'), value: labels.count(overview.total.activeMembers), testId: 'overview-active' },
                { label: t('agent.overview.depositors'), value: labels.count(overview.total.depositors) },
                { label: t('agent.overview.deposits'), value: money(overview.total.deposits), testId: 'overview-deposits' },
                { label: t('agent.overview.withdrawals'), value: money(overview.total.withdrawals) },
                { label: t('agent.overview.bets'), value: money(overview.total.bets), testId: 'overview-bets' },
                { label: t('agent.overview.payouts'), value: money(overview.total.payouts) },
                { label: t('agent.overview.bonuses'), value: money(overview.total.bonuses) },
                {
                  label: t('agent.overview.profit'),
                  value: money(overview.total.profit),
                  tone: overview.total.profit >= 0 ? 'in' : 'out',
                  testId: 'overview-profit',
                },
              ]}
            />
            <p className="money-muted">{t('agent.overview.profitHint')}</p>
            {overview.days.length === 0 ? (
              <EmptyState title={t('agent.overview.empty')} />
            ) : (
              <>
                <h4>{t('agent.overview.byDay')}</h4>
                <ul className="agent-chart" aria-label={t('agent.overview.byDay')} data-testid="overview-chart">
                  {overview.days.map((d) => (
                    <li key={d.day} className="agent-chart__row">
                      <span className="agent-chart__day">{d.day}</span>
                      <span className="agent-chart__track">
                        <span className="agent-chart__bar" style={{ width: `${(d.bets / peak) * 100}%` }} />
                      </span>
                      <span className="agent-chart__value num">{money(d.bets)}</span>
                      <span className="agent-chart__joins money-muted">
                        {d.newMembers > 0 ? t('agent.overview.joined', { count: d.newMembers }) : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </section>
      <section className="money-section">
        <h4>{t('agent.contracts.inForce')}</h4>
        {active.length === 0 ? (
          <p className="money-muted">{t('agent.contracts.none')}</p>
        ) : (
          <ul className="money-rows">
            {active.map((c) => (
              <li key={c.id} className="money-rows__item">
                <ContractSummary contract={c} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
