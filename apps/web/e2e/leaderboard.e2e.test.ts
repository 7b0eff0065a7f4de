import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBoard, refreshBoard, runLeaderboardPayouts } from '../../server/src/modules/leaderboards/leaderboards.service.ts';
import { type Merchant, merchantByCode } from '../../server/src/modules/merchants/merchants.service.ts';
import { setRewardsClock } from '../../server/src/modules/missions/missions.service.ts';
import { dailyStatistics } from '../../server/src/modules/statistics/statistics.service.ts';
import { catchUp } from '../../server/src/modules/wallet/ledger.feed.ts';
import { queryRows } from '../../server/src/platform/db.ts';
import { periodAt } from '../../server/src/platform/periods.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * A leaderboard in Chromium against the real server: Brazil's demo player spins a slot of our games,
 * opens the reward centre and finds their own rank on the day's "our games" board (their row marked in
 * the top list), beside the seeded weekly board; then the day ends on the test clock, the period job
 * runs three times at once and the first prize (R$ 10,00 cash) reaches the balance exactly once.
 * Screenshots in docs/screenshots/rewards.
 */

let site: Site;
let brazil: Merchant;
const shotDir = `${screenshotDir}/rewards`;
const DAY = 86_400_000;

beforeAll(async () => {
  site = await startSite({ jobs: true });
  mkdirSync(shotDir, { recursive: true });
  brazil = (await merchantByCode(site.database.db, 'BRAZIL')) as Merchant;
});
afterEach(() => setRewardsClock(null));
afterAll(() => site?.close());

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${shotDir}/${name}.png`, fullPage });
}

/** Opens the member centre on the reward centre (again, so that it loads afresh). */
async function openRewards(page: Page) {
  const centre = page.getByTestId('member-centre');
  if (!(await centre.isVisible())) {
    await page.getByTestId('account-avatar').click();
    await page.getByTestId('menu-member-centre').click();
    await centre.waitFor();
  }
  await centre.getByTestId('member-page-bonusDetails').click();
  await centre.getByTestId('member-page-rewardCenter').click();
  await centre.getByTestId('page-reward-centre').waitFor();
  return centre;
}

const money = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));

describe('leaderboards', () => {
  it('Brazil (PT): the demo player sees their rank, and the prize arrives once at period end', async () => {
    const db = site.database.db;
    const board = await createBoard(db, brazil, {
      title: { EN: 'Daily leaderboard: our games', PT: 'Ranking do dia: nossos jogos' },
      period: 'day',
      category: 'RNG',
      prizes: [1_000, 500, 200].map((amount) => ({ kind: 'bonus' as const, amount, multiple: 0 })),
      enabled: true,
    });
    const { page } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'PT', ip: '10.43.1.1' });
    page.setDefaultTimeout(20_000);
    await page.goto(`${site.url}/rng`);
    await page.getByTestId('header-login').click();
    const auth = page.getByTestId('auth-dialog');
    await auth.getByTestId('field-username').fill('demoplayer');
    await auth.getByTestId('field-password').fill('Demo1234');
    await auth.getByTestId('login-submit').click();
    await page.getByTestId('account-avatar').waitFor();

    // One money spin of Jungle Gems in the game frame.
    await page.goto(`${site.url}/rng`);
    await page.getByTestId('lobby-grid').waitFor();
    await page.getByTestId('lobby-search').fill('Jungle Gems');
    await page.getByTestId('lobby-search-submit').click();
    await expect.poll(() => page.getByTestId('lobby-grid').getByTestId('game-card').count()).toBe(1);
    await page.getByTestId('lobby-grid').getByTestId('game-card').first().getByTestId('game-open').click();
    await page.waitForURL(/\/game$/);
    const frame = page.frameLocator('iframe.game-frame');
    await frame.locator('[data-testid="page-play"][data-mode="real"]').waitFor();
    const spun = page.waitForResponse((r) => r.url().endsWith('/wps/inhouse/slots/spin'));
    await frame.getByTestId('slot-spin').click();
    expect((await spun).status()).toBe(200);

    // The statistics consumer counts the spin; the board's snapshot is rebuilt (as its job does every 30 s).
    await catchUp(db, dailyStatistics);
    await refreshBoard(db, board, brazil, new Date(), 'force');
    await page.goto(`${site.url}/`);
    const centre = await openRewards(page);
    const card = centre.getByTestId(`leaderboard-${board.id}`);
    await expect.poll(() => card.getByTestId('leaderboard-mine').getAttribute('data-rank')).toBe('1');
    await expect.poll(() => card.locator('tr[data-me="true"]').count()).toBe(1);
    expect(await card.getByTestId('leaderboard-prizes').textContent()).toContain('10,00');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'leaderboard-brazil-pt-rank');
    // The seeded weekly board: the demo rivals, two of them tied on one rank, and the five prizes.
    const weekly = centre.locator('section.leaderboard').first();
    await weekly.scrollIntoViewIfNeeded();
    await shot(page, 'leaderboard-brazil-pt-weekly');
    await page.keyboard.press('Escape');

    const before = money(await page.getByTestId('balance-amount').textContent());
    // The day ends (test clock): three nodes run the period job at once; the day's places are paid once.
    const tomorrow = new Date(periodAt('day', brazil.timeZone, new Date()).end.getTime() + DAY / 24);
    setRewardsClock(() => tomorrow);
    const runs = await Promise.all([0, 1, 2].map(() => runLeaderboardPayouts(db, tomorrow)));
    expect(runs.flat().filter((o) => o.outcome === 'failed')).toEqual([]);
    const paid = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ledger_transactions where idempotency_key like ${`bonus:leaderboard:${board.id}:%`}`,
    );
    expect(paid[0]?.n).toBe(1);
    await page.getByTestId('balance-refresh').click();
    await expect.poll(async () => money(await page.getByTestId('balance-amount').textContent())).toBeCloseTo(before + 10, 2);
    await shot(page, 'leaderboard-brazil-pt-paid-balance');
    // The board has moved on to the new day: the player is not ranked there yet.
    await openRewards(page);
    await expect.poll(() => card.getByTestId('leaderboard-mine').getAttribute('data-rank')).toBe('');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'leaderboard-brazil-pt-next-period');
  }, 45_000);

  it('UEMOA (FR): the weekly board with its rivals, a tie and the prizes in F CFA', async () => {
    const { page } = await newVisitor(site, { merchantCode: 'UEMOA', lang: 'FR', ip: '10.43.2.1' });
    page.setDefaultTimeout(20_000);
    await page.goto(`${site.url}/`);
    await page.getByTestId('header-login').click();
    const auth = page.getByTestId('auth-dialog');
    await auth.getByTestId('field-username').fill('demoplayer');
    await auth.getByTestId('field-password').fill('Demo1234');
    await auth.getByTestId('login-submit').click();
    await page.getByTestId('account-avatar').waitFor();
    const centre = await openRewards(page);
    const weekly = centre.locator('section.leaderboard').first();
    await expect.poll(() => weekly.locator('tbody tr').count()).toBeGreaterThanOrEqual(5);
    expect(await weekly.getByTestId('leaderboard-prizes').textContent()).toMatch(/5\s?000/);
    await weekly.scrollIntoViewIfNeeded();
    await shot(page, 'leaderboard-uemoa-fr-weekly');
  }, 30_000);
});
