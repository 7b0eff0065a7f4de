import { mkdirSync } from 'node:fs';
import { pointsPaths } from '@platform/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuthConfig } from '../../server/src/modules/auth/auth.config.ts';
import { PasswordHasher } from '../../server/src/modules/auth/passwords.ts';
import { memberByAccount, setPaymentPassword } from '../../server/src/modules/members/members.service.ts';
import { merchantByCode } from '../../server/src/modules/merchants/merchants.service.ts';
import { houseAccount, memberAccount, post } from '../../server/src/modules/wallet/ledger.service.ts';
import { makeOperator } from '../../server/test/operators.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * The points mall in Chromium against the real server: the demo player (5 000 seeded points and 10
 * earned by a bet) redeems
 * a cap (points and stock reserved), an operator approves and completes it through the admin API,
 * the player sees the exchange completed in the records, then converts points to cash. Every site
 * language is photographed into docs/screenshots/point-mall.
 */

let site: Site;
let admin: Record<string, string>;
const shotDir = `${screenshotDir}/point-mall`;

beforeAll(async () => {
  site = await startSite({ jobs: true });
  mkdirSync(shotDir, { recursive: true });
  const db = site.database.db;
  const hasher = new PasswordHasher(loadAuthConfig().passwordHash);
  for (const code of ['BRAZIL', 'UEMOA']) {
    const merchant = await merchantByCode(db, code);
    const player = merchant && (await memberByAccount(db, merchant.id, 'demoplayer'));
    if (!player) throw new Error(`no demo player of ${code}`);
    await setPaymentPassword(db, player.id, await hasher.hash('246810'));
    if (code === 'BRAZIL') {
      // The player has played: R$ 100 staked on slots earns 10 points (1 a R$ 10) through the points consumer.
      await post(db, {
        merchantId: merchant.id,
        type: 'bet',
        reference: { category: 'RNG' },
        postings: [
          { accountId: await memberAccount(db, merchant.id, player.id, 'main', merchant.currency), amount: -10_000 },
          { accountId: await houseAccount(db, merchant.id, 'games', merchant.currency, player.id), amount: 10_000 },
        ],
      });
    }
  }
  const op = await makeOperator(db, { account: 'mall-support', role: 'support', merchants: 'all' });
  admin = { authorization: `Bearer ${op.key}`, 'content-type': 'application/json' };
});
afterAll(() => site?.close());

/** The whole page, or (with a dialog open) what the visitor sees. */
async function shot(page: Page, name: string, fullPage = true) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${shotDir}/${name}.png`, fullPage });
}

/** Logs the demo player in from the home page and opens the points mall. */
async function openMall(page: Page) {
  await page.goto(`${site.url}/`);
  await page.getByTestId('page-home').waitFor();
  await page.getByTestId('header-login').click();
  const auth = page.getByTestId('auth-dialog');
  await auth.getByTestId('field-username').fill('demoplayer');
  await auth.getByTestId('field-password').fill('Demo1234');
  await auth.getByTestId('login-submit').click();
  await page.getByTestId('account-avatar').waitFor();
  await page.goto(`${site.url}/pointMall`);
  const mall = page.getByTestId('page-point-mall');
  await mall.getByTestId('mall-points').waitFor();
  return mall;
}

const decide = (reference: string, action: 'adminRedemptionApprove' | 'adminRedemptionComplete', payload: object) =>
  site.app.inject({ method: 'POST', url: pointsPaths[action].replace(':reference', reference), headers: admin, payload });

describe('the points mall', () => {
  it('redeems goods (reserved), an operator approves and completes them, then converts points to cash', async () => {
    const { page, errors } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'PT' });
    page.setDefaultTimeout(30_000);
    const mall = await openMall(page);
    // 5 000 seeded points and 10 earned by the bet (the consumer runs as under npm start).
    await expect.poll(() => mall.getByTestId('mall-points').textContent(), { timeout: 10_000 }).toBe('5.010');
    expect(await mall.getByTestId('mall-earned').textContent()).toBe('10');
    await mall.getByTestId('mall-good').first().waitFor();
    await shot(page, 'brazil-pt-goods');

    // The cap (2 000 points, shipped): the address is asked for, field by field.
    const cap = mall.locator('[data-testid="mall-good"]').nth(1);
    await cap.getByTestId('mall-redeem').click();
    const form = page.getByTestId('redeem-form');
    await form.getByTestId('redeem-submit').click();
    await form.getByTestId('error-address.name').waitFor();
    await shot(page, 'brazil-pt-redeem-address-required', false);
    await form.getByTestId('field-address.name').fill('Ana Souza');
    await form.getByTestId('field-address.phone').fill('+55 11 98765-4321');
    await form.getByTestId('field-address.address').fill('Rua das Flores, 100');
    await form.getByTestId('field-address.city').fill('São Paulo');
    await form.getByTestId('field-paymentPassword').fill('246810');
    await form.getByTestId('redeem-submit').click();
    await page.getByTestId('redeem-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => mall.getByTestId('mall-held').textContent()).toBe('2.000');
    expect(await mall.getByTestId('mall-points').textContent()).toBe('3.010');
    await page.keyboard.press('Escape');
    await page.locator('#mall-tab-history').click();
    await mall.locator('[data-testid="mall-history"] tr[data-status="applying"]').waitFor();
    await shot(page, 'brazil-pt-history-applying');

    // The operator approves (points spent) and completes (shipped) through the admin API.
    const queue = await site.app.inject({ url: `${pointsPaths.adminRedemptions}?merchant=BRAZIL&status=applying`, headers: admin });
    const reference = queue.json().value.content[0].reference as string;
    expect((await decide(reference, 'adminRedemptionApprove', {})).json().value.status).toBe('approved');
    expect((await decide(reference, 'adminRedemptionComplete', { trackingNumber: 'BR123456789' })).json().value.status).toBe('completed');
    await page.reload();
    await mall.getByTestId('mall-points').waitFor();
    expect(await mall.getByTestId('mall-held').textContent()).toBe('0');
    await page.locator('#mall-tab-history').click();
    const done = mall.locator('[data-testid="mall-history"] tr[data-status="completed"]');
    await done.waitFor();
    expect(await done.textContent()).toContain('BR123456789');
    await shot(page, 'brazil-pt-history-completed');

    // Points to cash: 1 000 points at 100 = R$ 1 give R$ 10.
    await mall.getByTestId('mall-convert').click();
    const convert = page.getByTestId('convert-form');
    await convert.getByTestId('field-points').fill('1000');
    await convert.getByTestId('field-paymentPassword').fill('246810');
    expect(await convert.getByTestId('convert-obtainable').textContent()).toContain('10,00');
    await shot(page, 'brazil-pt-convert', false);
    await convert.getByTestId('convert-submit').click();
    await page.getByTestId('convert-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => mall.getByTestId('mall-points').textContent()).toBe('2.010');
    await page.keyboard.press('Escape');
    await page.locator('#mall-tab-detail').click();
    await mall.getByTestId('mall-detail').waitFor();
    await shot(page, 'brazil-pt-points-detail');
    await page.locator('#mall-tab-rules').click();
    await mall.getByTestId('mall-rules').waitFor();
    await shot(page, 'brazil-pt-rules');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reads in every site language', async () => {
    for (const [merchant, lang] of [
      ['BRAZIL', 'EN'],
      ['UEMOA', 'FR'],
      ['BRAZIL', 'CN'],
      ['BRAZIL', 'VI'],
      ['BRAZIL', 'ID'],
    ] as const) {
      const { page, errors } = await newVisitor(site, { merchantCode: merchant, lang });
      page.setDefaultTimeout(30_000);
      const mall = await openMall(page);
      // Indonesian is read on a phone: the goods reflow, the records scroll inside their panel.
      if (lang === 'ID') await page.setViewportSize({ width: 390, height: 844 });
      await mall.getByTestId('mall-good').first().waitFor();
      const tag = `${merchant.toLowerCase()}-${lang.toLowerCase()}`;
      await shot(page, `${tag}-goods`);
      await page.locator('#mall-tab-rules').click();
      await mall.getByTestId('mall-rules').waitFor();
      await shot(page, `${tag}-rules`);
      await page.locator('#mall-tab-history').click();
      await mall.getByTestId('mall-history').or(mall.locator('.empty-state')).first().waitFor();
      await shot(page, `${tag}-history`);
      await page.locator('#mall-tab-goods').click();
      await mall.locator('[data-testid="mall-good"]').nth(1).getByTestId('mall-redeem').click();
      await page.getByTestId('redeem-form').waitFor();
      await shot(page, `${tag}-redeem`, false);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
