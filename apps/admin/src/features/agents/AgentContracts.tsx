import { type AgentContract, agentAdminPaths, type ContractTerms } from '@platform/contract';
import { Loader } from '@platform/ui/Loader.tsx';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { dateTime, moneyIn, percent } from './format.ts';

const tone: Record<AgentContract['status'], string> = {
  active: 'on',
  offered: 'warn',
  rejected: 'off',
  withdrawn: 'off',
  terminated: 'off',
};

/** The contracts the agent holds (from its upline or the platform) and those it offered below it, each with terms and history. */
export function AgentContracts({ merchant, account, currency }: { merchant: string; account: string; currency: string }) {
  const { t } = useTranslation();
  const load = (side: 'mine' | 'team') => (signal: AbortSignal) =>
    api.get<AgentContract[]>(agentAdminPaths.contracts, { signal, params: { code: merchant }, query: { account, side } });
  const held = useLoad(load('mine'), [merchant, account]);
  const offered = useLoad(load('team'), [merchant, account]);
  if (!held.data || !offered.data) return <Loader label={t('app.loading')} />;
  return (
    <div className="stack">
      <h2 className="section-title">{t('agents.held')}</h2>
      <ContractList contracts={held.data} currency={currency} testId="contracts-held" />
      <h2 className="section-title section">{t('agents.offered')}</h2>
      <ContractList contracts={offered.data} currency={currency} testId="contracts-offered" />
    </div>
  );
}

function ContractList({ contracts, currency, testId }: { contracts: AgentContract[]; currency: string; testId: string }) {
  const { t } = useTranslation();
  if (contracts.length === 0)
    return (
      <p className="muted" data-testid={testId}>
        {t('agents.noContracts')}
      </p>
    );
  return (
    <div className="contract-list" data-testid={testId}>
      {contracts.map((c) => (
        <article key={c.id} className="contract-card" data-testid={`contract-${c.id}`}>
          <header className="contract-card__head">
            <strong>{t(`agents.kind_${c.kind}`)}</strong>
            <span className={`badge badge--${tone[c.status]}`} data-testid="contract-status">
              {t(`agents.status_${c.status}`)}
            </span>
            <span className="muted">#{c.id}</span>
          </header>
          <dl className="facts">
            <dt>{t('agents.from')}</dt>
            <dd>{c.upline || t('agents.platform')}</dd>
            <dt>{t('agents.holder')}</dt>
            <dd>{c.account}</dd>
            <dt>{t('agents.topRatio')}</dt>
            <dd className="num">{percent(c.topRatioBp)}</dd>
            <dt>{t('agents.offeredAt')}</dt>
            <dd>{dateTime(c.offeredAt)}</dd>
            <dt>{t('agents.signedAt')}</dt>
            <dd data-testid="contract-signed">{dateTime(c.signedAt)}</dd>
            <dt>{t('agents.endedAt')}</dt>
            <dd>{dateTime(c.endedAt)}</dd>
          </dl>
          {c.terminationRequestedBy ? <p className="notice">{t('agents.terminationRequested', { by: c.terminationRequestedBy })}</p> : null}
          <Terms terms={c.terms} currency={currency} />
          <details>
            <summary>{t('agents.history')}</summary>
            <ol className="trail">
              {c.history.map((e) => (
                <li key={`${e.event}-${e.at}`}>
                  {dateTime(e.at)} · {t(`agents.event_${e.event}`, { defaultValue: e.event })} · {e.by || t('agents.platform')}
                  {e.note ? <span className="muted"> · {e.note}</span> : null}
                </li>
              ))}
            </ol>
          </details>
        </article>
      ))}
    </div>
  );
}

/** A contract's tiers (or real-time rates) as the table the agent signed. */
function Terms({ terms, currency }: { terms: ContractTerms; currency: string }) {
  const { t } = useTranslation();
  const money = moneyIn(currency);
  if (terms.kind === 'realtime') {
    return (
      <dl className="facts">
        <dt>{t('agents.profitRate')}</dt>
        <dd className="num">{percent(terms.profitRateBp)}</dd>
        <dt>{t('agents.lossRate')}</dt>
        <dd className="num">{percent(terms.lossRateBp)}</dd>
        <dt>{t('agents.minBet')}</dt>
        <dd className="num">{money(terms.minBet)}</dd>
      </dl>
    );
  }
  if (terms.kind === 'dividend') {
    return (
      <>
        <dl className="facts">
          <dt>{t('agents.period')}</dt>
          <dd>{t(`agents.period_${terms.period}`)}</dd>
          <dt>{t('agents.basis')}</dt>
          <dd>{t(`agents.basis_${terms.basis}`)}</dd>
          <dt>{t('agents.carryOver')}</dt>
          <dd>{t(`agents.carryOver_${terms.carryOver}`)}</dd>
        </dl>
        <div className="tier-scroll">
          <table className="data-table tier-table">
            <thead>
              <tr>
                <th>{t('agents.tier')}</th>
                <th>{t(`agents.threshold_${terms.basis}`)}</th>
                <th>{t('agents.activeMembers')}</th>
                <th>{t('agents.ratio')}</th>
              </tr>
            </thead>
            <tbody>
              {terms.tiers.map((tier, i) => (
                <tr key={`${tier.threshold}-${tier.activeMembers}`}>
                  <td className="num">{i + 1}</td>
                  <td className="num">{money(tier.threshold)}</td>
                  <td className="num">{tier.activeMembers}</td>
                  <td className="num">{percent(tier.ratioBp)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  }
  const withLoss = terms.tiers.some((tier) => tier.loss !== undefined);
  return (
    <div className="tier-scroll">
      <table className="data-table tier-table">
        <thead>
          <tr>
            <th>{t('agents.tier')}</th>
            <th>{t('agents.turnover')}</th>
            <th>{t('agents.activeMembers')}</th>
            {withLoss ? <th>{t('agents.loss')}</th> : null}
            <th>{t('agents.ratio')}</th>
          </tr>
        </thead>
        <tbody>
          {terms.tiers.map((tier, i) => (
            <tr key={`${tier.turnover}-${tier.activeMembers}`}>
              <td className="num">{i + 1}</td>
              <td className="num">{money(tier.turnover)}</td>
              <td className="num">{tier.activeMembers}</td>
              {withLoss ? <td className="num">{tier.loss === undefined ? '—' : money(tier.loss)}</td> : null}
              <td className="num">{percent(tier.ratioBp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
