import { randomBytes } from 'node:crypto';
import { crashPaths, inhousePaths, seamlessPaths } from '@platform/contract';
import { lottery } from '@platform/games';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCrashRound } from '../../../test/crash-rounds.ts';
import { fundMember } from '../../../test/funds.ts';
import { newPlayer, rid } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { type Db, queryRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { placeLotteryBets } from '../lottery/lottery.bets.ts';
import { lotteryTick } from '../lottery/lottery.service.ts';
import { lotteryDraws } from '../lottery/lottery.tables.ts';
import type { MemberRow } from '../members/members.tables.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { insertProvider } from '../seamless/seamless.repository.ts';
import { openGameSession, signSeamless } from '../seamless/seamless.service.ts';
import { checkLedger } from '../wallet/ledger.service.ts';
import { setRestriction, stakeLimitsOf, writeStakeLimits } from './staking.repository.ts';

const SECRET = 'stake-gate-provider-secret-0123456789';
let t: TestApp;
let app: FastifyInstance;
let db: Db;
let brazil: Merchant;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.database.db;
  await insertProvider(db, { code: 'GATEPROV', vendorCode: 'INHOUSE', secret: SECRET });
  brazil = (await new MerchantDirectory(db, 0).list()).find((m) => m.code === 'BRAZIL') as Merchant;
});
afterAll(() => t.close());

type Gambler = Awaited<ReturnType<typeof newPlayer>> & { member: MemberRow; dice: string; crash: string };

/** A logged-in player of Brazil with 1,000 BRL, and launch tokens of dice and crash. */
async function gambler(): Promise<Gambler> {
  const p = await newPlayer(app, db);
  const member = { id: p.id, merchantId: brazil.id } as MemberRow;
  await fundMember(db, brazil, p.id, 100_000);
  const dice = (await openGameSession(db, member, 'INHOUSE', 'dice')).token;
  const crash = (await openGameSession(db, member, 'INHOUSE', 'crash')).token;
  return { ...p, member, dice, crash };
}

let serial = 0;
/** A bet of `amount` BRL from a third-party provider, signed as it would sign it. */
function providerBet(g: Gambler, amount: number) {
  const body = JSON.stringify({
    playerId: String(g.id),
    token: g.dice,
    transactionId: `gate-${++serial}-${Date.now()}`,
    roundId: `gate-round-${serial}-${Date.now()}`,
    gameCode: 'dice',
    amount,
    currency: 'BRL',
  });
  return app.inject({
    method: 'POST',
    url: seamlessPaths.bet,
    headers: { 'content-type': 'application/json', 'x-provider': 'GATEPROV', 'x-signature': signSeamless(SECRET, body) },
    payload: body,
  });
}

const diceRoll = (g: Gambler, amount: number) =>
  app.inject({ method: 'POST', url: inhousePaths.diceRoll, payload: { token: g.dice, amount, target: 50, direction: 'under' } });

const transferIn = (g: Gambler, amount: number) =>
  g.call('POST', '/wps/v2/wallets/transfer', { vendor: 'JDB', direction: 'in', amount, requestId: rid() });

const at = new Date('2031-03-05T05:00:05Z');
/** A lottery slip of one bet on SSC1's open issue at `at`: its answer, or the error it was refused with. */
async function lotterySlip(g: Gambler, multiple = 1): Promise<{ ok: true } | { code: string }> {
  await lotteryTick(db, at);
  const [draw] = (
    await db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, 'SSC1'), eq(lotteryDraws.status, 'open')))
  )
    .filter((d) => d.closesAt > at)
    .sort((a, b) => a.drawAt.getTime() - b.drawAt.getTime());
  const play = lottery.findPlayType('SSC_ANY_POSITION') as lottery.PlayType;
  const selection = play.quickPick((n) => new Uint8Array(randomBytes(n)));
  const bets = [{ playType: 'SSC_ANY_POSITION', selection, unit: 100 as const, multiple, betCount: play.betCount(selection) }];
  try {
    await placeLotteryBets(db, brazil, g.member, { requestId: rid('slip'), gameCode: 'SSC1', issue: draw?.issue ?? '', bets }, at);
    return { ok: true };
  } catch (err) {
    if (err instanceof AppError) return { code: err.code };
    throw err;
  }
}

/** What the member has staked: the debits of its bets and of its transfers into vendor wallets, in minor units. */
async function staked(memberId: number): Promise<number> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(-e.amount), 0) as total
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          join ledger_transactions t on t.id = e.transaction_id
         where a.member_id = ${memberId} and a.kind = 'main' and e.amount < 0 and t.type in ('bet', 'transfer')`,
  );
  return Number(row?.total);
}

describe('the stake gate refuses a member whose play is switched off, on every path, with one code', () => {
  let g: Gambler;
  beforeAll(async () => {
    g = await gambler();
    await setRestriction(db, g.id, { canPlay: false, canDeposit: true, canWithdraw: true, reason: 'test' });
  });

  it('a third-party provider’s bet', async () => {
    const res = await providerBet(g, 2);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('APP_ERR_STAKE_PLAY_BLOCKED');
  });

  it('a round of our own games', async () => {
    const res = await diceRoll(g, 2);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('APP_ERR_STAKE_PLAY_BLOCKED');
  });

  it('a crash bet', async () => {
    const now = Date.now();
    await insertCrashRound(db, { sequence: 1_000_000 + (now % 1_000_000), opens: new Date(now - 1_000), min: 200, max: 10_000 });
    const res = await app.inject({ method: 'POST', url: crashPaths.bet, payload: { token: g.crash, amount: 1 } });
    expect(res.json().code).toBe('APP_ERR_STAKE_PLAY_BLOCKED');
    expect(res.statusCode).toBe(403);
  });

  it('a lottery slip', async () => {
    expect(await lotterySlip(g)).toEqual({ code: 'APP_ERR_STAKE_PLAY_BLOCKED' });
  });

  it('a transfer into a vendor wallet, while one out of it still goes', async () => {
    const res = await transferIn(g, 5);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('APP_ERR_STAKE_PLAY_BLOCKED');
    expect(await staked(g.id)).toBe(0);
  });

  it('lets the member play again once play is switched back on', async () => {
    await setRestriction(db, g.id, { canPlay: true, canDeposit: true, canWithdraw: true, reason: '' });
    expect((await providerBet(g, 2)).statusCode).toBe(200);
    expect((await transferIn(g, 5)).statusCode).toBe(200);
    expect(await staked(g.id)).toBe(700);
  });
});

describe('a daily wager limit under concurrent stakes from every path', () => {
  it('never lets the stakes pass it, and counts exactly what was staked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 500, max: 4_000 }),
        fc.array(fc.tuple(fc.constantFrom('provider', 'dice', 'transfer', 'lottery'), fc.integer({ min: 1, max: 9 })), {
          minLength: 6,
          maxLength: 14,
        }),
        async (limit, stakes) => {
          const g = await gambler();
          await writeStakeLimits(db, g.id, {
            wager: { day: limit, week: null, month: null },
            loss: { day: null, week: null, month: null },
          });
          const answers = await Promise.all(
            stakes.map(async ([path, units]) => {
              if (path === 'lottery') return lotterySlip(g, units);
              const res = await (path === 'provider' ? providerBet(g, units) : path === 'dice' ? diceRoll(g, units) : transferIn(g, units));
              return res.statusCode === 200 ? { ok: true } : { code: res.json().code as string };
            }),
          );
          for (const a of answers) if ('code' in a) expect(a.code).toBe('APP_ERR_STAKE_WAGER_LIMIT');
          const total = await staked(g.id);
          expect(total).toBeLessThanOrEqual(limit);
          expect((await stakeLimitsOf(db, g.id))?.counters.wager.day).toBe(total);
        },
      ),
      { numRuns: 6 },
    );
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
