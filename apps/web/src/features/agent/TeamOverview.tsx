import { useTranslation } from 'react-i18next';
import { Loader } from '../../ui/Loader.tsx';
import { Figures, useLoad } from '../member/money-kit.tsx';
import { useAgentCentre } from './AgentCentre.tsx';
import { agentProfile } from './agent-api.ts';
import { ContractSummary } from './ContractView.tsx';
import { useAgentLabels } from './labels.ts';

/**
 * Team overview: the agent's place in the tree (upline, prize group and rebate, team and direct
 * downlines) and its contracts in force. The team's money figures and daily charts come with the
 * team reports (decision 0029).
 */
export function TeamOverview() {
  const { t } = useTranslation();
  const { mine } = useAgentCentre();
  const labels = useAgentLabels();
  const { value: profile, error } = useLoad(agentProfile, []);
  if (error) return <p className="form-error">{error}</p>;
  if (!profile) return <Loader label={t('common.loading')} />;
  const active = (mine ?? []).filter((c) => c.status === 'active');
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
