import { moduleIds } from '@platform/contract';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { lazyPage } from './lazy-page.ts';
import type { Platform } from './providers/platform-context.ts';
import { RouteError } from './RouteError.tsx';
import type { Chrome, RouteHandle } from './route-handle.ts';
import { AppShell } from './shell/AppShell.tsx';
import { BootLoader } from './shell/BootLoader.tsx';

const full: Chrome = { header: true, side: true, footer: true };
const noSide: Chrome = { header: true, side: false, footer: true };
const headerOnly: Chrome = { header: true, side: false, footer: false };
const headerSide: Chrome = { header: true, side: true, footer: false };
const none: Chrome = { header: false, side: false, footer: false };

const index = () => import('./pages/index.ts');
const egame = () => import('./pages/egame.ts');
const help = () => import('./pages/help.ts');
const account = () => import('./pages/account.ts');

const home: RouteHandle = { page: 'home', chrome: full, banner: 'w_home', title: (t) => t('home.title') };
/** /register is the registration form's page variant (reset, region switcher, new-player offers). */
const register: RouteHandle = { page: 'register', chrome: full, banner: 'w_reg', title: (t) => t('auth.createAccount') };
const lobby = (category: 'LIVE' | 'SPORTS' | 'ESPORTS' | 'COCKFIGHT' | 'FISH' | 'RNG' | 'PVP' | 'ELOTT'): RouteHandle => ({
  page: 'lobby',
  chrome: full,
  title: (t) => t(`category.${category}`),
});

/** Paths a visitor may open without a session when the brand requires login for the home page. */
export const openPaths = new Set(['/login', '/register', '/register.html', '/helpmc', '/download', '/down', '/resetPassword']);

/**
 * Route guard: only when switch LOGINREQHOME3 is on and there is no session token, every path
 * except the open ones redirects to /login.
 */
function guard(platform: Platform) {
  return ({ request }: LoaderFunctionArgs) => {
    if (!platform.isOn(moduleIds.loginRequiredHome) || sessionStorage.getItem('token')) return null;
    const path = new URL(request.url).pathname;
    if (openPaths.has(path)) return null;
    throw redirect('/login');
  };
}

/** Every route of the spec's table; each page's code loads with its page group when visited. */
export function appRoutes(platform: Platform): RouteObject[] {
  const pages: RouteObject[] = [
    ...['/', '/index', '/index.html', '/home'].map((path) => ({ path, handle: home, lazy: lazyPage('index', index, (m) => m.HomePage) })),
    {
      path: '/login',
      handle: { ...home, auth: 'login', title: (t) => t('auth.loginTab') } satisfies RouteHandle,
      lazy: lazyPage('index', index, (m) => m.HomePage),
    },
    ...['/register', '/register.html'].map((path) => ({
      path,
      handle: register,
      lazy: lazyPage('account', account, (m) => m.RegisterPage),
    })),
    {
      path: '/resetPassword',
      handle: { page: 'reset-password', chrome: noSide, title: (t) => t('auth.resetTitle') } satisfies RouteHandle,
      lazy: lazyPage('account', account, (m) => m.ResetPasswordPage),
    },
    {
      path: '/pointMall',
      handle: { page: 'point-mall', chrome: noSide, banner: 'w_shop', title: (t) => t('pointMall.title') } satisfies RouteHandle,
      lazy: lazyPage(
        'pointMall',
        () => import('./pages/pointMall.ts'),
        (m) => m.PointMallPage,
      ),
    },
    {
      path: '/lottery',
      handle: { page: 'lottery', chrome: headerOnly, title: (t) => t('lottery.title') } satisfies RouteHandle,
      lazy: lazyPage(
        'lottery',
        () => import('./pages/lottery.ts'),
        (m) => m.LotteryPage,
      ),
    },
    {
      path: '/vnlottery',
      handle: { page: 'vnlottery', chrome: headerSide, embedded: true, title: (t) => t('vnlottery.title') } satisfies RouteHandle,
      lazy: lazyPage(
        'vnlottery',
        () => import('./pages/vnlottery.ts'),
        (m) => m.VnLotteryPage,
      ),
    },
    ...(['LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'FISH', 'RNG', 'PVP'] as const).map((category) => ({
      path: `/${category.toLowerCase()}`,
      handle: lobby(category),
      lazy: lazyPage('egame', egame, (m) => m.LobbyPage),
    })),
    {
      path: '/elott',
      handle: lobby('ELOTT'),
      lazy: lazyPage(
        'elott',
        () => import('./pages/elott.ts'),
        (m) => m.ElottLobbyPage,
      ),
    },
    {
      path: '/promotions',
      handle: { page: 'promotions', chrome: full, banner: 'w_promotion', title: (t) => t('promo.title') } satisfies RouteHandle,
      lazy: lazyPage(
        'promo',
        () => import('./pages/promo.ts'),
        (m) => m.PromotionsPage,
      ),
    },
    {
      path: '/promoDetail',
      handle: { page: 'promo-detail', chrome: full, title: (t) => t('promo.title') } satisfies RouteHandle,
      lazy: lazyPage(
        'promoDetail',
        () => import('./pages/promoDetail.ts'),
        (m) => m.PromoDetailPage,
      ),
    },
    {
      path: '/seamless',
      handle: { page: 'seamless', chrome: headerSide, embedded: true, title: (t) => t('seamless.title') } satisfies RouteHandle,
      lazy: lazyPage(
        'seamless',
        () => import('./pages/seamless.ts'),
        (m) => m.SeamlessPage,
      ),
    },
    {
      path: '/helpmc',
      handle: { page: 'helpmc', chrome: none, title: (t) => t('help.title') } satisfies RouteHandle,
      lazy: lazyPage('help', help, (m) => m.HelpCentrePage),
    },
    {
      path: '/help',
      handle: { page: 'help', chrome: full, banner: 'w_help', title: (t) => t('help.pageTitle') } satisfies RouteHandle,
      lazy: lazyPage('help', help, (m) => m.HelpPage),
    },
    {
      path: '/down',
      handle: { page: 'download', chrome: full, banner: 'w_down', title: (t) => t('download.title') } satisfies RouteHandle,
      lazy: lazyPage(
        'download',
        () => import('./pages/download.ts'),
        (m) => m.DownloadPage,
      ),
    },
    {
      path: '/game',
      handle: { page: 'game', chrome: headerOnly, title: (t) => t('game.title') } satisfies RouteHandle,
      lazy: lazyPage(
        'byIframe',
        () => import('./pages/byIframe.ts'),
        (m) => m.GamePage,
      ),
    },
    {
      path: '/play/:vendor/:gameCode',
      handle: { page: 'play', chrome: none, title: (t) => t('play.title') } satisfies RouteHandle,
      lazy: lazyPage(
        'play',
        () => import('./pages/play.ts'),
        (m) => m.PlayPage,
      ),
    },
    {
      path: '/verify',
      handle: { page: 'verify', chrome: full, title: (t) => t('verify.title') } satisfies RouteHandle,
      lazy: lazyPage(
        'verify',
        () => import('./pages/verify.ts'),
        (m) => m.VerifyPage,
      ),
    },
    {
      path: '/agent',
      handle: { page: 'agent', chrome: full, title: (t) => t('agent.entrance.title') } satisfies RouteHandle,
      lazy: lazyPage(
        'agent',
        () => import('./pages/agent.ts'),
        (m) => m.AgentEntrancePage,
      ),
    },
    {
      path: '/inhouse',
      handle: { page: 'inhouse', chrome: full, banner: 'w_inhouse', title: (t) => t('inhouse.title') } satisfies RouteHandle,
      lazy: lazyPage('egame', egame, (m) => m.InhousePage),
    },
    {
      path: '*',
      handle: { page: 'not-found', chrome: full, title: (t) => t('notFound.title') } satisfies RouteHandle,
      lazy: lazyPage('index', index, (m) => m.NotFoundPage),
    },
  ];
  return [
    {
      id: 'root',
      Component: AppShell,
      HydrateFallback: BootLoader,
      loader: guard(platform),
      // The guard must run on every navigation, not only when the root's own params change.
      shouldRevalidate: () => true,
      children: [{ ErrorBoundary: RouteError, children: pages }],
    },
  ];
}

export function createAppRouter(platform: Platform) {
  return createBrowserRouter(appRoutes(platform));
}
