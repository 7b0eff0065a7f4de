import { moduleIds } from '@platform/contract';
import { type ComponentType, lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkBoundary } from '../../app/ChunkBoundary.tsx';
import { lazyComponent } from '../../app/lazy-page.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { SecurityCentre } from './SecurityCentre.tsx';
import './member.css';
import './money.css';

// Each money page is its own chunk, loaded when it is first shown.
const TransferPage = lazy(
  lazyComponent(
    'member-transfer',
    () => import('./TransferPage.tsx'),
    (m) => m.TransferPage,
  ),
);
const DepositPage = lazy(
  lazyComponent(
    'member-deposit',
    () => import('./DepositPage.tsx'),
    (m) => m.DepositPage,
  ),
);
const WithdrawPage = lazy(
  lazyComponent(
    'member-withdraw',
    () => import('./withdraw/WithdrawPage.tsx'),
    (m) => m.WithdrawPage,
  ),
);
const TransferUplinePage = lazy(
  lazyComponent(
    'member-upline',
    () => import('./TransferUplinePage.tsx'),
    (m) => m.TransferUplinePage,
  ),
);
const BettingRecordPage = lazy(
  lazyComponent(
    'member-bets',
    () => import('./BettingRecordPage.tsx'),
    (m) => m.BettingRecordPage,
  ),
);
const TransactionHistoryPage = lazy(
  lazyComponent(
    'member-transactions',
    () => import('./TransactionHistoryPage.tsx'),
    (m) => m.TransactionHistoryPage,
  ),
);
const MessagesPage = lazy(
  lazyComponent(
    'member-messages',
    () => import('../messages/MessagesPage.tsx'),
    (m) => m.MessagesPage,
  ),
);
const BonusDetailsPage = lazy(
  lazyComponent(
    'member-bonus',
    () => import('../promotions/BonusDetailsPage.tsx'),
    (m) => m.BonusDetailsPage,
  ),
);
const RewardCentrePage = lazy(
  lazyComponent(
    'member-rewards',
    () => import('../rewards/RewardCentrePage.tsx'),
    (m) => m.RewardCentrePage,
  ),
);
const VipPage = lazy(
  lazyComponent(
    'member-vip',
    () => import('../loyalty/VipPage.tsx'),
    (m) => m.VipPage,
  ),
);
const ReferralPage = lazy(
  lazyComponent(
    'member-referral',
    () => import('../loyalty/ReferralPage.tsx'),
    (m) => m.ReferralPage,
  ),
);
const PersonalProfitPage = lazy(
  lazyComponent(
    'member-profit',
    () => import('./PersonalProfitPage.tsx'),
    (m) => m.PersonalProfitPage,
  ),
);

/**
 * The member centre's pages in the spec's order, as far as they exist (VIP after them): the missions
 * leaderboard and manual rebate arrive with their own features.
 */
type PageLabel =
  | 'account.securityCentre'
  | 'wallet.menu'
  | 'account.deposit'
  | 'account.withdraw'
  | 'wallet.uplineTitle'
  | 'records.bettingTitle'
  | 'records.transactionsTitle'
  | 'records.profitTitle'
  | 'bonus.title'
  | 'rewards.title'
  | 'loyalty.vipTitle'
  | 'menu.invite'
  | 'inbox.title';
const pages: { id: string; label: PageLabel; Component: ComponentType }[] = [
  { id: 'securityCenter', label: 'account.securityCentre', Component: SecurityCentre },
  { id: 'transferFund', label: 'wallet.menu', Component: TransferPage },
  { id: 'depositv2', label: 'account.deposit', Component: DepositPage },
  { id: 'withdraw', label: 'account.withdraw', Component: WithdrawPage },
  { id: 'transferUpline', label: 'wallet.uplineTitle', Component: TransferUplinePage },
  { id: 'personalHistoryCopy', label: 'records.bettingTitle', Component: BettingRecordPage },
  { id: 'transactionHistory', label: 'records.transactionsTitle', Component: TransactionHistoryPage },
  { id: 'personalProfit', label: 'records.profitTitle', Component: PersonalProfitPage },
  { id: 'bonusDetails', label: 'bonus.title', Component: BonusDetailsPage },
  { id: 'rewardCenter', label: 'rewards.title', Component: RewardCentrePage },
  { id: 'referral', label: 'menu.invite', Component: ReferralPage },
  { id: 'vip', label: 'loyalty.vipTitle', Component: VipPage },
  { id: 'messageV2', label: 'inbox.title', Component: MessagesPage },
];

/** The member centre: a modal with its page menu on the left and the page on the right. */
export function MemberCentre({ page, onPage, onClose }: { page: string | null; onPage: (page: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  // Invite friends only where the merchant's referral switch is on.
  const shown = pages.filter((p) => p.id !== 'referral' || platform.isOn(moduleIds.referralPromo));
  const current = shown.find((p) => p.id === page) ?? shown[0];
  const menu = useRef<HTMLElement>(null);
  // On phones the menu is a row that scrolls sideways: bring the open page's entry to its middle.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the open page changes
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
      title={t('account.memberCentre')}
      closeLabel={t('common.close')}
      testId="member-centre"
      size="lg"
      className="member-centre"
    >
      <div className="member-centre__layout">
        <nav ref={menu} className="member-centre__menu" aria-label={t('account.memberCentre')}>
          {shown.map((p) => (
            <button
              key={p.id}
              type="button"
              className={`member-centre__item${p === current ? ' is-active' : ''}`}
              aria-current={p === current ? 'page' : undefined}
              onClick={() => onPage(p.id)}
              data-testid={`member-page-${p.id}`}
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
    </Dialog>
  );
}
