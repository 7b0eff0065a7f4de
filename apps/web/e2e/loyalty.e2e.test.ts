import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Merchant, merchantByCode } from '../../server/src/modules/merchants/merchants.service.ts';
import { houseAccount, memberAccount, post } from '../../server/src/modules/wallet/ledger.service.ts';
import { queryRows } from '../../server/src/platform/db.ts';
import { captchaAnswered, freshIp, smsCode } from '../../server/test/auth.ts';
import { brazilRegistration } from '../../server/test/market.ts';
import { newPlayer } from '../../server/test/payments.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * VIP levels and invite friends in Chromium against the real server (decision 0036). A Brazil
 * player whose settled bets pass two levels opens the VIP page: raised to VIP 2, both upgrade
 * bonuses paid as cash, once (the page opened again pays nothing). A UEMOA player reaches VIP 1 by
 * bets and deposits: the bonus goes to the bonus wallet with its wagering. On Brazil (referral
 * switch on) a player's invite code registers a friend; the friend's first deposit over the minimum
 * pays the referrer once. Photographed in each merchant's language into docs/screenshots/loyalty.
 */

let site: Site;
const shotDir = `${screenshotDir}/loyalty`;

beforeAll(async () => {
  site = await startSite();
  mkdirSync(shotDir, { recursive: true });
});
afterAll(() => site?.close());

/** A settled movement of a member as the cashier (deposit), an operator (adjustment) or a game (bet) writes it. */
async function move(m: Merchant, memberId: number, type: 'deposit' | 'adjustment' | 'bet', amount: number) {
  const db = site.database.db;
  const main = await memberAccount(db, m.id, memberId, 'main', m.currency);
  const house = await houseAccount(
    db,
    m.id,
    type === 'deposit' ? 'cash_in' : type === 'bet' ? 'games' : 'adjustments',
    m.currency,
    memberId,
  );
  const sign = type === 'bet' ? -1 : 1;
  await post(db, {
    merchantId: m.id,
    type,
    reference: type === 'bet' ? { category: 'RNG' } : {},
    postings: [
      { accountId: main, amount: sign * amount },
      { accountId: house, amount: -sign * amount },
    ],
  });
}

const movements = async (pattern: string) =>
  Number(
    (
      await queryRows<{ n: string }>(
        site.database.db,
        sql`select count(*) as n from ledger_transactions where idempotency_key like ${pattern}`,
      )
    )[0]?.n,
  );

async function closePopups(page: Page) {
  for (let i = 0; i < 5 && (await page.locator('.dialog-cover.is-shown').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
  }
}

async function login(page: Page, account: string, password: string) {
  await page.goto(`${site.url}/promotions`);
  await page.getByTestId('page-promotions').waitFor();
  await closePopups(page);
  await page.getByTestId('header-login').click();
  const auth = page.getByTestId('auth-dialog');
  await auth.getByTestId('field-username').fill(account);
  await auth.getByTestId('field-password').fill(password);
  await auth.getByTestId('login-submit').click();
  await page.getByTestId('account-avatar').waitFor();
  // The site goes home after a login and opens the after-login messages: back to a quiet page.
  await page.goto(`${site.url}/promotions`);
  await page.getByTestId('page-promotions').waitFor();
  await closePopups(page);
}

/** Opens a member-centre page from the side menu. */
async function openFromSide(page: Page, testId: 'side-vip' | 'side-invite', pageTestId: string) {
  await page.getByTestId(testId).click();
  await page.getByTestId(pageTestId).waitFor();
  await page.waitForTimeout(300);
}

describe('VIP and invite friends', () => {
  it('Brazil: settled bets raise the player to VIP 2 on the VIP page, both bonuses paid once as cash', async () => {
    const brazil = (await merchantByCode(site.database.db, 'BRAZIL')) as Merchant;
    const p = await newPlayer(site.app, site.database.db, 'BRAZIL');
    await move(brazil, p.id, 'adjustment', 1_000_000);
    await move(brazil, p.id, 'bet', 600_000); // R$ 6,000 of valid bets: Silver (1,000) and Gold (5,000)
    const { page, errors } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'PT', ip: '10.9.2.1' });
    page.setDefaultTimeout(60_000);
    await login(page, p.account, 'Secret123');
    await openFromSide(page, 'side-vip', 'vip-page');
    const vip = page.getByTestId('vip-page');
    await expect.poll(() => vip.getByTestId('vip-level').getAttribute('data-rank')).toBe('3');
    expect(await vip.getByTestId('vip-level').textContent()).toContain('VIP 2');
    expect(await vip.getByTestId('vip-upgrades').locator('li').count()).toBe(2);
    await expect.poll(() => page.getByTestId('balance-amount').textContent()).toBe('R$\u00a04.050,00');
    await page.screenshot({ path: `${shotDir}/brazil-pt-vip.png` });
    // Opened again: nothing more is paid.
    await page.keyboard.press('Escape');
    await openFromSide(page, 'side-vip', 'vip-page');
    expect(await vip.getByTestId('vip-upgrades').locator('li').count()).toBe(2);
    expect(await movements(`bonus:vip:${p.id}:%`)).toBe(2);
    expect(await page.getByTestId('balance-amount').textContent()).toBe('R$\u00a04.050,00');
    expect(errors).toEqual([]);
  });

  it('UEMOA: bets and a deposit reach VIP 1, its bonus waits in the bonus wallet with its wagering', async () => {
    const uemoa = (await merchantByCode(site.database.db, 'UEMOA')) as Merchant;
    const p = await newPlayer(site.app, site.database.db, 'UEMOA');
    await move(uemoa, p.id, 'adjustment', 200_000);
    await move(uemoa, p.id, 'bet', 150_000);
    await move(uemoa, p.id, 'deposit', 20_000);
    const { page, errors } = await newVisitor(site, { merchantCode: 'UEMOA', lang: 'FR', ip: '10.9.2.2' });
    page.setDefaultTimeout(60_000);
    await login(page, p.account, 'Secret123');
    await openFromSide(page, 'side-vip', 'vip-page');
    const vip = page.getByTestId('vip-page');
    await expect.poll(() => vip.getByTestId('vip-level').getAttribute('data-rank')).toBe('2');
    expect(await vip.getByTestId('vip-upgrades').textContent()).toContain('1\u202f000\u00a0F\u202fCFA');
    await page.screenshot({ path: `${shotDir}/uemoa-fr-vip.png` });
    expect(await movements(`bonus:vip:${p.id}:%`)).toBe(1);
    const [o] = await queryRows<{ required: string }>(
      site.database.db,
      sql`select required from wagering_obligations where member_id = ${p.id} and title = 'vip_upgrade'`,
    );
    expect(Number(o?.required)).toBe(3_000);
    expect(errors).toEqual([]);
  });

  it('Brazil: a friend registered with the invite code pays the referrer once on the first deposit', async () => {
    const brazil = (await merchantByCode(site.database.db, 'BRAZIL')) as Merchant;
    const referrer = await newPlayer(site.app, site.database.db, 'BRAZIL');
    const { page, errors } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'PT', ip: '10.9.2.3' });
    page.setDefaultTimeout(60_000);
    await login(page, referrer.account, 'Secret123');
    await openFromSide(page, 'side-invite', 'referral-page');
    const invite = page.getByTestId('referral-page');
    const code = (await invite.getByTestId('referral-code').textContent()) ?? '';
    expect(await invite.getByTestId('referral-link').textContent()).toBe(`${site.url}/register?referralCode=${code}`);
    await page.screenshot({ path: `${shotDir}/brazil-pt-invite-empty.png` });

    // The friend registers with the code (the link's query) and deposits R$ 60 (minimum R$ 50).
    const mobileNum = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const verificationCode = await smsCode(site.app, site.database.db, '/wps/verification/sms/register', '+55', mobileNum);
    const registered = await site.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      remoteAddress: freshIp(),
      headers: { merchant: 'BRAZIL' },
      payload: {
        username: 'amigo0001',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        countryDialingCode: '+55',
        mobileNum,
        verificationCode,
        agreeTerms: true,
        referralCode: code,
        ...brazilRegistration(),
        ...(await captchaAnswered(site.app, site.database.db)),
      },
    });
    expect(registered.statusCode).toBe(200);
    const [friend] = await queryRows<{ id: number }>(site.database.db, sql`select id from members where account = 'amigo0001'`);
    await move(brazil, Number(friend?.id), 'deposit', 6_000);

    await page.keyboard.press('Escape');
    await openFromSide(page, 'side-invite', 'referral-page');
    const row = invite.locator('tr[data-account="amigo0001"]');
    await expect.poll(() => row.getAttribute('data-state')).toBe('qualified');
    expect(await invite.getByTestId('referral-earned').textContent()).toBe('R$\u00a020,00');
    await expect.poll(() => page.getByTestId('balance-amount').textContent()).toBe('R$\u00a020,00');
    await page.screenshot({ path: `${shotDir}/brazil-pt-invite-paid.png` });
    // Again: paid once.
    await page.keyboard.press('Escape');
    await openFromSide(page, 'side-invite', 'referral-page');
    await row.waitFor();
    expect(await movements(`bonus:referral:${friend?.id}`)).toBe(1);
    expect(await page.getByTestId('balance-amount').textContent()).toBe('R$\u00a020,00');
    expect(errors).toEqual([]);
  });
});
