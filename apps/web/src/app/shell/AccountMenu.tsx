import { moduleIds } from '@platform/contract';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAgentAccount, type Session } from '../../api/session.ts';
import { UnreadBadge } from '../../features/messages/UnreadBadge.tsx';
import { useInbox } from '../../features/messages/use-inbox.ts';
import { IconChevronDown, IconDownload, IconHelp, IconMail, IconUser, IconUsers } from '../../ui/icons.tsx';
import { usePlatform } from '../providers/platform-context.ts';
import { useUiActions } from '../providers/ui-store.tsx';
import { useLoginGate, useSignOut } from './use-account.ts';

/** The VIP level shown: the club rank minus 1 (spec §9). */
export const vipLevel = (session: Session) => Math.max(0, (session.info?.clubLabel.rankLevel ?? 1) - 1);

/**
 * The avatar with the VIP level, the unread messages badge and its drop-down menu: the spec's entries
 * whose pages exist (member centre, records, security centre, messages, app download, help centre)
 * and sign out with confirmation.
 */
export function AccountMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const actions = useUiActions();
  const gate = useLoginGate();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const name = session.info?.nickname || session.nickname || session.account;
  const vip = vipLevel(session);
  const { unread } = useInbox(session.account);
  const platform = usePlatform();

  useEffect(() => {
    if (!open) return;
    const away = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const item = (label: string, onClick: () => void, testId: string, icon?: ReactNode, className?: string) => (
    <li className={className}>
      <button
        type="button"
        className="account-menu__item"
        data-testid={testId}
        onClick={() => {
          setOpen(false);
          onClick();
        }}
      >
        {icon}
        {label}
      </button>
    </li>
  );

  return (
    <div className="account" ref={root}>
      <button
        type="button"
        className="account__avatar"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('account.menu', { name })}
        onClick={() => setOpen((o) => !o)}
        data-testid="account-avatar"
      >
        <span className="account__initial" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="account__vip" data-testid="account-vip">
          {t('account.vip', { level: vip })}
        </span>
        <span className="account__name">{name}</span>
        <UnreadBadge count={unread} />
        <IconChevronDown size={14} />
      </button>
      {open ? (
        <ul id={menuId} className="account-menu" data-testid="account-menu">
          {/* On phones the header has no room for the deposit and withdraw buttons: they move here. */}
          {item(
            t('account.deposit'),
            () => gate(() => actions.openMemberCentre('depositv2')),
            'menu-deposit',
            undefined,
            'account-menu__phone',
          )}
          {item(
            t('account.withdraw'),
            () => gate(() => actions.openMemberCentre('withdraw')),
            'menu-withdraw',
            undefined,
            'account-menu__phone',
          )}
          {item(t('account.memberCentre'), () => gate(() => actions.openMemberCentre()), 'menu-member-centre', <IconUser size={16} />)}
          {platform.isOn(moduleIds.referralPromo)
            ? item(t('menu.invite'), () => gate(() => actions.openMemberCentre('referral')), 'menu-invite', <IconUsers size={16} />)
            : null}
          {item(t('records.bettingTitle'), () => gate(() => actions.openMemberCentre('personalHistoryCopy')), 'menu-betting-record')}
          {item(t('records.transactionsTitle'), () => gate(() => actions.openMemberCentre('transactionHistory')), 'menu-account-record')}
          {item(t('account.securityCentre'), () => gate(() => actions.openMemberCentre('securityCenter')), 'menu-security-centre')}
          {item(
            t('menu.messages'),
            () => gate(() => actions.openMemberCentre('messageV2')),
            'menu-messages',
            <>
              <IconMail size={16} />
              <UnreadBadge count={unread} />
            </>,
          )}
          {item(t('menu.download'), actions.openDownload, 'menu-download', <IconDownload size={16} />)}
          {isAgentAccount(session)
            ? item(t('agent.title'), () => gate(() => actions.openAgentCentre()), 'menu-agent-centre', <IconUsers size={16} />)
            : null}
          <li>
            <Link className="account-menu__item" to="/helpmc" onClick={() => setOpen(false)}>
              <IconHelp size={16} />
              {t('menu.helpCentre')}
            </Link>
          </li>
          {item(t('account.signOut'), () => void signOut(), 'menu-sign-out')}
        </ul>
      ) : null}
    </div>
  );
}
