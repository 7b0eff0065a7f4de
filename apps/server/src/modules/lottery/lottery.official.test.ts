import { randomBytes } from 'node:crypto';
import { lotteryAdminPaths } from '@platform/contract';
import { lottery } from '@platform/games';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from '../../../test/operators.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
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
});
