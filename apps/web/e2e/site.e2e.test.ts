import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../server/src/modules/content/content.tables.ts';
import { MerchantDirectory } from '../../server/src/modules/merchants/merchants.service.ts';
import { merchants } from '../../server/src/modules/merchants/merchants.tables.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/** An address in Brazil per the geo-IP database the server ships. */
const brazilianIp = '200.147.67.142';

let site: Site;
let directory: MerchantDirectory;
beforeAll(async () => {
  site = await startSite();
  directory = new MerchantDirectory(site.database.db, 0);
});
afterAll(() => site?.close());

describe('announcement HTML', () => {
  it('shows hostile HTML as harmless text and runs none of it', async () => {
    const [brazil] = await site.database.db.select().from(merchants).where(eq(merchants.code, 'BRAZIL'));
    const hostile = [
      '<p>Read the <b>new rules</b>.</p>',
      '<script>window.__pwned = "script"</script>',
      '<img src="/no-such-image.png" onerror="window.__pwned = \'onerror\'">',
      '<a id="evil" href="javascript:window.__pwned = \'link\'">Claim your prize</a>',
      '<svg><script>window.__pwned = "svg"</script></svg>',
    ].join('');
    await site.database.db.insert(announcements).values({
      merchantId: brazil.id,
      type: 'PU',
      title: { EN: 'Rules update' },
      content: { EN: hostile },
    });

    const { page, context } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN', notices: true });
    try {
      await page.goto(site.url);
      const dialog = page.getByTestId('notice-dialog');
      await dialog.waitFor({ state: 'visible', timeout: 15_000 });
      await dialog
        .getByRole('button', { name: /Rules update/ })
        .first()
        .click();
      await expect.poll(() => dialog.textContent()).toContain('Claim your prize');
      expect(await dialog.textContent()).toContain('new rules');

      const link = dialog.getByText('Claim your prize');
      expect(await link.getAttribute('href')).toBeNull();
      await link.click();
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
      expect(await dialog.locator('script, [onerror]').count()).toBe(0);
      await page.screenshot({ path: `${screenshotDir}/behaviour/notice-hostile-html.jpg`, type: 'jpeg', quality: 70 });
    } finally {
      await context.close();
      await site.database.db.delete(announcements).where(eq(announcements.type, 'PU'));
    }
  });
});

describe('region and language', () => {
  it('opens the region picker by itself for a visitor from an uncovered country, and switching reloads home in the new region', async () => {
    const { page, context, errors } = await newVisitor(site);
    try {
      await page.goto(site.url);
      const picker = page.getByTestId('region-picker');
      await picker.waitFor({ state: 'visible', timeout: 15_000 });
      await page.screenshot({ path: `${screenshotDir}/behaviour/region-picker.jpg`, type: 'jpeg', quality: 70 });
      await picker
        .locator('[data-merchant="UEMOA"]')
        .getByRole('button', { name: /Français/ })
        .click();
      await page.getByTestId('page-home').waitFor({ state: 'visible', timeout: 15_000 });
      await expect.poll(() => page.evaluate(() => localStorage.getItem('merchantCode'))).toBe('UEMOA');
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('FR');
      await expect.poll(() => page.getByTestId('app-header').textContent()).toContain('Lion Bet');
      await expect.poll(() => page.getByTestId('app-header').textContent()).toContain('Connexion');

      // The choice survives a reload, and the picker no longer opens by itself.
      await page.reload();
      await page.getByTestId('page-home').waitFor({ state: 'visible' });
      expect(await page.getByTestId('app-header').textContent()).toContain('Lion Bet');
      expect(await page.getByTestId('region-picker').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens the merchant’s first language when the visitor has not chosen one', async () => {
    const { page, context } = await newVisitor(site, { merchantCode: 'UEMOA' });
    try {
      await page.goto(site.url);
      await page.getByTestId('page-home').waitFor({ state: 'visible', timeout: 15_000 });
      await expect.poll(() => page.locator('html').getAttribute('lang')).toMatch(/^en/i);
    } finally {
      await context.close();
    }
  });

  it('switches to CN after more than four taps on the 18+ icon', async () => {
    const { page, context } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN' });
    try {
      await page.goto(site.url);
      await page.getByTestId('page-home').waitFor({ state: 'visible', timeout: 15_000 });
      const icon = page.getByTestId('adult-icon');
      for (let tap = 0; tap < 4; tap++) await icon.click();
      expect(await page.getByTestId('side-menu').textContent()).toContain('Promotions');
      await icon.click();
      await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain('优惠');
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('CN');
    } finally {
      await context.close();
    }
  });
});

describe('theme', () => {
  it('is dark by default and keeps the reader’s choice across reloads', async () => {
    const { page, context } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN' });
    try {
      await page.goto(site.url);
      await page.getByTestId('page-home').waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
      await page.getByTestId('theme-toggle').click();
      expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
      await page.reload();
      await page.getByTestId('page-home').waitFor({ state: 'visible' });
      expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    } finally {
      await context.close();
    }
  });
});

describe('download', () => {
  it('shows a QR code only for the app packages the merchant has', async () => {
    const { page, context } = await newVisitor(site, { merchantCode: 'UEMOA', lang: 'EN' });
    try {
      await page.goto(`${site.url}/down`);
      await page.getByTestId('page-download').waitFor({ state: 'visible', timeout: 15_000 });
      await expect.poll(() => page.getByTestId('download-qr').count()).toBe(1);
      await page.getByRole('tab', { name: 'iOS' }).click();
      await expect.poll(() => page.getByTestId('download-qr').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('operator switches', () => {
  it('shows the maintenance page with its end time while the merchant is in maintenance', async () => {
    const end = new Date(Date.now() + 2 * 3600_000);
    await directory.setMaintenance('BRAZIL', true, end);
    const { page, context } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN' });
    try {
      await page.goto(site.url);
      await page.getByTestId('page-maintenance').waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.getByTestId('maintenance-end').textContent()).toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(await page.getByTestId('contact-service').count()).toBeGreaterThan(0);
      await page.screenshot({ path: `${screenshotDir}/behaviour/maintenance.jpg`, type: 'jpeg', quality: 70 });
    } finally {
      await context.close();
      await directory.setMaintenance('BRAZIL', false, null);
    }
  });

  it('shows the restriction page with the visitor’s address and country when the country is restricted', async () => {
    await directory.setRestrictedCountries('BRAZIL', ['BR']);
    const { page, context } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN', ip: brazilianIp });
    try {
      await page.goto(site.url);
      await page.getByTestId('page-restricted').waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.getByTestId('restricted-ip').textContent()).toContain(brazilianIp);
      expect(await page.getByTestId('restricted-country').textContent()).toMatch(/Brazil|BR/);
      await page.screenshot({ path: `${screenshotDir}/behaviour/restricted.jpg`, type: 'jpeg', quality: 70 });
    } finally {
      await context.close();
      await directory.setRestrictedCountries('BRAZIL', []);
    }
  });
});
