import { mkdirSync } from 'node:fs';
import { apiPaths, catalogPaths, inhousePaths } from '@platform/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../server/src/modules/catalog/catalog.tables.ts';
import { type Merchant, MerchantDirectory } from '../../server/src/modules/merchants/merchants.service.ts';
import { setTurnoverMultiplier } from '../../server/src/modules/payments/payment-settings.ts';
import { withdrawDeps } from '../../server/src/modules/payments/payments.ts';
import { approveWithdrawal } from '../../server/src/modules/payments/withdrawals.service.ts';
import { loadConfig } from '../../server/src/platform/config.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * The member centre's money pages as the demo player meets them, in Chromium against the real server:
 * a PIX deposit approved on the sandbox page (the header balance follows live), a payment password, a
 * PIX withdrawal account bound with the code from the outbox, a withdrawal requested, paid by the
 * operator and confirmed partly received with a proof image; wallet transfers, the account record,
 * personal profit and the betting record; in Portuguese a declined deposit; in UEMOA a mobile-money
 * deposit. Photographed in EN and PT into docs/screenshots/wallet.
 */

let site: Site;
const shotDir = `${screenshotDir}/wallet`;
let merchants: Merchant[];
beforeAll(async () => {
  site = await startSite();
  mkdirSync(shotDir, { recursive: true });
  merchants = await new MerchantDirectory(site.database.db, 0).list();
  // Demo deposits must be wagered once before a withdrawal; the journey withdraws right after depositing.
  const brazil = merchants.find((m) => m.code === 'BRAZIL');
  if (!brazil) throw new Error('no BRAZIL merchant');
  await setTurnoverMultiplier(site.database.db, brazil.id, 0);
});
afterAll(() => site?.close());

/** The newest outbox message of the merchant created after `since`, read as a tester would. */
async function newestMessage(merchant: string, since: number): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const res = await fetch(`${site.url}${apiPaths.devOutbox}`, { headers: { Merchant: merchant, Accept: 'application/json' } });
    const list = ((await res.json()) as { value: { body: string; createdAt: number }[] }).value;
    const found = list.find((m) => m.createdAt >= since);
    if (found) return found.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no message in the outbox');
}

/** A 1×1 PNG: the proof image of a partly received withdrawal. */
const pngBytes = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

class Journey {
  constructor(
    readonly page: Page,
    readonly merchant: string,
    readonly lang: string,
  ) {
    page.setDefaultTimeout(60_000);
  }

  get centre() {
    return this.page.getByTestId('member-centre');
  }

  async shot(name: string) {
    await this.page.waitForTimeout(200);
    await this.page.screenshot({
      path: `${shotDir}/${this.merchant.toLowerCase()}-${this.lang.toLowerCase()}-${name}.jpg`,
      type: 'jpeg',
      quality: 60,
    });
  }

  async login() {
    await this.page.goto(`${site.url}/`);
    await this.page.getByTestId('page-home').waitFor();
    const notice = this.page.getByTestId('notice-dialog');
    await notice.waitFor({ timeout: 3000 }).catch(() => undefined);
    if (await notice.isVisible()) {
      await this.page.keyboard.press('Escape');
      await notice.waitFor({ state: 'hidden' });
    }
    await this.page.getByTestId('header-login').click();
    const auth = this.page.getByTestId('auth-dialog');
    await auth.getByTestId('field-username').fill('demoplayer');
    await auth.getByTestId('field-password').fill('Demo1234');
    await auth.getByTestId('login-submit').click();
    await this.page.getByTestId('account-avatar').waitFor();
  }

  async open(page: string) {
    await this.centre.getByTestId(`member-page-${page}`).click();
  }

  /** Opens the deposit's sandbox page in the same browser and presses approve, decline or expire there. */
  async payOnSandbox(action: 'approve' | 'decline' | 'expire') {
    const href = await this.centre.getByTestId('deposit-pay-link').getAttribute('href');
    if (!href) throw new Error('no pay link');
    // The page's address is the server's PUBLIC_URL; the test server listens elsewhere.
    const sandbox = await this.page.context().newPage();
    await sandbox.goto(`${site.url}${new URL(href).pathname}`);
    await sandbox.locator(`[data-action="${action}"]`).click();
    await sandbox.locator('[data-status]').waitFor();
    await sandbox.close();
  }

  async createDeposit(channel: string, amount: string) {
    const form = this.centre.getByTestId('deposit-form');
    await form.getByTestId(`channel-${channel}`).click();
    await form.getByTestId('field-amount').fill(amount);
    await form.getByTestId('deposit-submit').click();
    await this.centre.getByTestId('deposit-card').waitFor();
  }

  /** Closes the success message if it is still open (it also closes by itself after a moment). */
  async dismissGlobal() {
    const dialog = this.page.getByTestId('global-dialog');
    await dialog.waitFor({ timeout: 3000 }).catch(() => undefined);
    if (await dialog.isVisible())
      await dialog
        .getByTestId('global-dialog-confirm')
        .click({ timeout: 2000 })
        .catch(() => undefined);
    await dialog.waitFor({ state: 'hidden' });
  }

  /** One in-house slot spin with the session of the page, so that the records have a bet. */
  async spinOnce() {
    const token = await this.page.evaluate(() => sessionStorage.getItem('token'));
    const [slot] = await site.database.db.select().from(games).where(eq(games.gameCode, 'jungle-gems'));
    const headers = { 'content-type': 'application/json', Merchant: this.merchant, authorization: `Bearer ${token}` };
    const launched = await fetch(`${site.url}${catalogPaths.launchGame}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ nodeId: slot?.id }),
    });
    const url = ((await launched.json()) as { value: { game_url: string } }).value.game_url;
    const gameToken = new URL(url, site.url).searchParams.get('token');
    const spin = await fetch(`${site.url}${inhousePaths.slotSpin}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Merchant: this.merchant },
      body: JSON.stringify({ token: gameToken, gameCode: 'jungle-gems', betPerLine: 0.1 }),
    });
    expect(spin.status).toBe(200);
  }
}

describe('wallet journeys', () => {
  it('deposits by PIX, binds a PIX key, withdraws and confirms, transfers and reads the records (Brazil, EN)', async () => {
    const { page, errors, context } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN', ip: '10.7.1.1' });
    const j = new Journey(page, 'BRAZIL', 'EN');
    try {
      await j.login();
      await expect.poll(() => page.getByTestId('balance-amount').textContent()).toBe('R$1,000.00');

      // Deposit: the channel's limits and instructions, a field error below the minimum, then a PIX charge.
      await page.getByTestId('header-deposit').click();
      const deposit = j.centre.getByTestId('deposit-page');
      await deposit.getByTestId('deposit-form').waitFor();
      expect(await deposit.getByTestId('channel-limits').textContent()).toBe('R$10.00 – R$50,000.00');
      await deposit.getByTestId('field-amount').fill('5');
      await deposit.getByTestId('deposit-submit').click();
      expect(await deposit.getByTestId('error-amount').textContent()).toBe('The minimum is R$10.00');
      await deposit.getByTestId('field-amount').fill('12.345');
      await deposit.getByTestId('deposit-submit').click();
      expect(await deposit.getByTestId('error-amount').textContent()).toBe('At most two decimals');
      await deposit.getByTestId('preset-100').click();
      await j.shot('deposit-form');
      await deposit.getByTestId('deposit-submit').click();
      const card = deposit.getByTestId('deposit-card');
      await card.getByTestId('deposit-qr').waitFor();
      expect(await card.getByTestId('pix-code').inputValue()).toMatch(/^000201.*6304[0-9A-F]{4}$/);
      expect(await card.getByTestId('money-status').first().getAttribute('data-status')).toBe('pending');
      await j.shot('deposit-pix');
      await j.payOnSandbox('approve');
      // The page follows the deposit by itself, and the header balance moves without a refresh.
      await card.getByTestId('deposit-outcome').waitFor();
      expect(await card.getByTestId('money-status').first().getAttribute('data-status')).toBe('approved');
      await expect.poll(() => page.getByTestId('balance-amount').textContent()).toBe('R$1,100.00');
      const ref = await card.getByTestId('deposit-reference').textContent();
      await expect
        .poll(() => deposit.getByTestId('deposit-list').locator(`tr[data-reference="${ref}"] [data-status]`).getAttribute('data-status'))
        .toBe('approved');
      await j.shot('deposit-approved');

      // Withdraw: turnover and limits shown; payment password; a PIX key bound with the code from the outbox.
      await j.open('withdraw');
      const withdraw = j.centre.getByTestId('withdraw-page');
      await withdraw.getByTestId('turnover').waitFor();
      expect(await withdraw.getByTestId('withdraw-balance').textContent()).toBe('R$1,100.00');
      expect(await withdraw.getByText('Set a payment password first.').isVisible()).toBe(true);
      await withdraw.getByTestId('payment-password-open').click();
      const pw = withdraw.getByTestId('payment-password-form');
      await pw.getByTestId('field-newPaymentPassword').fill('12345');
      await pw.getByTestId('field-confirmPaymentPassword').fill('12345');
      await pw.getByTestId('payment-password-submit').click();
      expect(await pw.getByTestId('error-newPaymentPassword').textContent()).toBe('The payment password is 6 digits');
      await pw.getByTestId('field-newPaymentPassword').fill('246810');
      await pw.getByTestId('field-confirmPaymentPassword').fill('246810');
      await pw.getByTestId('payment-password-submit').click();
      await j.dismissGlobal();
      await expect.poll(() => withdraw.getByTestId('payment-password-state').textContent()).toBe('Set');

      await withdraw.getByTestId('bind-account-open').click();
      const bind = withdraw.getByTestId('bind-account-form');
      await bind.getByTestId('field-holderName').fill('Demo Player');
      await bind.getByTestId('field-number').fill('111.111.111-11');
      const since = Date.now() - 1000;
      await bind.getByTestId('send-code').click();
      const code = (await newestMessage('BRAZIL', since)).match(/\b\d{6}\b/)?.[0] ?? '';
      await bind.getByTestId('field-verificationCode').fill(code);
      await bind.getByTestId('bind-account-submit').click();
      // The server checks the CPF's digits and says so at the field.
      expect(await bind.getByTestId('error-number').textContent()).toBe('This PIX key is not valid for its type');
      await bind.getByTestId('field-number').fill('529.982.247-25');
      await j.shot('withdraw-bind');
      await bind.getByTestId('bind-account-submit').click();
      await withdraw.getByTestId('withdraw-account').waitFor();
      expect(await withdraw.getByTestId('withdraw-account').textContent()).toContain('PIX key · CPF · ******4725 · Demo Player');

      const form = withdraw.getByTestId('withdraw-form');
      await form.getByTestId('field-amount').fill('50');
      await form.getByTestId('field-paymentPassword').fill('000000');
      await form.getByTestId('withdraw-submit').click();
      expect(await form.getByTestId('error-paymentPassword').textContent()).toBe('The payment password is wrong');
      await form.getByTestId('field-paymentPassword').fill('246810');
      await form.getByTestId('withdraw-submit').click();
      await j.dismissGlobal();
      const first = withdraw.getByTestId('withdrawal-list').locator('li').first();
      await expect.poll(() => first.getByTestId('money-status').getAttribute('data-status')).toBe('pending');
      await expect.poll(() => page.getByTestId('balance-amount').textContent()).toBe('R$1,050.00');
      await expect.poll(() => withdraw.getByTestId('withdraw-count').textContent()).toBe('1 / 5');
      await j.shot('withdraw-pending');

      // The operator pays it out; the player confirms it partly received with a proof image.
      const reference = await first.getAttribute('data-reference');
      const deps = await withdrawDeps(site.database.db, loadConfig({}));
      await approveWithdrawal(deps, { name: 'e2e' }, reference ?? '');
      const paid = withdraw.getByTestId('withdrawal-list').locator(`li[data-reference="${reference}"]`);
      // The list looks again by itself while a withdrawal is under review.
      await expect.poll(() => paid.getByTestId('money-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('paid');
      await paid.getByTestId('confirm-open').click();
      const confirm = paid.getByTestId('confirm-form');
      await confirm.getByTestId('confirm-partly_received').click();
      await confirm.getByTestId('confirm-submit').click();
      expect(await confirm.getByTestId('error-proof').textContent()).toBe('field not empty');
      await confirm.getByTestId('field-receivedAmount').fill('30');
      expect(await confirm.getByTestId('remaining-amount').textContent()).toBe('Remaining amount: R$20.00');
      await confirm.getByTestId('field-proof').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: pngBytes });
      await j.shot('withdraw-confirm');
      await confirm.getByTestId('confirm-submit').click();
      await expect.poll(() => paid.getByTestId('money-status').getAttribute('data-status')).toBe('partly_received');

      // Transfers: all into a vendor wallet and all back.
      await j.open('transferFund');
      const transfer = j.centre.getByTestId('transfer-page');
      const jdb = transfer.getByTestId('vendor-wallet-JDB');
      await jdb.getByTestId('all-in').click();
      await expect.poll(() => jdb.getByTestId('vendor-balance').textContent()).toBe('R$1,050.00');
      expect(await transfer.getByTestId('wallet-main').textContent()).toBe('R$0.00');
      await j.shot('transfer');
      await jdb.getByTestId('all-out').click();
      await expect.poll(() => transfer.getByTestId('wallet-main').textContent()).toBe('R$1,050.00');
      // The header (behind the member centre) follows every move live.
      await expect.poll(() => page.getByTestId('balance-amount').textContent()).toBe('R$1,050.00');

      // An agent transfer to the player's upline, with the payment password.
      await j.open('transferUpline');
      const upline = j.centre.getByTestId('transfer-upline-form');
      expect(await upline.getByTestId('field-account').inputValue()).toBe('demoagent');
      await upline.getByTestId('field-amount').fill('10');
      await upline.getByTestId('field-paymentPassword').fill('246810');
      await j.shot('transfer-upline');
      await upline.getByTestId('transfer-upline-submit').click();
      await j.dismissGlobal();
      await expect.poll(() => j.centre.getByTestId('upline-main').textContent()).toBe('R$1,040.00');
      await expect.poll(() => page.getByTestId('balance-amount').textContent()).toBe('R$1,040.00');

      // A bet, so that the records have one; then the account record with its filters and totals.
      await j.spinOnce();
      await j.open('transactionHistory');
      const history = j.centre.getByTestId('transaction-history');
      await history.getByTestId('transaction-table').waitFor();
      const types = await history.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')));
      for (const type of ['deposit', 'withdrawal_hold', 'transfer', 'upline_transfer', 'bet', 'adjustment']) expect(types).toContain(type);
      expect(await history.getByTestId('total-in').textContent()).toMatch(/^R\$/);
      await j.shot('transaction-history');
      await history.getByTestId('type-deposit').click();
      await expect
        .poll(() => history.locator('tbody tr').evaluateAll((rows) => [...new Set(rows.map((r) => r.getAttribute('data-type')))]))
        .toEqual(['deposit']);
      expect(await history.getByTestId('total-in').textContent()).toBe('R$100.00');
      await history.getByTestId('period-today').click();
      await expect.poll(() => history.locator('tbody tr').count()).toBe(1);

      await j.open('personalProfit');
      const profit = j.centre.getByTestId('personal-profit');
      await profit.getByTestId('profit-categories').waitFor();
      expect(await profit.getByTestId('profit-categories').textContent()).toContain('Slots');
      await j.shot('personal-profit');

      await j.open('personalHistoryCopy');
      const bets = j.centre.getByTestId('betting-record');
      await bets.getByTestId('bet-open').first().click();
      await bets.getByTestId('round-detail').waitFor();
      expect(await bets.getByTestId('bet-detail').textContent()).toContain('jungle-gems');
      await j.shot('betting-record-detail');
      // The wrong CPF and the wrong payment password were refused with 400, as they should be.
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('shows the money pages in Portuguese and a declined PIX deposit (Brazil, PT)', async () => {
    const { page, errors, context } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'PT', ip: '10.7.2.1' });
    const j = new Journey(page, 'BRAZIL', 'PT');
    try {
      await j.login();
      await page.getByTestId('header-deposit').click();
      await j.centre.getByTestId('deposit-form').waitFor();
      expect(await j.centre.getByTestId('channel-limits').textContent()).toBe('R$\u00a010,00 – R$\u00a050.000,00');
      await j.centre.getByTestId('preset-50').click();
      await j.shot('deposit-form');
      await j.centre.getByTestId('deposit-submit').click();
      await j.centre.getByTestId('deposit-qr').waitFor();
      await j.shot('deposit-pix');
      await j.payOnSandbox('decline');
      await j.centre.getByTestId('deposit-outcome').waitFor();
      expect(await j.centre.getByTestId('deposit-outcome').textContent()).toContain('O pagamento foi recusado');
      await j.shot('deposit-declined');
      await j.open('withdraw');
      await j.centre.getByTestId('withdrawal-list').waitFor();
      await j.shot('withdraw');
      await j.open('transferFund');
      await j.centre.getByTestId('vendor-wallet-JDB').waitFor();
      await j.shot('transfer');
      await j.open('transactionHistory');
      await j.centre.getByTestId('transaction-table').waitFor();
      await j.shot('transaction-history');
      await j.open('personalProfit');
      await j.centre.getByTestId('profit-categories').waitFor();
      await j.shot('personal-profit');
      await j.open('personalHistoryCopy');
      await j.centre.getByTestId('bet-open').first().waitFor();
      await j.shot('betting-record');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('fits a phone: the member centre is a full-screen sheet reached from the avatar menu (Brazil, PT)', async () => {
    const { page, errors, context } = await newVisitor(site, {
      merchantCode: 'BRAZIL',
      lang: 'PT',
      ip: '10.7.4.1',
      viewport: { width: 390, height: 844 },
    });
    const j = new Journey(page, 'BRAZIL', 'PT');
    try {
      await j.login();
      await page.getByTestId('account-avatar').click();
      await page.getByTestId('menu-deposit').click();
      await j.centre.getByTestId('deposit-form').waitFor();
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await j.shot('phone-deposit');
      await j.open('transactionHistory');
      await j.centre.getByTestId('transaction-table').waitFor();
      await j.shot('phone-transaction-history');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('deposits by mobile money in UEMOA: the push goes to the bound number and the approval credits amount less fee', async () => {
    const { page, errors, context } = await newVisitor(site, { merchantCode: 'UEMOA', lang: 'EN', ip: '10.7.3.1' });
    const j = new Journey(page, 'UEMOA', 'EN');
    try {
      await j.login();
      await expect.poll(() => page.getByTestId('balance-amount').textContent()).toMatch(/100,000\.00/);
      await page.getByTestId('header-deposit').click();
      await j.centre.getByTestId('deposit-form').waitFor();
      await j.createDeposit('ORANGE_MONEY', '1000');
      const card = j.centre.getByTestId('deposit-card');
      expect(await card.getByTestId('mobile-push').textContent()).toMatch(/\+221/);
      await j.shot('deposit-mobile-money');
      await j.payOnSandbox('approve');
      await card.getByTestId('deposit-outcome').waitFor();
      // 1% fee: 1,000 paid, 990 credited.
      await expect.poll(() => page.getByTestId('balance-amount').textContent()).toMatch(/100,990\.00/);
      await j.shot('deposit-mobile-money-approved');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
