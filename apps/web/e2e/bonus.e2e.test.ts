import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberByAccount } from '../../server/src/modules/members/members.service.ts';
import { type Merchant, merchantByCode } from '../../server/src/modules/merchants/merchants.service.ts';
import { grantBonus } from '../../server/src/modules/promotions/wagering.service.ts';
import { fundMember } from '../../server/test/funds.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * The bonusDetails page in Chromium against the real server: the demo player of a merchant holds a
 * bonus with wagering (granted with grantBonus through the ledger, as the promotions engine is to
 * grant it); the page shows it with its progress bar at 0%, its contributions, max bet and expiry; the
 * give-up button warns first. Photographed per merchant and language into docs/screenshots/promotions.
 */

let site: Site;
const shotDir = `${screenshotDir}/promotions`;

beforeAll(async () => {
  site = await startSite({ jobs: true });
  mkdirSync(shotDir, { recursive: true });
});
afterAll(() => site?.close());

async function shot(page: Page, name: string) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${shotDir}/${name}.png` });
}

async function openBonusDetails(page: Page) {
  await page.goto(`${site.url}/`);
  await page.getByTestId('page-home').waitFor();
  // Whatever dialog is still open (the visitor has seen this session's notice popups: newVisitor).
  for (let i = 0; i < 5 && (await page.locator('.dialog-cover.is-shown').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
  }
  await page.getByTestId('header-login').click();
  const auth = page.getByTestId('auth-dialog');
  await auth.getByTestId('field-username').fill('demoplayer');
  await auth.getByTestId('field-password').fill('Demo1234');
  await auth.getByTestId('login-submit').click();
  await page.getByTestId('account-avatar').click();
  await page.getByTestId('menu-member-centre').click();
  await page.getByTestId('member-centre').getByTestId('member-page-bonusDetails').click();
  return page.getByTestId('bonus-details');
}

/** Grants the merchant's demo player a deposit bonus of `amount` minor units, to be wagered 10×. */
async function grantDemoBonus(merchant: Merchant, amount: number) {
  const db = site.database.db;
  const member = await memberByAccount(db, merchant.id, 'demoplayer');
  if (!member) throw new Error('no demo player');
  await fundMember(db, merchant, member.id, amount * 4);
  await grantBonus(db, {
    merchant,
    memberId: member.id,
    grantKey: `e2e-bonus-${merchant.code}`,
    title: 'deposit_match',
    amount,
    required: amount * 10,
    contributions: { RNG: 100, LOTT: 20, '*': 0 },
    maxBet: amount / 2,
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
  });
}

describe('bonusDetails', () => {
  it('shows each bonus with its wagering bar in the merchants’ languages, and warns before giving them up', async () => {
    const uemoa = (await merchantByCode(site.database.db, 'UEMOA')) as Merchant;
    const brazil = (await merchantByCode(site.database.db, 'BRAZIL')) as Merchant;
    await grantDemoBonus(uemoa, 10_000);
    await grantDemoBonus(brazil, 5_000);
    for (const [merchant, lang] of [
      ['UEMOA', 'FR'],
      ['UEMOA', 'EN'],
      ['BRAZIL', 'PT'],
    ] as const) {
      const { page, errors } = await newVisitor(site, { merchantCode: merchant, lang });
      page.setDefaultTimeout(30_000);
      const details = await openBonusDetails(page);
      await details.getByTestId('bonus-card').first().waitFor();
      expect(await details.getByRole('progressbar').first().getAttribute('aria-valuenow')).toBe('0');
      await shot(page, `${merchant.toLowerCase()}-${lang.toLowerCase()}-bonus-details`);
      if (merchant === 'UEMOA' && lang === 'FR') {
        await details.getByTestId('bonus-forfeit').click();
        await page.getByRole('dialog').last().waitFor();
        await shot(page, 'uemoa-fr-bonus-forfeit-warning');
        await page.keyboard.press('Escape');
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
