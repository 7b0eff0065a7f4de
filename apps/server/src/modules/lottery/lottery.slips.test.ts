import { lottery } from '@platform/games';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember } from '../../../test/funds.ts';
import { anyPosition, openIssueAt } from '../../../test/lottery-slips.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { insertMember } from '../members/members.repository.ts';
import type { MemberRow } from '../members/members.service.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { switchPlay } from '../staking/play-switch.service.ts';
import { balanceOf, checkLedger } from '../wallet/ledger.service.ts';
import { LOTTERY_PRIZE_MODE, placeLotteryBets } from './lottery.bets.ts';
import { setCaps } from './lottery.limits.ts';
import { lotteryTick } from './lottery.service.ts';
import { LotterySlips } from './lottery.slips.ts';
import { lotteryBets, lotteryDraws, lotteryNumberExposure } from './lottery.tables.ts';

let t: TestApp;
let brazil: Merchant;
let sut: LotterySlips;
const at = new Date('2031-04-07T05:00:05Z');
let serial = 0;
const requestId = () => `slip-${++serial}`;

beforeAll(async () => {
  t = await buildTestApp();
  brazil = (await new MerchantDirectory(t.database.db, 0).list()).find((m) => m.code === 'BRAZIL') as Merchant;
  await lotteryTick(t.database.db, at);
  sut = new LotterySlips(t.database.db);
});
afterAll(async () => {
  await sut.close();
  await t.close();
});

async function players(n: number, prefix: string, funds: number): Promise<{ member: MemberRow; main: number }[]> {
  const out = [];
  for (let i = 0; i < n; i++) {
    const member = await insertMember(t.database.db, { merchantId: brazil.id, account: `${prefix}${i}`, language: 'EN' });
    out.push({ member, main: await fundMember(t.database.db, brazil, member.id, funds) });
  }
  return out;
}

const openIssue = (code: string) => openIssueAt(t.database.db, code, at);

const exposureOf = async (drawId: number, playType: string, number: string) =>
  (
    await t.database.db
      .select()
      .from(lotteryNumberExposure)
      .where(
        and(
          eq(lotteryNumberExposure.drawId, drawId),
          eq(lotteryNumberExposure.merchantId, brazil.id),
          eq(lotteryNumberExposure.playType, playType),
          eq(lotteryNumberExposure.number, number),
        ),
      )
  )[0]?.payout ?? 0;

describe('slips written together', () => {
  it('places 40 concurrent slips of 40 players in batches: each debited once, its tickets and liability written', async () => {
    const db = t.database.db;
    const draw = await openIssue('SSC1');
    const crowd = await players(40, 'crowd', 10_000);
    const batchesBefore = sut.writer.stats.batches;
    const placed = await Promise.all(
      crowd.map((p, i) =>
        placeLotteryBets(
          db,
          brazil,
          p.member,
          { requestId: requestId(), gameCode: 'SSC1', issue: draw.issue, bets: [anyPosition([i % 10], 2)] },
          at,
          sut,
        ),
      ),
    );
    // Fewer statements than slips: they met in batches.
    expect(sut.writer.stats.batches - batchesBefore).toBeLessThan(40);
    for (const [i, slip] of placed.entries()) {
      expect(slip.amount).toBe(4);
      expect(slip.balance).toBe(96);
      expect(slip.tickets).toHaveLength(1);
      expect(slip.tickets[0]).toMatchObject({ issue: draw.issue, multiple: 2, amount: 4, status: 'pending' });
      expect(await balanceOf(db, crowd[i]?.main as number)).toBe(9_600);
    }
    // The issue's whole liability and each digit's line hold every slip once.
    const each = lottery
      .numberExposure(
        lottery.findPlayType('SSC_ANY_POSITION') as lottery.PlayType,
        { positions: [[7], [], [], [], []] },
        { unit: 100, multiple: 2 },
        LOTTERY_PRIZE_MODE,
      )
      ?.get('0:7') as number;
    expect(await exposureOf(draw.id, '*', '*')).toBe(40 * each);
    for (let d = 0; d < 10; d++) expect(await exposureOf(draw.id, 'SSC_ANY_POSITION', `0:${d}`)).toBe(4 * each);
    const tickets = await db.select().from(lotteryBets).where(eq(lotteryBets.drawId, draw.id));
    expect(tickets).toHaveLength(40);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('answers a repeated request id with the first tickets, debiting once, however many repeats arrive at once', async () => {
    const db = t.database.db;
    const draw = await openIssue('SSC1');
    const [p] = await players(1, 'repeat', 10_000);
    if (!p) throw new Error('no player');
    const body = { requestId: requestId(), gameCode: 'SSC1', issue: draw.issue, bets: [anyPosition([1, 2], 1)] };
    const answers = await Promise.all(Array.from({ length: 10 }, () => placeLotteryBets(db, brazil, p.member, body, at, sut)));
    const ids = answers.map((a) => a.tickets.map((x) => x.id).join());
    expect(new Set(ids).size).toBe(1);
    expect(await balanceOf(db, p.main)).toBe(10_000 - 400);
  });

  it('refuses, as alone, a slip the player cannot afford and a slip of a player whose play is switched off, placing the rest', async () => {
    const db = t.database.db;
    const draw = await openIssue('SSC1');
    const [poor, blocked, ...rest] = await players(6, 'mixed', 300);
    if (!poor || !blocked) throw new Error('no players');
    await switchPlay(db, 'test', blocked.member, false, 'risk review');
    const slip = (m: MemberRow, digits: number[]) =>
      placeLotteryBets(
        db,
        brazil,
        m,
        { requestId: requestId(), gameCode: 'SSC1', issue: draw.issue, bets: [anyPosition(digits, 1)] },
        at,
        sut,
      ).catch((e: unknown) => e);
    const [a, b, ...others] = await Promise.all([
      slip(poor.member, [1, 2, 3, 4]),
      slip(blocked.member, [1]),
      ...rest.map((p) => slip(p.member, [5])),
    ]);
    expect(a).toMatchObject({ code: 'APP_ERR_WALLET_INSUFFICIENT_FUNDS' });
    expect(b).toMatchObject({ code: 'APP_ERR_STAKE_PLAY_BLOCKED' });
    for (const o of others) expect(o).toMatchObject({ amount: 2, balance: 1 });
    expect(await balanceOf(db, poor.main)).toBe(300);
    expect(await balanceOf(db, blocked.main)).toBe(300);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('places the slips that fit under a number cap and refuses the rest at their bet, never going over, with nothing debited for them', async () => {
    const db = t.database.db;
    const draw = await openIssue('SSC3');
    // Room for 10 multiples of 19.60 on a number (196.00), and 20 players wanting 1 each.
    await setCaps(db, brazil.id, { numberCap: 10 * 1960 });
    try {
      const crowd = await players(20, 'capped', 10_000);
      const results = await Promise.all(
        crowd.map((p) =>
          placeLotteryBets(
            db,
            brazil,
            p.member,
            { requestId: requestId(), gameCode: 'SSC3', issue: draw.issue, bets: [anyPosition([4], 1)] },
            at,
            sut,
          ).catch((e: unknown) => e),
        ),
      );
      const refused = results.filter((r) => (r as { code?: string }).code === 'APP_ERR_LOTTERY_NUMBER_LIMIT');
      expect(refused).toHaveLength(10);
      for (const r of refused) expect(r).toMatchObject({ fields: [{ field: 'bets.0.selection', params: { number: '4' } }] });
      expect(await exposureOf(draw.id, 'SSC_ANY_POSITION', '0:4')).toBe(10 * 1960);
      expect(await db.select().from(lotteryBets).where(eq(lotteryBets.drawId, draw.id))).toHaveLength(10);
      let total = 0;
      for (const p of crowd) total += await balanceOf(db, p.main);
      expect(total).toBe(20 * 10_000 - 10 * 200);
      expect((await checkLedger(db)).ok).toBe(true);
    } finally {
      await setCaps(db, brazil.id, { numberCap: 10_000_000 });
    }
  });

  it('refuses a slip on an issue closed since the node read it, with nothing debited', async () => {
    const db = t.database.db;
    const draw = await openIssue('SSC1');
    const [p] = await players(1, 'late', 10_000);
    if (!p) throw new Error('no player');
    const slip = () =>
      placeLotteryBets(
        db,
        brazil,
        p.member,
        { requestId: requestId(), gameCode: 'SSC1', issue: draw.issue, bets: [anyPosition([3], 1)] },
        at,
        sut,
      );
    await slip();
    // Cancelled by an operator a moment after this node cached the draw as open.
    await db.update(lotteryDraws).set({ status: 'cancelled' }).where(eq(lotteryDraws.id, draw.id));
    await expect(slip()).rejects.toMatchObject({ code: 'APP_ERR_LOTTERY_CLOSED' });
    expect(await balanceOf(db, p.main)).toBe(10_000 - 200);
    await db.update(lotteryDraws).set({ status: 'open' }).where(eq(lotteryDraws.id, draw.id));
  });
});
