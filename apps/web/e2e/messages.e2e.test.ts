import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator, type TestOperator } from '../../server/test/operators.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * Platform messages in Chromium against the real server: the demo player logs in and sees the
 * seeded welcome and promotion notices unread (the avatar's badge); an operator sends every player
 * of the merchant a message carrying markup through the admin API, and the badge and the open list
 * follow live over the WebSocket; the message opens as plain text (the markup shown, not run), is
 * deleted, and the rest marked read. The list in every language is photographed into
 * docs/screenshots/support.
 */

let site: Site;
let owner: TestOperator;
const shotDir = `${screenshotDir}/support`;

beforeAll(async () => {
  site = await startSite({ jobs: false });
  owner = await makeOperator(site.database.db, { account: 'e2e-messages', role: 'owner' });
  mkdirSync(shotDir, { recursive: true });
});
afterAll(() => site?.close());

async function shot(page: Page, name: string) {
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${shotDir}/${name}.png` });
}

async function login(page: Page) {
  await page.goto(`${site.url}/`);
  await page.getByTestId('header-login').click();
  const auth = page.getByTestId('auth-dialog');
  await auth.getByTestId('field-username').fill('demoplayer');
  await auth.getByTestId('field-password').fill('Demo1234');
  await auth.getByTestId('login-submit').click();
  await page.getByTestId('account-avatar').waitFor();
}

describe('platform messages', () => {
  it('shows the unread count, follows a new message live, and shows markup as text', async () => {
    const { page, errors } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN' });
    page.setDefaultTimeout(30_000);
    await login(page);
    const badge = page.getByTestId('account-avatar').getByTestId('unread-badge');
    await expect.poll(() => badge.textContent()).toBe('2');
    await page.getByTestId('account-avatar').click();
    await page.getByTestId('menu-messages').waitFor();
    await shot(page, 'brazil-en-menu-unread');
    await page.getByTestId('menu-messages').click();
    const inbox = page.getByTestId('inbox');
    await expect.poll(() => inbox.getByTestId('inbox-row').count()).toBe(2);
    await shot(page, 'brazil-en-messages');

    const res = await site.app.inject({
      method: 'POST',
      url: '/admin/v1/messages',
      headers: { authorization: `Bearer ${owner.key}` },
      payload: {
        audience: 'merchant',
        merchant: 'BRAZIL',
        title: { EN: 'Maintenance on Sunday', PT: 'Manutenção no domingo' },
        content: { EN: 'Deposits pause 02:00–03:00. <img src=x onerror="window.hacked=1"><script>window.hacked=1</script>' },
      },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => inbox.getByTestId('inbox-row').count()).toBe(3);
    await expect.poll(() => badge.textContent()).toBe('3');
    await inbox.getByTestId('inbox-row').first().click();
    const content = page.getByTestId('inbox-content');
    await expect.poll(() => content.textContent()).toContain('<script>window.hacked=1</script>');
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await expect.poll(() => badge.textContent()).toBe('2');
    await shot(page, 'brazil-en-message-open');
    await page.getByTestId('inbox-delete').click();
    await page.getByTestId('inbox-delete-yes').click();
    await expect.poll(() => page.getByTestId('inbox').getByTestId('inbox-row').count()).toBe(2);
    await page.getByTestId('inbox-read-all').click();
    await expect.poll(() => badge.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each(['PT', 'FR', 'CN', 'VI', 'ID'])('reads right in %s, from the side menu’s support submenu', async (lang) => {
    const { page, errors } = await newVisitor(site, { merchantCode: 'BRAZIL', lang });
    page.setDefaultTimeout(30_000);
    await login(page);
    await page.getByTestId('side-messages').or(page.locator('[aria-controls="side-menu-support"]')).first().click();
    await page.getByTestId('side-messages').click();
    await expect.poll(() => page.getByTestId('inbox').getByTestId('inbox-row').count()).toBeGreaterThan(0);
    await shot(page, `brazil-${lang.toLowerCase()}-messages`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
