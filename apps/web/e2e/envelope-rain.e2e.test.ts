import { mkdirSync } from 'node:fs';
import { fair } from '@platform/games';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openEnvelope, scheduleRound, setEnvelopesClock } from '../../server/src/modules/envelopes/envelopes.service.ts';
import { memberByAccount } from '../../server/src/modules/members/members.service.ts';
import { merchantByCode } from '../../server/src/modules/merchants/merchants.service.ts';
import { balanceOf, memberAccount } from '../../server/src/modules/wallet/ledger.service.ts';
import { periodAt } from '../../server/src/platform/periods.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * Envelope rain in Chromium against the real server (decision 0044): the demo player of Brazil, who
 * bet today, opens an envelope of a live round in the reward centre and is credited its amount once;
 * after the round (the module's test clock moved past its window) the seed is revealed and the verify
 * view recomputes every envelope in the browser, matching the server's draw and the amount paid.
 * Photographed into docs/screenshots/rewards in Portuguese.
 */

let site: Site;
const shotDir = `${screenshotDir}/rewards`;
const MINUTE = 60_000;

beforeAll(async () => {
  site = await startSite({ jobs: false });
  mkdirSync(shotDir, { recursive: true });
});
afterEach(() => setEnvelopesClock(null));
afterAll(() => site?.close());

async function shot(page: Page, name: string) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${shotDir}/${name}.png` });
}

describe('envelope rain', () => {
  it('opens an envelope of a live round once, then verifies the draw from the revealed seed', async () => {
    const db = site.database.db;
    const merchant = await merchantByCode(db, 'BRAZIL');
    const player = merchant && (await memberByAccount(db, merchant.id, 'demoplayer'));
    if (!merchant || !player) throw new Error('no demo player');
    // A bet today, as the statistics consumer keeps it.
    const day = periodAt('day', merchant.timeZone, new Date()).key;
    await db.execute(sql`insert into daily_member_stats (merchant_id, member_id, day, category, bets, stake, valid_stake)
      values (${merchant.id}, ${player.id}, ${day}::date, 'RNG', 1, 100, 100) on conflict do nothing`);
    const start = Date.now() - MINUTE;
    const terms = { budget: 2_000, count: 8, minAmount: 50 };
    const round = await scheduleRound(db, merchant, { startsAt: start, minutes: 10, ...terms }, 'journey');
    const main = async () => balanceOf(db, await memberAccount(db, merchant.id, player.id, 'main', merchant.currency));
    const before = await main();

    const { page } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'PT', ip: '10.44.1.1' });
    page.setDefaultTimeout(20_000);
    await page.goto(`${site.url}/rng`);
    await page.getByTestId('header-login').click();
    const auth = page.getByTestId('auth-dialog');
    await auth.getByTestId('field-username').fill('demoplayer');
    await auth.getByTestId('field-password').fill('Demo1234');
    await auth.getByTestId('login-submit').click();
    await page.getByTestId('account-avatar').waitFor();
    const openRewards = async () => {
      const centre = page.getByTestId('member-centre');
      if (!(await centre.isVisible())) {
        await page.getByTestId('account-avatar').click();
        await page.getByTestId('menu-member-centre').click();
        await centre.waitFor();
      }
      await centre.getByTestId('member-page-bonusDetails').click();
      await centre.getByTestId('member-page-rewardCenter').click();
      await centre.getByTestId('page-reward-centre').waitFor();
      return centre.getByTestId('envelope-rain');
    };

    let rain = await openRewards();
    const current = rain.getByTestId('envelope-current');
    await expect.poll(() => current.getAttribute('data-round')).toBe(String(round.id));
    expect(await current.getAttribute('data-state')).toBe('live');
    await shot(page, 'envelope-rain-brazil-pt-live');
    await current.getByTestId('envelope-open').click();
    await page.getByTestId('global-dialog').waitFor();
    await shot(page, 'envelope-rain-brazil-pt-opened-dialog');
    await page.keyboard.press('Escape');
    const won = current.getByTestId('envelope-amount');
    await won.waitFor();
    const amount = Math.round(Number(await won.getAttribute('data-amount')) * 100);
    await shot(page, 'envelope-rain-brazil-pt-amount');
    expect(await main()).toBe(before + amount);
    // A second open (a replayed request) is refused and moves nothing.
    await expect(openEnvelope(db, merchant, player.id, round.id, '10.44.1.1')).rejects.toMatchObject({
      code: 'APP_ERR_ENVELOPE_ALREADY_OPENED',
    });
    expect(await main()).toBe(before + amount);

    // After the window: the seed is revealed and the browser recomputes the draw.
    setEnvelopesClock(() => new Date(start + 11 * MINUTE));
    rain = await openRewards();
    const past = rain.getByTestId(`envelope-closed-${round.id}`);
    await past.getByTestId('envelope-verify-button').click();
    const verify = past.getByTestId('envelope-verify');
    await verify.waitFor();
    expect(await verify.getByTestId('verify-hash').getAttribute('data-ok')).toBe('true');
    expect(await verify.getByTestId('verify-mine').getAttribute('data-ok')).toBe('true');
    const drawn = fair.envelopeAmounts(round.serverSeed, round.clientSeed, terms);
    expect(await verify.getByTestId('verify-seed').textContent()).toBe(round.serverSeed);
    for (const [i, a] of drawn.entries()) {
      expect(await verify.getByTestId(`verify-envelope-${i}`).getAttribute('data-minor')).toBe(String(a));
    }
    expect(drawn).toContain(amount);
    await verify.scrollIntoViewIfNeeded();
    await shot(page, 'envelope-rain-brazil-pt-verify');
  }, 60_000);
});
