import { mkdirSync } from 'node:fs';
import { lotteryAdminPaths } from '@platform/contract';
import { lottery } from '@platform/games';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotteryTick } from '../../server/src/modules/lottery/lottery.service.ts';
import { lotteryDraws } from '../../server/src/modules/lottery/lottery.tables.ts';
import { vietnamWeek } from '../../server/src/seed/vietnam-provinces.seed.ts';
import { makeOperator } from '../../server/test/operators.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * The Vietnamese lottery of the South and the Centre as a player meets it, in Chromium against the
 * real server: region tabs, today's provinces with their next draws, a province's official result
 * entered and confirmed by two operators through the admin API, its prize table (G8 down to ĐB) next
 * to the other provinces of the day, and the way from a province to betting on it. Photographed in
 * EN and VI (desktop and phone) into docs/screenshots/lottery.
 */

/** API keys of two lottery operators' accounts, made before the journeys. */
const tokens = { alice: '', bob: '' };
const shotDir = `${screenshotDir}/lottery`;
const HOUR = 3600_000;
let site: Site;

/** The southern draw (16:15 in Hanoi, 09:15 UTC) that took place last: today's or yesterday's. */
function lastSouthernDraw(now: number): Date {
  const d = new Date(now);
  const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 9, 15);
  return new Date(today <= now ? today : today - 24 * HOUR);
}
/** Vietnam's weekday (UTC+7 all year) of an instant. */
const vietnamWeekday = (at: number) => new Date(at + 7 * HOUR).getUTCDay();
/** The southern province codes drawing on a weekday (0 = Sunday), from the seeded table. */
const southOn = (weekday: number) => vietnamWeek.SOUTH.days[(weekday + 6) % 7]?.map((p) => `XSMN_${p}`) ?? [];

const drawn = lastSouthernDraw(Date.now());
const drawnDay = drawn.getUTCDay();
const province = southOn(drawnDay)[0] as string;
const result = lottery.drawResult('VN_SOUTH', (n) => crypto.getRandomValues(new Uint8Array(n))) as unknown as Record<string, string[]>;
result.DB = ['246810'];
result.G8 = ['57'];

beforeAll(async () => {
  site = await startSite({ jobs: false });
  tokens.alice = (await makeOperator(site.database.db, { account: 'alice', role: 'lottery' })).key;
  tokens.bob = (await makeOperator(site.database.db, { account: 'bob', role: 'lottery' })).key;
  mkdirSync(shotDir, { recursive: true });
  // The clock an hour before that draw: it creates that day's province draws and every game's next ones.
  await lotteryTick(site.database.db, new Date(drawn.getTime() - HOUR));
}, 120_000);
afterAll(() => site?.close());

async function shot(page: Page, lang: string, name: string) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${shotDir}/brazil-${lang.toLowerCase()}-${name}.jpg`, type: 'jpeg', quality: 60, fullPage: true });
}

/** An operator's call on the admin API, as the back office would make it. */
async function official(step: 'enterResult' | 'confirmResult', who: keyof typeof tokens, code: string, issue: string) {
  const res = await fetch(`${site.url}${lotteryAdminPaths[step].replace(':gameCode', code).replace(':issue', issue)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' },
    body: JSON.stringify({ result }),
  });
  return { status: res.status, body: (await res.json()) as { value: { status: string } } };
}

/** The province codes the page lists, in order. */
const listed = (page: Page) => page.getByTestId('vn-province').evaluateAll((els) => els.map((e) => e.getAttribute('data-code')));

describe('Vietnamese lottery, South and Centre', () => {
  it('shows today’s provinces, a province’s confirmed official result as its prize table, and leads to betting on it', async () => {
    const visitor = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN', ip: '10.9.1.1', viewport: { width: 1280, height: 1000 } });
    const { page } = visitor;
    page.setDefaultTimeout(30_000);
    await page.goto(`${site.url}/vnlottery`);
    // The North first, as before.
    await page.getByTestId('vn-region').waitFor();
    expect(await page.getByTestId('vn-region').getAttribute('data-region')).toBe('NORTH');

    await page.locator('#vn-region-tab-SOUTH').click();
    await expect.poll(() => page.getByTestId('vn-region').getAttribute('data-region')).toBe('SOUTH');
    const today = vietnamWeekday(Date.now());
    expect(await page.getByTestId(`vn-day-${today}`).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => listed(page)).toEqual(southOn(today));
    await shot(page, 'EN', 'vnlottery-south-today');

    // Two operators enter and confirm the result of the province's last draw.
    const issue = `${drawn.getUTCFullYear()}${String(drawn.getUTCMonth() + 1).padStart(2, '0')}${String(drawn.getUTCDate()).padStart(2, '0')}`;
    expect((await official('enterResult', 'alice', province, issue)).body.value.status).toBe('open');
    expect((await official('confirmResult', 'bob', province, issue)).body.value.status).toBe('drawn');
    const [row] = await site.database.db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, province), eq(lotteryDraws.issue, issue)));
    expect(row?.status).toBe('drawn');

    // That day's provinces and their results: the one drawn shows its 18 numbers from G8 to ĐB.
    await page.reload();
    await page.getByTestId(`vn-day-${drawnDay}`).click();
    await expect.poll(() => listed(page)).toEqual(southOn(drawnDay));
    const table = page.getByTestId('prize-table');
    await table.waitFor();
    expect(await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-prize')))).toEqual([
      'G8',
      'G7',
      'G6',
      'G5',
      'G4',
      'G3',
      'G2',
      'G1',
      'DB',
    ]);
    expect(await table.locator(`tr[data-prize="DB"] td[data-province="${province}"]`).textContent()).toBe('246810');
    expect(await table.locator(`tr[data-prize="G8"] td[data-province="${province}"]`).textContent()).toBe('57');
    expect(await table.locator(`td[data-province="${province}"] .prizes__number`).count()).toBe(18);
    await shot(page, 'EN', 'vnlottery-south-result');

    await page.locator('#vn-region-tab-CENTRAL').click();
    await expect.poll(() => page.getByTestId('vn-region').getAttribute('data-region')).toBe('CENTRAL');
    await expect.poll(() => listed(page)).toEqual(vietnamWeek.CENTRAL.days[(today + 6) % 7]?.map((p) => `XSMT_${p}`));
    await shot(page, 'EN', 'vnlottery-central');

    // From a province to its lô board on the lottery page.
    await page.locator('#vn-region-tab-SOUTH').click();
    const next = southOn(today)[0] as string;
    await page.getByTestId(`vn-bet-${next}`).click();
    await page.waitForURL(/\/lottery\?/);
    const url = new URL(page.url());
    expect([url.searchParams.get('gameCode'), url.searchParams.get('playType')]).toEqual([next, 'VN_SOUTH_LO2']);
    await page.getByTestId('bet-board').waitFor();
    await page.getByTestId('current-issue').waitFor();
    await shot(page, 'EN', 'vnlottery-south-bet');
    expect(visitor.errors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
    await visitor.context.close();
  }, 180_000);

  it('reads in Vietnamese, on a phone too', async () => {
    const visitor = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'VI', ip: '10.9.1.2', viewport: { width: 1280, height: 1000 } });
    const { page } = visitor;
    page.setDefaultTimeout(30_000);
    await page.goto(`${site.url}/vnlottery?gameCode=${province}&day=${drawnDay}`);
    await page.getByTestId('prize-table').waitFor();
    expect(await page.locator('#vn-region-tab-SOUTH').textContent()).toBe('Miền Nam');
    expect(await page.locator(`th[data-province="${province}"]`).getAttribute('class')).toBe('is-selected');
    expect(await page.locator('tr[data-prize="DB"] th').textContent()).toBe('Đặc biệt');
    await shot(page, 'VI', 'vnlottery-south-result');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('prize-table').waitFor();
    // Nothing scrolls sideways on a phone: a wide table scrolls inside its card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'VI', 'vnlottery-south-phone');
    expect(visitor.errors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
    await visitor.context.close();
  }, 120_000);
});
