import { type ContractTerms, contractPaths, settlementAdminPaths, settlementPaths } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Headers, loginRequest, tokenOf } from '../../../test/auth.ts';
import { fundMember } from '../../../test/funds.ts';
import { cliClient, makeOperator } from '../../../test/operators.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { runCli } from '../../cli.ts';
import { type Db, queryRows } from '../../platform/db.ts';
import { type Period, periodAt } from '../../platform/periods.ts';
import { type MemberRow, memberByAccount } from '../members/members.service.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { checkLedger, houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import { grantTopContract } from './contracts.service.ts';
import { settleDue } from './settlement.jobs.ts';

// Settlement of a three-level line on BRAZIL (cents): demoagent (the top, the platform's contracts)
// → sagentb (agent) → sagentc (agent), players at each level, on days after today moved to by a test
// clock. The amounts below are worked out by hand from the contracts' tiers.

let sut: TestApp;
let db: Db;
let brazil: Merchant;
const tokens: Record<string, string> = {};
const members: Record<string, MemberRow> = {};
let day1: Period;
let day2: Period;
const DAY = 86_400_000;

const call = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object, headers: Headers = {}) =>
  sut.app.inject({ method, url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
const daily = (...tiers: [turnover: number, activeMembers: number, ratioBp: number][]): ContractTerms => ({
  kind: 'daily',
  tiers: tiers.map(([turnover, activeMembers, ratioBp]) => ({ turnover, activeMembers, ratioBp })),
});
const dividend = (...tiers: [threshold: number, activeMembers: number, ratioBp: number][]): ContractTerms => ({
  kind: 'dividend',
  period: 'D',
  basis: 'loss',
  carryOver: 'none',
  tiers: tiers.map(([threshold, activeMembers, ratioBp]) => ({ threshold, activeMembers, ratioBp })),
});

/** A bet (and a win when given) of a member at noon of `day`, in cents, through the ledger. */
async function play(account: string, day: Period, stake: number, win = 0) {
  const m = members[account] as MemberRow;
  const main = await memberAccount(db, brazil.id, m.id, 'main', brazil.currency);
  const games = await houseAccount(db, brazil.id, 'games', brazil.currency, m.id);
  const at = new Date(day.start.getTime() + 12 * 3_600_000).toISOString();
  for (const [type, amount] of [
    ['bet', stake],
    ['win', win],
  ] as const) {
    if (amount === 0) continue;
    const { transactionId } = await post(db, {
      merchantId: brazil.id,
      type,
      postings: [
        { accountId: type === 'bet' ? main : games, amount: -amount },
        { accountId: type === 'bet' ? games : main, amount },
      ],
      reference: { category: 'SLOT' },
    });
    await db.execute(sql`update ledger_transactions set created_at = ${at}::timestamptz where id = ${transactionId}`);
  }
}

const mainOf = async (account: string) =>
  Number(
    (
      await queryRows<{ balance: string }>(
        db,
        sql`select balance from ledger_accounts where member_id = ${(members[account] as MemberRow).id} and kind = 'main'`,
      )
    )[0]?.balance ?? 0,
  );

/** What each agent's salary or dividend movements of a period netted it, from the ledger. */
async function ledgerNet(type: string, period: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ account: string; net: string }>(
    db,
    sql`select m.account, sum(e.amount) as net from ledger_entries e
          join ledger_transactions t on t.id = e.transaction_id
          join ledger_accounts a on a.id = e.account_id
          join members m on m.id = a.member_id
         where t.type = ${type} and t.reference->>'period' = ${period}
         group by m.account`,
  );
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.net)]));
}

/** Settles as the job does; a shared test server's open transactions can hold the statistics' catch-up a while. */
const settle = (clock: Date) => settleDue(db, clock, { catchUpMs: 60_000 });

const billsOf = async (who: string, query: string) => (await call(tokens[who], 'GET', `${settlementPaths.bills}?${query}`)).json();

beforeAll(async () => {
  sut = await buildTestApp();
  db = sut.database.db;
  brazil = (await merchantByCode(db, 'BRAZIL')) as Merchant;
  const top = (await memberByAccount(db, brazil.id, 'demoagent')) as MemberRow;
  members.demoagent = top;
  // The seed's top daily contract stays: 0.5 % from 1,000 and 1 member, 1 % from 10,000 and 3, 1.5 % from 100,000 and 10.
  await grantTopContract(db, top, dividend([100, 1, 1000], [5000, 3, 2000]));
  tokens.demoagent = await tokenOf(sut.app, 'demoagent', 'Demo1234');
  for (const [upline, account, type] of [
    ['demoagent', 'sagentb', 'agent'],
    ['demoagent', 'splayer1', 'player'],
    ['sagentb', 'splayer2', 'player'],
    ['sagentb', 'sagentc', 'agent'],
    ['sagentc', 'splayer4', 'player'],
  ] as const) {
    const opened = await call(tokens[upline], 'POST', '/wps/agent/team/account', { account, type, prizeGroup: 1800 });
    if (opened.statusCode !== 200) throw new Error(opened.body);
    members[account] = (await memberByAccount(db, brazil.id, account)) as MemberRow;
    if (type === 'agent')
      tokens[account] = (
        await loginRequest(sut.app, { username: account, password: opened.json().value.initialPassword })
      ).json().value.token;
    await fundMember(db, brazil, members[account].id, 1_000_000);
  }
  const offerAndSign = async (from: string, to: string, terms: ContractTerms) => {
    const offered = await call(tokens[from], 'POST', contractPaths.contracts, { account: to, terms });
    if (offered.statusCode !== 200) throw new Error(offered.body);
    const id = offered.json().value.id;
    const signed = await call(tokens[to], 'POST', contractPaths.contractAction.replace(':id', String(id)).replace(':action', 'sign'));
    if (signed.statusCode !== 200) throw new Error(signed.body);
  };
  await offerAndSign('demoagent', 'sagentb', daily([500, 1, 40], [5000, 2, 80]));
  await offerAndSign('sagentb', 'sagentc', daily([100, 1, 30]));
  await offerAndSign('demoagent', 'sagentb', dividend([100, 1, 800]));
  // Two local days after today: nothing the seed or other tests play lands in them.
  day1 = periodAt('day', brazil.timeZone, new Date(Date.now() + 2 * DAY));
  day2 = periodAt('day', brazil.timeZone, new Date(day1.end.getTime() + 1));
});
afterAll(() => sut.close());

describe('daily salary and dividend settlement', () => {
  it('pays each agent its tier of its team’s figures, each upline its downline’s bill, once', { timeout: 180_000 }, async () => {
    await play('splayer1', day1, 300_000, 100_000);
    await play('splayer2', day1, 400_000, 600_000);
    await play('sagentc', day1, 50_000, 10_000);
    await play('splayer4', day1, 250_000);
    const before = { a: await mainOf('demoagent'), b: await mainOf('sagentb'), c: await mainOf('sagentc') };
    await settle(new Date(day1.end.getTime() + 15 * 60_000));

    const salary = await ledgerNet('salary', day1.key);
    // c: 3,000.00 × 0.3 % = 9.00; b: 7,000.00 reaches 5,000 and 2 members: × 0.8 % = 56.00, pays c 9.00;
    // the top: 10,000.00 and 4 active members: × 1 % = 100.00 from the platform, pays b 56.00.
    expect(salary).toEqual({ demoagent: 10_000 - 5_600, sagentb: 5_600 - 900, sagentc: 900 });
    // Dividend: the top's team lost 2,900.00 (10 %: 290.00), b's 900.00 (8 %: 72.00).
    expect(await ledgerNet('dividend', day1.key)).toEqual({ demoagent: 29_000 - 7_200, sagentb: 7_200 });
    expect(await mainOf('demoagent')).toBe(before.a + 4_400 + 21_800);
    expect(await mainOf('sagentc')).toBe(before.c + 900);

    const mine = await billsOf('sagentb', `side=mine&kind=daily&period=custom&from=${day1.start.getTime()}&to=${day1.end.getTime() + DAY}`);
    expect(mine.value.content).toEqual([
      expect.objectContaining({
        period: day1.key,
        account: 'sagentb',
        payer: 'demoagent',
        teamTurnover: 7000,
        teamLoss: 900,
        activeMembers: 3,
        tier: 1,
        ratioBp: 80,
        amount: 56,
        paid: 56,
        downlineAmount: 9,
        downlinePaid: 9,
        net: 47,
        status: 'paid',
      }),
    ]);

    // A second run of the same clock (another node, a restart) pays nothing more.
    const ledgerRows = async () => Number((await queryRows<{ n: string }>(db, sql`select count(*) as n from ledger_transactions`))[0]?.n);
    const rows = await ledgerRows();
    await settle(new Date(day1.end.getTime() + 15 * 60_000));
    await settle(new Date(day1.end.getTime() + 20 * 60_000));
    expect(await ledgerRows()).toBe(rows);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('shows each bill’s commission lines, adding up to it, to its agent and the agents above it only', async () => {
    const range = `period=custom&from=${day1.start.getTime()}&to=${day1.end.getTime() + DAY}`;
    const team = await billsOf('demoagent', `side=team&kind=daily&${range}`);
    expect(team.value.content.map((b: { account: string }) => b.account).sort()).toEqual(['sagentb', 'sagentc']);
    const billC = team.value.content.find((b: { account: string }) => b.account === 'sagentc');
    const lines = (await call(tokens.demoagent, 'GET', `${settlementPaths.commissions}?billId=${billC.id}`)).json().value;
    expect(lines.content).toEqual([
      expect.objectContaining({ account: 'sagentc', level: 0, turnover: 500, loss: 400, ratioBp: 30, amount: 1.5 }),
      expect.objectContaining({ account: 'splayer4', level: 1, turnover: 2500, loss: 2500, ratioBp: 30, amount: 7.5 }),
    ]);
    expect(lines.total).toBe(9);

    const topBill = (await billsOf('demoagent', `side=mine&kind=daily&${range}`)).value.content[0];
    const topLines = (await call(tokens.demoagent, 'GET', `${settlementPaths.commissions}?billId=${topBill.id}&pageSize=100`)).json().value;
    expect(topLines.total).toBe(topBill.amount);
    expect(topLines.content.find((l: { account: string }) => l.account === 'splayer4')).toMatchObject({ level: 3, via: 'sagentb' });

    // Below it, or in another team or merchant: the same 'unknown bill'.
    const refused = await call(tokens.sagentc, 'GET', `${settlementPaths.commissions}?billId=${topBill.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('APP_ERR_AGENT_BILL_UNKNOWN');
    const uemoa = { merchant: 'UEMOA' };
    const foreign = await tokenOf(sut.app, 'demoagent', 'Demo1234', uemoa);
    expect((await call(foreign, 'GET', `${settlementPaths.commissions}?billId=${billC.id}`, undefined, uemoa)).json().code).toBe(
      'APP_ERR_AGENT_BILL_UNKNOWN',
    );
    expect((await call(tokens.sagentc, 'GET', `${settlementPaths.bills}?account=demoagent`)).json().code).toBe('APP_ERR_AGENT_NOT_IN_TEAM');
    const player = await tokenOf(sut.app, 'demoplayer', 'Demo1234');
    expect((await call(player, 'GET', settlementPaths.bills)).json().code).toBe('APP_ERR_AUTH_NOT_AGENT');
    const bad = await call(tokens.demoagent, 'GET', `${settlementPaths.bills}?status=owed`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.fields).toEqual([expect.objectContaining({ field: 'status' })]);

    const income = (await call(tokens.demoagent, 'GET', `${settlementPaths.income}?${range}`)).json().value;
    expect(income.days).toEqual([{ day: day1.key, salary: 44, dividend: 218, total: 262 }]);
  });

  it('pays a bill its upline cannot cover in part, and the rest when funds arrive', { timeout: 180_000 }, async () => {
    // The top drains its wallet; on day 2 it earns nothing (below its first tier) but b reaches its own.
    const top = members.demoagent as MemberRow;
    const topMain = await memberAccount(db, brazil.id, top.id, 'main', brazil.currency);
    await post(db, {
      merchantId: brazil.id,
      type: 'adjustment',
      postings: [
        { accountId: topMain, amount: -(await mainOf('demoagent')) },
        { accountId: await houseAccount(db, brazil.id, 'adjustments', brazil.currency, top.id), amount: await mainOf('demoagent') },
      ],
      reference: { reason: 'test drain' },
    });
    await play('splayer2', day2, 60_000, 60_000);
    const clock = new Date(day2.end.getTime() + 15 * 60_000);
    await settle(clock);
    const range = `period=custom&from=${day1.start.getTime()}&to=${day2.end.getTime() + DAY}&kind=daily`;
    const bOf = async () =>
      (await billsOf('sagentb', `side=mine&${range}`)).value.content.find((b: { period: string }) => b.period === day2.key);
    const aOf = async () =>
      (await billsOf('demoagent', `side=mine&${range}`)).value.content.find((b: { period: string }) => b.period === day2.key);
    expect(await bOf()).toMatchObject({ amount: 2.4, paid: 0, status: 'partly_paid' });
    expect(await aOf()).toMatchObject({ tier: null, amount: 0, downlineAmount: 2.4, downlinePaid: 0, status: 'insufficient_balance' });
    // Both are told, not left to find out.
    const titles = async (account: string) =>
      (
        await queryRows<{ title: string }>(
          db,
          sql`select title->>'EN' as title from inbox_messages where member_id = ${(members[account] as MemberRow).id}
               and (title->>'EN' like 'Bill%' or title->>'EN' like 'You owe%') order by id`,
        )
      ).map((r) => r.title);
    expect(await titles('sagentb')).toEqual(['Bill partly paid']);
    expect(await titles('demoagent')).toEqual(['You owe a downline']);

    await fundMember(db, brazil, top.id, 100);
    await settle(clock);
    expect(await bOf()).toMatchObject({ paid: 1, status: 'partly_paid' });
    await fundMember(db, brazil, top.id, 10_000);
    await settle(clock);
    await settle(clock);
    expect(await bOf()).toMatchObject({ paid: 2.4, status: 'paid' });
    expect(await aOf()).toMatchObject({ downlinePaid: 2.4, status: 'below_threshold' });
    expect(await titles('sagentb')).toEqual(['Bill partly paid', 'Bill paid in full']);
    expect(await ledgerNet('salary', day2.key)).toEqual({ demoagent: -240, sagentb: 240 });
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('recomputes every settled period from the raw ledger to the same bills and lines, on the command line', async () => {
    for (const [kind, period] of [
      ['daily', day1.key],
      ['dividend', day1.key],
      ['daily', day2.key],
    ] as const) {
      const lines: string[] = [];
      expect(await runCli(['agents-recompute', 'BRAZIL', kind, period], (l) => lines.push(l), cliClient(sut))).toBe(0);
      expect(lines.at(-1)).toBe('same as stored: yes');
      expect(lines.some((l) => l.includes('sagentb'))).toBe(true);
    }
    // Operators read an agent's bills, its team's, and any bill's lines.
    const admin = cliClient(sut);
    const range = `kind=daily&period=custom&from=${day1.start.getTime()}&to=${day2.end.getTime() + DAY}`;
    const billsPath = settlementAdminPaths.bills.replace(':code', 'BRAZIL');
    const teamBills = (await admin.request('GET', `${billsPath}?account=demoagent&team=true&${range}`)).body.value;
    expect(teamBills.content.map((b: { account: string }) => b.account).sort()).toEqual(['sagentb', 'sagentb', 'sagentc', 'sagentc']);
    const own = (await admin.request('GET', `${billsPath}?account=demoagent&team=false&${range}`)).body.value;
    expect(own.content.map((b: { period: string }) => b.period)).toEqual([day2.key, day1.key]);
    const adminLines = await admin.request(
      'GET',
      `${settlementAdminPaths.commissions.replace(':code', 'BRAZIL')}?billId=${own.content[1].id}`,
    );
    expect(adminLines.body.value.total).toBe(own.content[1].amount);
    // An operator of another merchant sees none of it.
    const other = await makeOperator(db, { account: 'settle-uemoa', role: 'admin', merchants: ['UEMOA'] });
    const url = `${settlementAdminPaths.recompute.replace(':code', 'BRAZIL')}?kind=daily&period=${day1.key}`;
    expect((await sut.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${other.key}` } })).statusCode).toBe(403);
    const lines: string[] = [];
    expect(await runCli(['agents-recompute', 'BRAZIL', 'daily', '2020-01-01'], (l) => lines.push(l), cliClient(sut))).toBe(1);
  });
});
