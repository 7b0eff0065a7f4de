import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { BannerStrip } from '../../features/content/BannerStrip.tsx';
import { useAutoNotice } from '../../features/notice/use-auto-notice.ts';
import { useRegionAutoOpen } from '../../features/region/use-region-auto-open.ts';
import { ChatWindow } from '../../features/support/ChatWindow.tsx';
import { usePlatform } from '../providers/platform-context.ts';
import { useUiActions, useUiState } from '../providers/ui-store.tsx';
import { useRouteHandle } from '../route-handle.ts';
import { DialogHost } from './DialogHost.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { NavigationLoader } from './NavigationLoader.tsx';
import { SideMenu } from './SideMenu.tsx';
import { StarryBackground } from './StarryBackground.tsx';
import { useSessionStart } from './use-account.ts';

/**
 * The shell: starry background, header, side menu, banner strip, page, footer and dialogs, each
 * shown as the current route's handle says.
 */
export function AppShell() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const platform = usePlatform();
  const ui = useUiState();
  const actions = useUiActions();
  const location = useLocation();

  const chrome = handle?.chrome ?? { header: true, side: true, footer: true };
  const barsHidden = Boolean(handle?.embedded) && !ui.embeddedBars;
  const showHeader = chrome.header && !barsHidden;
  const showSide = chrome.side && !barsHidden;

  useEffect(() => {
    document.title = handle ? `${handle.title(t)} · ${platform.brand}` : platform.brand;
  }, [handle, t, platform.brand]);

  // Navigation scrolls smoothly to the top (instantly for readers who prefer less motion).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  useEffect(() => {
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, [location.pathname]);

  const auth = handle?.auth;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reopens on each visit of /login or /register
  useEffect(() => {
    if (auth) actions.openAuth(auth);
  }, [auth, location.key, actions]);

  useSessionStart();
  useRegionAutoOpen();
  useAutoNotice(handle?.page === 'home' && !ui.region && ui.auth === null);

  return (
    <div
      className={`shell${showSide ? ' has-side' : ''}${ui.menuMini ? ' is-mini' : ''}${showHeader ? ' has-header' : ''}`}
      data-page={handle?.page}
    >
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <StarryBackground />
      {showHeader ? <Header withMenuButton={showSide} /> : null}
      <div className="shell__body">
        {showSide ? <SideMenu /> : null}
        <div className="shell__content">
          {handle?.banner ? <BannerStrip key={handle.banner} group={handle.banner} home={handle.page === 'home'} /> : null}
          <main id="main" className="shell__main" tabIndex={-1}>
            <Outlet />
          </main>
          {chrome.footer ? <Footer /> : null}
        </div>
      </div>
      <DialogHost />
      <ChatWindow />
      <NavigationLoader />
    </div>
  );
}
