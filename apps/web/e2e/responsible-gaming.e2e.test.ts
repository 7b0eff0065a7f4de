import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * Responsible gaming in Chromium against the real server: the demo player of Brazil opens the page
 * in the security centre, sets a daily loss limit (applied at once), asks to raise it (left pending
 * behind the cooling period), and sees the self-exclusion's confirmation say what will happen. The
 * page is photographed in every language into docs/screenshots/responsible-gaming.
 */

let site: Site;
const shotDir = `${screenshotDir}/responsible-gaming`;

beforeAll(async () => {
  site = await startSite({ jobs: false });
  mkdirSync(shotDir, { recursive: true });
});
afterAll(() => site?.close());

async function openPage(page: Page) {
  await page.goto(`${site.url}/`);
  await page.getByTestId('header-login').click();
  const auth = page.getByTestId('auth-dialog');
  await auth.getByTestId('field-username').fill('demoplayer');
  await auth.getByTestId('field-password').fill('Demo1234');
  await auth.getByTestId('login-submit').click();
  await page.getByTestId('account-avatar').click();
  await page.getByTestId('menu-security-centre').click();
  await page.getByTestId('open-responsible-gaming').click();
  await page.getByTestId('responsible-gaming').waitFor();
}

describe('responsible gaming', () => {
  it('sets a loss limit at once, leaves a raise pending, and confirms an exclusion with what it does', async () => {
    const { page, errors, context } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN' });
    page.setDefaultTimeout(30_000);
    await openPage(page);
    const form = page.getByTestId('limit-form');
    await form.getByTestId('field-kind').selectOption('loss');
    await form.getByTestId('field-period').selectOption('day');
    await form.getByTestId('field-amount').fill('50');
    await form.getByTestId('limit-save').click();
    await page.getByTestId('limit-loss-day').waitFor();
    await form.getByTestId('field-amount').fill('80');
    await form.getByTestId('limit-save').click();
    await page.getByTestId('limit-pending').waitFor();
    await page.getByTestId('rg-help').waitFor();
    await page.waitForTimeout(2200);
    await page.getByTestId('responsible-gaming').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shotDir}/brazil-en-page.png` });
    await page.getByTestId('break-self_exclusion-start').click();
    await page.getByText('you will not be able to log in, bet or deposit').waitFor();
    await page.screenshot({ path: `${shotDir}/brazil-en-exclusion-confirm.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads right in every language', async () => {
    for (const lang of ['PT', 'FR', 'CN', 'VI', 'ID']) {
      const { page, context } = await newVisitor(site, { merchantCode: 'BRAZIL', lang });
      page.setDefaultTimeout(30_000);
      await openPage(page);
      await page.getByTestId('limit-pending').waitFor();
      await page.getByTestId('responsible-gaming').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shotDir}/brazil-${lang.toLowerCase()}-page.png` });
      await context.close();
    }
  });
});
