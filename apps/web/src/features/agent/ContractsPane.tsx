import { type AgentContract, billKinds, type ContractKind } from '@platform/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { DateText } from '../../ui/DateText.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { useLoad } from '../member/money-kit.tsx';
import { useAgentCentre } from './AgentCentre.tsx';
import { actOnContract, type ContractAction, contracts } from './agent-api.ts';
import { BillsSection } from './BillsSection.tsx';
import { ContractHistory, ContractSummary, TermsTable } from './ContractView.tsx';

/**
 * A salary or dividend entry of the agent centre: the agent's own contract of the kind (an offer to
 * sign or reject, the one in force with its terms), then those it gave its direct downlines (offers
 * it may withdraw, contracts either side may end: one asks, the other confirms), then the settled
 * periods' bills with their commission logs.
 */
export function ContractsPane({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const { mine, reloadMine } = useAgentCentre();
  const { value: team, error, reload } = useLoad(() => contracts('team', kind), [kind]);
  const own = (mine ?? []).filter((c) => c.kind === kind);
  const reloadAll = () => {
    reloadMine();
    reload();
  };
  return (
    <div className="money-page" data-testid={`agent-contracts-${kind}`}>
      <h3>{t(`agent.contracts.kinds.${kind}`)}</h3>
      <section className="money-section">
        <h4>{t('agent.contracts.mine')}</h4>
        {mine === null ? (
          <Loader label={t('common.loading')} />
        ) : own.length === 0 ? (
          <p className="money-muted">{t('agent.contracts.none')}</p>
        ) : (
          <ul className="money-rows">
            {own.map((c) => (
              <ContractCard key={c.id} contract={c} side="mine" onDone={reloadAll} />
            ))}
          </ul>
        )}
      </section>
      <section className="money-section">
        <h4>{t('agent.contracts.team')}</h4>
        <p className="money-muted">{t('agent.contracts.offerHint')}</p>
        {error ? <p className="form-error">{error}</p> : null}
        {!team ? (
          error ? null : (
            <Loader label={t('common.loading')} />
          )
        ) : team.length === 0 ? (
          <EmptyState title={t('agent.contracts.noneGiven')} />
        ) : (
          <ul className="money-rows">
            {team.map((c) => (
              <ContractCard key={c.id} contract={c} side="team" onDone={reloadAll} />
            ))}
          </ul>
        )}
      </section>
      {/* Daily salary and dividend are settled into bills (hourly and real-time salary are not settled yet). */}
      {(billKinds as readonly string[]).includes(kind) ? <BillsSection kind={kind as 'daily' | 'dividend'} /> : null}
    </div>
  );
}

/** The actions a side may take on a contract in its state (the server decides again). */
function actionsOf(contract: AgentContract, side: 'mine' | 'team', me: string): ContractAction[] {
  if (contract.status === 'offered') return side === 'mine' ? ['sign', 'reject'] : ['withdraw'];
  if (contract.status === 'active' && contract.upline !== '' && contract.terminationRequestedBy !== me) return ['terminate'];
  return [];
}

function ContractCard({ contract, side, onDone }: { contract: AgentContract; side: 'mine' | 'team'; onDone: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const dialog = useGlobalDialog();
  const [busy, setBusy] = useState<ContractAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const me = session?.account ?? '';
  const requested = contract.terminationRequestedBy;

  const act = async (action: ContractAction) => {
    // Ending a contract in force, or refusing an offer, is asked once more.
    if (action !== 'sign' && action !== 'withdraw') {
      const confirmed = await dialog({
        kind: 'warning',
        message: t(`agent.contracts.confirm.${action === 'terminate' && requested ? 'terminateConfirm' : action}`),
        confirmText: t(`agent.contracts.actions.${action === 'terminate' && requested ? 'terminateConfirm' : action}`),
        cancelText: t('common.cancel'),
      });
      if (!confirmed) return;
    }
    setBusy(action);
    setProblem(null);
    try {
      await actOnContract(contract.id, action);
      onDone();
    } catch (err) {
      setProblem(errorText(t, err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <li className="money-rows__item agent-contract" data-testid="contract" data-status={contract.status} data-account={contract.account}>
      <ContractSummary contract={contract} side={side} />
      <p className="money-muted">
        {t('agent.contracts.offeredAt')} <DateText value={contract.offeredAt} pattern="yyyy-MM-dd HH:mm" />
        {contract.signedAt ? (
          <>
            {' · '}
            {t('agent.contracts.signedAt')} <DateText value={contract.signedAt} pattern="yyyy-MM-dd HH:mm" />
          </>
        ) : null}
        {contract.endedAt ? (
          <>
            {' · '}
            {t('agent.contracts.endedAt')} <DateText value={contract.endedAt} pattern="yyyy-MM-dd HH:mm" />
          </>
        ) : null}
      </p>
      {requested && contract.status === 'active' ? (
        <p className="agent-warning" data-testid="termination-requested">
          {requested === me ? t('agent.contracts.terminationAsked') : t('agent.contracts.terminationAskedBy', { account: requested })}
        </p>
      ) : null}
      <TermsTable terms={contract.terms} />
      <div className="agent-contract__foot">
        <ContractHistory contract={contract} />
        <div className="agent-actions">
          {actionsOf(contract, side, me).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'sign' ? 'primary' : 'ghost'}
              busy={busy === action}
              disabled={busy !== null}
              onClick={() => void act(action)}
              data-testid={`contract-${action}`}
            >
              {t(`agent.contracts.actions.${action === 'terminate' && requested ? 'terminateConfirm' : action}`)}
            </Button>
          ))}
        </div>
      </div>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
