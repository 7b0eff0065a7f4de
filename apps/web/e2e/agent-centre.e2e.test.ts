import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleDue } from '../../server/src/modules/agents/settlement.jobs.ts';
import { loadAuthConfig } from '../../server/src/modules/auth/auth.config.ts';
import { PasswordHasher } from '../../server/src/modules/auth/passwords.ts';
import { memberByAccount, setPaymentPassword } from '../../server/src/modules/members/members.service.ts';
import { type Merchant, merchantByCode } from '../../server/src/modules/merchants/merchants.service.ts';
import { houseAccount, memberAccount, post } from '../../server/src/modules/wallet/ledger.service.ts';
import { queryRows } from '../../server/src/platform/db.ts';
import { type Period, periodAt } from '../../server/src/platform/periods.ts';
import { fundMember } from '../../server/test/funds.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * The agent centre in Chromium against the real server, as the seeded demo agent (prize group 1950,
 * the platform's daily salary and dividend in force) uses it: it enters through /agent, opens a
 * downline agent and a player (each with its one-time password), makes a promo link with its QR
 * code, finds both in team management, is refused a prize group above its own, sends the player
 * money, and offers the new agent a daily salary. The new agent signs in with its one-time password,
 * must change it, and signs the offer in its own agent centre. Both new accounts play on a day
 * ahead, the settlement runs for it (the clock moved, not waited for), and the demo agent finds the
 * day's bill, its commission log adding up to it and to what the ledger paid, and its income. A
 * player is refused at /agent and by the API. Every screen is photographed in each site language
 * into docs/screenshots/agent.
 */

let site: Site;
const shotDir = `${screenshotDir}/agent`;

beforeAll(async () => {
  site = await startSite({ jobs: false });
  mkdirSync(shotDir, { recursive: true });
});
afterAll(() => site?.close());

async function shot(page: Page, name: string) {
  // The pointer away, so no hover colour stays where the last click was.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${shotDir}/${name}.png` });
}

/** Signs in through the agents' entrance, which opens the agent centre. */
async function enterAsAgent(page: Page, account: string, password: string) {
  await page.goto(`${site.url}/agent`);
  const form = page.getByTestId('agent-login-form');
  await form.getByTestId('field-username').fill(account);
  await form.getByTestId('field-password').fill(password);
  await form.getByTestId('agent-login-submit').click();
}

/** The member login popup, as a player or a member who just changed its password uses it. */
async function memberLogin(page: Page, account: string, password: string) {
  const auth = page.getByTestId('auth-dialog');
  await auth.getByTestId('field-username').fill(account);
  await auth.getByTestId('field-password').fill(password);
  await auth.getByTestId('login-submit').click();
  await page.getByTestId('account-avatar').waitFor();
}

/** A bet of `stake` cents at noon of `day` through the ledger, as a game's stake would be. */
async function play(merchant: Merchant, account: string, day: Period, stake: number) {
  const db = site.database.db;
  const member = await memberByAccount(db, merchant.id, account);
  if (!member) throw new Error(`no ${account}`);
  await fundMember(db, merchant, member.id, stake);
  const main = await memberAccount(db, merchant.id, member.id, 'main', merchant.currency);
  const games = await houseAccount(db, merchant.id, 'games', merchant.currency, member.id);
  const { transactionId } = await post(db, {
    merchantId: merchant.id,
    type: 'bet',
    postings: [
      { accountId: main, amount: -stake },
      { accountId: games, amount: stake },
    ],
    reference: { category: 'SLOT' },
  });
  const at = new Date(day.start.getTime() + 12 * 3_600_000).toISOString();
  await db.execute(sql`update ledger_transactions set created_at = ${at}::timestamptz where id = ${transactionId}`);
}

/**
 * The day ahead the journey plays on and settles (Brazil's zone): two days from now, or three when
 * that one closes a half month, whose dividend (the demo agent's contract pays per half month)
 * would then be settled on it too and counted in its income.
 */
function journeyDay(): Period {
  const ahead = (days: number) => periodAt('day', 'America/Sao_Paulo', new Date(Date.now() + days * 86_400_000));
  const closesHalfMonth = (p: Period) => {
    const next = periodAt('day', 'America/Sao_Paulo', new Date(p.end.getTime() + 3_600_000));
    return next.key.endsWith('-01') || next.key.endsWith('-16');
  };
  const two = ahead(2);
  return closesHalfMonth(two) ? ahead(3) : two;
}

/** The local date (yyyy-mm-dd) `days` after the given one, for the browser's date inputs. */
const dateAfter = (key: string, days: number) => new Date(Date.parse(`${key}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Chooses a custom range of the browser's local days in a period picker. */
async function pickDays(scope: Locator, from: string, to: string) {
  await scope.getByTestId('period-custom').first().click();
  const inputs = scope.locator('.money-filter__dates input[type="date"]');
  await inputs.nth(1).fill(to);
  await inputs.nth(0).fill(from);
}

/** Closes whatever dialog is still open (the visitor has seen this session's notice popups: newVisitor). */
async function closePopups(page: Page) {
  for (let i = 0; i < 5 && (await page.locator('.dialog-cover.is-shown').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
  }
}

describe('agent centre', () => {
  it('opens a downline agent and a player, makes a promo link, offers a contract the new agent signs', async () => {
    const db = site.database.db;
    const brazil = (await merchantByCode(db, 'BRAZIL')) as Merchant;
    const demoAgent = await memberByAccount(db, brazil.id, 'demoagent');
    if (!demoAgent) throw new Error('no demo agent');
    // Money and a payment password for the transfer to a downline (set as the security centre would).
    await fundMember(db, brazil, demoAgent.id, 50_000);
    await setPaymentPassword(db, demoAgent.id, await new PasswordHasher(loadAuthConfig().passwordHash).hash('246810'));

    const { page, errors } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN' });
    page.setDefaultTimeout(30_000);
    await enterAsAgent(page, 'demoagent', 'Demo1234');
    const centre = page.getByTestId('agent-centre');
    const overview = centre.getByTestId('agent-overview');
    await overview.waitFor();
    await expect.poll(() => overview.getByTestId('overview-prize-group').textContent()).toBe('1950');
    await expect.poll(() => overview.getByTestId('overview-team-size').textContent()).toBe('2');
    // The left menu in the spec's order, the contract entries by the contracts the agent holds.
    const menu = await centre.locator('.member-centre__item').evaluateAll((items) => items.map((i) => i.getAttribute('data-testid')));
    expect(menu).toEqual([
      'agent-page-announcement',
      'agent-page-teamOverview',
      'agent-page-accountRegistration',
      'agent-page-teamManagement',
      'agent-page-userProfit',
      'agent-page-income',
      'agent-page-dividend',
      'agent-page-dailySalary',
    ]);
    await shot(page, 'en-overview');

    // Account registration: a downline agent, then a player; a prize group above the agent's own is refused first.
    await centre.getByTestId('agent-page-accountRegistration').click();
    const open = centre.getByTestId('open-account-form');
    await open.getByTestId('open-type-agent').check();
    await open.getByTestId('field-account').fill('e2eagentbr');
    await open.getByTestId('field-prizeGroup').fill('1990');
    await open.getByTestId('open-account-submit').click();
    await expect.poll(() => open.getByTestId('error-prizeGroup').textContent()).toBe('The prize group cannot be above your own');
    await open.getByTestId('field-prizeGroup').fill('1930');
    await open.getByTestId('open-account-submit').click();
    const opened = centre.getByTestId('opened-account');
    await expect.poll(() => opened.getByTestId('opened-name').textContent()).toBe('e2eagentbr');
    const agentPassword = (await opened.getByTestId('opened-password').textContent()) ?? '';
    expect(agentPassword).toMatch(/^[a-z]{6}\d{4}$/);
    await opened.scrollIntoViewIfNeeded();
    await shot(page, 'en-account-opened');
    await open.getByTestId('open-type-player').check();
    await open.getByTestId('field-account').fill('e2eplayerbr');
    await open.getByTestId('field-prizeGroup').fill('1900');
    await open.getByTestId('open-account-submit').click();
    await expect.poll(() => opened.getByTestId('opened-name').textContent()).toBe('e2eplayerbr');
    // The same name again: the server's answer at the field, nothing opened.
    await open.getByTestId('field-account').fill('e2eplayerbr');
    await open.getByTestId('open-account-submit').click();
    await open.getByTestId('error-account').waitFor();

    // Promotion links: a player link valid 30 days, with its address and QR code.
    await centre.locator('#agent-registration-tab-links').click();
    const linkForm = centre.getByTestId('promo-link-form');
    await linkForm.getByTestId('field-prizeGroup').fill('1920');
    await linkForm.getByTestId('field-validDays').fill('30');
    await linkForm.getByTestId('promo-link-submit').click();
    const link = centre.getByTestId('promo-link').first();
    await link.getByTestId('promo-link-qr').waitFor();
    const code = await link.getAttribute('data-code');
    expect(await link.getByTestId('promo-link-url').textContent()).toBe(`${site.url}/register?referralCode=${code}`);
    expect(await link.getByTestId('promo-link-qr').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await shot(page, 'en-promo-links');
    // Switched off, it stops registering (the register form would refuse its code).
    await link.getByTestId('promo-link-switch').click();
    await expect.poll(() => link.getByTestId('money-status').textContent()).toBe('Switched off');
    await link.getByTestId('promo-link-switch').click();
    await expect.poll(() => link.getByTestId('money-status').textContent()).toBe('Active');

    // Team management: both new accounts under the agent, found by a search of the whole team.
    await centre.getByTestId('agent-page-teamManagement').click();
    const team = centre.getByTestId('agent-team');
    await expect.poll(() => team.getByTestId('team-total').textContent()).toBe('Members: 4');
    await team.getByTestId('team-search').fill('e2e');
    await team.getByTestId('team-search-submit').click();
    await expect.poll(() => team.getByTestId('team-total').textContent()).toBe('Members: 2');
    await shot(page, 'en-team');

    // Money to the new player with the payment password.
    await team.locator('tr[data-account="e2eplayerbr"]').getByTestId('team-transfer').click();
    const transfer = page.getByTestId('transfer-dialog');
    await transfer.getByTestId('field-amount').fill('25,50');
    await transfer.getByTestId('field-paymentPassword').fill('246810');
    await transfer.getByTestId('transfer-submit').click();
    await transfer.getByTestId('transfer-sent').waitFor();
    await expect.poll(() => transfer.getByTestId('transfer-main').textContent()).toContain('474');
    await shot(page, 'en-transfer');
    await page.keyboard.press('Escape');
    await transfer.waitFor({ state: 'hidden' });

    // A daily salary offer to the new agent, starting from the agent's own tiers; the top ratio lowered to 1.2 %.
    await team.locator('tr[data-account="e2eagentbr"]').getByTestId('team-offer').click();
    const offer = page.getByTestId('offer-dialog');
    await offer.getByTestId('offer-kind').selectOption('dividend');
    await expect.poll(() => offer.getByTestId('offer-tier').count()).toBe(2);
    await offer.getByTestId('offer-kind').selectOption('daily');
    await expect.poll(() => offer.getByTestId('offer-tier').count()).toBe(3);
    await offer.getByTestId('field-tiers.2.ratio').fill('0,8');
    await offer.getByTestId('offer-submit').click();
    await expect
      .poll(() => offer.getByTestId('error-tiers.2.ratio').textContent())
      .toBe('Each tier must have higher thresholds and a higher ratio than the one before');
    await offer.getByTestId('field-tiers.2.ratio').fill('1.2');
    await shot(page, 'en-offer');
    await offer.getByTestId('offer-submit').click();
    await offer.getByTestId('offer-sent').waitFor();
    await page.keyboard.press('Escape');
    await offer.waitFor({ state: 'hidden' });
    await centre.getByTestId('agent-page-dailySalary').click();
    const daily = centre.getByTestId('agent-contracts-daily');
    const given = daily.locator('[data-testid="contract"][data-account="e2eagentbr"]');
    await expect.poll(() => given.getAttribute('data-status')).toBe('offered');
    await shot(page, 'en-daily-salary');
    // The only failed calls are the refusals the journey asked for (the account name taken).
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await page.context().close();

    // The new agent: one-time password, forced change, then it signs the offer in its own agent centre.
    const downline = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN' });
    const p2 = downline.page;
    p2.setDefaultTimeout(30_000);
    await enterAsAgent(p2, 'e2eagentbr', agentPassword);
    const change = p2.getByTestId('change-password-dialog');
    await change.getByTestId('field-newPassword').fill('Agent2468');
    await change.getByTestId('field-confirmNewPassword').fill('Agent2468');
    await change.getByTestId('change-password-submit').click();
    await p2.getByTestId('global-dialog').getByTestId('global-dialog-confirm').click();
    // Signed in at /agent with the new password, the agent centre opens by itself.
    await memberLogin(p2, 'e2eagentbr', 'Agent2468');
    const centre2 = p2.getByTestId('agent-centre');
    await centre2.getByTestId('agent-page-dailySalary').click();
    const mine = centre2.getByTestId('agent-contracts-daily').getByTestId('contract').first();
    await expect.poll(() => mine.getAttribute('data-status')).toBe('offered');
    await shot(p2, 'en-contract-offered');
    await mine.getByTestId('contract-sign').click();
    await expect.poll(() => mine.getAttribute('data-status')).toBe('active');
    expect(await mine.getByTestId('contract-terms').locator('tbody tr').count()).toBe(3);
    await shot(p2, 'en-contract-signed');
    expect(downline.errors).toEqual([]);
    await p2.context().close();

    // Both play on a day ahead (nothing else lands there); its settlement runs once the day is over.
    const day = journeyDay();
    await play(brazil, 'e2eplayerbr', day, 150_000);
    await play(brazil, 'e2eagentbr', day, 120_000);
    await settleDue(db, new Date(day.end.getTime() + 15 * 60_000));
    // The demo agent's team: R$ 2,700.00 and 2 active members, tier 1 (0.5 %) = R$ 13.50 from the
    // platform; e2eagentbr's own team R$ 1,200.00 and 1 member, tier 1 (0.5 %) = R$ 6.00 paid by the demo agent.
    const paid = await queryRows<{ account: string; net: number }>(
      db,
      sql`select m.account, sum(e.amount)::int as net from ledger_entries e
            join ledger_transactions t on t.id = e.transaction_id
            join ledger_accounts a on a.id = e.account_id
            join members m on m.id = a.member_id
           where t.type = 'salary' and t.reference->>'period' = ${day.key} group by m.account order by m.account`,
    );
    expect(paid).toEqual([
      { account: 'demoagent', net: 1_350 - 600 },
      { account: 'e2eagentbr', net: 600 },
    ]);

    const again = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN' });
    const p3 = again.page;
    p3.setDefaultTimeout(30_000);
    await enterAsAgent(p3, 'demoagent', 'Demo1234');
    const centre3 = p3.getByTestId('agent-centre');
    // The team overview of that day: the two new accounts' bets, from the daily statistics.
    const activity = centre3.getByTestId('overview-activity');
    await pickDays(activity, day.key, dateAfter(day.key, 1));
    await expect.poll(() => activity.getByTestId('overview-bets').textContent()).toBe('R$2,700.00');
    expect(await activity.getByTestId('overview-active').textContent()).toBe('2');
    expect(await activity.getByTestId('overview-profit').textContent()).toBe('-R$2,700.00');
    await activity.getByTestId('overview-chart').scrollIntoViewIfNeeded();
    await shot(p3, 'en-overview-activity');
    // User profit and loss of that day: each member's own bets and result, the biggest bettor first.
    await centre3.getByTestId('agent-page-userProfit').click();
    const userProfit = centre3.getByTestId('agent-user-profit');
    await pickDays(userProfit, day.key, dateAfter(day.key, 1));
    await expect
      .poll(() => userProfit.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-account'))))
      .toEqual(['e2eplayerbr', 'e2eagentbr']);
    expect(await userProfit.locator('tr[data-account="e2eplayerbr"]').getByTestId('profit-result').textContent()).toBe('-R$1,500.00');
    await shot(p3, 'en-user-profit');
    await centre3.getByTestId('agent-page-dailySalary').click();
    const bills = centre3.getByTestId('bills-daily');
    await pickDays(bills, day.key, dateAfter(day.key, 1));
    const bill = bills.locator(`tr[data-period="${day.key}"]`);
    await expect.poll(() => bill.getAttribute('data-status')).toBe('paid');
    expect(await bill.getByTestId('bill-amount').textContent()).toBe('R$13.50');
    await bill.scrollIntoViewIfNeeded();
    await shot(p3, 'en-bills');
    await bill.getByTestId('bill-log').click();
    const log = p3.getByTestId('commission-dialog');
    await expect.poll(() => log.getByTestId('line-amount').allTextContents()).toEqual(expect.arrayContaining(['R$7.50', 'R$6.00']));
    expect(await log.getByTestId('lines-total').textContent()).toBe('R$13.50');
    expect(await log.getByTestId('bill-formula').textContent()).toContain('R$2,700.00 × 0.5% = R$13.50');
    await shot(p3, 'en-commission-log');
    await p3.keyboard.press('Escape');
    await log.waitFor({ state: 'hidden' });
    // Ending the new agent's contract takes both sides: the demo agent asks, the contract stays in force until the other agrees.
    const given3 = centre3.getByTestId('agent-contracts-daily').locator('[data-testid="contract"][data-account="e2eagentbr"]');
    await given3.getByTestId('contract-terminate').click();
    await p3.getByTestId('global-dialog').getByTestId('global-dialog-confirm').click();
    await expect
      .poll(() => given3.getByTestId('termination-requested').textContent())
      .toBe('You asked to end this contract; waiting for the other side.');
    expect(await given3.getAttribute('data-status')).toBe('active');
    expect(await given3.getByTestId('contract-terminate').count()).toBe(0);
    await centre3.getByTestId('agent-page-income').click();
    const income = centre3.getByTestId('agent-income');
    await pickDays(income, day.key, dateAfter(day.key, 1));
    await expect.poll(() => income.getByTestId('income-total').textContent()).toBe('R$7.50');
    await income.getByTestId('income-chart').waitFor();
    await shot(p3, 'en-income');
    expect(again.errors).toEqual([]);
    await p3.context().close();
  });

  it('keeps players out: no menu entry, refused at /agent and by the API', async () => {
    const { page, errors } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN' });
    page.setDefaultTimeout(30_000);
    await page.goto(`${site.url}/login`);
    await memberLogin(page, 'demoplayer', 'Demo1234');
    await closePopups(page);
    await page.getByTestId('account-avatar').click();
    await page.getByTestId('menu-member-centre').waitFor();
    expect(await page.getByTestId('menu-agent-centre').count()).toBe(0);
    await page.goto(`${site.url}/agent`);
    await page.getByTestId('agent-entrance-refused').waitFor();
    expect(await page.getByTestId('agent-centre').count()).toBe(0);
    const answer = await page.evaluate(async () => {
      const res = await fetch('/wps/agent/team', {
        headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}`, Merchant: 'BRAZIL' },
      });
      return { status: res.status, body: (await res.json()) as { message: string } };
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('error_not_agent');
    await shot(page, 'en-player-refused');
    // The agents' entrance refuses a player's credentials too.
    await page.evaluate(() => sessionStorage.clear());
    await enterAsAgent(page, 'demoplayer', 'Demo1234');
    await expect.poll(() => page.getByTestId('agent-login-error').textContent()).toBe('Only agents can log in');
    expect(errors.filter((e) => !e.includes('403'))).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['BRAZIL', 'PT'],
    ['UEMOA', 'FR'],
    ['BRAZIL', 'CN'],
    ['BRAZIL', 'VI'],
    ['BRAZIL', 'ID'],
    ['BRAZIL', 'EN'],
  ])('reads right on %s in %s', async (merchant, lang) => {
    const { page, errors } = await newVisitor(site, { merchantCode: merchant, lang });
    page.setDefaultTimeout(30_000);
    const name = `${lang.toLowerCase()}-${merchant.toLowerCase()}`;
    await page.goto(`${site.url}/agent`);
    await page.getByTestId('agent-login-form').waitFor();
    await shot(page, `${name}-entrance`);
    await enterAsAgent(page, 'demoagent', 'Demo1234');
    const centre = page.getByTestId('agent-centre');
    await centre.getByTestId('agent-overview').waitFor();
    await shot(page, `${name}-overview`);
    await centre.getByTestId('agent-page-announcement').click();
    await centre.getByTestId('agent-announcements').waitFor();
    await shot(page, `${name}-announcements`);
    await centre.getByTestId('agent-page-accountRegistration').click();
    await centre.getByTestId('open-account-form').waitFor();
    await shot(page, `${name}-registration`);
    await centre.locator('#agent-registration-tab-links').click();
    await centre.getByTestId('promo-link-form').waitFor();
    await shot(page, `${name}-promo-links`);
    await centre.getByTestId('agent-page-teamManagement').click();
    const team = centre.getByTestId('agent-team');
    await team.getByTestId('team-table').waitFor();
    await shot(page, `${name}-team`);
    await team.locator('tr[data-account="demoplayer"]').getByTestId('team-transfer').click();
    await page.getByTestId('transfer-form').waitFor();
    await shot(page, `${name}-transfer`);
    await page.keyboard.press('Escape');
    await page.getByTestId('transfer-dialog').waitFor({ state: 'hidden' });
    // The day the first journey settled (on BRAZIL), chosen as a custom range.
    const day = journeyDay();
    await centre.getByTestId('agent-page-userProfit').click();
    const userProfit = centre.getByTestId('agent-user-profit');
    if (merchant === 'BRAZIL') await pickDays(userProfit, day.key, dateAfter(day.key, 1));
    await userProfit.getByTestId('profit-table').or(userProfit.locator('.empty-state')).first().waitFor();
    await shot(page, `${name}-user-profit`);
    await centre.getByTestId('agent-page-income').click();
    const income = centre.getByTestId('agent-income');
    if (merchant === 'BRAZIL') {
      await pickDays(income, day.key, dateAfter(day.key, 1));
      await income.getByTestId('income-chart').waitFor();
    }
    await income.getByTestId('income-total').waitFor();
    await shot(page, `${name}-income`);
    await centre.getByTestId('agent-page-dailySalary').click();
    await centre.getByTestId('agent-contracts-daily').getByTestId('contract').first().waitFor();
    await shot(page, `${name}-daily-salary`);
    const bills = centre.getByTestId('bills-daily');
    if (merchant === 'BRAZIL') {
      await pickDays(bills, day.key, dateAfter(day.key, 1));
      const bill = bills.locator(`tr[data-period="${day.key}"]`);
      await bill.waitFor();
      await bill.scrollIntoViewIfNeeded();
      await shot(page, `${name}-bills`);
      await bill.getByTestId('bill-log').click();
      await page.getByTestId('commission-dialog').getByTestId('lines-total').waitFor();
      await shot(page, `${name}-commission-log`);
      await page.keyboard.press('Escape');
      await page.getByTestId('commission-dialog').waitFor({ state: 'hidden' });
    } else {
      await bills.getByTestId('bills-net').scrollIntoViewIfNeeded();
      await shot(page, `${name}-bills`);
    }
    await centre.getByTestId('agent-page-dividend').click();
    await centre.getByTestId('agent-contracts-dividend').getByTestId('contract').first().waitFor();
    await shot(page, `${name}-dividend`);
    // A phone: the menu becomes a row, the dialog a full-screen sheet; nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await centre.getByTestId('agent-page-teamManagement').click();
    await team.getByTestId('team-table').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, `${name}-phone-team`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
