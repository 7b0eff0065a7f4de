// The back office's operations screens (decision 0034): a Vietnamese official result entered by the
// owner and confirmed by a second lottery operator, a player's bet on it settled; the reports of the
// day with their chart; a UEMOA home banner changed and the site showing it; the audit trail of it
// all and its chain verified. Screenshots in
// docs/screenshots/admin/.
import { randomBytes } from 'node:crypto';
import { lottery } from '@platform/games';
import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeLotteryBets, settleDue } from '../../server/src/modules/lottery/lottery.bets.ts';
import { lotteryTick } from '../../server/src/modules/lottery/lottery.service.ts';
import { lotteryBets, lotteryDraws } from '../../server/src/modules/lottery/lottery.tables.ts';
import { memberByAccount } from '../../server/src/modules/members/members.service.ts';
import { type Merchant, MerchantDirectory } from '../../server/src/modules/merchants/merchants.service.ts';
import { dailyStatistics } from '../../server/src/modules/statistics/statistics.service.ts';
import { catchUp } from '../../server/src/modules/wallet/ledger.feed.ts';
import { FIRST_OWNER } from '../../server/src/seed/operators.seed.ts';
import { fundMember } from '../../server/test/funds.ts';
import { newVisitor, type Site, startSite } from '../../web/e2e/harness.ts';
import { firstSignIn, operatorPage, shot } from './operator-pages.ts';

let site: Site;
const contexts: BrowserContext[] = [];
let directory: MerchantDirectory;
/** Yesterday's Hanoi draw (18:15 there), its time past, with one đề bet of Brazil's demo player on it. */
let issue = '';
let betDay = '';

beforeAll(async () => {
  site = await startSite({ jobs: false });
  const db = site.database.db;
  directory = new MerchantDirectory(db, 0);
  const brazil = (await directory.list()).find((m) => m.code === 'BRAZIL') as Merchant;
  const member = await memberByAccount(db, brazil.id, 'demoplayer');
  if (!member) throw new Error('no demo player');
  await fundMember(db, brazil, member.id, 100_000);
  // Yesterday morning in Hanoi, by the test clock: the day's draw is open for bets.
  const yesterday = new Date(Date.now() - 86_400_000);
  betDay = yesterday.toISOString().slice(0, 10);
  const morning = new Date(`${betDay}T02:00:00Z`);
  await lotteryTick(db, morning);
  issue = betDay.replaceAll('-', '');
  await placeLotteryBets(
    db,
    brazil,
    member,
    {
      requestId: `journey-de-${Date.now()}`,
      gameCode: 'VN_NORTH',
      issue,
      bets: [{ playType: 'VN_NORTH_DE', selection: { numbers: [27] }, unit: 100, multiple: 1, betCount: 1 }],
    },
    morning,
  );
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await site?.close();
});

/** The official sheet of the North: every number as a result, the special prize ending in 27 (the bet wins). */
const sheet = lottery.drawResult('VN_NORTH', (n) => new Uint8Array(randomBytes(n)));
const result = { ...sheet, DB: ['40827'] };

async function fillSheet(page: Page) {
  const dialog = page.getByTestId('result-dialog');
  for (const [prize, numbers] of Object.entries(result))
    for (const [i, n] of (numbers as string[]).entries()) await dialog.getByTestId(`cell-${prize}.${i}`).fill(n);
}

describe('the operations screens', () => {
  let owner: Page;
  let second: Page;

  it('the owner enters a Vietnamese result (a short number refused at its box); a second lottery operator confirms it; the bet settles', async () => {
    owner = await operatorPage(site, contexts);
    await firstSignIn(site, owner, FIRST_OWNER.account, FIRST_OWNER.password, 'owner-new-password-2026');
    // A lottery operator of every merchant (official results settle for all of them).
    await owner.getByTestId('nav-operators').click();
    await owner.getByTestId('operator-owner').waitFor();
    await owner.getByTestId('create-operator').click();
    const create = owner.getByTestId('create-operator-dialog');
    await create.getByTestId('field-account').fill('lot.hanoi');
    await create.getByTestId('field-name').fill('Nguyễn Lan');
    await create.getByTestId('field-role').selectOption('lottery');
    await create.getByTestId('merchants-all').check();
    await create.getByTestId('field-password').fill('first-password-lottery');
    await create.getByTestId('create-submit').click();
    await owner.getByTestId('operator-lot.hanoi').waitFor();

    await owner.getByTestId('nav-lottery').click();
    const row = owner.getByTestId(`draw-VN_NORTH-${issue}`);
    await row.waitFor();
    expect(await owner.getByTestId(`state-VN_NORTH-${issue}`).textContent()).toBe('Waiting for the first entry');
    expect(await owner.getByTestId(`tickets-VN_NORTH-${issue}`).textContent()).toBe('1 (1 unsettled)');
    await shot(owner, 'lottery-results-en');

    await owner.getByTestId(`open-VN_NORTH-${issue}`).click();
    await fillSheet(owner);
    const dialog = owner.getByTestId('result-dialog');
    // Four digits where the special prize has five: said at that box on leaving it, and nothing is sent.
    await dialog.getByTestId('cell-DB.0').fill('4082');
    await dialog.getByTestId('cell-G1.0').focus();
    expect(await dialog.getByTestId('error-DB.0').textContent()).toBe('A number of 5 digits');
    await dialog.getByTestId('result-submit').click();
    await shot(owner, 'lottery-result-sheet-en');
    const [still] = await site.database.db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, 'VN_NORTH'), eq(lotteryDraws.issue, issue)));
    expect(still?.enteredBy).toBeNull();
    await dialog.getByTestId('cell-DB.0').fill('40827');
    await dialog.getByTestId('result-submit').click();
    await dialog.getByTestId('result-done').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(() => owner.getByTestId(`state-VN_NORTH-${issue}`).textContent())
      .toBe('Entered by owner, waiting for a second operator');
    // The owner opening it again is told another operator must confirm (the server refuses the same operator).
    await owner.getByTestId(`open-VN_NORTH-${issue}`).click();
    expect(await owner.getByTestId('result-hint').textContent()).toContain('Another operator must confirm it');
    await owner.getByTestId('result-dialog').getByRole('button', { name: 'Close' }).click();

    second = await operatorPage(site, contexts);
    await firstSignIn(site, second, 'lot.hanoi', 'first-password-lottery', 'lan-own-password-2026');
    await second.getByTestId('nav-lottery').click();
    await second.getByTestId(`open-VN_NORTH-${issue}`).click();
    const confirm = second.getByTestId('result-dialog');
    expect(await confirm.getByTestId('result-hint').textContent()).toContain('owner entered this result');
    // The first entry is not shown: the boxes are empty.
    expect(await confirm.getByTestId('cell-DB.0').inputValue()).toBe('');
    await fillSheet(second);
    await shot(second, 'lottery-result-confirm-en');
    await confirm.getByTestId('result-submit').click();
    await confirm.getByTestId('result-done').waitFor();
    await confirm.getByRole('button', { name: 'Close' }).click();

    // The settlement job (off in this journey) pays the draw; the drawn list shows it settled.
    await settleDue(site.database.db, directory);
    await second.getByTestId('state-drawn').click();
    await expect.poll(() => second.getByTestId(`state-VN_NORTH-${issue}`).textContent()).toBe('Settled');
    expect(await second.getByTestId(`tickets-VN_NORTH-${issue}`).textContent()).toBe('1');
    expect(await second.getByTestId(`draw-VN_NORTH-${issue}`).textContent()).toContain('40827');
    const [ticket] = await site.database.db.select().from(lotteryBets).where(eq(lotteryBets.issue, issue));
    expect(ticket?.status).toBe('won');
    await shot(second, 'lottery-drawn-en');
    for (const [code, label] of [
      ['PT', 'Liquidado'],
      ['FR', 'Réglé'],
    ] as const) {
      await second.getByTestId('language').selectOption(code);
      await expect.poll(() => second.getByTestId(`state-VN_NORTH-${issue}`).textContent()).toBe(label);
      await shot(second, `lottery-drawn-${code.toLowerCase()}`);
    }
  });

  it('the owner reads the reports of the bet’s day with their chart, in three languages', async () => {
    await catchUp(site.database.db, dailyStatistics);
    await owner.getByTestId('nav-reports').click();
    await owner.getByTestId('report-totals').waitFor();
    await owner.getByTestId('report-merchant').selectOption('BRAZIL');
    await owner.getByTestId('report-from').fill(betDay);
    await owner.getByTestId('report-show').click();
    await expect.poll(async () => Number((await owner.getByTestId('total-bets').textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
    expect(await owner.getByTestId('report-chart').locator('canvas').count()).toBe(1);
    expect(await owner.getByTestId(`day-${betDay}`).textContent()).toContain('R$');
    await shot(owner, 'reports-en');
    // A start after the end is refused at its field.
    await owner.getByTestId('report-from').fill('2031-01-01');
    await owner.getByTestId('report-show').click();
    await expect.poll(() => owner.locator('.report-form .field__error').count()).toBe(1);
    await owner.getByTestId('report-from').fill(betDay);
    await owner.getByTestId('report-show').click();
    await owner.getByTestId(`day-${betDay}`).waitFor();
    for (const [code, label] of [
      ['PT', 'Depósitos'],
      ['FR', 'Dépôts'],
    ] as const) {
      await owner.getByTestId('language').selectOption(code);
      await expect.poll(() => owner.getByTestId('report-totals').textContent()).toContain(label);
      await shot(owner, `reports-${code.toLowerCase()}`);
    }
    await owner.getByTestId('language').selectOption('EN');
  });

  it('the owner changes a UEMOA home banner (a script link refused at its field) and the site shows it', async () => {
    await owner.getByTestId('nav-content').click();
    await owner.getByTestId('banner-merchant').selectOption('UEMOA');
    await owner.getByTestId('filter-group').selectOption('w_home');
    const edit = owner.locator('[data-testid^="edit-banner-"]').first();
    await edit.waitFor();
    await shot(owner, 'banners-en');
    await edit.click();
    const dialog = owner.getByTestId('banner-dialog');
    const newTitle = 'Noël : 100 % de bonus sur le premier dépôt';
    await dialog.getByTestId('field-title-FR').fill(newTitle);
    await dialog.getByTestId('field-linkageType').selectOption('url');
    await dialog.getByTestId('field-linkageTarget').fill('javascript:alert(1)');
    await dialog.getByTestId('field-sort').fill('0');
    await dialog.getByTestId('banner-save').click();
    await dialog.getByTestId('error-linkageTarget').waitFor();
    await shot(owner, 'banner-edit-en');
    await dialog.getByTestId('field-linkageType').selectOption('route');
    await dialog.getByTestId('field-linkageTarget').fill('/promotion');
    await dialog.getByTestId('banner-save').click();
    await dialog.getByTestId('banner-saved').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const visitor = await newVisitor(site, { merchantCode: 'UEMOA', lang: 'FR' });
    await visitor.page.goto(site.url);
    await visitor.page.getByTestId('banner-strip').locator(`img[alt="${newTitle}"]`).first().waitFor({ state: 'attached' });
    await visitor.context.close();
  });

  it('the owner reads the audit trail of the result and verifies its chain', async () => {
    await owner.getByTestId('nav-audit').click();
    await owner.getByTestId('table-audit').waitFor();
    await expect.poll(async () => (await owner.getByTestId('table-audit').textContent()) ?? '').toContain('lottery.result.confirm');
    const trail = (await owner.getByTestId('table-audit').textContent()) ?? '';
    expect(trail).toContain('lottery.result.enter');
    expect(trail).toContain('lot.hanoi');
    expect(trail).toContain('content.banner.update');
    await owner.getByTestId('audit-verify').click();
    const verdict = owner.getByTestId('audit-verification');
    await verdict.waitFor();
    expect(await verdict.textContent()).toMatch(/The chain is intact: \d+ lines/);
    await shot(owner, 'audit-operations-en');
  });
});
