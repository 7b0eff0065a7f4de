import { categoryRoutes, type GameCategory, type GameVendor, moduleIds } from '@platform/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { categoriesWithVendors, useGameVendors } from '../../api/queries.ts';
import { useSession } from '../../api/session.ts';
import { UnreadBadge } from '../../features/messages/UnreadBadge.tsx';
import { useInbox } from '../../features/messages/use-inbox.ts';
import { chatWindow } from '../../features/support/chat-store.ts';
import { languageName } from '../../i18n/languages.ts';
import { categoryIcons } from '../../ui/category-icons.tsx';
import {
  IconChat,
  IconChevronDown,
  IconClose,
  IconCollapse,
  IconCrown,
  IconDownload,
  IconExpand,
  IconGift,
  IconGlobe,
  IconHeadset,
  IconHelp,
  IconHome,
  IconLink,
  IconMail,
  IconMegaphone,
  IconUsers,
  socialIcon,
} from '../../ui/icons.tsx';
import { useFocusTrap } from '../../ui/use-focus-trap.ts';
import { usePlatform } from '../providers/platform-context.ts';
import { useUiActions, useUiState } from '../providers/ui-store.tsx';
import { useLoginGate } from './use-account.ts';
import { useCategoryOpen } from './use-category-open.ts';
import { phoneQuery, useMedia } from './use-media.ts';

/** Where a vendor sub-item leads: its category lobby with the vendor's tab; lottery vendors open the lottery page. */
export function vendorPath(category: GameCategory, vendor: GameVendor): string {
  if (category === 'LOTT') return categoryRoutes.LOTT;
  return `${categoryRoutes[category]}?page=${encodeURIComponent(vendor.vassalage)}`;
}

function Label({ children }: { children: ReactNode }) {
  return <span className="side-menu__label">{children}</span>;
}

/**
 * The side menu: home, one entry per category that has vendors (with vendor sub-items and All),
 * account entries, promotions, language, feedback, support, app download and social links. It
 * collapses to a mini icon bar on desktop and is a drawer on phones.
 */
export function SideMenu() {
  const { t, i18n } = useTranslation();
  const platform = usePlatform();
  const ui = useUiState();
  const actions = useUiActions();
  const phone = useMedia(phoneQuery);
  const location = useLocation();
  const vendors = useGameVendors();
  const groups = categoriesWithVendors(vendors.data ?? []);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const nav = useRef<HTMLElement>(null);
  const mini = ui.menuMini && !phone;
  const drawer = phone && ui.drawerOpen;

  useFocusTrap(nav, drawer, () => actions.setDrawer(false));

  // A drawer closes once the reader has gone somewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    actions.setDrawer(false);
  }, [location.pathname, location.search, actions]);

  const toggle = (id: string) => {
    if (mini) actions.toggleMini();
    setExpanded((old) => {
      const next = new Set(old);
      if (next.has(id) && !mini) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const gate = useLoginGate();
  const inbox = useInbox(useSession()?.account);
  const openFeedback = () => gate(actions.openFeedback);
  const categoryOpen = useCategoryOpen();

  return (
    <>
      {drawer ? <div className="side-menu__backdrop" aria-hidden="true" onClick={() => actions.setDrawer(false)} /> : null}
      <div className={`side-menu-col${mini ? ' is-mini' : ''}`}>
        <nav
          id="side-menu"
          ref={nav}
          className={`side-menu${mini ? ' is-mini' : ''}${drawer ? ' is-open' : ''}`}
          aria-label={t('menu.label')}
          data-testid="side-menu"
          inert={phone && !ui.drawerOpen}
        >
          <div className="side-menu__top">
            {phone ? (
              <button type="button" className="icon-btn" aria-label={t('menu.close')} onClick={() => actions.setDrawer(false)}>
                <IconClose />
              </button>
            ) : (
              <button
                type="button"
                className="icon-btn"
                aria-label={mini ? t('menu.expand') : t('menu.collapse')}
                aria-pressed={mini}
                onClick={actions.toggleMini}
              >
                {mini ? <IconExpand /> : <IconCollapse />}
              </button>
            )}
          </div>
          <ul className="side-menu__list">
            <li>
              <NavLink to="/" end className="side-menu__item" title={mini ? t('menu.home') : undefined}>
                <IconHome />
                <Label>{t('menu.home')}</Label>
              </NavLink>
            </li>
            {groups.map(({ category, vendors: list }) => {
              const Icon = categoryIcons[category];
              const name = t(`category.${category}`);
              const open = expanded.has(category) && !mini;
              const subId = `side-menu-${category.toLowerCase()}`;
              return (
                <li key={category} data-category={category}>
                  <div className="side-menu__row">
                    <NavLink
                      to={categoryRoutes[category]}
                      className="side-menu__item"
                      title={mini ? name : undefined}
                      onClick={categoryOpen.click(category)}
                      aria-busy={categoryOpen.busy === category || undefined}
                    >
                      <Icon />
                      <Label>{name}</Label>
                    </NavLink>
                    {mini ? null : (
                      <button
                        type="button"
                        className={`icon-btn side-menu__caret${open ? ' is-open' : ''}`}
                        aria-expanded={open}
                        aria-controls={subId}
                        aria-label={t('menu.toggleVendors', { category: name })}
                        onClick={() => toggle(category)}
                      >
                        <IconChevronDown size={16} />
                      </button>
                    )}
                  </div>
                  {open ? (
                    <ul id={subId} className="side-menu__sub">
                      <li>
                        <Link to={categoryRoutes[category]} className="side-menu__subitem">
                          {t('menu.all')}
                        </Link>
                      </li>
                      {list.map((vendor) => (
                        <li key={vendor.vassalage}>
                          <Link
                            to={vendorPath(category, vendor)}
                            className="side-menu__subitem"
                            onClick={categoryOpen.click(category, vendor.vassalage)}
                          >
                            {vendor.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <ul className="side-menu__list side-menu__list--secondary">
            <li>
              <button
                type="button"
                className="side-menu__item"
                onClick={() => gate(() => actions.openMemberCentre('vip'))}
                title={mini ? t('menu.vip') : undefined}
                data-testid="side-vip"
              >
                <IconCrown />
                <Label>{t('menu.vip')}</Label>
              </button>
            </li>
            {platform.isOn(moduleIds.referralPromo) ? (
              <li>
                <button
                  type="button"
                  className="side-menu__item"
                  onClick={() => gate(() => actions.openMemberCentre('referral'))}
                  title={mini ? t('menu.invite') : undefined}
                  data-testid="side-invite"
                >
                  <IconUsers />
                  <Label>{t('menu.invite')}</Label>
                </button>
              </li>
            ) : null}
            <li>
              <NavLink to="/promotions" className="side-menu__item" title={mini ? t('menu.promotions') : undefined}>
                <IconGift />
                <Label>{t('menu.promotions')}</Label>
              </NavLink>
            </li>
            <li>
              <button type="button" className="side-menu__item" onClick={actions.openRegion} title={mini ? t('menu.language') : undefined}>
                <IconGlobe />
                <Label>
                  {t('menu.language')}
                  <span className="side-menu__hint">{languageName(i18n.language)}</span>
                </Label>
              </button>
            </li>
            <li>
              <button
                type="button"
                className="side-menu__item"
                onClick={openFeedback}
                title={mini ? t('menu.feedback') : undefined}
                data-testid="side-feedback"
              >
                <IconChat />
                <Label>{t('menu.feedback')}</Label>
              </button>
            </li>
            <li>
              <div className="side-menu__row">
                <button
                  type="button"
                  className="side-menu__item"
                  aria-expanded={expanded.has('support') && !mini}
                  aria-controls="side-menu-support"
                  onClick={() => toggle('support')}
                  title={mini ? t('menu.support') : undefined}
                >
                  <IconHeadset />
                  <Label>{t('menu.support')}</Label>
                  {mini ? null : <IconChevronDown size={16} className={`side-menu__chevron${expanded.has('support') ? ' is-open' : ''}`} />}
                </button>
              </div>
              {expanded.has('support') && !mini ? (
                <ul id="side-menu-support" className="side-menu__sub">
                  <li>
                    <button type="button" className="side-menu__subitem" onClick={() => gate(chatWindow.open)} data-testid="side-chat">
                      <IconChat size={14} /> {t('menu.customerService')}
                    </button>
                  </li>
                  {platform.info.customerService.map((link) => (
                    <li key={link.url}>
                      <a href={link.url} target="_blank" rel="noopener noreferrer" className="side-menu__subitem">
                        <IconLink size={14} /> {t('menu.customerService')}: {link.name}
                        <span className="sr-only"> {t('common.newTab')}</span>
                      </a>
                    </li>
                  ))}
                  <li>
                    <button
                      type="button"
                      className="side-menu__subitem"
                      onClick={() => gate(() => actions.openMemberCentre('messageV2'))}
                      data-testid="side-messages"
                    >
                      <IconMail size={14} /> {t('menu.messages')} <UnreadBadge count={inbox.unread} />
                    </button>
                  </li>
                  <li>
                    <button type="button" className="side-menu__subitem" onClick={() => actions.openNotice(false)}>
                      <IconMegaphone size={14} /> {t('menu.announcements')}
                    </button>
                  </li>
                  <li>
                    <Link to="/helpmc" className="side-menu__subitem">
                      <IconHelp size={14} /> {t('menu.helpCentre')}
                    </Link>
                  </li>
                </ul>
              ) : null}
            </li>
            <li>
              <button
                type="button"
                className="side-menu__item"
                onClick={actions.openDownload}
                title={mini ? t('menu.download') : undefined}
              >
                <IconDownload />
                <Label>{t('menu.download')}</Label>
              </button>
            </li>
          </ul>
          {platform.info.socialLinks.length > 0 ? (
            <div className="side-menu__social">
              <p className="side-menu__social-title">
                <Label>{t('menu.social')}</Label>
              </p>
              <ul className="side-menu__social-list">
                {platform.info.socialLinks.map((link) => {
                  const Icon = socialIcon(link.type);
                  return (
                    <li key={link.url}>
                      <a
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="icon-btn"
                        aria-label={`${link.name} ${t('common.newTab')}`}
                      >
                        <Icon />
                      </a>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}
        </nav>
      </div>
    </>
  );
}
