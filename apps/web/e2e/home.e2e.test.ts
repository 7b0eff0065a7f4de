// The home page a new visitor meets, as `npm start` seeds it (vendors without a contract off), in
// every language on a 360 px and a 390 px phone and on a desktop; then logged in on the 360 px phone.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite({ jobs: true }, { vendorsWithoutContract: 'off' });
});
afterAll(() => site?.close());

const shotDir = `${screenshotDir}/home`;
const languages = [
  { merchant: 'BRAZIL', lang: 'PT' },
  { merchant: 'BRAZIL', lang: 'EN' },
  { merchant: 'UEMOA', lang: 'FR' },
  { merchant: 'BRAZIL', lang: 'CN' },
  { merchant: 'BRAZIL', lang: 'VI' },
  { merchant: 'BRAZIL', lang: 'ID' },
] as const;
const widths = [
  { name: 'phone360', viewport: { width: 360, height: 780 } },
  { name: 'phone390', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
] as const;

/** The home page with its first hot game's art (the visitor has seen this session's notice popups). */
async function home(page: Page, url: string) {
  await page.goto(url);
  await page.locator('[data-testid="home-hot"] .hot-tile img').first().waitFor();
}

/** Nothing wider than the window: the page never scrolls sideways. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the home page', () => {
  it('sells the playable games in every language and width: hot games with art, draws closing, categories with vendors only', async () => {
    for (const { merchant, lang } of languages) {
      const { page, context, errors } = await newVisitor(site, { merchantCode: merchant, lang, viewport: widths[0].viewport });
      try {
        await home(page, site.url);
        // Only categories something can be played in: the demo's lottery, e-lottery and slots.
        const categories = await page
          .locator('.category-grid [data-category]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-category')));
        expect(categories).toEqual(merchant === 'BRAZIL' ? ['ELOTT', 'LOTT', 'RNG'] : ['LOTT', 'RNG']);
        expect(await page.locator('[data-testid="home-hot"] .hot-tile').count()).toBeGreaterThan(3);
        // The draws load as the reader scrolls towards them (not with the first screen).
        await page.locator('.home__live-mark').scrollIntoViewIfNeeded();
        await page.getByTestId('home-draws').locator('.draw-card__clock').first().waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        // The merchant's own logo (Lion Bet's lion on UEMOA), loaded.
        const logo = page.locator('.header__brand img');
        expect(await logo.getAttribute('src')).toBe(`/img/logos/${merchant.toLowerCase()}.svg`);
        await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        // The banner's slide carries its call to action.
        await page.getByTestId('banner-strip').locator('.banner__cta').first().waitFor();
        for (const { name, viewport } of widths) {
          await page.setViewportSize(viewport);
          expect(await overflow(page), `${lang} ${name}`).toBeLessThanOrEqual(0);
          const cta = await page.getByTestId('banner-strip').locator('.banner__cta').first().boundingBox();
          expect((cta?.width ?? 0) > 0 && (cta?.x ?? -1) >= 0 && (cta?.x ?? 0) + (cta?.width ?? 0) <= viewport.width).toBe(true);
          await page.screenshot({
            path: `${shotDir}/${merchant.toLowerCase()}-${lang.toLowerCase()}-${name}.png`,
            fullPage: name !== 'desktop',
          });
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 150_000);

  it('fits the logged-in header on a 360 px phone: VIP badge and balance in view', async () => {
    const { page, context } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'PT', viewport: { width: 360, height: 780 } });
    try {
      await home(page, `${site.url}/login`);
      const auth = page.getByTestId('auth-dialog');
      await auth.getByTestId('login-username-form').waitFor();
      await auth.getByTestId('field-username').fill('demoplayer');
      await auth.getByTestId('field-password').fill('Demo1234');
      await auth.getByTestId('login-submit').click();
      await page.getByTestId('account-avatar').waitFor();
      await auth.waitFor({ state: 'hidden' });
      await page.getByTestId('header-balance').getByText(/R\$/).waitFor();
      for (const id of ['account-vip', 'header-balance']) {
        const box = await page.getByTestId(id).boundingBox();
        expect(box, id).not.toBeNull();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360, `${id} in view: ${JSON.stringify(box)}`).toBe(true);
      }
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${shotDir}/brazil-pt-phone360-logged-in.png` });
    } finally {
      await context.close();
    }
  });
});
