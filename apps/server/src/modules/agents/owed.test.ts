import type { ContractTerms } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember } from '../../../test/funds.ts';
import { bindAccount, newPlayer, type Player, rid, setPaymentPassword } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { type Db, inTransaction, queryRows } from '../../platform/db.ts';
import { periodAt } from '../../platform/periods.ts';
import { type MemberRow, memberByAccount } from '../members/members.service.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { checkLedger, houseAccount, post } from '../wallet/ledger.service.ts';
import { ledgerFigures } from './bills.service.ts';
import { actOnContract, grantTopContract, offerContract } from './contracts.service.ts';
import { owedOnBills } from './owed.ts';
import { completeUnpaid, settleDividends } from './settlement.service.ts';

// Issue 20 item 6: an agent that owes its downlines on a partly paid bill can neither transfer nor
// withdraw until the bill is paid in full; the refusal says how much it owes and moves nothing.
// On BRAZIL (cents): agent `up` (top dividend contract, 10 % of team loss) → agent `down` (10 %);
// `down`'s player loses 2,000, `up`'s own player wins 4,900, so `up`'s team won and its own bill is
// nothing while it owes `down` 200, of which its 50 pays only a part.

let sut: TestApp;
let db: Db;
let brazil: Merchant;
let up: Player & { id: number; account: string; mobile: string };
let down: Player & { id: number; account: string };
let withdrawAccount: number;

const dividend = (ratioBp: number): ContractTerms => ({
  kind: 'dividend',
  period: 'D',
  basis: 'loss',
  carryOver: 'none',
  tiers: [{ threshold: 100, activeMembers: 1, ratioBp }],
});
const mainOf = async (memberId: number) =>
  Number(
    (await queryRows<{ balance: string }>(db, sql`select balance from ledger_accounts where member_id = ${memberId} and kind = 'main'`))[0]
      ?.balance ?? 0,
  );
const countOf = async (table: 'withdrawals' | 'ledger_transactions') =>
  Number((await queryRows<{ n: string }>(db, sql`select count(*) as n from ${sql.identifier(table)}`))[0]?.n);
const transfer = (amount: number, requestId = rid('tr')) =>
  up.call('POST', '/wps/v2/wallets/transferUpline', { account: down.account, amount, paymentPassword: '246810', requestId });
const withdraw = (amount: number) =>
  up.call('POST', '/wps/withdraw', { accountId: withdrawAccount, amount, paymentPassword: '246810', requestId: rid('wd') });

beforeAll(async () => {
  sut = await buildTestApp();
  db = sut.database.db;
  brazil = (await merchantByCode(db, 'BRAZIL')) as Merchant;
  up = await newPlayer(sut.app, db, 'BRAZIL', { type: 1 });
  down = await newPlayer(sut.app, db, 'BRAZIL', { type: 1, uplineId: up.id });
  const upRow = (await memberByAccount(db, brazil.id, up.account)) as MemberRow;
  const downRow = (await memberByAccount(db, brazil.id, down.account)) as MemberRow;
  await grantTopContract(db, upRow, dividend(1000));
  const offered = await offerContract(db, upRow, { account: down.account, terms: dividend(1000) });
  await actOnContract(db, downRow, offered.id, 'sign');
  const winner = await newPlayer(sut.app, db, 'BRAZIL', { uplineId: up.id });
  const loser = await newPlayer(sut.app, db, 'BRAZIL', { uplineId: down.id });
  // A day after today, as the settlement tests do: nothing else plays in it.
  const day = periodAt('day', brazil.timeZone, new Date(Date.now() + 2 * 86_400_000));
  const at = new Date(day.start.getTime() + 12 * 3_600_000).toISOString();
  for (const [who, stake, win] of [
    [loser.id, 200_000, 0],
    [winner.id, 10_000, 500_000],
  ] as const) {
    const main = await fundMember(db, brazil, who, stake);
    const games = await houseAccount(db, brazil.id, 'games', brazil.currency, who);
    for (const [type, amount] of [
      ['bet', stake],
      ['win', win],
    ] as const) {
      if (amount === 0) continue;
      const { transactionId } = await post(db, {
        merchantId: brazil.id,
        type,
        reference: { category: 'SLOT' },
        postings: [
          { accountId: type === 'bet' ? main : games, amount: -amount },
          { accountId: type === 'bet' ? games : main, amount },
        ],
      });
      await db.execute(sql`update ledger_transactions set created_at = ${at}::timestamptz where id = ${transactionId}`);
    }
  }
  await fundMember(db, brazil, up.id, 5_000);
  await inTransaction(db, (tx) => settleDividends(tx, brazil, day, ledgerFigures));
  await setPaymentPassword(up);
  withdrawAccount = (
    await bindAccount(db, up, up.mobile, { kind: 'pix', holderName: 'Ana Souza', institution: 'email', number: `${up.account}@mail.com` })
  ).id;
});
afterAll(() => sut.close());

describe('money out of an agent that owes its downlines', () => {
  it('refuses its transfer and its withdrawal with the amount owed, then lets it transfer once the bill is paid', async () => {
    const bill = (
      await queryRows<{ amount: string; paid: string; status: string }>(
        db,
        sql`select amount, paid, status from agent_bills where member_id = ${down.id}`,
      )
    )[0];
    expect(bill).toMatchObject({ status: 'partly_paid' });
    expect([Number(bill?.amount), Number(bill?.paid)]).toEqual([20_000, 5_000]);
    expect(await owedOnBills(db, up.id)).toBe(15_000);

    // Funds arrive before the minute's installment takes them: they may not leave first.
    await fundMember(db, brazil, up.id, 10_000);
    const [transactions, withdrawals] = [await countOf('ledger_transactions'), await countOf('withdrawals')];
    const refused = await transfer(20);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'APP_ERR_AGENT_OWES_DOWNLINES',
      value: { owed: 150, currency: 'BRL', fields: [{ field: 'amount', message: 'error.agent_owes_downlines', params: { owed: 150 } }] },
    });
    const refusedWithdrawal = await withdraw(50);
    expect(refusedWithdrawal.statusCode).toBe(409);
    expect(refusedWithdrawal.json()).toMatchObject({ code: 'APP_ERR_AGENT_OWES_DOWNLINES', value: { owed: 150 } });
    expect(await mainOf(up.id)).toBe(10_000);
    expect([await countOf('ledger_transactions'), await countOf('withdrawals')]).toEqual([transactions, withdrawals]);

    // The installment pays what the balance allows (100 of 150): still owing, still refused.
    expect(await completeUnpaid(db, brazil)).toBe(1);
    expect(await owedOnBills(db, up.id)).toBe(5_000);
    expect((await transfer(1)).json().value.owed).toBe(50);

    // Paid in full: the bill is paid and money may leave again.
    await fundMember(db, brazil, up.id, 8_000);
    expect(await completeUnpaid(db, brazil)).toBe(1);
    expect(await owedOnBills(db, up.id)).toBe(0);
    const sent = await transfer(20);
    expect(sent.statusCode).toBe(200);
    expect(await mainOf(up.id)).toBe(1_000);
    expect(await mainOf(down.id)).toBe(20_000 + 2_000);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
