import { randomBytes } from 'node:crypto';
import { lotteryBetPaths, lotteryPaths } from '@platform/contract';
import { lottery } from '@platform/games';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../../../test/auth.ts';
import { fundMember } from '../../../test/funds.ts';
import { newPlayer } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { memberByAccount } from '../members/members.service.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { balanceOf, checkLedger } from '../wallet/ledger.service.ts';
import { LOTTERY_PRIZE_MODE, placeLotteryBets, settleDue } from './lottery.bets.ts';
import { lotteryTick } from './lottery.service.ts';
import { lotteryBets, lotteryDraws } from './lottery.tables.ts';

let t: TestApp;
let brazil: Merchant;
let directory: MerchantDirectory;
let main: number;
let member: NonNullable<Awaited<ReturnType<typeof memberByAccount>>>;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  directory = new MerchantDirectory(db, 0);
  brazil = (await directory.list()).find((m) => m.code === 'BRAZIL') as Merchant;
  const found = await memberByAccount(db, brazil.id, 'demoplayer');
  if (!found) throw new Error('no demo player');
  member = found;
  main = await fundMember(db, brazil, member.id, 1_000_000);
});
afterAll(() => t.close());

const at = new Date('2031-03-05T05:00:05Z');
let requestSerial = 0;
const requestId = () => `slip-${++requestSerial}-${Date.now()}`;

/** A bet of a play type with the selection given, or a quick pick. */
function bet(playType: string, selection?: unknown, multiple = 1) {
  const play = lottery.findPlayType(playType);
  if (!play) throw new Error(playType);
  const chosen = selection ?? play.quickPick((n) => new Uint8Array(randomBytes(n)));
  return { playType, selection: chosen, unit: 100 as const, multiple, betCount: play.betCount(chosen) };
}

async function currentIssue(code: string, now: Date): Promise<string> {
  const open = (await t.database.db.select().from(lotteryDraws).where(eq(lotteryDraws.gameCode, code)))
    .filter((d) => d.status === 'open' && d.closesAt > now)
    .sort((a, b) => a.drawAt.getTime() - b.drawAt.getTime());
  return open[0]?.issue ?? '';
}

describe('placing a slip', () => {
  it('debits the whole slip once, and a repeat of its request id places nothing more', async () => {
    await lotteryTick(t.database.db, at);
    const issue = await currentIssue('SSC1', at);
    const before = await balanceOf(t.database.db, main);
    const body = { requestId: requestId(), gameCode: 'SSC1', issue, bets: [bet('SSC_5_DIRECT'), bet('SSC_ANY_POSITION', undefined, 3)] };
    const placed = await placeLotteryBets(t.database.db, brazil, member, body, at);
    expect(placed.tickets).toHaveLength(2);
    const expected = body.bets.reduce(
      (s, b) =>
        s +
        lottery.orderAmount(
          lottery.findPlayType(b.playType) as lottery.PlayType,
          b.selection,
          { unit: b.unit, multiple: b.multiple },
          LOTTERY_PRIZE_MODE,
        ),
      0,
    );
    expect(Math.round(placed.amount * 100)).toBe(expected);
    expect(await balanceOf(t.database.db, main)).toBe(before - expected);
    const again = await placeLotteryBets(t.database.db, brazil, member, body, at);
    expect(again.tickets.map((x) => x.id)).toEqual(placed.tickets.map((x) => x.id));
    expect(await balanceOf(t.database.db, main)).toBe(before - expected);
  });

  it('refuses bad bets at their fields and a closed issue, debiting nothing', async () => {
    const issue = await currentIssue('SSC1', at);
    const before = await balanceOf(t.database.db, main);
    const wrongCount = { ...bet('SSC_5_DIRECT'), betCount: 999 };
    const attempt = (bets: unknown[], iss = issue, now = at) =>
      placeLotteryBets(t.database.db, brazil, member, { requestId: requestId(), gameCode: 'SSC1', issue: iss, bets } as never, now);
    await expect(attempt([wrongCount])).rejects.toMatchObject({
      code: 'APP_ERR_VALIDATION',
      fields: [{ field: 'bets.0.betCount', message: 'lottery.bet_count_mismatch' }],
    });
    await expect(attempt([{ ...bet('SSC_5_DIRECT'), selection: { positions: [[11], [1], [1], [1], [1]] } }])).rejects.toMatchObject({
      code: 'APP_ERR_VALIDATION',
    });
    await expect(attempt([bet('PK10_POSITION')])).rejects.toMatchObject({
      fields: [{ field: 'bets.0.playType', message: 'validation.unknown_value' }],
    });
    const [open] = await t.database.db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, 'SSC1'), eq(lotteryDraws.issue, issue)));
    const closed = new Date((open?.closesAt.getTime() ?? 0) + 1);
    await expect(attempt([bet('SSC_5_DIRECT')], issue, closed)).rejects.toMatchObject({ code: 'APP_ERR_LOTTERY_CLOSED' });
    await expect(attempt([bet('SSC_5_DIRECT')], '20310305-9999')).rejects.toMatchObject({ code: 'APP_ERR_LOTTERY_CLOSED' });
    expect(await balanceOf(t.database.db, main)).toBe(before);
  });

  it('places a slip over HTTP for a logged-in member and lists it', async () => {
    await lotteryTick(t.database.db);
    const token = await tokenOf(t.app, 'demoplayer', 'Demo1234');
    const menu = (await t.app.inject({ method: 'GET', url: lotteryPaths.games })).json().value;
    const lhc = menu.find((g: { code: string }) => g.code === 'LHC');
    const res = await t.app.inject({
      method: 'POST',
      url: lotteryBetPaths.place,
      headers: { authorization: `Bearer ${token}` },
      payload: { requestId: requestId(), gameCode: 'LHC', issue: lhc.current.issue, bets: [bet('LHC_SPECIAL')] },
    });
    expect(res.statusCode).toBe(200);
    const mine = (
      await t.app.inject({ method: 'GET', url: `${lotteryBetPaths.mine}?gameCode=LHC`, headers: { authorization: `Bearer ${token}` } })
    ).json().value;
    expect(mine.list[0]).toMatchObject({ gameCode: 'LHC', status: 'pending', issue: lhc.current.issue });
    expect((await t.app.inject({ method: 'POST', url: lotteryBetPaths.place, payload: {} })).statusCode).toBe(401);
  });
});

describe('settlement', () => {
  it('pays every winning ticket once when its draw is drawn, whatever runs it how often', async () => {
    const db = t.database.db;
    const issue = await currentIssue('SSC3', at);
    const sure = { positions: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []] };
    expect(lottery.findPlayType('SSC_ANY_POSITION')?.validate(sure)).toBeNull();
    const before = await balanceOf(db, main);
    const placed = await placeLotteryBets(
      db,
      brazil,
      member,
      { requestId: requestId(), gameCode: 'SSC3', issue, bets: [bet('SSC_ANY_POSITION', sure, 2), bet('SSC_5_DIRECT')] },
      at,
    );
    const [draw] = await db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, 'SSC3'), eq(lotteryDraws.issue, issue)));
    const after = new Date((draw?.drawAt.getTime() ?? 0) + 1000);
    await lotteryTick(db, after);
    const runs = await Promise.all([settleDue(db, directory, after), settleDue(db, directory, after)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    expect(await settleDue(db, directory, after)).toBe(0);

    const tickets = await db
      .select()
      .from(lotteryBets)
      .where(eq(lotteryBets.drawId, draw?.id ?? 0));
    const [drawn] = await db
      .select()
      .from(lotteryDraws)
      .where(eq(lotteryDraws.id, draw?.id ?? 0));
    expect(drawn?.status).toBe('settled');
    let paid = 0;
    for (const ticket of tickets) {
      const play = lottery.findPlayType(ticket.playType) as lottery.PlayType;
      const expected = lottery.settle(
        play,
        ticket.selection,
        drawn?.result,
        { unit: ticket.unit, multiple: ticket.multiple },
        LOTTERY_PRIZE_MODE,
      ).payout;
      expect(ticket.payout).toBe(expected);
      expect(ticket.status).toBe(expected > 0 ? 'won' : 'lost');
      paid += expected;
    }
    expect(tickets.find((x) => x.playType === 'SSC_ANY_POSITION')?.status).toBe('won');
    expect(paid).toBeGreaterThan(0);
    // Earlier tests' tickets on draws due by then were settled in the same run: count every payout made.
    const paidNow = (await db.select().from(lotteryBets).where(eq(lotteryBets.memberId, member.id)))
      .filter((x) => x.settledAt?.getTime() === after.getTime())
      .reduce((s, x) => s + x.payout, 0);
    expect(await balanceOf(db, main)).toBe(before - Math.round(placed.amount * 100) + paidNow);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refunds every ticket of a cancelled draw', async () => {
    const db = t.database.db;
    await lotteryTick(db, new Date('2031-03-05T09:00:00Z'));
    const now = new Date('2031-03-05T10:00:00Z');
    const [north] = await db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, 'VN_NORTH'), eq(lotteryDraws.issue, '20310305')));
    expect(north?.status).toBe('open');
    const lo = 'VN_NORTH_LO2';
    // A player of its own: the settlement below also pays the earlier tests' draws, whose random
    // results may make the demo player a winner.
    const player = await newPlayer(t.app, db);
    const own = await memberByAccount(db, brazil.id, player.account);
    if (!own) throw new Error('no player');
    const wallet = await fundMember(db, brazil, own.id, 1_000_000);
    const before = await balanceOf(db, wallet);
    await placeLotteryBets(
      db,
      brazil,
      own,
      { requestId: requestId(), gameCode: 'VN_NORTH', issue: '20310305', bets: [{ ...bet(lo), unit: 100 }] },
      now,
    );
    expect(await balanceOf(db, wallet)).toBeLessThan(before);
    const late = new Date((north?.drawAt.getTime() ?? 0) + 7 * 3600_000);
    expect((await lotteryTick(db, late)).cancelled.map((d) => d.issue)).toContain('20310305');
    await settleDue(db, directory, late);
    expect(await balanceOf(db, wallet)).toBe(before);
    const [ticket] = await db
      .select()
      .from(lotteryBets)
      .where(eq(lotteryBets.drawId, north?.id ?? 0));
    expect(ticket?.status).toBe('refunded');
  });
});

describe('chase', () => {
  it('buys the same bet for the next issues with doubling, and stops with a refund when it wins', async () => {
    const db = t.database.db;
    const start = new Date('2031-03-06T05:00:05Z');
    await lotteryTick(db, start);
    const issue = await currentIssue('SSC3', start);
    const sure = { positions: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []] };
    const before = await balanceOf(db, main);
    const placed = await placeLotteryBets(
      db,
      brazil,
      member,
      {
        requestId: requestId(),
        gameCode: 'SSC3',
        issue,
        bets: [bet('SSC_ANY_POSITION', sure)],
        chase: { issues: 8, stopOnWin: true, doubling: { every: 2, factor: 2 } },
      },
      start,
    );
    expect(placed.tickets.map((x) => x.multiple)).toEqual([1, 1, 2, 2, 4, 4, 8, 8]);
    expect(new Set(placed.tickets.map((x) => x.issue)).size).toBe(8);
    const chaseId = placed.tickets[0]?.chaseId;
    expect(chaseId).not.toBeNull();
    const total = placed.tickets.reduce((s, x) => s + Math.round(x.amount * 100), 0);
    expect(await balanceOf(db, main)).toBe(before - total);

    const [first] = await db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, 'SSC3'), eq(lotteryDraws.issue, issue)));
    const after = new Date((first?.drawAt.getTime() ?? 0) + 1000);
    await lotteryTick(db, after);
    await settleDue(db, directory, after);
    const tickets = await db
      .select()
      .from(lotteryBets)
      .where(eq(lotteryBets.chaseId, chaseId ?? 0));
    const won = tickets.find((x) => x.issue === issue);
    expect(won?.status).toBe('won');
    const cancelled = tickets.filter((x) => x.issue !== issue);
    expect(cancelled.every((x) => x.status === 'cancelled' && x.payout === x.amount)).toBe(true);
    expect(cancelled.every((x) => x.settledAt?.getTime() === after.getTime())).toBe(true);
    // Every payout made in that run (the chase's win and refunds, and any earlier ticket due by then).
    const paidNow = (await db.select().from(lotteryBets).where(eq(lotteryBets.memberId, member.id)))
      .filter((x) => x.settledAt?.getTime() === after.getTime())
      .reduce((s, x) => s + x.payout, 0);
    expect(await balanceOf(db, main)).toBe(before - total + paidNow);
    // Settling again pays nothing more.
    await settleDue(db, directory, after);
    expect(await balanceOf(db, main)).toBe(before - total + paidNow);
    // A later issue of the chase cancelled after all: its cancelled ticket was given back once already.
    await db
      .update(lotteryDraws)
      .set({ status: 'cancelled' })
      .where(and(eq(lotteryDraws.gameCode, 'SSC3'), eq(lotteryDraws.issue, cancelled[0]?.issue ?? '')));
    await settleDue(db, directory, after);
    expect(await balanceOf(db, main)).toBe(before - total + paidNow);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses a chase longer than allowed at its field', async () => {
    const token = await tokenOf(t.app, 'demoplayer', 'Demo1234');
    const res = await t.app.inject({
      method: 'POST',
      url: lotteryBetPaths.place,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        requestId: requestId(),
        gameCode: 'SSC3',
        issue: '20310306-0001',
        bets: [bet('SSC_5_DIRECT')],
        chase: { issues: 51, stopOnWin: true },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().value.fields.map((f: { field: string }) => f.field)).toEqual(['chase.issues']);
  });
});
