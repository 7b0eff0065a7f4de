import { mkdirSync } from 'node:fs';
import { inhousePaths } from '@platform/contract';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli.ts';
import { lotteryTick } from '../../server/src/modules/lottery/lottery.service.ts';
import { demoDocuments } from '../../server/src/seed/verification.seed.ts';
import { cliClient } from '../../server/test/operators.ts';
import { answerCaptcha, newVisitor, type Site, screenshotDir, sendCode, startSite } from './harness.ts';
import { openDraw } from './lottery-fixture.ts';
import { fillMarketFields } from './market-fields.ts';

/**
 * Issue 16's first "done when": a new player on a 390×844 phone, on UEMOA in French and on Brazil in
 * Portuguese, registers, deposits through the sandbox provider, sees every amount in the currency's
 * own units (whole francs, centavos) in the header, the records, the slot and the lottery, spins a
 * slot at the smallest total stake (100 F CFA, R$ 1,00), places a lottery bet of the same amount,
 * meets the deposit's turnover (the merchant's 1× rule, not switched off) with a few dice rolls, and
 * withdraws to an account in the player's name (UEMOA verifies the player's identity first). Every step is photographed into
 * docs/screenshots/phone and checked to fit the phone's width.
 */

let site: Site;
const shotDir = `${screenshotDir}/phone`;
const phone = { width: 390, height: 844 };
/** At most this many bets, all games together, to meet the deposit's turnover: more is a product defect. */
const maxBets = 30;

beforeAll(async () => {
  site = await startSite();
  mkdirSync(shotDir, { recursive: true });
  // The draws of now, so that the lottery page has an issue taking bets at once.
  await lotteryTick(site.database.db, new Date());
}, 120_000);
afterAll(() => site?.close());

/** Runs an operator command as `npm run merchant -- ...` would, and returns what it printed. */
async function operator(...argv: string[]): Promise<string[]> {
  const printed: string[] = [];
  const code = await runCli(argv, (line) => printed.push(line), cliClient(site));
  expect(code, printed.join('\n')).toBe(0);
  return printed;
}

/** What differs between the two journeys: merchant, language, currency and its amounts, the player. */
interface PhoneCase {
  merchant: 'UEMOA' | 'BRAZIL';
  lang: 'FR' | 'PT';
  ip: string;
  user: { username: string; password: string; mobile: string; e164: string; payeeName?: string };
  deposit: { channel: string; amount: string; credited: number };
  /** The slot's bet per line (20 lines) as the selector's value, for the smallest total stake. */
  slot: { line: string; total: number };
  /** The dice stake (selector's value) the turnover is wagered with, at the highest win chance. */
  dice: string;
  withdraw: { amount: string; value: number };
  account: { kind: string; institution: string; number: string; holder: string };
  /** Every amount in a text of the site, as the currency writes it. */
  amounts: RegExp;
  /** What one amount must look like: whole francs, or reais with two decimals. */
  amount: RegExp;
  /** A decimal separator followed by two digits, next to the currency: never on XOF. */
  forbidden?: RegExp;
  /** The confirmation of the withdrawal request, in the player's language. */
  requested: RegExp;
}

const cases: PhoneCase[] = [
  {
    merchant: 'UEMOA',
    lang: 'FR',
    ip: '10.16.1.1',
    user: { username: 'aissatou1', password: 'Secret123', mobile: '771230201', e164: '+221771230201', payeeName: 'Aïssatou N’Diaye' },
    // Orange Money takes 1 %: 5 000 paid, 4 950 credited, 4 950 to wager (1×).
    deposit: { channel: 'ORANGE_MONEY', amount: '5000', credited: 4_950 },
    slot: { line: '5', total: 100 },
    dice: '1000',
    withdraw: { amount: '1000', value: 1_000 },
    account: { kind: 'mobile_money', institution: 'orange', number: '77 123 02 01', holder: "Aïssatou N'Diaye" },
    amounts: /[-+−]?\d[\d\u202f\u00a0]*(?:[.,]\d+)?[\u00a0\u202f ]?F\u202fCFA/g,
    amount: /^[-+−]?\d{1,3}(?:\u202f\d{3})*\u00a0F\u202fCFA$/,
    forbidden: /\d[.,]\d{2}[\s\u00a0\u202f]*F\u202fCFA/,
    requested: /Retrait de 1\u202f000\u00a0F\u202fCFA demandé, référence W\w+\. Il attend la validation/,
  },
  {
    merchant: 'BRAZIL',
    lang: 'PT',
    ip: '10.16.2.1',
    user: { username: 'joanapix1', password: 'Secret123', mobile: '11987650301', e164: '+5511987650301' },
    deposit: { channel: 'PIX', amount: '50', credited: 50 },
    slot: { line: '0.05', total: 1 },
    dice: '5',
    withdraw: { amount: '20', value: 20 },
    account: { kind: 'pix', institution: 'cpf', number: '529.982.247-25', holder: 'Joana Conceição' },
    amounts: /[-+−]?R\$[\s\u00a0]?[-−]?\d[\d.]*(?:,\d+)?/g,
    amount: /^[-+−]?R\$\u00a0[-−]?\d{1,3}(?:\.\d{3})*,\d{2}$/,
    requested: /Saque de R\$\u00a020,00 solicitado, referência W\w+\. Aguardando análise/,
  },
];

class Journey {
  private step = 0;

  constructor(
    readonly page: Page,
    readonly c: PhoneCase,
  ) {
    page.setDefaultTimeout(30_000);
  }

  get centre() {
    return this.page.getByTestId('member-centre');
  }

  /** The step's picture, after checking that nothing scrolls sideways on the phone. */
  async shot(name: string) {
    expect(await this.page.evaluate(() => document.documentElement.scrollWidth), `${name}: wider than the phone`).toBeLessThanOrEqual(
      phone.width,
    );
    this.step += 1;
    const nn = String(this.step).padStart(2, '0');
    await this.page.screenshot({ path: `${shotDir}/${this.c.merchant.toLowerCase()}-${this.c.lang.toLowerCase()}-${nn}-${name}.png` });
  }

  /** Every amount in the visible text of `place` is written in the currency's own units; at least one is there. */
  async amountsIn(place: Locator | FrameLocator, what: string) {
    const target = 'innerText' in place ? place : place.locator('body');
    // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what the player reads (hidden copies are not).
    const text = await target.innerText();
    const found = text.match(this.c.amounts) ?? [];
    expect(found.length, `${what}: no amount in ${text}`).toBeGreaterThan(0);
    for (const amount of found) expect(amount.trim(), `${what}: ${text}`).toMatch(this.c.amount);
    if (this.c.forbidden) expect(text, what).not.toMatch(this.c.forbidden);
    return text;
  }

  /** A record's table shows its amounts without being scrolled sideways inside its frame. */
  async tableFits(table: Locator, what: string) {
    expect(await table.evaluate((t) => t.scrollWidth <= (t.parentElement?.clientWidth ?? 0)), `${what}: wider than the phone`).toBe(true);
  }

  async open(id: string) {
    await this.page.getByTestId('account-avatar').click();
    await this.page.getByTestId(id).click();
    await this.centre.waitFor();
  }

  /** One of the member centre's pages, from its tabs. */
  async section(id: string) {
    await this.centre.getByTestId(`member-page-${id}`).click();
  }

  /** Closes the message the site put over the page, if it is open. */
  async dismissGlobal() {
    const dialog = this.page.getByTestId('global-dialog');
    if (await dialog.isVisible())
      await dialog
        .getByTestId('global-dialog-confirm')
        .click({ timeout: 2000 })
        .catch(() => undefined);
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Opens the deposit's sandbox page in the same browser and approves the payment there. */
  async approveOnSandbox() {
    const href = await this.centre.getByTestId('deposit-pay-link').getAttribute('href');
    if (!href) throw new Error('no pay link');
    const sandbox = await this.page.context().newPage();
    await sandbox.goto(`${site.url}${new URL(href).pathname}`);
    await sandbox.locator('[data-action="approve"]').click();
    await sandbox.locator('[data-status]').waitFor();
    await sandbox.close();
  }

  /** An in-house game of the RNG lobby, launched for money: its frame. */
  async openGame(code: string): Promise<FrameLocator> {
    await this.page.goto(`${site.url}/rng`);
    const grid = this.page.getByTestId('lobby-grid');
    await grid.waitFor();
    if (code === 'dice') await this.page.getByTestId('filter-classify').selectOption('INSTANT');
    else {
      await this.page.getByTestId('lobby-search').fill(code.split('-')[0] ?? code);
      await this.page.getByTestId('lobby-search-submit').click();
    }
    await grid.locator(`[data-game="${code}"]`).getByTestId('game-open').click();
    await this.page.getByTestId('page-game').waitFor();
    const frame = this.page.frameLocator('iframe.game-frame');
    await frame.locator('[data-testid="page-play"][data-mode="real"]').waitFor();
    return frame;
  }

  /** One round (a spin, a roll): presses `button` and answers the round's stake (major units). */
  async play(frame: FrameLocator, button: string, path: string): Promise<number> {
    const done = this.page.waitForResponse((r) => r.url().endsWith(path));
    await frame.getByTestId(button).click();
    const response = await done;
    const answer = (await response.json()) as { value?: { roundId?: string; stake: number }; code?: string };
    if (!answer.value?.roundId) throw new Error(`round refused (${response.status()}): ${JSON.stringify(answer)}`);
    await expect.poll(() => frame.getByTestId('last-round-id').textContent()).toBe(answer.value.roundId);
    return answer.value.stake;
  }
}

async function journey(c: PhoneCase) {
  const { page, errors, context } = await newVisitor(site, { merchantCode: c.merchant, lang: c.lang, ip: c.ip, viewport: phone });
  const j = new Journey(page, c);
  const header = page.getByTestId('balance-amount');
  let bets = 0;
  try {
    // Registration, with the code sent to the phone; Brazil asks CPF, birth date and limits.
    await page.goto(`${site.url}/`);
    await page.getByTestId('page-home').waitFor();
    await page.getByTestId('header-register').click();
    const form = page.getByTestId('auth-dialog').getByTestId('register-form');
    await form.getByTestId('field-username').fill(c.user.username);
    await form.getByTestId('field-password').fill(c.user.password);
    await form.getByTestId('field-confirmPassword').fill(c.user.password);
    if (c.user.payeeName) await form.getByTestId('field-payeeName').fill(c.user.payeeName);
    await form.getByTestId('field-mobileNum').fill(c.user.mobile);
    await form.getByTestId('field-verificationCode').fill(await sendCode(site, form, c.merchant, c.user.e164));
    await answerCaptcha(site, form);
    await fillMarketFields(form);
    await form.getByTestId('field-agreeTerms').check();
    await form.getByTestId('register-submit').scrollIntoViewIfNeeded();
    await j.shot('register');
    await form.getByTestId('register-submit').click();
    await page.getByTestId('register-success-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('account-avatar').waitFor();
    await expect.poll(() => header.textContent()).toMatch(c.amount);
    await j.amountsIn(header, 'header balance');
    await j.shot('registered');

    // Deposit through the sandbox provider: the header hears of the credit without a reload.
    await j.open('menu-deposit');
    const deposit = j.centre.getByTestId('deposit-page');
    const depositForm = deposit.getByTestId('deposit-form');
    await depositForm.getByTestId(`channel-${c.deposit.channel}`).click();
    await depositForm.getByTestId('field-amount').fill(c.deposit.amount);
    await j.amountsIn(depositForm, 'deposit form');
    await j.shot('deposit-form');
    await depositForm.getByTestId('deposit-submit').click();
    const card = deposit.getByTestId('deposit-card');
    await card.waitFor();
    await j.amountsIn(card, 'deposit card');
    await j.shot('deposit-pay');
    await j.approveOnSandbox();
    await card.getByTestId('deposit-outcome').waitFor();
    expect(await card.getByTestId('money-status').first().getAttribute('data-status')).toBe('approved');
    await expect.poll(() => header.textContent()).not.toMatch(/^\D*0(?:,00)?\D*$/);
    const credited = await j.amountsIn(header, 'header balance after the deposit');
    expect(credited).toContain(c.merchant === 'UEMOA' ? '4\u202f950' : '50,00');
    const deposits = deposit.getByTestId('deposit-list').locator('table');
    await deposits.locator('tbody tr').first().waitFor();
    await j.amountsIn(deposits, 'deposit records');
    await j.tableFits(deposits, 'deposit records');
    await j.shot('deposit-approved');

    // The slot at its smallest total stake; the round in the game and in the betting record.
    let frame = await j.openGame('jungle-gems');
    await frame.getByTestId('slot-bet').selectOption(c.slot.line);
    await j.amountsIn(frame.getByTestId('slot-total-bet'), 'slot total');
    expect(await frame.getByTestId('slot-total-bet').textContent()).toMatch(
      c.merchant === 'UEMOA' ? /^100\u00a0F\u202fCFA$/ : /^R\$\u00a01,00$/,
    );
    expect(await j.play(frame, 'slot-spin', inhousePaths.slotSpin)).toBe(c.slot.total);
    bets += 1;
    await j.amountsIn(frame.getByTestId('page-play'), 'slot');
    await j.amountsIn(header, 'header balance in the game');
    await j.shot('slot-spin');

    // A lottery bet of the same amount: a big/small bet on SSC's last digit at unit 1 (100 F CFA, R$ 1,00).
    const draw = await openDraw(site, 'SSC', 20);
    await page.goto(`${site.url}/lottery?gameCode=SSC&playType=SSC_POSITION_TWO_SIDED`);
    await expect.poll(() => page.getByTestId('current-issue').textContent()).toBe(draw.issue);
    await page.getByTestId('bet-board').locator('[data-at="4"]').click();
    await page.getByTestId('bet-board').locator('[data-option="BIG"]').click();
    await page.getByTestId('unit-100').click();
    await page.getByTestId('add-to-slip').click();
    await expect
      .poll(() => page.getByTestId('slip-amount').textContent())
      .toMatch(c.merchant === 'UEMOA' ? /100\u00a0F\u202fCFA/ : /R\$\u00a01,00/);
    await page.getByTestId('stake').scrollIntoViewIfNeeded();
    await j.amountsIn(page.getByTestId('stake'), 'lottery stake');
    await j.shot('lottery-slip');
    await page.getByTestId('place-bets').click();
    await page.getByTestId('placed-note').or(page.getByTestId('slip-error')).waitFor();
    expect(await page.getByTestId('slip-error').count()).toBe(0);
    bets += 1;
    await page.locator('#lottery-records-tab-mine').click();
    await page.getByTestId('my-bets').getByTestId('ticket').first().waitFor();
    await page.getByTestId('my-bets').scrollIntoViewIfNeeded();
    await j.amountsIn(page.getByTestId('my-bets'), 'lottery my bets');
    await j.amountsIn(page.getByTestId('slip-balance'), 'lottery balance');
    await j.shot('lottery-placed');

    // The deposit's turnover (1×, as the merchant sets it), wagered as a careful player would: dice
    // rolls under 98 (a 98 % chance), whose small swings keep the withdrawal's minimum within reach.
    await j.open('menu-withdraw');
    const withdraw = j.centre.getByTestId('withdraw-page');
    await withdraw.getByTestId('turnover-remaining').waitFor();
    await j.amountsIn(withdraw.getByTestId('turnover'), 'turnover owed');
    await j.shot('turnover-owed');
    frame = await j.openGame('dice');
    await frame.getByTestId('dice-under').click();
    await frame.getByTestId('dice-target').press('End');
    await frame.getByTestId('dice-stake').selectOption(c.dice);
    let wagered = c.slot.total * 2;
    while (wagered < c.deposit.credited) {
      expect(bets, 'bets to meet the turnover').toBeLessThan(maxBets);
      wagered += await j.play(frame, 'dice-play', inhousePaths.diceRoll);
      bets += 1;
    }
    await j.amountsIn(frame.getByTestId('page-play'), 'dice after the wagering');
    await j.shot('wagered');

    // The records: the account record and the betting record name each movement in the currency's units.
    await j.open('menu-deposit');
    await j.section('transactionHistory');
    const history = j.centre.getByTestId('transaction-history');
    await history.getByTestId('transaction-table').locator('tbody tr').first().waitFor();
    await j.amountsIn(history, 'account record');
    await j.tableFits(history.getByTestId('transaction-table'), 'account record');
    await history.getByTestId('transaction-table').scrollIntoViewIfNeeded();
    await j.shot('account-record');
    await j.section('personalHistoryCopy');
    const record = j.centre.getByTestId('betting-record');
    await record.getByTestId('bet-open').first().waitFor();
    // Each bet named by its game, never by codes such as 'dice · ih-1-5' (issue 16, item 6).
    expect(await record.locator('table').textContent()).not.toMatch(/\bih-\d|jungle-gems|\bdice\b/);
    await j.amountsIn(record, 'betting record');
    await j.tableFits(record.locator('table'), 'betting record');
    await record.locator('table').scrollIntoViewIfNeeded();
    await j.shot('betting-record');

    // Withdraw: the turnover met, a payment password, an account in the player's name, then the request.
    await j.section('withdraw');
    await withdraw.getByTestId('turnover').waitFor();
    expect(await withdraw.getByTestId('turnover-remaining').count()).toBe(0);
    await withdraw.getByTestId('payment-password-open').click();
    const pw = withdraw.getByTestId('payment-password-form');
    await pw.getByTestId('field-newPaymentPassword').fill('246810');
    await pw.getByTestId('field-confirmPaymentPassword').fill('246810');
    await pw.getByTestId('payment-password-submit').click();
    await j.dismissGlobal();
    await pw.waitFor({ state: 'detached' });
    await withdraw.getByTestId('bind-account-open').click();
    const bind = withdraw.getByTestId('bind-account-form');
    expect(await bind.getByTestId('field-kind').inputValue()).toBe(c.account.kind);
    expect(await bind.getByTestId('field-institution').inputValue()).toBe(c.account.institution);
    await bind.getByTestId('field-holderName').fill(c.account.holder);
    await bind.getByTestId('field-number').fill(c.account.number);
    await bind.getByTestId('field-verificationCode').fill(await sendCode(site, bind, c.merchant, c.user.e164));
    await bind.scrollIntoViewIfNeeded();
    await j.shot('withdraw-account');
    await bind.getByTestId('bind-account-submit').click();
    await withdraw.getByTestId('withdraw-account').waitFor();
    expect(await withdraw.getByTestId('withdraw-account').textContent()).toContain(c.account.holder);
    if (c.merchant === 'UEMOA') await verifyIdentity(j);
    const request = withdraw.getByTestId('withdraw-form');
    await request.getByTestId('field-amount').fill(c.withdraw.amount);
    await request.getByTestId('field-paymentPassword').fill('246810');
    await request.scrollIntoViewIfNeeded();
    await j.amountsIn(withdraw.getByTestId('turnover'), 'turnover met');
    await j.shot('withdraw-form');
    await request.getByTestId('withdraw-submit').click();
    const confirmation = page.getByTestId('global-dialog');
    await confirmation.waitFor();
    const said = await confirmation.textContent();
    expect(said).toMatch(c.requested);
    const first = withdraw.getByTestId('withdrawal-list').locator('li').first();
    await expect.poll(() => first.getAttribute('data-reference')).toMatch(/^W/);
    const reference = (await first.getAttribute('data-reference')) ?? '';
    expect(said).toContain(reference);
    await j.amountsIn(confirmation, 'withdrawal confirmation');
    await j.shot('withdraw-requested');
    await j.dismissGlobal();
    await first.scrollIntoViewIfNeeded();
    await j.amountsIn(withdraw.getByTestId('withdrawal-list'), 'withdrawal list');
    await j.amountsIn(header, 'header balance after the withdrawal');
    await j.shot('withdrawals');
    expect(bets).toBeLessThanOrEqual(maxBets);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

/**
 * UEMOA asks for a verified identity before any withdrawal (issue 18): the player sends the ID's two
 * sides and a selfie from the security centre, an operator approves them with the command line.
 */
async function verifyIdentity(j: Journey) {
  await j.section('securityCenter');
  await j.centre.getByTestId('open-verification').click();
  const kyc = j.centre.getByTestId('verification-panel');
  for (const [kind, draw] of Object.entries(demoDocuments)) {
    await kyc.getByTestId(`kyc-file-${kind}`).setInputFiles({ name: `${kind}.png`, mimeType: 'image/png', buffer: draw() });
    await expect.poll(() => kyc.getByTestId(`kyc-document-${kind}`).textContent()).toContain('✓');
  }
  await kyc.getByTestId('kyc-send').click();
  await kyc.getByTestId('kyc-pending').waitFor();
  await j.shot('identity-sent');
  const line = (await operator('verifications', 'UEMOA')).find((l) => l.split('\t')[2] === j.c.user.username) ?? '';
  const memberId = line.split('\t')[0]?.replace('member ', '') ?? '';
  await operator('verification', 'approve', memberId);
  await j.section('withdraw');
  await j.centre.getByTestId('withdraw-form').waitFor();
}

describe('money on a phone, in the currency’s own units', () => {
  it.each(cases)(
    'registers, deposits, plays a slot and the lottery at the smallest stake, meets the turnover and withdraws ($merchant, $lang)',
    (c) => journey(c),
    300_000,
  );
});
