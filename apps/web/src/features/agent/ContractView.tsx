import type { AgentContract, ContractTerms } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../ui/DateText.tsx';
import { StatusBadge, useMoney } from '../member/money-kit.tsx';
import { useAgentCentre } from './AgentCentre.tsx';
import { useAgentLabels } from './labels.ts';

/** A contract's terms as a table: one row per tier (or the real-time rates), amounts in the merchant's currency. */
export function TermsTable({ terms }: { terms: ContractTerms }) {
  const { t } = useTranslation();
  const { currency } = useAgentCentre();
  const money = useMoney(currency);
  const labels = useAgentLabels();
  if (terms.kind === 'realtime') {
    return (
      <dl className="agent-facts" data-testid="contract-terms">
        <div>
          <dt>{t('agent.contracts.profitRate')}</dt>
          <dd>{labels.percent(terms.profitRateBp)}</dd>
        </div>
        <div>
          <dt>{t('agent.contracts.lossRate')}</dt>
          <dd>{labels.percent(terms.lossRateBp)}</dd>
        </div>
        <div>
          <dt>{t('agent.contracts.minBet')}</dt>
          <dd>{money(terms.minBet)}</dd>
        </div>
      </dl>
    );
  }
  const dividend = terms.kind === 'dividend';
  const daily = terms.kind === 'daily';
  return (
    <>
      {terms.kind === 'dividend' ? (
        <p className="money-muted">
          {t(`agent.contracts.periods.${terms.period}`)} · {t(`agent.contracts.basis.${terms.basis}`)} ·{' '}
          {t(`agent.contracts.carryOver.${terms.carryOver}`)}
        </p>
      ) : null}
      <div className="table-wrap">
        <table className="money-table agent-terms" data-testid="contract-terms">
          <thead>
            <tr>
              <th scope="col">{t('agent.contracts.tier')}</th>
              <th scope="col" className="num">
                {dividend ? t(`agent.contracts.threshold.${terms.basis}`) : t('agent.contracts.turnover')}
              </th>
              <th scope="col" className="num">
                {t('agent.contracts.activeMembers')}
              </th>
              {daily ? (
                <th scope="col" className="num">
                  {t('agent.contracts.loss')}
                </th>
              ) : null}
              <th scope="col" className="num">
                {t('agent.contracts.ratio')}
              </th>
            </tr>
          </thead>
          <tbody>
            {terms.tiers.map((tier, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: tiers are ordered and fixed
              <tr key={i}>
                <td>{i + 1}</td>
                <td className="num">{money('threshold' in tier ? tier.threshold : tier.turnover)}</td>
                <td className="num">{labels.count(tier.activeMembers)}</td>
                {daily ? <td className="num">{'loss' in tier && tier.loss !== undefined ? money(tier.loss) : '—'}</td> : null}
                <td className="num">{labels.percent(tier.ratioBp)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A contract's heading line: kind, status, the other side, top ratio. */
export function ContractSummary({ contract, side = 'mine' }: { contract: AgentContract; side?: 'mine' | 'team' }) {
  const { t } = useTranslation();
  const labels = useAgentLabels();

  return (
    <div className="money-rows__line agent-contract__head">
      <strong>{t(`agent.contracts.kinds.${contract.kind}`)}</strong>
      <StatusBadge status={statusClass(contract.status)} text={t(`agent.contracts.status.${contract.status}`)} />
      <span className="money-muted">
        {side === 'team'
          ? t('agent.contracts.to', { account: contract.account })
          : contract.upline
            ? t('agent.contracts.from', { account: contract.upline })
            : t('agent.contracts.fromPlatform')}
      </span>
      <span className="money-muted">{t('agent.contracts.topRatio', { ratio: labels.percent(contract.topRatioBp) })}</span>
    </div>
  );
}

/** The status colours money pages already use: awaiting = pending, in force = approved, ended = rejected. */
const statusClass = (status: AgentContract['status']) =>
  status === 'offered' ? 'pending' : status === 'active' ? 'approved' : status === 'rejected' ? 'rejected' : 'expired';

/** A contract's history: every event with who caused it and when. */
export function ContractHistory({ contract }: { contract: AgentContract }) {
  const { t } = useTranslation();
  return (
    <details className="agent-history">
      <summary>{t('agent.contracts.history')}</summary>
      <ol className="agent-history__list">
        {contract.history.map((e) => (
          <li key={`${e.event}-${e.at}`}>
            <DateText value={e.at} pattern="yyyy-MM-dd HH:mm" /> ·{' '}
            {t(`agent.contracts.events.${e.event as 'offered'}`, { defaultValue: e.event })} · {e.by || t('agent.platform')}
          </li>
        ))}
      </ol>
    </details>
  );
}
