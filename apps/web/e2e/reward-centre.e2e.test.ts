import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memberByAccount } from '../../server/src/modules/members/members.service.ts';
import { merchantByCode } from '../../server/src/modules/merchants/merchants.service.ts';
import { setRewardsClock } from '../../server/src/modules/missions/missions.service.ts';
import { periodAt } from '../../server/src/platform/periods.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * The reward centre in Chromium against the real server: the demo player plays three rounds of a slot,
 * sees the daily mission "play 3 rounds" become claimable and claims it; then checks in three days in
 * a row, the reward centre's clock moved a day at a time (a test clock). Photographed into
 * docs/screenshots/reward-centre in each merchant's language and in every site language.
 */

let site: Site;
const shotDir = `${screenshotDir}/reward-centre`;
const DAY = 86_400_000;

beforeAll(async () => {
  site = await startSite({ jobs: true });
  mkdirSync(shotDir, { recursive: true });
});
afterEach(() => setRewardsClock(null));
afterAll(() => site?.close());

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${shotDir}/${name}.png`, fullPage });
}

/** Logs the demo player in from the RNG lobby. */
async function login(page: Page) {
  await page.goto(`${site.url}/rng`);
  await page.getByTestId('header-login').click();
  const auth = page.getByTestId('auth-dialog');
  await auth.getByTestId('field-username').fill('demoplayer');
  await auth.getByTestId('field-password').fill('Demo1234');
  await auth.getByTestId('login-submit').click();
  await page.getByTestId('account-avatar').waitFor();
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

/** Three money spins of Jungle Gems in the game frame. */
async function playThree(page: Page) {
  await page.goto(`${site.url}/rng`);
  await page.getByTestId('lobby-grid').waitFor();
  await page.getByTestId('lobby-search').fill('Jungle Gems');
  await page.getByTestId('lobby-search-submit').click();
  await expect.poll(() => page.getByTestId('lobby-grid').getByTestId('game-card').count()).toBe(1);
  await page.getByTestId('lobby-grid').getByTestId('game-card').first().getByTestId('game-open').click();
  await page.waitForURL(/\/game$/);
  const frame = page.frameLocator('iframe.game-frame');
  await frame.locator('[data-testid="page-play"][data-mode="real"]').waitFor();
  for (let i = 0; i < 3; i++) {
    const spun = page.waitForResponse((r) => r.url().endsWith('/wps/inhouse/slots/spin'));
    await frame.getByTestId('slot-spin').click();
    expect((await spun).status()).toBe(200);
    await frame.getByTestId('slot-spin').waitFor({ state: 'visible' });
    await expect.poll(() => frame.getByTestId('slot-spin').isEnabled()).toBe(true);
  }
}

/** What the statistics consumer keeps for a day the player bet on (the test clock's day; the ledger's clock is the database's). */
async function betOn(code: string, day: string) {
  const db = site.database.db;
  const merchant = await merchantByCode(db, code);
  const player = merchant && (await memberByAccount(db, merchant.id, 'demoplayer'));
  if (!merchant || !player) throw new Error('no demo player');
  await db.execute(sql`insert into daily_member_stats (merchant_id, member_id, day, category, bets, stake, valid_stake)
    values (${merchant.id}, ${player.id}, ${day}::date, 'RNG', 1, 100, 100) on conflict do nothing`);
  return merchant.timeZone;
}

describe('the reward centre', () => {
  for (const [code, lang] of [
    ['BRAZIL', 'PT'],
    ['UEMOA', 'FR'],
  ] as const) {
    it(`${code} (${lang}): plays 3 rounds, claims the daily mission, checks in three days in a row`, async () => {
      const { page } = await newVisitor(site, { merchantCode: code, lang, ip: `10.21.${lang === 'PT' ? 1 : 2}.1` });
      page.setDefaultTimeout(30_000);
      const name = `${code.toLowerCase()}-${lang.toLowerCase()}`;
      await login(page);
      let centre = await openRewards(page);
      await shot(page, `${name}-before`);
      await page.keyboard.press('Escape');
      await playThree(page);
      await page.goto(`${site.url}/`);
      centre = await openRewards(page);
      const mission = centre.locator('[data-testid^="mission-"][data-status]').first();
      await expect
        .poll(async () => {
          centre = await openRewards(page);
          return mission.getAttribute('data-status');
        })
        .toBe('claimable');
      await shot(page, `${name}-mission-claimable`);
      await mission.getByTestId('mission-claim').click();
      await page
        .getByTestId('global-dialog')
        .waitFor()
        .catch(() => undefined);
      await shot(page, `${name}-mission-claimed-dialog`);
      await page.keyboard.press('Escape');
      await expect.poll(() => mission.getAttribute('data-status')).toBe('claimed');

      // Check-in, day 1 (today: the spins qualify), then days 2 and 3 on the test clock.
      const start = Date.now();
      for (const n of [0, 1, 2]) {
        const at = new Date(start + n * DAY);
        setRewardsClock(() => at);
        if (n > 0) {
          const merchant = await merchantByCode(site.database.db, code);
          await betOn(code, periodAt('day', merchant?.timeZone ?? 'UTC', at).key);
        }
        centre = await openRewards(page);
        const card = centre.getByTestId('rewards-checkin');
        await expect.poll(() => card.getByTestId('checkin-streak').getAttribute('data-streak')).toBe(String(n));
        await card.getByTestId('checkin-button').click();
        await page
          .getByTestId('global-dialog')
          .waitFor()
          .catch(() => undefined);
        if (n === 0) await shot(page, `${name}-checkin-dialog`);
        await page.keyboard.press('Escape');
        await expect.poll(() => card.getByTestId('checkin-streak').getAttribute('data-streak')).toBe(String(n + 1));
        await shot(page, `${name}-checkin-day-${n + 1}`);
      }
      expect(await centre.getByTestId('checkin-day-3').getAttribute('data-done')).toBe('true');
    }, 240_000);
  }

  it('reads in every site language', async () => {
    for (const lang of ['EN', 'PT', 'FR', 'CN', 'VI', 'ID']) {
      const { page, context } = await newVisitor(site, { merchantCode: 'BRAZIL', lang, ip: `10.21.9.${lang.length + lang.charCodeAt(0)}` });
      page.setDefaultTimeout(30_000);
      await login(page);
      await openRewards(page);
      await shot(page, `brazil-${lang.toLowerCase()}-page`, true);
      await context.close();
    }
  }, 240_000);
});
