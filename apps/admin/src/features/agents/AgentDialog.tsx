import { type AdminAgentProfile, agentDirectoryPaths, agentTypes } from '@platform/contract';
import { Dialog } from '@platform/ui/Dialog.tsx';
import { Loader } from '@platform/ui/Loader.tsx';
import { Tabs, tabPanelProps } from '@platform/ui/Tabs.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { useMe } from '../../app/me.tsx';
import { AgentBills } from './AgentBills.tsx';
import { AgentContracts } from './AgentContracts.tsx';
import { dateTime, percent } from './format.ts';
import { PrizeGroupForm } from './PrizeGroupForm.tsx';
import { TeamTree } from './TeamTree.tsx';

const tabs = ['team', 'contracts', 'bills'] as const;
type Tab = (typeof tabs)[number];

/**
 * One agent as the operator reads it: the line above it (each upline opens in turn), its team
 * counts, and in tabs its team tree, its contracts and its bills with their commission lines.
 */
export function AgentDialog({
  merchant,
  currency,
  account,
  onOpen,
  onClose,
}: {
  merchant: string;
  currency: string;
  account: string;
  /** Opens another agent of the same merchant (an upline or a downline) in this dialog. */
  onOpen: (account: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('team');
  const canManage = useMe().permissions.includes('agents.manage');
  const profile = useLoad(
    (signal) => api.get<AdminAgentProfile>(agentDirectoryPaths.profile, { signal, params: { code: merchant }, query: { account } }),
    [merchant, account],
  );
  const p = profile.data?.account.toLowerCase() === account.toLowerCase() ? profile.data : null;
  const label = (id: Tab) => t(`agents.tab${id[0]?.toUpperCase()}${id.slice(1)}`);

  return (
    <Dialog open onClose={onClose} title={t('agents.title', { account })} closeLabel={t('app.close')} size="lg" testId="agent-dialog">
      {!p ? (
        <Loader label={t('app.loading')} />
      ) : (
        <div className="stack">
          <nav className="agent-line" aria-label={t('agents.uplinePath')} data-testid="agent-line">
            <span className="muted">{t('agents.uplinePathLabel')}</span>
            {p.uplinePath.length === 0 ? <span>{t('agents.top')}</span> : null}
            {p.uplinePath.map((up) => (
              <span key={up} className="agent-line__step">
                <button type="button" className="link-button" onClick={() => onOpen(up)} data-testid={`upline-${up}`}>
                  {up}
                </button>
                <span aria-hidden="true">›</span>
              </span>
            ))}
            {p.uplinePath.length > 0 ? <strong aria-current="page">{p.account}</strong> : null}
          </nav>
          <dl className="facts agent-facts" data-testid="agent-facts">
            <dt>{t('agents.type')}</dt>
            <dd>{t(agentTypes.includes(p.isAgent) ? 'agents.type_agent' : 'agents.type_player')}</dd>
            <dt>{t('agents.prizeGroup')}</dt>
            <dd className="num" data-testid="agent-prize-group">
              {p.prizeGroup} · {percent(p.rebateBp)}
            </dd>
            <dt>{t('agents.teamSize')}</dt>
            <dd className="num" data-testid="agent-team-size">
              {p.teamSize.toLocaleString()}
            </dd>
            <dt>{t('agents.directCount')}</dt>
            <dd className="num" data-testid="agent-direct-count">
              {p.directCount.toLocaleString()}
            </dd>
            <dt>{t('agents.registered')}</dt>
            <dd>{dateTime(p.createdAt)}</dd>
            <dt>{t('agents.lastLogin')}</dt>
            <dd>{dateTime(p.lastLoginAt)}</dd>
          </dl>
          {canManage ? (
            <PrizeGroupForm key={p.account} merchant={merchant} account={p.account} current={p.prizeGroup} onSaved={profile.reload} />
          ) : null}
          <Tabs
            items={tabs.map((id) => ({ id, label: <span data-testid={`agent-tab-${id}`}>{label(id)}</span> }))}
            value={tab}
            onChange={(id) => setTab(id as Tab)}
            label={t('agents.tabs')}
            idPrefix="agent"
          />
          <div {...tabPanelProps('agent', tab)} className="agent-panel">
            {tab === 'team' ? <TeamTree merchant={merchant} root={p.account} onOpen={onOpen} /> : null}
            {tab === 'contracts' ? <AgentContracts merchant={merchant} account={p.account} currency={currency} /> : null}
            {tab === 'bills' ? <AgentBills merchant={merchant} account={p.account} currency={currency} /> : null}
          </div>
        </div>
      )}
    </Dialog>
  );
}
