import { type DailyReport, reportPaths } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedPlayers, statisticsFromLedger } from '../../../test/ledger-movements.ts';
import { makeOperator } from '../../../test/operators.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { merchantByCode } from '../merchants/merchants.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { post } from '../wallet/ledger.service.ts';
import { dailyStatistics } from './statistics.service.ts';

let t: TestApp;
const keys = { finance: '', uemoaFinance: '', brazilFinance: '', content: '' };
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  keys.finance = (await makeOperator(db, { account: 'rep-finance', role: 'finance' })).key;
  keys.uemoaFinance = (await makeOperator(db, { account: 'rep-uemoa', role: 'finance', merchants: ['UEMOA'] })).key;
  keys.brazilFinance = (await makeOperator(db, { account: 'rep-brazil', role: 'finance', merchants: ['BRAZIL'] })).key;
  keys.content = (await makeOperator(db, { account: 'rep-content', role: 'content' })).key;
});
afterAll(() => t.close());

const report = (who: keyof typeof keys, query: string) =>
  t.app.inject({ method: 'GET', url: `${reportPaths.daily}?${query}`, headers: { authorization: `Bearer ${keys[who]}` } });

describe('the daily report', () => {
  it('sums a merchant’s days from the statistics, equal to a recomputation from the raw ledger', async () => {
    const db = t.database.db;
    const uemoa = await merchantByCode(db, 'UEMOA');
    if (!uemoa) throw new Error('no UEMOA');
    const players = await feedPlayers(db, uemoa, 3, 'report');
    const move = async (
      i: number,
      type: string,
      from: 'cashIn' | 'main' | 'games',
      to: 'cashOut' | 'main' | 'games',
      amount: number,
      at: string,
    ) => {
      const p = players[i];
      if (!p) throw new Error('no player');
      const { transactionId } = await post(db, {
        merchantId: p.merchantId,
        type,
        postings: [
          { accountId: p[from], amount: -amount },
          { accountId: p[to], amount },
        ],
        reference: { category: 'SLOT' },
      });
      await db.execute(sql`update ledger_transactions set created_at = ${at}::timestamptz where id = ${transactionId}`);
    };
    // Two days of 2030 in Abidjan's time (UTC): three players deposit, two bet, one wins, one withdraws.
    for (const i of [0, 1, 2]) await move(i, 'deposit', 'cashIn', 'main', 100_000, '2030-01-10T09:00:00Z');
    await move(0, 'bet', 'main', 'games', 5_000, '2030-01-10T10:00:00Z');
    await move(1, 'bet', 'main', 'games', 2_000, '2030-01-10T11:00:00Z');
    await move(1, 'win', 'games', 'main', 9_000, '2030-01-10T11:01:00Z');
    await move(0, 'bet', 'main', 'games', 1_000, '2030-01-12T08:00:00Z');
    await move(2, 'withdrawal', 'main', 'cashOut', 30_000, '2030-01-12T09:00:00Z');
    await catchUp(db, dailyStatistics);

    const answer = await report('uemoaFinance', 'merchant=UEMOA&from=2030-01-10&to=2030-01-12');
    expect(answer.statusCode).toBe(200);
    const r = answer.json().value as DailyReport;
    expect(r).toMatchObject({ merchant: 'UEMOA', currency: 'XOF', from: '2030-01-10', to: '2030-01-12' });
    expect(r.days.map((d) => d.day)).toEqual(['2030-01-10', '2030-01-11', '2030-01-12']);
    expect(r.days[0]).toEqual({
      day: '2030-01-10',
      deposits: 300_000,
      withdrawals: 0,
      bets: 2,
      validStake: 7_000,
      payout: 9_000,
      ggr: -2_000,
      bonuses: 0,
      ngr: -2_000,
      activePlayers: 2,
    });
    expect(r.days[1]).toMatchObject({ deposits: 0, bets: 0, ggr: 0, activePlayers: 0 });
    expect(r.days[2]).toMatchObject({ withdrawals: 30_000, bets: 1, validStake: 1_000, ggr: 1_000, activePlayers: 1 });
    // Player 0 bet on both days: counted once over the span.
    expect(r.totals).toMatchObject({ deposits: 300_000, withdrawals: 30_000, bets: 3, ggr: -1_000, activePlayers: 2 });

    // The same figures straight from the ledger's entries.
    const raw = (await statisticsFromLedger(db)).filter(
      (row) => Number(row.merchant_id) === uemoa.id && String(row.day) >= '2030-01-10' && String(row.day) <= '2030-01-12',
    );
    const sum = (k: string) => raw.reduce((s, row) => s + Number(row[k]), 0);
    expect(r.totals).toMatchObject({
      deposits: sum('deposits'),
      withdrawals: sum('withdrawals'),
      bets: sum('bets'),
      validStake: sum('valid_stake'),
      payout: sum('payout'),
      bonuses: sum('bonuses'),
    });
  });

  it('refuses another merchant’s operator, a role without reports and bad days at their fields', async () => {
    expect((await report('brazilFinance', 'merchant=UEMOA&from=2030-01-10&to=2030-01-12')).statusCode).toBe(403);
    expect((await report('content', 'merchant=UEMOA&from=2030-01-10&to=2030-01-12')).statusCode).toBe(403);
    // An operator of every merchant is told the merchant does not exist; a scoped one is refused above.
    expect((await report('finance', 'merchant=NOWHERE&from=2030-01-10&to=2030-01-12')).json().code).toBe('APP_ERR_MERCHANT_UNKNOWN');
    const fields = async (query: string) => (await report('finance', query)).json().value.fields.map((f: { field: string }) => f.field);
    expect(await fields('merchant=UEMOA&from=2030-02-30&to=2030-03-01')).toEqual(['from']);
    expect(await fields('merchant=UEMOA&from=2030-03-01&to=2030-02-01')).toEqual(['to']);
    expect(await fields('merchant=UEMOA&from=2028-01-01&to=2030-01-01')).toEqual(['to']);
    expect(await fields('merchant=UEMOA&from=yesterday&to=2030-01-01')).toEqual(['from']);
    expect((await report('finance', 'merchant=BRAZIL&from=2030-01-10&to=2030-01-10')).json().value.days).toHaveLength(1);
  });
});
