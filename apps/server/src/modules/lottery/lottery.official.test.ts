import { randomBytes } from 'node:crypto';
import { lotteryAdminPaths, type OfficialDraw } from '@platform/contract';
import { lottery } from '@platform/games';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember } from '../../../test/funds.ts';
import { makeOperator } from '../../../test/operators.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { memberByAccount } from '../members/members.service.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { balanceOf } from '../wallet/ledger.service.ts';
import { placeLotteryBets, settleDue } from './lottery.bets.ts';
import { lotteryTick } from './lottery.service.ts';
import { lotteryDraws } from './lottery.tables.ts';

/** API keys of two lottery operators' accounts, made before the tests. */
const tokens = { alice: '', bob: '' };
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  tokens.alice = (await makeOperator(t.database.db, { account: 'alice', role: 'lottery' })).key;
  tokens.bob = (await makeOperator(t.database.db, { account: 'bob', role: 'lottery' })).key;
});
afterAll(() => t.close());

const path = (template: string, issue: string) => template.replace(':gameCode', 'VN_NORTH').replace(':issue', issue);
const send = (template: string, issue: string, result: unknown, who?: keyof typeof tokens) =>
  t.app.inject({
    method: 'POST',
    url: path(template, issue),
    headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
    payload: { result },
  });

describe('official results', () => {
  it('need a second operator to confirm the same result before the draw counts', async () => {
    // The draw of 2026-06-01 in Hanoi exists (its time, 18:15 there, is long past by the real clock).
    await lotteryTick(t.database.db, new Date('2026-06-01T10:00:00Z'));
    const issue = '20260601';
    const result = lottery.drawResult('VN_NORTH', (n) => new Uint8Array(randomBytes(n)));
    const other = lottery.drawResult('VN_NORTH', (n) => new Uint8Array(randomBytes(n)));

    expect((await send(lotteryAdminPaths.enterResult, issue, result)).statusCode).toBe(401);
    const bad = await send(lotteryAdminPaths.enterResult, issue, { ...result, DB: ['12'] }, 'alice');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.fields).toEqual([{ field: 'result.DB', message: 'lottery.result_out_of_range' }]);

    const entered = await send(lotteryAdminPaths.enterResult, issue, result, 'alice');
    expect(entered.json().value).toMatchObject({ status: 'open', enteredBy: 'alice', confirmedBy: null });
    expect((await send(lotteryAdminPaths.confirmResult, issue, result, 'alice')).json().code).toBe('APP_ERR_LOTTERY_SAME_OPERATOR');
    expect((await send(lotteryAdminPaths.confirmResult, issue, other, 'bob')).json().code).toBe('APP_ERR_LOTTERY_RESULT_MISMATCH');
    const [still] = await t.database.db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, 'VN_NORTH'), eq(lotteryDraws.issue, issue)));
    expect(still?.status).toBe('open');

    const confirmed = await send(lotteryAdminPaths.confirmResult, issue, result, 'bob');
    expect(confirmed.json().value).toMatchObject({ status: 'drawn', enteredBy: 'alice', confirmedBy: 'bob', result });
    expect((await send(lotteryAdminPaths.enterResult, issue, other, 'alice')).json().code).toBe('APP_ERR_LOTTERY_RESULT_STATE');
  });

  it('refuses a result for our own draws and for an unknown issue', async () => {
    const ssc = await t.app.inject({
      method: 'POST',
      url: lotteryAdminPaths.enterResult.replace(':gameCode', 'SSC1').replace(':issue', '20270601-0001'),
      headers: { authorization: `Bearer ${tokens.alice}` },
      payload: { result: [1, 2, 3, 4, 5] },
    });
    expect(ssc.json().code).toBe('APP_ERR_LOTTERY_GAME_UNKNOWN');
    expect((await send(lotteryAdminPaths.enterResult, '20990101', {}, 'alice')).json().code).toBe('APP_ERR_LOTTERY_DRAW_UNKNOWN');
  });

  it('lists the draws awaiting a result for lottery operators, then the drawn one with its tickets settled', async () => {
    const db = t.database.db;
    const directory = new MerchantDirectory(db, 0);
    const brazil = (await directory.list()).find((m) => m.code === 'BRAZIL') as Merchant;
    const member = await memberByAccount(db, brazil.id, 'demoplayer');
    if (!member) throw new Error('no demo player');
    const main = await fundMember(db, brazil, member.id, 100_000);
    // Betting on the Hanoi draw of 2026-06-02 (18:15 there, 11:15 UTC) in the morning, by the test clock.
    const morning = new Date('2026-06-02T03:00:00Z');
    await lotteryTick(db, morning);
    const issue = '20260602';
    const result = lottery.drawResult('VN_NORTH', (n) => new Uint8Array(randomBytes(n)));
    const de = Number((result.DB[0] as string).slice(-2));
    const play = lottery.findPlayType('VN_NORTH_DE') as lottery.PlayType;
    const selection = { numbers: [de] };
    await placeLotteryBets(
      db,
      brazil,
      member,
      {
        requestId: `official-${Date.now()}`,
        gameCode: 'VN_NORTH',
        issue,
        bets: [{ playType: 'VN_NORTH_DE', selection, unit: 100, multiple: 1, betCount: play.betCount(selection) }],
      },
      morning,
    );
    const afterBet = await balanceOf(db, main);

    const list = async (state: 'awaiting' | 'drawn', who: keyof typeof tokens = 'alice') =>
      t.app.inject({
        method: 'GET',
        url: `${lotteryAdminPaths.officialDraws}?state=${state}&gameCode=VN_NORTH`,
        headers: { authorization: `Bearer ${tokens[who]}` },
      });
    const awaiting = (await list('awaiting')).json().value.list as OfficialDraw[];
    const mine = awaiting.find((d) => d.issue === issue);
    expect(mine).toMatchObject({ family: 'VN_NORTH', status: 'open', enteredBy: null, result: null, tickets: 1, pendingTickets: 1 });
    // Only draws whose time has come: none after now.
    expect(awaiting.every((d) => new Date(d.drawAt) <= new Date())).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${lotteryAdminPaths.officialDraws}?state=later`,
      headers: { authorization: `Bearer ${tokens.alice}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.fields[0].field).toBe('state');

    // Entered by one: still awaiting, the entry not shown to the confirming operator.
    await send(lotteryAdminPaths.enterResult, issue, result, 'alice');
    const entered = ((await list('awaiting', 'bob')).json().value.list as OfficialDraw[]).find((d) => d.issue === issue);
    expect(entered).toMatchObject({ enteredBy: 'alice', result: null });
    expect((await send(lotteryAdminPaths.confirmResult, issue, result, 'bob')).statusCode).toBe(200);
    expect(((await list('awaiting')).json().value.list as OfficialDraw[]).some((d) => d.issue === issue)).toBe(false);

    await settleDue(db, directory);
    const drawn = ((await list('drawn')).json().value.list as OfficialDraw[]).find((d) => d.issue === issue);
    expect(drawn).toMatchObject({ status: 'settled', enteredBy: 'alice', confirmedBy: 'bob', result, tickets: 1, pendingTickets: 0 });
    expect(drawn?.paidAt).not.toBeNull();
    // The đề on the special prize's last two digits won.
    expect(await balanceOf(db, main)).toBeGreaterThan(afterBet);
  });
});
