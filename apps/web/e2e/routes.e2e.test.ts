import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/** Which chrome each route of the spec's route table shows to a visitor. */
interface RouteCase {
  path: string;
  page: string;
  header: boolean;
  side: boolean;
  footer: boolean;
  banner: boolean;
  /** A dialog test id that opens by itself on this route. */
  dialog?: string;
}

const full = { header: true, side: true, footer: true };
const routes: RouteCase[] = [
  { path: '/', page: 'page-home', ...full, banner: true },
  { path: '/index', page: 'page-home', ...full, banner: true },
  { path: '/index.html', page: 'page-home', ...full, banner: true },
  { path: '/home', page: 'page-home', ...full, banner: true },
  { path: '/login', page: 'page-home', ...full, banner: true, dialog: 'auth-dialog' },
  { path: '/register', page: 'page-register', ...full, banner: true },
  { path: '/register.html', page: 'page-register', ...full, banner: true },
  { path: '/pointMall', page: 'page-point-mall', header: true, side: false, footer: true, banner: true },
  { path: '/lottery', page: 'page-lottery', header: true, side: false, footer: false, banner: false },
  {
    path: '/lottery?gameCode=SSC1&playType=SSC_ANY_POSITION',
    page: 'page-lottery',
    header: true,
    side: false,
    footer: false,
    banner: false,
  },
  { path: '/vnlottery', page: 'page-vnlottery', header: false, side: false, footer: false, banner: false },
  { path: '/rng', page: 'page-lobby', ...full, banner: false },
  { path: '/rng?page=PP', page: 'page-lobby', ...full, banner: false },
  { path: '/pvp', page: 'page-lobby', ...full, banner: false },
  { path: '/live', page: 'page-lobby', ...full, banner: false },
  { path: '/fish', page: 'page-lobby', ...full, banner: false },
  { path: '/sports', page: 'page-lobby', ...full, banner: false },
  { path: '/esports', page: 'page-lobby', ...full, banner: false },
  { path: '/cockfight', page: 'page-lobby', ...full, banner: false },
  { path: '/elott', page: 'page-lobby', ...full, banner: false },
  { path: '/promotions', page: 'page-promotions', ...full, banner: true },
  { path: '/promoDetail?id=1', page: 'page-promo-detail', ...full, banner: false },
  { path: '/seamless', page: 'page-seamless', header: false, side: false, footer: false, banner: false },
  { path: '/helpmc', page: 'page-helpmc', header: false, side: false, footer: false, banner: false },
  { path: '/help', page: 'page-help', ...full, banner: true },
  { path: '/down', page: 'page-download', ...full, banner: true },
  { path: '/game', page: 'page-game', header: true, side: false, footer: false, banner: false },
  { path: '/inhouse', page: 'page-inhouse', ...full, banner: true },
  { path: '/no/such/page', page: 'page-not-found', ...full, banner: false },
];

const languages = ['EN', 'PT', 'FR', 'CN'] as const;
/** Every language once, English in both themes: the theme's colours do not depend on the language. */
const sweeps: [(typeof languages)[number], 'dark' | 'light'][] = [
  ['EN', 'dark'],
  ['EN', 'light'],
  ['PT', 'light'],
  ['FR', 'dark'],
  ['CN', 'light'],
];

/** Words that must appear on the home page in each language, so a missing dictionary shows. */
const homeWord: Record<(typeof languages)[number], RegExp> = {
  EN: /Promotions/i,
  PT: /Promoções/i,
  FR: /Promotions/i,
  CN: /优惠/,
};

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

const slug = (path: string) =>
  path
    .replace(/^\//, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/-$/, '') || 'home';

describe('every route', () => {
  it.each(sweeps)('in %s shows the right chrome in the %s theme with no console errors', async (lang, theme) => {
    const visitor = await newVisitor(site, { merchantCode: 'BRAZIL', lang, theme });
    const { page, errors } = visitor;
    try {
      for (const route of routes) {
        await page.goto(`${site.url}${route.path}`);
        const root = page.getByTestId(route.page);
        await root.waitFor({ state: 'visible', timeout: 15_000 });
        if (route.dialog) await page.getByTestId(route.dialog).waitFor({ state: 'visible' });
        const present = async (id: string) => (await page.getByTestId(id).count()) > 0 && (await page.getByTestId(id).first().isVisible());
        const seen = {
          header: await present('app-header'),
          side: await present('side-menu'),
          footer: await present('app-footer'),
        };
        expect(seen, `${route.path} chrome`).toEqual({ header: route.header, side: route.side, footer: route.footer });
        if (route.banner) await page.getByTestId('banner-strip').waitFor({ state: 'visible' });
        else expect(await page.getByTestId('banner-strip').count(), `${route.path} banner`).toBe(0);
        expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
        // Let the images and fonts in view settle, then look (not network idle: the site's socket and
        // polls keep the network busy, and idle costs at least half a second a route).
        // Lazy images below the fold never load for the picture, and are not waited for.
        await page.waitForFunction(
          () =>
            document.fonts.status === 'loaded' &&
            [...document.images].every((img) => {
              const box = img.getBoundingClientRect();
              const inView = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
              return img.complete || (img.loading === 'lazy' && !inView);
            }),
          undefined,
          { timeout: 15_000 },
        );
        await page.screenshot({
          path: `${screenshotDir}/routes/${lang.toLowerCase()}-${theme}-${slug(route.path)}.jpg`,
          quality: 55,
          type: 'jpeg',
        });
      }
      await page.goto(`${site.url}/`);
      await page.getByTestId('page-home').waitFor();
      expect(await page.getByTestId('app-header').innerText()).not.toBe('');
      expect(await page.locator('body').innerText()).toMatch(homeWord[lang]);
      expect(errors).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });
});
