import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { desc, eq, gt } from 'drizzle-orm';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, merchantGamesOff } from '../../server/src/modules/catalog/catalog.tables.ts';
import { crashRounds } from '../../server/src/modules/crash/crash.tables.ts';
import { listMerchants } from '../../server/src/modules/merchants/merchants.repository.ts';
import { insertCrashRound } from '../../server/test/crash-rounds.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * Games as a player meets them, in Chromium against the real server and the built site: a visitor
 * finds a slot by search and plays it in demo, is asked to log in to keep a favourite; the player
 * logs in, favourites it, launches it for money, spins and sees the balance and the round's record
 * change, rotates the seeds and verifies a dice roll on /verify; then plays a round of crash, cashes
 * out while the multiplier climbs and verifies the round. Photographed in EN and PT into
 * docs/screenshots/games.
 */

let site: Site;
const shotDir = `${screenshotDir}/games`;
beforeAll(async () => {
  // Jobs off: the crash journeys plant their round and run the crash clock themselves (runCrashClock).
  site = await startSite({ jobs: false });
  mkdirSync(shotDir, { recursive: true });
  // Brazil switches one slot off: its card says so and launching it offers other games.
  const db = site.database.db;
  const brazil = (await listMerchants(db)).find((m) => m.code === 'BRAZIL');
  const [savanna] = await db.select().from(games).where(eq(games.gameCode, 'savanna-sun'));
  if (!brazil || !savanna) throw new Error('no demo catalog');
  await db.insert(merchantGamesOff).values({ merchantId: brazil.id, gameId: savanna.id });
});
afterAll(() => site?.close());

const texts = {
  EN: { search: 'Search', dice: 'Dice', noWin: /No win this time|You win/ },
  PT: { search: 'Buscar', dice: 'Dados', noWin: /Sem ganho desta vez|Você ganhou/ },
} as const;

class Journey {
  constructor(
    readonly page: Page,
    readonly lang: 'EN' | 'PT',
  ) {
    page.setDefaultTimeout(60_000);
  }

  async shot(name: string) {
    await this.page.waitForTimeout(200);
    await this.page.screenshot({ path: `${shotDir}/brazil-${this.lang.toLowerCase()}-${name}.jpg`, type: 'jpeg', quality: 60 });
  }

  /** The demo player logs in from the RNG lobby's header. */
  async login() {
    await this.page.goto(`${site.url}/rng`);
    await this.page.getByTestId('header-login').click();
    const auth = this.page.getByTestId('auth-dialog');
    await auth.getByTestId('field-username').fill('demoplayer');
    await auth.getByTestId('field-password').fill('Demo1234');
    await auth.getByTestId('login-submit').click();
    await this.page.getByTestId('account-avatar').waitFor();
  }

  /** The RNG lobby, searched by name. */
  async search(name: string) {
    await this.page.goto(`${site.url}/rng`);
    await this.page.getByTestId('lobby-grid').waitFor();
    await this.page.getByTestId('lobby-search').fill(name);
    await this.page.getByTestId('lobby-search-submit').click();
    await expect.poll(() => this.page.getByTestId('lobby-grid').getByTestId('game-card').count()).toBe(1);
    return this.page.getByTestId('lobby-grid').getByTestId('game-card').first();
  }

  /** The in-house game inside the /game frame. */
  async frame(mode: 'demo' | 'real'): Promise<FrameLocator> {
    await this.page.getByTestId('page-game').waitFor();
    const frame = this.page.frameLocator('iframe.game-frame');
    await frame.locator(`[data-testid="page-play"][data-mode="${mode}"]`).waitFor();
    return frame;
  }
}

async function journey(lang: 'EN' | 'PT', n: number) {
  const visitor = await newVisitor(site, { merchantCode: 'BRAZIL', lang, ip: `10.9.${n}.1` });
  const { page, errors } = visitor;
  const j = new Journey(page, lang);
  const text = texts[lang];
  try {
    // A visitor finds the slot by its name: hot games first, vendors without a contract marked so.
    await page.goto(`${site.url}/rng`);
    await page.getByTestId('lobby-grid').waitFor();
    await j.shot('lobby');
    await page.goto(`${site.url}/rng?page=PG`);
    await page.getByTestId('lobby-grid').waitFor();
    expect(await page.getByTestId('game-state').first().textContent()).toMatch(lang === 'EN' ? /contract/ : /contrato/);
    await j.shot('lobby-needs-contract');

    // A VASSALAGE card opens its vendor's games in a popup; without the vendor's contract they say so.
    await page.goto(`${site.url}/live`);
    await page.locator('[data-game="evo-lobby"]').getByTestId('game-open').click();
    const popup = page.getByTestId('vendor-games-dialog');
    await popup.locator('[data-game="evo-baccarat"]').waitFor();
    expect(await popup.locator('[data-game="evo-lobby"]').count()).toBe(0);
    await j.shot('live-vendor-popup');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });

    // A game in maintenance: 'Game maintenance' with other games to play instead.
    let card = await j.search('savanna');
    await card.getByTestId('game-open').click();
    const maintenance = page.getByTestId('game-maintenance-dialog');
    await maintenance.getByTestId('maintenance-recommendations').waitFor();
    expect(await maintenance.locator('[data-game="savanna-sun"]').count()).toBe(0);
    expect(await maintenance.getByTestId('game-card').count()).toBeGreaterThan(0);
    await j.shot('game-maintenance');
    await page.keyboard.press('Escape');
    await maintenance.waitFor({ state: 'hidden' });

    card = await j.search('jungle');
    expect(await card.getAttribute('data-game')).toBe('jungle-gems');
    await j.shot('lobby-search');

    // Favourites need an account: the login dialog opens.
    await card.getByTestId('game-fav').click();
    await page.getByTestId('auth-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('auth-dialog').waitFor({ state: 'hidden' });

    // Demo play needs no login and moves no money; the round's seed is shown at once.
    await card.getByTestId('game-demo').click();
    await page.waitForURL(/\/game$/);
    let frame = await j.frame('demo');
    await frame.getByTestId('slot-spin').click();
    await expect.poll(() => frame.getByTestId('slot-result').textContent()).toMatch(text.noWin);
    await frame.getByTestId('fair-revealed').waitFor();
    expect((await frame.getByTestId('fair-revealed').textContent())?.trim()).toMatch(/^[0-9a-f]{64}$/);
    await j.shot('slot-demo');

    // Plinko and mines in demo: the ball lands in a slot, the picked cells open or hit a mine.
    await page.goto(`${site.url}/play/inhouse/plinko?mode=demo`);
    await page.getByTestId('plinko-rows').selectOption('12');
    await page.getByTestId('plinko-play').click();
    await expect.poll(() => page.getByTestId('plinko-result').textContent()).toMatch(/×/);
    await page.getByTestId('plinko-ball').waitFor();
    await j.shot('plinko-demo');
    await page.goto(`${site.url}/play/inhouse/mines?mode=demo`);
    for (const cell of [0, 6, 12]) await page.getByTestId('mines-cell').nth(cell).click();
    await page.getByTestId('mines-play').click();
    await expect.poll(() => page.locator('.mines__cell.is-mine, .mines__cell.is-hit').count()).toBe(3);
    await j.shot('mines-demo');

    // The player logs in and keeps the slot as a favourite.
    await j.login();
    card = await j.search('Jungle Gems');
    await card.getByTestId('game-fav').click();
    await expect.poll(() => card.getByTestId('game-fav').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('lobby-view-favourites').click();
    await page.getByTestId('lobby-favourites').locator('[data-game="jungle-gems"]').waitFor();
    await j.shot('favourites');

    // Money play: the spin's stake leaves the balance, its win (if any) comes back, the round is recorded.
    await page.getByTestId('lobby-favourites').locator('[data-game="jungle-gems"]').getByTestId('game-open').click();
    await page.waitForURL(/\/game$/);
    frame = await j.frame('real');
    await expect.poll(() => frame.getByTestId('play-balance').textContent()).toMatch(/R\$\s?[\d.,]+/);
    const before = await frame.getByTestId('play-balance').textContent();
    const spun = page.waitForResponse((r) => r.url().endsWith('/wps/inhouse/slots/spin'));
    await frame.getByTestId('slot-bet').selectOption('0.05');
    await frame.getByTestId('slot-spin').click();
    const answer = (await (await spun).json()).value as { roundId: string; stake: number; win: number; balance: number };
    expect(answer.stake).toBe(1);
    const after = await frame.getByTestId('play-balance').textContent();
    if (answer.win !== answer.stake) expect(after).not.toBe(before);
    const shown = answer.balance.toLocaleString(lang === 'EN' ? 'en-US' : 'pt-BR', { minimumFractionDigits: 2 });
    expect(after).toContain(shown);
    // The site's header around the frame reads the new balance too.
    await expect.poll(() => page.getByTestId('balance-amount').textContent()).toContain(shown);
    await expect.poll(() => frame.getByTestId('last-round-id').textContent()).toBe(answer.roundId);
    expect(await frame.getByTestId('last-round-status').textContent()).toBe('closed');
    await j.shot('slot-real');

    // Dice for money, then the seeds are rotated: the server seed of the roll is revealed.
    await page.goto(`${site.url}/rng`);
    card = await j.search(text.dice);
    await card.getByTestId('game-open').click();
    frame = await j.frame('real');
    const hash = (await frame.getByTestId('fair-hash').textContent())?.trim();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await frame.getByTestId('dice-under').click();
    await frame.getByTestId('dice-play').click();
    await frame.getByTestId('dice-roll').waitFor();
    const roll = (await frame.getByTestId('dice-roll').textContent())?.trim();
    const clientSeed = `e2e-${lang.toLowerCase()}-seed`;
    await frame.getByTestId('fair-client-input').fill(clientSeed);
    await frame.getByTestId('fair-rotate').click();
    await expect.poll(() => frame.getByTestId('fair-client-seed').textContent()).toBe(clientSeed);
    const revealed = (await frame.getByTestId('fair-previous-seed').textContent())?.trim();
    expect(revealed).toMatch(/^[0-9a-f]{64}$/);
    expect(await frame.getByTestId('fair-hash').textContent()).not.toBe(hash);
    await j.shot('dice-rotated');

    // The verify page recomputes the roll in the browser from the revealed seed.
    await frame.getByTestId('fair-verify-link').click();
    await page.getByTestId('page-verify').waitFor();
    expect(await page.getByTestId('verify-server-seed').inputValue()).toBe(revealed);
    await page.getByTestId('verify-submit').click();
    await page.getByTestId('verify-outcome').waitFor();
    expect(await page.getByTestId('verify-outcome').textContent()).toContain(roll ?? '-');
    expect(await page.getByTestId('verify-hash').textContent()).toBe(hash);
    await j.shot('verify-dice');

    // A slot round recomputes to its reel stops, free spins included.
    await page.getByTestId('verify-game').selectOption('jungle-gems');
    await page.getByTestId('verify-submit').click();
    await expect.poll(() => page.getByTestId('verify-outcome').textContent()).toMatch(/\d+, \d+, \d+, \d+, \d+/);

    // The favourite is removed again, from the favourites list itself.
    await page.goto(`${site.url}/rng`);
    await page.getByTestId('lobby-view-favourites').click();
    const favourite = page.getByTestId('lobby-favourites').locator('[data-game="jungle-gems"]');
    await favourite.getByTestId('game-fav').click();
    await favourite.waitFor({ state: 'detached' });

    // Recent games list what was launched; the kind-of-game filter narrows the grid.
    await page.getByTestId('lobby-view-recent').click();
    await page.getByTestId('lobby-recent').locator('[data-game="dice"]').waitFor();
    await page.getByTestId('lobby-view-games').click();
    await page.getByTestId('filter-classify').selectOption('INSTANT');
    const codes = () =>
      page
        .getByTestId('lobby-grid')
        .getByTestId('game-card')
        .evaluateAll((cards) =>
          cards
            .map((c) => c.getAttribute('data-game'))
            .sort()
            .join(),
        );
    await expect.poll(codes).toBe('dice,mines,plinko');

    // Only the maintenance launch's 409 may show as a failed load: no missing images, no script errors.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
  } finally {
    await visitor.context.close();
  }
}

/**
 * The crash clock, as the job would run it: this site runs with jobs off, so crash rounds move only
 * while a journey runs the app's own clock step (`app.crashClock`: next round, settlement, push to the
 * sockets) every 250 ms. Returns the function that stops it, which fails if a step failed.
 */
function runCrashClock(): () => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  let failure: unknown;
  const timer = setInterval(() => {
    last = last
      .then(() => site.app.crashClock())
      .catch((err: unknown) => {
        failure ??= err;
      });
  }, 250);
  return async () => {
    clearInterval(timer);
    await last;
    if (failure) throw failure;
  };
}

/**
 * The next crash round, taking bets from now, with a committed seed that crashes between 1.60x and
 * 2.20x: long enough to cash out at 1.10x whatever the machine's speed, short enough to wait for.
 */
async function plantCrashRound() {
  const db = site.database.db;
  const [last] = await db.select().from(crashRounds).orderBy(desc(crashRounds.sequence)).limit(1);
  return insertCrashRound(db, { sequence: (last?.sequence ?? 0) + 1, opens: new Date(), min: 160, max: 220 });
}

const crashTexts = {
  EN: { won: /You cashed out at \d+\.\d\d× and win R\$/, closed: 'Betting is closed for this round: wait for the next one' },
  PT: { won: /Você sacou em \d+,\d\d× e ganhou R\$/, closed: 'As apostas desta rodada estão encerradas: aguarde a próxima' },
} as const;

/** The multiplier on the crash stage, in hundredths. */
async function multiplierOf(frame: FrameLocator): Promise<number> {
  const text =
    (await frame
      .getByTestId('crash-multiplier')
      .textContent()
      .catch(() => null)) ?? '';
  // 1.10× in English, 1,10× in Portuguese.
  const m = text.match(/(\d+)[.,](\d\d)×/);
  return m ? Number(m[1]) * 100 + Number(m[2]) : 0;
}

async function crashJourney(lang: 'EN' | 'PT', n: number) {
  const visitor = await newVisitor(site, { merchantCode: 'BRAZIL', lang, theme: 'dark', ip: `10.9.${n}.1` });
  const { page, errors } = visitor;
  const j = new Journey(page, lang);
  // Multipliers as the reader's language writes them: 2.14 in English, 2,14 in Portuguese.
  const two = (n: number) =>
    n.toLocaleString(lang === 'PT' ? 'pt' : 'en', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  let stopClock: (() => Promise<void>) | undefined;
  let round: Awaited<ReturnType<typeof plantCrashRound>> | undefined;
  try {
    await j.login();
    const card = await j.search('crash');
    expect(await card.getAttribute('data-game')).toBe('crash');
    await card.getByTestId('game-open').click();
    await page.waitForURL(/\/game$/);
    const frame = await j.frame('real');
    const game = frame.getByTestId('crash-game');
    await game.waitFor();
    await expect.poll(() => page.getByTestId('balance-amount').textContent()).toMatch(/R\$/);
    const balanceBefore = await page.getByTestId('balance-amount').textContent();

    // A bet that reaches the server after it closed betting is refused, in the reader's language: the
    // page hears of a round once (one clock step), then the round starts early behind its back.
    const early = await plantCrashRound();
    await site.app.crashClock();
    await frame.locator(`[data-testid="crash-game"][data-phase="betting"][data-round="${early.sequence}"]`).waitFor();
    await site.database.db
      .update(crashRounds)
      .set({ startsAt: new Date(Date.now() - 1) })
      .where(eq(crashRounds.id, early.id));
    await frame.getByTestId('crash-bet').click();
    await expect.poll(() => frame.getByTestId('crash-error').textContent()).toBe(crashTexts[lang].closed);
    await j.shot('crash-closed');
    await site.database.db.delete(crashRounds).where(eq(crashRounds.id, early.id));

    // A round opens for bets: its seed's hash is shown before anything is staked.
    round = await plantCrashRound();
    stopClock = runCrashClock();
    await expect.poll(() => frame.getByTestId('crash-hash').textContent()).toBe(round.seedHash);
    await frame.locator('[data-testid="crash-game"][data-phase="betting"]').waitFor();
    // The refusal belonged to the round that was replaced.
    expect(await frame.getByTestId('crash-error').count()).toBe(0);
    await frame.getByTestId('crash-stake').selectOption('1');
    const placed = page.waitForResponse((r) => r.url().endsWith('/wps/inhouse/crash/bet'));
    await frame.getByTestId('crash-bet').click();
    const bet = (await (await placed).json()).value as { stake: number; balance: number };
    expect(bet.stake).toBe(1);
    await expect.poll(() => frame.getByTestId('crash-bet-row').count()).toBe(1);
    await j.shot('crash-betting');

    // The multiplier climbs; the cash-out button offers the stake times it.
    await frame.locator('[data-testid="crash-game"][data-phase="running"]').waitFor();
    await expect.poll(() => multiplierOf(frame), { timeout: 20_000 }).toBeGreaterThanOrEqual(110);
    expect(await frame.getByTestId('crash-cashout').textContent()).toMatch(/R\$/);
    await j.shot('crash-flying');
    const cashed = page.waitForResponse((r) => r.url().endsWith('/wps/inhouse/crash/cashout'));
    await frame.getByTestId('crash-cashout').click();
    const answer = (await (await cashed).json()).value as { status: string; cashOut: number; payout: number; balance: number };
    expect(answer.status).toBe('cashed');
    expect(answer.cashOut).toBeGreaterThanOrEqual(1.1);
    expect(answer.cashOut).toBeLessThanOrEqual(round.crashPoint / 100);
    expect(answer.payout).toBeCloseTo(answer.cashOut, 2);
    await expect.poll(() => frame.getByTestId('crash-outcome').textContent()).toMatch(crashTexts[lang].won);
    // The site's header around the frame hears of the win through the wallet socket.
    const shown = answer.balance.toLocaleString(lang === 'EN' ? 'en-US' : 'pt-BR', { minimumFractionDigits: 2 });
    await expect.poll(() => page.getByTestId('balance-amount').textContent()).toContain(shown);
    expect(await page.getByTestId('balance-amount').textContent()).not.toBe(balanceBefore);

    // The crash: the point, the revealed seed (whose hash is the one shown before), the round in the history.
    await frame.getByTestId('crash-crashed').waitFor({ timeout: 30_000 });
    expect(await frame.getByTestId('crash-crashed').textContent()).toContain(two(round.crashPoint / 100));
    const seed = (await frame.getByTestId('crash-revealed-seed').textContent())?.trim() ?? '';
    expect(seed).toBe(round.seed);
    expect(createHash('sha256').update(seed).digest('hex')).toBe(round.seedHash);
    expect(await frame.getByTestId('crash-history-item').first().textContent()).toBe(`${two(round.crashPoint / 100)}×`);
    expect(await frame.getByTestId('crash-bet-row').first().textContent()).toContain(`${two(answer.cashOut)}×`);
    await j.shot('crash-crashed');
    await frame.getByTestId('fair-panel').scrollIntoViewIfNeeded();
    await j.shot('crash-fair');
    // On a phone the stage, the controls and the lists stack in one column.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => frame.locator('body').evaluate((b) => b.clientWidth)).toBeLessThanOrEqual(390);
    await frame.getByTestId('crash-outcome').scrollIntoViewIfNeeded();
    await j.shot('crash-phone');
    expect(await frame.locator('body').evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await stopClock();
    stopClock = undefined;

    // The verify page recomputes the crash point from the revealed seed.
    await frame.getByTestId('fair-verify-link').click();
    await page.getByTestId('page-verify').waitFor();
    expect(await page.getByTestId('verify-game').inputValue()).toBe('crash');
    await page.getByTestId('verify-submit').click();
    await page.getByTestId('verify-outcome').waitFor();
    expect(await page.getByTestId('verify-outcome').textContent()).toContain(`${two(round.crashPoint / 100)}×`);
    expect(await page.getByTestId('verify-hash').textContent()).toBe(round.seedHash);
    await j.shot('verify-crash');

    // The betting record lists the round with its win.
    await page.getByTestId('account-avatar').click();
    await page.getByTestId('menu-betting-record').click();
    const record = page.getByTestId('member-centre').getByTestId('betting-record');
    const first = record.getByTestId('bet-open').first();
    // Named as the catalog names the game, never by its code; the round's id is in its detail.
    await expect.poll(() => first.textContent()).toBe('Crash');
    await first.click();
    await record.getByTestId('round-detail').waitFor();
    expect(await record.getByTestId('bet-detail').textContent()).toMatch(new RegExp(`crash-${round.sequence}-`));
    // The record replays the round: its sequence, crash point, cash-out and the revealed seed.
    expect(await record.getByTestId('bet-detail').textContent()).toContain(round.seed);
    await j.shot('crash-record');
    // Only the refused bet's 409 may show as a failed load.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
  } finally {
    await stopClock?.();
    // The clock opened the next round (nobody bet in it): take it away so that the next journey plants its own.
    if (round) await site.database.db.delete(crashRounds).where(gt(crashRounds.sequence, round.sequence));
    await visitor.context.close();
  }
}

describe('games', () => {
  it('EN: search, demo, favourite, money spin with its record, seed rotation and dice verification', () => journey('EN', 1), 240_000);
  it('PT: the same journey in Portuguese', () => journey('PT', 2), 240_000);
  it('EN: play a crash round and cash out', () => crashJourney('EN', 3), 180_000);
  it('PT: a crash round in Portuguese', () => crashJourney('PT', 4), 180_000);
});
