import type { AgentContract, ContractKind } from '@platform/contract';
import { type ComponentType, createContext, lazy, Suspense, useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkBoundary } from '../../app/ChunkBoundary.tsx';
import { lazyComponent } from '../../app/lazy-page.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { walletBalance } from '../member/money-api.ts';
import { useLoad } from '../member/money-kit.tsx';
import { contracts } from './agent-api.ts';
import '../member/member.css';
import '../member/money.css';
import './agent.css';

// Each pane is its own chunk, loaded when it is first shown.
const AnnouncementPane = lazy(
  lazyComponent(
    'agent-announcement',
    () => import('./AnnouncementPane.tsx'),
    (m) => m.AnnouncementPane,
  ),
);
const TeamOverview = lazy(
  lazyComponent(
    'agent-overview',
    () => import('./TeamOverview.tsx'),
    (m) => m.TeamOverview,
  ),
);
const AccountRegistration = lazy(
  lazyComponent(
    'agent-registration',
    () => import('./AccountRegistration.tsx'),
    (m) => m.AccountRegistration,
  ),
);
const TeamManagement = lazy(
  lazyComponent(
    'agent-team',
    () => import('./TeamManagement.tsx'),
    (m) => m.TeamManagement,
  ),
);
const UserProfitPane = lazy(
  lazyComponent(
    'agent-user-profit',
    () => import('./UserProfitPane.tsx'),
    (m) => m.UserProfitPane,
  ),
);
const IncomePane = lazy(
  lazyComponent(
    'agent-income',
    () => import('./IncomePane.tsx'),
    (m) => m.IncomePane,
  ),
);
const ContractsPane = lazy(
  lazyComponent(
    'agent-contracts',
    () => import('./ContractsPane.tsx'),
    (m) => m.ContractsPane,
  ),
);

/** What every pane may need: the merchant's currency and the agent's own contracts (refreshed after an action). */
export interface AgentCentreContext {
  currency: string | undefined;
  mine: AgentContract[] | null;
  reloadMine: () => void;
}
const Context = createContext<AgentCentreContext>({ currency: undefined, mine: null, reloadMine: () => undefined });
export const useAgentCentre = () => useContext(Context);

type PaneLabel =
  | 'agent.menu.announcement'
  | 'agent.menu.teamOverview'
  | 'agent.menu.accountRegistration'
  | 'agent.menu.teamManagement'
  | 'agent.menu.userProfit'
  | 'agent.menu.income'
  | 'agent.menu.dividend'
  | 'agent.menu.dailySalary'
  | 'agent.menu.hourlySalary'
  | 'agent.menu.realtimeSalary';

interface Pane {
  id: string;
  label: PaneLabel;
  Component: ComponentType;
  /** A contract pane shows when the agent holds (or was offered) a contract of its kind. */
  kind?: ContractKind;
}

const contractPane = (kind: ContractKind) => () => <ContractsPane kind={kind} />;

/**
 * The spec's left menu in its order. Team betting and transaction details are left out until the
 * server answers them (decision 0029); the salary and dividend entries
 * show by the contracts the agent holds or was offered, the type flags the spec names.
 */
export const panes: Pane[] = [
  { id: 'announcement', label: 'agent.menu.announcement', Component: AnnouncementPane },
  { id: 'teamOverview', label: 'agent.menu.teamOverview', Component: TeamOverview },
  { id: 'accountRegistration', label: 'agent.menu.accountRegistration', Component: AccountRegistration },
  { id: 'teamManagement', label: 'agent.menu.teamManagement', Component: TeamManagement },
  { id: 'userProfit', label: 'agent.menu.userProfit', Component: UserProfitPane },
  { id: 'income', label: 'agent.menu.income', Component: IncomePane },
  { id: 'dividend', label: 'agent.menu.dividend', Component: contractPane('dividend'), kind: 'dividend' },
  { id: 'dailySalary', label: 'agent.menu.dailySalary', Component: contractPane('daily'), kind: 'daily' },
  { id: 'hourlySalary', label: 'agent.menu.hourlySalary', Component: contractPane('hourly'), kind: 'hourly' },
  { id: 'realtimeSalary', label: 'agent.menu.realtimeSalary', Component: contractPane('realtime'), kind: 'realtime' },
];

/** Whether a contract pane shows: a contract of its kind in force or awaiting the agent's signature. */
export const paneShown = (pane: Pane, mine: AgentContract[] | null) =>
  !pane.kind || (mine ?? []).some((c) => c.kind === pane.kind && (c.status === 'active' || c.status === 'offered'));

/** The agent centre: a modal with the spec's left menu and the chosen pane on the right. Agents only. */
export function AgentCentre({ page, onPage, onClose }: { page: string | null; onPage: (page: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { value: balance } = useLoad(walletBalance, []);
  const { value: mine, reload: reloadMine } = useLoad(() => contracts('mine'), []);
  const shown = panes.filter((p) => paneShown(p, mine));
  const current = shown.find((p) => p.id === page) ?? panes.find((p) => p.id === page && !p.kind) ?? shown[0];
  const menu = useRef<HTMLElement>(null);
  // On phones the menu is a row that scrolls sideways: bring the open pane's entry to its middle.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the open pane changes
  useEffect(() => {
    const nav = menu.current;
    const item = nav?.querySelector<HTMLElement>('.is-active');
    if (!nav || !item || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft += item.getBoundingClientRect().left - nav.getBoundingClientRect().left - (nav.clientWidth - item.offsetWidth) / 2;
  }, [current?.id]);
  if (!current) return null;
  const { Component } = current;
  return (
    <Dialog
      open={page !== null}
      onClose={onClose}
      title={t('agent.title')}
      closeLabel={t('common.close')}
      testId="agent-centre"
      size="lg"
      className="member-centre agent-centre"
    >
      <Context.Provider value={{ currency: balance?.currency, mine, reloadMine }}>
        <div className="member-centre__layout">
          <nav ref={menu} className="member-centre__menu" aria-label={t('agent.title')}>
            {shown.map((p) => (
              <button
                key={p.id}
                type="button"
                className={`member-centre__item${p === current ? ' is-active' : ''}`}
                aria-current={p === current ? 'page' : undefined}
                onClick={() => onPage(p.id)}
                data-testid={`agent-page-${p.id}`}
              >
                {t(p.label)}
              </button>
            ))}
          </nav>
          <section className="member-centre__pane" aria-label={t(current.label)}>
            <ChunkBoundary>
              <Suspense fallback={<Loader label={t('common.loading')} />}>
                <Component key={current.id} />
              </Suspense>
            </ChunkBoundary>
          </section>
        </div>
      </Context.Provider>
    </Dialog>
  );
}
