import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';
import { SecurityCentre } from './SecurityCentre.tsx';
import './member.css';

/**
 * The member centre's pages in the spec's order, as far as they exist: the wallet, records, rewards
 * and messages pages arrive with their own features.
 */
const pages = [{ id: 'securityCenter', label: 'account.securityCentre' as const, Component: SecurityCentre }];

/** The member centre: a modal with its page menu on the left and the page on the right. */
export function MemberCentre({ page, onPage, onClose }: { page: string | null; onPage: (page: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const current = pages.find((p) => p.id === page) ?? pages[0];
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
        <nav className="member-centre__menu" aria-label={t('account.memberCentre')}>
          {pages.map((p) => (
            <button
              key={p.id}
              type="button"
              className={`member-centre__item${p === current ? ' is-active' : ''}`}
              aria-current={p === current ? 'page' : undefined}
              onClick={() => onPage(p.id)}
            >
              {t(p.label)}
            </button>
          ))}
        </nav>
        <section className="member-centre__pane" aria-label={t(current.label)}>
          <Component />
        </section>
      </div>
    </Dialog>
  );
}
