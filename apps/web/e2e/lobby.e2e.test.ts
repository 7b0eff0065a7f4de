import { mkdirSync } from 'node:fs';
import { lottery } from '@platform/games';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../server/src/modules/catalog/catalog.tables.ts';
import { settleDue } from '../../server/src/modules/lottery/lottery.bets.ts';
import { confirmOfficialResult, enterOfficialResult } from '../../server/src/modules/lottery/lottery.official.ts';
import { lotteryTick } from '../../server/src/modules/lottery/lottery.service.ts';
import { lotteryFavourites } from '../../server/src/modules/lottery/lottery.tables.ts';
import { memberByAccount } from '../../server/src/modules/members/members.service.ts';
import type { Merchant, MerchantDirectory } from '../../server/src/modules/merchants/merchants.service.ts';
import { newVisitor, type Site, screenshotDir } from './harness.ts';
import { openDraw, startLotterySite } from './lottery-fixture.ts';

/**
 * Game categories and the lottery lobbies as a player meets them, in Chromium against the real
 * server: LOTT and ELOTT in the side menu and on the home page launch straight into a lottery game,
 * SPORTS (whose vendors have no contract yet) lands in its lobby with the games marked; the e-lottery
 * lobby's cards with their live issue and countdown; a favourite lottery kept on the server across a
 * reload; a winning ticket settled here (the clock jobs are off in tests) showing on the winner board
 * and in the popular list; the Vietnamese numbers; and a phone lobby that loads its next page as the
 * player scrolls. Photographed into docs/screenshots/lobby.
 */

let site: Site;
let directory: MerchantDirectory;
let brazil: Merchant;
const shotDir = `${screenshotDir}/lobby`;
const db = () => site.database.db;

beforeAll(async () => {
  ({ site, directory, brazil } = await startLotterySite(10));
  mkdirSync(shotDir, { recursive: true });
}, 120_000);
afterAll(() => site?.close());

async function shot(page: Page, name: string) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${shotDir}/${name}.jpg`, type: 'jpeg', quality: 60 });
}

async function login(page: Page) {
  const auth = page.getByTestId('auth-dialog');
  await auth.getByTestId('login-username-form').waitFor();
  await auth.getByTestId('field-username').fill('demoplayer');
  await auth.getByTestId('field-password').fill('Demo1234');
  await auth.getByTestId('login-submit').click();
  await page.getByTestId('account-avatar').waitFor();
  await auth.waitFor({ state: 'hidden' });
}

/** The home page (the visitor has seen this session's notice popups: newVisitor). */
async function home(page: Page) {
  await page.goto(site.url);
}

const sideEntry = (page: Page, category: string) =>
  page.locator(`[data-testid="side-menu"] li[data-category="${category}"] .side-menu__item`);

describe('game categories and the lottery lobbies', () => {
  it('launches LOTT and ELOTT straight into a game, lists e-lottery cards, keeps favourites, shows winners and popular games', async () => {
    const visitor = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN', ip: '10.9.1.1', viewport: { width: 1280, height: 1000 } });
    const { page } = visitor;
    page.setDefaultTimeout(30_000);

    // LOTT in the side menu opens the first TCG_SEA game on the lottery page.
    await home(page);
    await sideEntry(page, 'LOTT').click();
    await page.waitForURL(/\/lottery\?gameCode=SSC&/);
    await expect.poll(() => page.getByTestId('game-name').textContent()).toBe('Lucky SSC');
    await page.getByTestId('current-issue').waitFor();
    await shot(page, 'lott-from-side-menu');

    // SPORTS: every game waits for its vendor's contract, so the lobby opens and says so.
    await home(page);
    await sideEntry(page, 'SPORTS').click();
    await page.waitForURL(/\/sports$/);
    await page.getByTestId('lobby-unavailable').waitFor();
    await page.getByTestId('lobby-grid').waitFor();
    expect(await page.getByTestId('lobby-grid').getByTestId('game-state').first().textContent()).toBe('Needs the vendor contract');
    await shot(page, 'sports-needs-contract');

    // ELOTT on the home page's category bar opens its first game.
    await home(page);
    await page.locator('.category-grid [data-category="ELOTT"]').click();
    await page.waitForURL(/\/lottery\?gameCode=SSC1&/);
    await expect.poll(() => page.getByTestId('game-name').textContent()).toBe('SSC 1 minute');

    // The e-lottery lobby: one card per fast game with the issue taking bets and its countdown.
    await page.goto(`${site.url}/elott`);
    await page.getByTestId('elott-grid').waitFor();
    const cards = page.getByTestId('elott-card');
    await expect.poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-game')))).toEqual(['SSC1', 'SSC3', 'PK10F']);
    const ssc3 = await openDraw(site, 'SSC3', 5);
    const card = page.locator('[data-testid="elott-card"][data-game="SSC3"]');
    await expect.poll(() => card.getByTestId('elott-issue').textContent()).toBe(ssc3.issue);
    expect(await card.getByTestId('elott-countdown').textContent()).toMatch(/^\d\d:\d\d$|Drawing/);
    await page.getByTestId('opened-list').waitFor();
    await shot(page, 'elott-lobby');
    await card.getByTestId('elott-open').click();
    await page.waitForURL(/\/lottery\?gameCode=SSC3&playType=SSC_/);
    await expect.poll(() => page.getByTestId('game-name').textContent()).toBe('SSC 3 minutes');

    // Starring a game needs an account; once starred it leads the menu, on the server and after a reload.
    await page.getByTestId('star-PK10F').click();
    await login(page);
    await page.goto(`${site.url}/lottery?gameCode=SSC3&playType=SSC_ANY_POSITION`);
    await page.getByTestId('star-PK10F').click();
    await expect.poll(() => page.getByTestId('star-PK10F').getAttribute('aria-pressed')).toBe('true');
    const member = await memberByAccount(db(), brazil.id, 'demoplayer');
    const saved = await db()
      .select()
      .from(lotteryFavourites)
      .where(eq(lotteryFavourites.memberId, member?.id ?? 0));
    expect(saved.map((f) => f.gameCode)).toEqual(['PK10F']);
    // The browser's copy goes too: only the server can bring the star back.
    await page.evaluate(() => localStorage.removeItem('lotteryFavourites'));
    await page.reload();
    await expect.poll(() => page.getByTestId('star-PK10F').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('.lottery__menu-item').first().getAttribute('data-favourite')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('lotteryFavourites'))).toBe('{"demoplayer":["PK10F"]}');
    await shot(page, 'lottery-favourite');

    // A ticket that cannot lose (every digit on the first position) on SSC3, placed on the page.
    const draw = await openDraw(site, 'SSC3', 30);
    await page.getByTestId('game-SSC3').click();
    await page.getByTestId('play-SSC_ANY_POSITION').click();
    await expect.poll(() => page.getByTestId('current-issue').textContent()).toBe(draw.issue);
    for (let n = 0; n <= 9; n++) await page.getByTestId('bet-board').getByTestId('pick-row-0').locator(`[data-n="${n}"]`).click();
    await page.getByTestId('add-to-slip').click();
    await page.getByTestId('place-bets').click();
    await page.getByTestId('placed-note').waitFor();

    // The draw and its settlement, as the clock jobs would run them.
    const after = new Date(draw.drawAt.getTime() + 1_000);
    await lotteryTick(db(), after);
    await settleDue(db(), directory, after);

    // The winner board on the lottery page: the masked account and the game.
    await page.locator('#lottery-records-tab-winners').click();
    const winner = page.getByTestId('winner-board').getByTestId('winner').first();
    await expect.poll(() => winner.getByTestId('winner-name').textContent(), { timeout: 20_000 }).toBe('de***r');
    expect(await winner.getAttribute('data-game')).toBe('SSC3');
    expect(await winner.getByTestId('winner-payout').textContent()).toMatch(/R\$\s?\d/);
    await shot(page, 'lottery-winners');

    // The e-lottery lobby: the starred game first, the winner beside it, SSC3 leading the popular list.
    await page.goto(`${site.url}/elott`);
    await page.getByTestId('elott-grid').waitFor();
    await expect.poll(() => cards.first().getAttribute('data-game')).toBe('PK10F');
    const popular = page.getByTestId('popular-item').first();
    await expect.poll(() => popular.getAttribute('data-game')).toBe('SSC3');
    expect(Number(await popular.getAttribute('data-bets'))).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('winner-board').getByTestId('winner-name').first().textContent()).toBe('de***r');
    await shot(page, 'elott-lobby-winners');

    // The Vietnamese numbers 00–99 under the prize table, once two operators have entered a northern result.
    const vn = await openDraw(site, 'VN_NORTH', 5);
    const vnResult = lottery.drawResult('VN_NORTH', (n) => crypto.getRandomValues(new Uint8Array(n))) as lottery.VietnamResult;
    const vnAt = new Date(vn.drawAt.getTime() + 60_000);
    await enterOfficialResult(db(), 'alice', 'VN_NORTH', vn.issue, vnResult, vnAt);
    await confirmOfficialResult(db(), 'bob', 'VN_NORTH', vn.issue, vnResult, vnAt);
    await page.goto(`${site.url}/vnlottery`);
    await page.getByTestId('vn-numbers').waitFor();
    expect(await page.getByTestId('vn-numbers').locator('li').count()).toBe(100);
    const special = (vnResult.DB[0] ?? '').slice(-2);
    expect(Number(await page.locator(`[data-number="${special}"]`).getAttribute('data-hits'))).toBeGreaterThanOrEqual(1);
    const hits = await page
      .locator('[data-testid="vn-numbers"] li')
      .evaluateAll((els) => els.reduce((s, e) => s + Number(e.getAttribute('data-hits')), 0));
    expect(hits).toBe(lottery.vietnamTails(vnResult, 2).length);
    await shot(page, 'vn-numbers');

    expect(visitor.errors.filter((e) => !/WebSocket|status of 401/.test(e))).toEqual([]);
    await visitor.context.close();
  }, 300_000);

  it('loads the next page of a phone lobby as the player scrolls', async () => {
    // 50 more JILI games than the demo catalog has, so the lobby has a second page of 42.
    const [model] = await db().select().from(games).where(eq(games.vendorCode, 'JILI')).limit(1);
    if (!model) throw new Error('no JILI game');
    const { id: _id, ...row } = model;
    await db()
      .insert(games)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          ...row,
          gameCode: `jili-extra-${i + 1}`,
          name: { EN: `Extra Fortune ${i + 1}` },
          hot: false,
          sort: 1_000 + i,
        })),
      );
    const total = (await db().select().from(games).where(eq(games.vendorCode, 'JILI'))).length;

    const visitor = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN', ip: '10.9.1.2', viewport: { width: 390, height: 844 } });
    const { page } = visitor;
    page.setDefaultTimeout(30_000);
    await page.goto(`${site.url}/rng?page=JILI`);
    const grid = page.getByTestId('lobby-grid');
    await grid.waitFor();
    await expect.poll(() => grid.getByTestId('game-card').count()).toBe(42);
    expect(await page.locator('.pager').count()).toBe(0);
    await shot(page, 'phone-lobby-first-page');
    await page.getByTestId('lobby-sentinel').scrollIntoViewIfNeeded();
    await expect.poll(() => grid.getByTestId('game-card').count()).toBe(total);
    await page.getByText('That is every game').waitFor();
    await shot(page, 'phone-lobby-all-loaded');

    // The e-lottery lobby on a phone: the cards in one column, the boards under them.
    await page.goto(`${site.url}/elott`);
    await page.getByTestId('elott-grid').waitFor();
    await page.getByTestId('popular-list').waitFor();
    await shot(page, 'phone-elott-lobby');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  }, 120_000);
});
