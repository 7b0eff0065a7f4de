import { lottery } from '@platform/games';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember } from '../../../test/funds.ts';
import { anyPosition, openIssueAt } from '../../../test/lottery-slips.ts';
import { cliClient } from '../../../test/operators.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { runCli } from '../../cli.ts';
import { memberByAccount } from '../members/members.service.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { balanceOf, checkLedger } from '../wallet/ledger.service.ts';
import { LOTTERY_PRIZE_MODE, placeLotteryBets } from './lottery.bets.ts';
import { capsOf, setCaps } from './lottery.limits.ts';
import { lotteryTick } from './lottery.service.ts';
import { lotteryBets, lotteryNumberExposure } from './lottery.tables.ts';

let t: TestApp;
let brazil: Merchant;
let member: NonNullable<Awaited<ReturnType<typeof memberByAccount>>>;
let main: number;
const at = new Date('2031-04-07T05:00:05Z');
let serial = 0;
const requestId = () => `limit-${++serial}-${Date.now()}`;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  brazil = (await new MerchantDirectory(db, 0).list()).find((m) => m.code === 'BRAZIL') as Merchant;
  const found = await memberByAccount(db, brazil.id, 'demoplayer');
  if (!found) throw new Error('no demo player');
  member = found;
  main = await fundMember(db, brazil, member.id, 100_000_000);
  await lotteryTick(db, at);
});
afterAll(() => t.close());

const openIssue = (code: string) => openIssueAt(t.database.db, code, at);

describe('per-number liability', () => {
  it('counts what each number would pay, and refuses the bet that takes one over the cap with nothing debited', async () => {
    const db = t.database.db;
    // R$ 1,000 on one number: 51 multiples of 19.60 fit (999.60), 52 do not.
    await setCaps(db, brazil.id, { numberCap: 100_000 });
    expect((await capsOf(db, brazil.id)).numberCap).toBe(100_000);
    const draw = await openIssue('SSC1');
    const each = lottery
      .numberExposure(
        lottery.findPlayType('SSC_ANY_POSITION') as lottery.PlayType,
        { positions: [[7], [], [], [], []] },
        { unit: 100, multiple: 1 },
        LOTTERY_PRIZE_MODE,
      )
      ?.get('0:7');
    expect(each).toBe(1960);

    await placeLotteryBets(
      db,
      brazil,
      member,
      { requestId: requestId(), gameCode: 'SSC1', issue: draw.issue, bets: [anyPosition([7, 3], 30)] },
      at,
    );
    const exposure = await db.select().from(lotteryNumberExposure).where(eq(lotteryNumberExposure.drawId, draw.id));
    // Each number's line, and the issue's whole liability (both numbers winning at once: 定位胆 on one position cannot, but the bound does not know it).
    expect(exposure.find((e) => e.playType === '*')?.payout).toBe(2 * 30 * 1960);
    expect(
      exposure
        .filter((e) => e.playType !== '*')
        .map((e) => [e.number, e.payout])
        .sort(),
    ).toEqual([
      ['0:3', 30 * 1960],
      ['0:7', 30 * 1960],
    ]);

    // 21 more on 7 is 51 in all: accepted; then one more is refused at the bet, and the other bet of the slip with it.
    await placeLotteryBets(
      db,
      brazil,
      member,
      { requestId: requestId(), gameCode: 'SSC1', issue: draw.issue, bets: [anyPosition([7], 21)] },
      at,
    );
    const before = await balanceOf(db, main);
    const tickets = (await db.select().from(lotteryBets).where(eq(lotteryBets.drawId, draw.id))).length;
    const refused = await placeLotteryBets(
      db,
      brazil,
      member,
      { requestId: requestId(), gameCode: 'SSC1', issue: draw.issue, bets: [anyPosition([1], 1), anyPosition([7], 1)] },
      at,
    ).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: 'APP_ERR_LOTTERY_NUMBER_LIMIT',
      fields: [{ field: 'bets.1.selection', message: 'error.lottery_number_limit', params: { number: '7' } }],
    });
    expect(await balanceOf(db, main)).toBe(before);
    expect((await db.select().from(lotteryBets).where(eq(lotteryBets.drawId, draw.id))).length).toBe(tickets);
    const seven = await db
      .select()
      .from(lotteryNumberExposure)
      .where(and(eq(lotteryNumberExposure.drawId, draw.id), eq(lotteryNumberExposure.number, '0:7')));
    expect(seven[0]?.payout).toBe(51 * 1960);
    // Another number, and the same number on another position, are still open.
    await placeLotteryBets(
      db,
      brazil,
      member,
      {
        requestId: requestId(),
        gameCode: 'SSC1',
        issue: draw.issue,
        bets: [{ ...anyPosition([], 1), selection: { positions: [[], [7], [], [], []] }, betCount: 1 }],
      },
      at,
    );
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('lets concurrent slips on one number take exactly what the cap allows', async () => {
    const db = t.database.db;
    await setCaps(db, brazil.id, { numberCap: 10 * 1960 });
    const draw = await openIssue('SSC3');
    const before = await balanceOf(db, main);
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, () =>
        placeLotteryBets(
          db,
          brazil,
          member,
          { requestId: requestId(), gameCode: 'SSC3', issue: draw.issue, bets: [anyPosition([5], 1)] },
          at,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const placed = await db.select().from(lotteryBets).where(eq(lotteryBets.drawId, draw.id));
    expect(placed).toHaveLength(10);
    expect(await balanceOf(db, main)).toBe(before - placed.reduce((s, b) => s + b.amount, 0));
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses the slip that takes the whole issue over its cap, at the issue, whatever the play', async () => {
    const db = t.database.db;
    const draw = await openIssue('PK10F');
    // PK10 前二直选: 1 注 of 90 pays 176.40 at prize group 1960 and unit 1.00 (2 units cost 2.00).
    const direct = { playType: 'PK10_TOP2_DIRECT', selection: { positions: [[1], [2]] }, unit: 100 as const, multiple: 1, betCount: 1 };
    const most = lottery.maxTicketPayout(
      lottery.findPlayType('PK10_TOP2_DIRECT') as lottery.PlayType,
      direct.selection,
      direct,
      LOTTERY_PRIZE_MODE,
    );
    await setCaps(db, brazil.id, { numberCap: 1, drawCap: 3 * most });
    for (let i = 0; i < 3; i++) {
      await placeLotteryBets(db, brazil, member, { requestId: requestId(), gameCode: 'PK10F', issue: draw.issue, bets: [direct] }, at);
    }
    const before = await balanceOf(db, main);
    const refused = await placeLotteryBets(
      db,
      brazil,
      member,
      { requestId: requestId(), gameCode: 'PK10F', issue: draw.issue, bets: [direct] },
      at,
    ).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: 'APP_ERR_LOTTERY_DRAW_LIMIT',
      fields: [{ field: 'issue', message: 'error.lottery_draw_limit' }],
    });
    expect(await balanceOf(db, main)).toBe(before);
    const [whole] = await db
      .select()
      .from(lotteryNumberExposure)
      .where(and(eq(lotteryNumberExposure.drawId, draw.id), eq(lotteryNumberExposure.playType, '*')));
    expect(whole?.payout).toBe(3 * most);
  });

  it('leaves plays of combinations to the issue cap and the ticket payout cap', async () => {
    const db = t.database.db;
    await setCaps(db, brazil.id, { numberCap: 1, drawCap: 100_000_000 });
    const draw = await openIssue('SSC1');
    const placed = await placeLotteryBets(
      db,
      brazil,
      member,
      {
        requestId: requestId(),
        gameCode: 'SSC1',
        issue: draw.issue,
        bets: [{ playType: 'SSC_5_DIRECT', selection: { positions: [[1], [2], [3], [4], [5]] }, unit: 100, multiple: 1, betCount: 1 }],
      },
      at,
    );
    expect(placed.tickets).toHaveLength(1);
  });

  it('are set and read by the operator command, which refuses amounts that are not money', async () => {
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    expect(await runCli(['lottery-caps', 'BRAZIL', '--number', '12345.5', '--draw', '900000'], out, cliClient(t))).toBe(0);
    expect(await capsOf(t.database.db, brazil.id)).toEqual({ numberCap: 1_234_550, drawCap: 90_000_000 });
    expect(lines.at(-1)).toBe('BRAZIL: at most 12345.5 BRL owed on one number of one play, 900000 BRL on one issue');
    expect(await runCli(['lottery-caps', 'BRAZIL', '--number', '1.234'], out, cliClient(t))).toBe(2);
    expect(await runCli(['lottery-caps', 'BRAZIL', '--draw', '-3'], out, cliClient(t))).toBe(2);
    expect(await capsOf(t.database.db, brazil.id)).toEqual({ numberCap: 1_234_550, drawCap: 90_000_000 });
  });
});
