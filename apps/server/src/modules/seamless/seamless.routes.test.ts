import { seamlessPaths } from '@platform/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { testEngine } from '../../../test/test-database.ts';
import { type Db, queryRows } from '../../platform/db.ts';
import type { AppError } from '../../platform/errors.ts';
import { insertMember } from '../members/members.repository.ts';
import type { MemberRow } from '../members/members.tables.ts';
import { listMerchants } from '../merchants/merchants.repository.ts';
import { MerchantDirectory } from '../merchants/merchants.service.ts';
import { balanceOf, checkLedger, houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import { findProvider, findRound, insertProvider } from './seamless.repository.ts';
import { openGameSession, SeamlessWallet, signSeamless } from './seamless.service.ts';

const SECRET = 'test-provider-secret-0123456789abcdef';
let t: TestApp;
let app: FastifyInstance;
let db: Db;
let brazilId: number;

beforeAll(async () => {
  // Merchants cached as in service, so that calls of known players reach the wallet without a database read.
  t = await buildTestApp({ config: { merchantCacheSeconds: 60 } });
  app = t.app;
  db = t.database.db;
  await insertProvider(db, { code: 'TESTPROV', vendorCode: 'INHOUSE', secret: SECRET });
  await insertProvider(db, { code: 'OTHERPROV', vendorCode: 'PG', secret: SECRET });
  brazilId = (await listMerchants(db)).find((m) => m.code === 'BRAZIL')?.id ?? 0;
});
afterAll(() => t.close());

let serial = 0;
const id = (prefix: string) => `${prefix}-${++serial}-${Date.now()}`;

/** A signed provider call, as a provider would send it. */
function call(path: string, body: unknown, opts: { provider?: string; secret?: string; signature?: string } = {}) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      'x-provider': opts.provider ?? 'TESTPROV',
      'x-signature': opts.signature ?? signSeamless(opts.secret ?? SECRET, raw),
    },
    payload: raw,
  });
}

/** A new player of Brazil with `amount` BRL in the main wallet and a live launch token. */
async function player(amount: number, type = 0): Promise<{ member: MemberRow; token: string; main: number }> {
  const member = await insertMember(db, { merchantId: brazilId, account: id('p').replaceAll('-', '').slice(0, 20), type, language: 'EN' });
  const main = await memberAccount(db, brazilId, member.id, 'main', 'BRL');
  if (amount > 0) {
    const cashIn = await houseAccount(db, brazilId, 'cash_in', 'BRL', member.id);
    await post(db, {
      merchantId: brazilId,
      type: 'deposit',
      postings: [
        { accountId: cashIn, amount: -amount * 100 },
        { accountId: main, amount: amount * 100 },
      ],
    });
  }
  const { token } = await openGameSession(db, member, 'INHOUSE', 'jungle-gems');
  return { member, token, main };
}

const betBody = (p: { member: MemberRow; token: string }, amount: number, extra: Record<string, unknown> = {}) => ({
  playerId: String(p.member.id),
  token: p.token,
  transactionId: id('bet'),
  roundId: id('round'),
  gameCode: 'jungle-gems',
  amount,
  currency: 'BRL',
  ...extra,
});

describe('who may call', () => {
  it('refuses an unknown provider, a wrong signature and an unsigned call, moving nothing', async () => {
    const p = await player(100);
    const body = betBody(p, 10);
    expect((await call(seamlessPaths.bet, body, { provider: 'NOBODY' })).json().code).toBe('APP_ERR_SEAMLESS_PROVIDER_UNKNOWN');
    const wrong = await call(seamlessPaths.bet, body, { secret: 'another secret' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('APP_ERR_SEAMLESS_SIGNATURE');
    expect((await call(seamlessPaths.bet, body, { signature: '' })).statusCode).toBe(401);
    // A body changed after signing is a wrong signature.
    const raw = JSON.stringify(body);
    const tampered = await app.inject({
      method: 'POST',
      url: seamlessPaths.bet,
      headers: { 'content-type': 'application/json', 'x-provider': 'TESTPROV', 'x-signature': signSeamless(SECRET, raw) },
      payload: raw.replace('"amount":10', '"amount":1'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await balanceOf(db, p.main)).toBe(10_000);
  });

  it('refuses a player of a merchant that does not offer the provider’s vendor', async () => {
    const uemoa = (await listMerchants(db)).find((m) => m.code === 'UEMOA');
    const member = await insertMember(db, { merchantId: uemoa?.id ?? 0, account: 'uemoaplayer1', language: 'EN' });
    const res = await call(seamlessPaths.balance, { playerId: String(member.id) }, { provider: 'OTHERPROV' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('APP_ERR_SEAMLESS_PLAYER_UNKNOWN');
  });
});

describe('player and balance', () => {
  it('exchanges a launch token for the player, and refuses another vendor’s or an expired token', async () => {
    const p = await player(25.5);
    const res = await call(seamlessPaths.player, { token: p.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      playerId: String(p.member.id),
      currency: 'BRL',
      balance: 25.5,
      merchant: 'BRAZIL',
      gameCode: 'jungle-gems',
    });
    expect((await call(seamlessPaths.player, { token: p.token }, { provider: 'OTHERPROV' })).json().code).toBe(
      'APP_ERR_SEAMLESS_TOKEN_INVALID',
    );
    const old = await openGameSession(db, p.member, 'INHOUSE', 'jungle-gems', new Date(Date.now() - 13 * 3600_000));
    expect((await call(seamlessPaths.player, { token: old.token })).json().code).toBe('APP_ERR_SEAMLESS_TOKEN_EXPIRED');
    expect((await call(seamlessPaths.balance, { playerId: String(p.member.id) })).json().value).toEqual({ balance: 25.5, currency: 'BRL' });
  });
});

describe('bet and win', () => {
  it('debits a bet once however often it is repeated, and refuses the same id with another body', async () => {
    const p = await player(100);
    const body = betBody(p, 12.34);
    const first = await call(seamlessPaths.bet, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().value.balance).toBe(87.66);
    const again = await call(seamlessPaths.bet, body);
    expect(again.json().value).toEqual(first.json().value);
    const other = await call(seamlessPaths.bet, { ...body, amount: 1 });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('APP_ERR_LEDGER_DUPLICATE');
    expect(await balanceOf(db, p.main)).toBe(8_766);
  });

  it('refuses a bet the player cannot afford with the balance, and bad amounts and currencies at the field', async () => {
    const p = await player(5);
    const res = await call(seamlessPaths.bet, betBody(p, 5.01));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'APP_ERR_WALLET_INSUFFICIENT_FUNDS', value: { balance: 5, currency: 'BRL' } });
    const cents = await call(seamlessPaths.bet, betBody(p, 0.001));
    expect(cents.statusCode).toBe(400);
    expect(cents.json().value.fields).toContainEqual({ field: 'amount', message: 'validation.amount_decimals' });
    expect((await call(seamlessPaths.bet, betBody(p, -1))).statusCode).toBe(400);
    expect((await call(seamlessPaths.bet, betBody(p, 0))).statusCode).toBe(400);
    expect((await call(seamlessPaths.bet, betBody(p, 1, { currency: 'XOF' }))).json().code).toBe('APP_ERR_SEAMLESS_CURRENCY');
    expect((await call(seamlessPaths.bet, betBody(p, 1, { token: 'x'.repeat(32) }))).json().code).toBe('APP_ERR_SEAMLESS_TOKEN_INVALID');
    expect(await balanceOf(db, p.main)).toBe(500);
  });

  it('lets a trial account play only with demo money', async () => {
    const p = await player(0, 4);
    const res = await call(seamlessPaths.bet, betBody(p, 1));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('APP_ERR_SEAMLESS_PLAYER_DISABLED');
  });

  it('credits a win once, accepts it after the launch token expired, and keeps the round', async () => {
    const p = await player(10);
    const bet = betBody(p, 2);
    await call(seamlessPaths.bet, bet);
    const win = {
      playerId: bet.playerId,
      transactionId: id('win'),
      roundId: bet.roundId,
      gameCode: bet.gameCode,
      amount: 7.5,
      currency: 'BRL',
      roundClosed: false,
    };
    const first = await call(seamlessPaths.win, win);
    expect(first.json().value.balance).toBe(15.5);
    expect((await call(seamlessPaths.win, win)).json().value.balance).toBe(15.5);
    const closed = await call(seamlessPaths.closeRound, { playerId: bet.playerId, roundId: bet.roundId });
    expect(closed.json().value).toEqual({ roundId: bet.roundId, status: 'closed', stake: 2, win: 7.5 });
    // A win for a player whose launch token has long expired is still paid: it needs no token.
    const late = await player(1);
    const then = new Date(Date.now() - 13 * 3600_000);
    const old = await openGameSession(db, late.member, 'INHOUSE', 'jungle-gems', then);
    const provider = await findProvider(db, 'TESTPROV');
    if (!provider) throw new Error('no provider');
    const lateBet = betBody({ member: late.member, token: old.token }, 1);
    await new SeamlessWallet(db, new MerchantDirectory(db, 60_000)).bet(provider, lateBet, then);
    expect((await call(seamlessPaths.bet, { ...lateBet, transactionId: id('bet') })).json().code).toBe('APP_ERR_SEAMLESS_TOKEN_EXPIRED');
    const lateWin = { ...win, playerId: String(late.member.id), transactionId: id('win'), roundId: lateBet.roundId, amount: 1 };
    expect((await call(seamlessPaths.win, lateWin)).json().value.balance).toBe(1);
    expect(await balanceOf(db, p.main)).toBe(1_550);
  });

  it('closes a lost round with a zero win that moves nothing', async () => {
    const p = await player(3);
    const bet = betBody(p, 3);
    await call(seamlessPaths.bet, bet);
    const res = await call(seamlessPaths.win, { ...bet, token: undefined, transactionId: id('win'), amount: 0 });
    expect(res.json().value).toMatchObject({ balance: 0, walletTransactionId: 0 });
  });
});

describe('rollback', () => {
  it('refunds a bet once, and refuses to refund a bet whose round has paid', async () => {
    const p = await player(20);
    const bet = betBody(p, 8);
    await call(seamlessPaths.bet, bet);
    const rollback = { playerId: bet.playerId, transactionId: id('rb'), betTransactionId: bet.transactionId };
    expect((await call(seamlessPaths.rollback, rollback)).json().value.balance).toBe(20);
    expect((await call(seamlessPaths.rollback, rollback)).json().value.balance).toBe(20);
    // Another rollback id for the same bet moves nothing again.
    expect((await call(seamlessPaths.rollback, { ...rollback, transactionId: id('rb') })).json().value.balance).toBe(20);

    const won = betBody(p, 4);
    await call(seamlessPaths.bet, won);
    await call(seamlessPaths.win, { ...won, token: undefined, transactionId: id('win'), amount: 6 });
    const refused = await call(seamlessPaths.rollback, {
      playerId: won.playerId,
      transactionId: id('rb'),
      betTransactionId: won.transactionId,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('APP_ERR_SEAMLESS_BET_SETTLED');
    expect(await balanceOf(db, p.main)).toBe(2_200);
  });

  it('records a rollback of a bet never received and refuses that bet when it arrives', async () => {
    const p = await player(10);
    const bet = betBody(p, 4);
    const rb = await call(seamlessPaths.rollback, { playerId: bet.playerId, transactionId: id('rb'), betTransactionId: bet.transactionId });
    expect(rb.statusCode).toBe(200);
    expect(rb.json().value).toMatchObject({ balance: 10, walletTransactionId: 0 });
    const late = await call(seamlessPaths.bet, bet);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('APP_ERR_SEAMLESS_BET_CANCELLED');
    expect(await balanceOf(db, p.main)).toBe(1_000);
  });
});

describe('live stake', () => {
  const winOf = (bet: ReturnType<typeof betBody>, amount: number, extra: Record<string, unknown> = {}) => ({
    playerId: bet.playerId,
    transactionId: id('win'),
    roundId: bet.roundId,
    gameCode: bet.gameCode,
    amount,
    currency: 'BRL',
    roundClosed: true,
    ...extra,
  });
  const rollbackOf = (bet: { playerId: string; transactionId: string }) => ({
    playerId: bet.playerId,
    transactionId: id('rb'),
    betTransactionId: bet.transactionId,
  });

  it('refuses a win after its bet was rolled back, for good, and a repeat gets the same refusal', async () => {
    const p = await player(10);
    const bet = betBody(p, 4);
    await call(seamlessPaths.bet, bet);
    expect((await call(seamlessPaths.rollback, rollbackOf(bet))).json().value.balance).toBe(10);
    const win = winOf(bet, 9);
    const refused = await call(seamlessPaths.win, win);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN');
    // The provider retries the win: the same answer, even once the round has a live stake again.
    await call(seamlessPaths.bet, { ...betBody(p, 1), roundId: bet.roundId });
    const again = await call(seamlessPaths.win, win);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(refused.json());
    // The same id with another body is another call under a used id.
    expect((await call(seamlessPaths.win, { ...win, amount: 8 })).json().code).toBe('APP_ERR_LEDGER_DUPLICATE');
    expect(await balanceOf(db, p.main)).toBe(900);
    expect(await findRound(db, 'TESTPROV', bet.roundId)).toMatchObject({ stake: 100, win: 0 });
  });

  it('refuses a win, zero or not, on a round that never had a bet, and on a round of another player', async () => {
    const p = await player(0);
    const ghost = { playerId: String(p.member.id), roundId: id('round'), gameCode: 'jungle-gems' } as ReturnType<typeof betBody>;
    for (const amount of [5, 0]) {
      const res = await call(seamlessPaths.win, winOf(ghost, amount));
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN');
    }
    expect(await findRound(db, 'TESTPROV', ghost.roundId)).toBeUndefined();
    const other = await player(10);
    const othersBet = betBody(other, 2);
    await call(seamlessPaths.bet, othersBet);
    const stolen = await call(seamlessPaths.win, { ...winOf(othersBet, 50), playerId: String(p.member.id) });
    expect(stolen.json().code).toBe('APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN');
    expect(await balanceOf(db, p.main)).toBe(0);
    // The round's own player is paid.
    expect((await call(seamlessPaths.win, winOf(othersBet, 3))).json().value.balance).toBe(11);
  });

  it('pays a win while one bet of the round stays live after another was rolled back', async () => {
    const p = await player(10);
    const first = betBody(p, 2);
    const second = { ...betBody(p, 3), roundId: first.roundId };
    await call(seamlessPaths.bet, first);
    await call(seamlessPaths.bet, second);
    await call(seamlessPaths.rollback, rollbackOf(first));
    expect((await call(seamlessPaths.win, winOf(first, 4))).json().value.balance).toBe(11);
    expect(await findRound(db, 'TESTPROV', first.roundId)).toMatchObject({ stake: 300, win: 400, status: 'closed' });
  });

  it('refuses the rollback of a win whose bet was rolled back, and of a paid win, moving nothing', async () => {
    const p = await player(10);
    const bet = betBody(p, 4);
    await call(seamlessPaths.bet, bet);
    await call(seamlessPaths.rollback, rollbackOf(bet));
    const win = winOf(bet, 6);
    expect((await call(seamlessPaths.win, win)).statusCode).toBe(404);
    const rollbackOfWin = rollbackOf({ playerId: win.playerId, transactionId: win.transactionId });
    for (let i = 0; i < 2; i++) {
      const res = await call(seamlessPaths.rollback, rollbackOfWin);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN');
    }
    const paidBet = betBody(p, 5);
    await call(seamlessPaths.bet, paidBet);
    const paid = winOf(paidBet, 7);
    expect((await call(seamlessPaths.win, paid)).json().value.balance).toBe(12);
    const res = await call(seamlessPaths.rollback, rollbackOf({ playerId: paid.playerId, transactionId: paid.transactionId }));
    expect(res.json().code).toBe('APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN');
    expect(await balanceOf(db, p.main)).toBe(1_200);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('never creates money when a rollback and a win of one round race', async () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const p = await player(10);
      const bet = betBody(p, 3);
      await call(seamlessPaths.bet, bet);
      const [win, rollback] = await Promise.all([call(seamlessPaths.win, winOf(bet, 5)), call(seamlessPaths.rollback, rollbackOf(bet))]);
      const balance = await balanceOf(db, p.main);
      // Exactly one of them went through: the win (the bet is then settled) or the refund (the win then has no stake).
      if (win.statusCode === 200) {
        expect(rollback.json().code).toBe('APP_ERR_SEAMLESS_BET_SETTLED');
        expect(balance).toBe(1_200);
      } else {
        expect(win.json().code).toBe('APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN');
        expect(rollback.statusCode).toBe(200);
        expect(balance).toBe(1_000);
      }
      outcomes.add(win.statusCode === 200 ? 'win' : 'rollback');
    }
    expect(outcomes.size).toBeGreaterThan(0);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  // PGlite has one connection: a transaction there runs alone, so these orders can only be forced on PostgreSQL.
  it.skipIf(testEngine !== 'postgres')(
    'refuses a win that waited for a rollback in flight, and undoes a rollback that waited for a win, on PostgreSQL',
    async () => {
      /** Holds row locks in a transaction of its own until `release` is called. */
      const holding = async (lock: SQL) => {
        let release = () => {};
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        let held = () => {};
        const locked = new Promise<void>((resolve) => {
          held = resolve;
        });
        const done = db.transaction(async (tx) => {
          await queryRows(tx as unknown as Db, lock);
          held();
          await released;
        });
        await locked;
        return { release, done };
      };
      /** Resolves once `n` statements of this database wait on a lock. */
      const waiting = async (n: number) => {
        for (;;) {
          const [row] = await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((row?.n ?? 0) >= n) return;
        }
      };

      // A rollback holds the player's accounts and waits for the round (held here); a win then waits for
      // the accounts. The rollback commits first: the win must read the round as it is now, without stake.
      const p = await player(10);
      const bet = betBody(p, 3);
      await call(seamlessPaths.bet, bet);
      const round = await holding(sql`select id from game_rounds where provider = 'TESTPROV' and round_id = ${bet.roundId} for update`);
      const rollback = call(seamlessPaths.rollback, rollbackOf(bet));
      await waiting(1);
      const win = call(seamlessPaths.win, winOf(bet, 5));
      await waiting(2);
      round.release();
      await round.done;
      expect((await rollback).statusCode).toBe(200);
      expect((await win).json().code).toBe('APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN');
      expect(await balanceOf(db, p.main)).toBe(1_000);

      // The other order: a win waits for the player's account (held here), a rollback waits behind it.
      // The win goes first and pays; the rollback, which refunded in its transaction, finds the bet settled.
      const q = await player(10);
      const settled = betBody(q, 3);
      await call(seamlessPaths.bet, settled);
      const account = await holding(sql`select id from ledger_accounts where id = ${q.main} for update`);
      const paid = call(seamlessPaths.win, winOf(settled, 5));
      await waiting(1);
      const late = call(seamlessPaths.rollback, rollbackOf(settled));
      await waiting(2);
      account.release();
      await account.done;
      expect((await paid).json().value.balance).toBe(12);
      expect((await late).json().code).toBe('APP_ERR_SEAMLESS_BET_SETTLED');
      expect(await balanceOf(db, q.main)).toBe(1_200);
      expect(await findRound(db, 'TESTPROV', settled.roundId)).toMatchObject({ stake: 300, win: 500 });
      expect((await checkLedger(db)).ok).toBe(true);
    },
  );

  it('holds inside a group: a win waits for its round’s bet in flight, and a win sent before its bet is refused', async () => {
    const provider = await findProvider(db, 'TESTPROV');
    if (!provider) throw new Error('no provider');
    const wallet = new SeamlessWallet(db, new MerchantDirectory(db, 60_000), { maxInFlight: 1 });
    const players = await Promise.all(Array.from({ length: 4 }, () => player(20)));
    const [a, b, c, d] = players.map((p) => betBody(p, 5)) as ReturnType<typeof betBody>[];
    const cancelled = betBody(players[3] as (typeof players)[number], 5);
    await wallet.bet(provider, d as ReturnType<typeof betBody>);
    await wallet.rollback(provider, rollbackOf(d as ReturnType<typeof betBody>));
    // Each call is started once the one before has reached the group writer, so they arrive in this order.
    const submit = wallet.writer.submit.bind(wallet.writer);
    let reached = () => {};
    wallet.writer.submit = (play) => {
      const outcome = submit(play);
      reached();
      return outcome;
    };
    const inOrder = async (calls: (() => Promise<{ balance: number }>)[]) => {
      const answers: Promise<number | string>[] = [];
      for (const start of calls) {
        const arrived = new Promise<void>((resolve) => {
          reached = resolve;
        });
        answers.push(
          start().then(
            (m) => m.balance,
            (err: AppError) => err.code,
          ),
        );
        await arrived;
      }
      return Promise.all(answers);
    };
    const before = { ...wallet.writer.stats };
    const answers = await inOrder([
      () => wallet.bet(provider, a as ReturnType<typeof betBody>),
      () => wallet.win(provider, winOf(a as ReturnType<typeof betBody>, 10)),
      () => wallet.win(provider, winOf(b as ReturnType<typeof betBody>, 10)),
      () => wallet.bet(provider, b as ReturnType<typeof betBody>),
      () => wallet.bet(provider, c as ReturnType<typeof betBody>),
      () => wallet.win(provider, winOf(d as ReturnType<typeof betBody>, 10)),
      () => wallet.win(provider, winOf(cancelled, 10)),
    ]);
    expect(answers).toEqual([
      15,
      25,
      'APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN',
      15,
      15,
      'APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN',
      'APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN',
    ]);
    expect(wallet.writer.stats.items - before.items).toBe(7);
    expect(wallet.writer.stats.fallbacks).toBe(before.fallbacks);
    expect(await balanceOf(db, players[3]?.main ?? 0)).toBe(2_000);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('concurrency', () => {
  it('moves money once for the same bet sent 20 times at once', async () => {
    const p = await player(50);
    const body = betBody(p, 5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(seamlessPaths.bet, body)));
    for (const a of answers) expect(a.json().value?.balance).toBe(45);
    expect(await balanceOf(db, p.main)).toBe(4_500);
  });

  it('never lets concurrent bets take more than the balance', async () => {
    const p = await player(30);
    const answers = await Promise.all(Array.from({ length: 25 }, () => call(seamlessPaths.bet, betBody(p, 2))));
    const accepted = answers.filter((a) => a.statusCode === 200).length;
    expect(accepted).toBe(15);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'APP_ERR_WALLET_INSUFFICIENT_FUNDS')).toBe(true);
    expect(await balanceOf(db, p.main)).toBe(0);
  });

  it('writes many players’ concurrent calls together, each answered as if it came alone', async () => {
    const writes = async () => {
      const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      const value = (count: string) => Number(new RegExp(`seamless_writes\\{count="${count}"\\} (\\d+)`).exec(text)?.[1]);
      return { batches: value('batches'), items: value('items'), fallbacks: value('fallbacks') };
    };
    const before = await writes();
    const players = await Promise.all(Array.from({ length: 24 }, () => player(100)));
    const poor = await player(100);
    const repeated = await player(100);
    const settled = betBody(repeated, 10);
    const first = await call(seamlessPaths.bet, settled);
    const cancelledPlayer = await player(100);
    const cancelled = betBody(cancelledPlayer, 10);
    await call(seamlessPaths.rollback, {
      playerId: cancelled.playerId,
      transactionId: id('rb'),
      betTransactionId: cancelled.transactionId,
    });

    // One call each first, so that what a call looks up is known and the burst arrives at once.
    for (const p of [...players, poor]) await call(seamlessPaths.bet, betBody(p, 10));
    const bets = players.map((p) => betBody(p, 30));
    const answers = await Promise.all([
      ...bets.map((b) => call(seamlessPaths.bet, b)),
      call(seamlessPaths.bet, betBody(poor, 200)),
      call(seamlessPaths.bet, settled),
      call(seamlessPaths.bet, cancelled),
    ]);
    for (const a of answers.slice(0, 24)) expect(a.json().value?.balance).toBe(60);
    const [short, repeat, refused] = answers.slice(24);
    expect(short?.statusCode).toBe(409);
    expect(short?.json()).toMatchObject({ code: 'APP_ERR_WALLET_INSUFFICIENT_FUNDS', value: { balance: 90, currency: 'BRL' } });
    expect(repeat?.json()).toEqual(first.json());
    expect(refused?.json().code).toBe('APP_ERR_SEAMLESS_BET_CANCELLED');

    const wins = await Promise.all(
      bets.map((b) =>
        call(seamlessPaths.win, {
          playerId: b.playerId,
          transactionId: id('win'),
          roundId: b.roundId,
          gameCode: b.gameCode,
          amount: 1.5,
          currency: 'BRL',
        }),
      ),
    );
    for (const w of wins) expect(w.json().value?.balance).toBe(61.5);
    for (const p of players) expect(await balanceOf(db, p.main)).toBe(6_150);
    expect(await balanceOf(db, poor.main)).toBe(9_000);
    expect(await balanceOf(db, cancelledPlayer.main)).toBe(10_000);
    const after = await writes();
    // On PostgreSQL some calls went together (fewer statements than calls). PGlite runs each query to
    // its end before the next request is read, so there every call finds the writer idle.
    if (testEngine === 'postgres') expect(after.items - before.items).toBeGreaterThan(after.batches - before.batches);
    expect(after.fallbacks).toBe(before.fallbacks);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('leaves the balance whole when a bet and its rollback race', async () => {
    for (let i = 0; i < 10; i++) {
      const p = await player(10);
      const bet = betBody(p, 3);
      const rollback = { playerId: bet.playerId, transactionId: id('rb'), betTransactionId: bet.transactionId };
      await Promise.all([call(seamlessPaths.bet, bet), call(seamlessPaths.rollback, rollback)]);
      expect(await balanceOf(db, p.main)).toBe(1_000);
    }
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('group commit', () => {
  it('writes calls that wait together in one statement, each with the answer it would get alone', async () => {
    const provider = await findProvider(db, 'TESTPROV');
    if (!provider) throw new Error('no provider');
    // One batch in flight: calls made while it is written wait, and go together in the next.
    const wallet = new SeamlessWallet(db, new MerchantDirectory(db, 60_000), { maxInFlight: 1 });
    const players = await Promise.all(Array.from({ length: 7 }, () => player(50)));
    const cancelled = betBody(players[4] as (typeof players)[number], 5);
    await wallet.rollback(provider, { playerId: cancelled.playerId, transactionId: id('rb'), betTransactionId: cancelled.transactionId });
    const repeated = betBody(players[5] as (typeof players)[number], 5);
    const first = await wallet.bet(provider, repeated);
    const lost = betBody(players[6] as (typeof players)[number], 7);
    await wallet.bet(provider, lost);
    const zeroWin = {
      playerId: lost.playerId,
      transactionId: id('win'),
      roundId: lost.roundId,
      gameCode: lost.gameCode,
      amount: 0,
      currency: 'BRL',
      roundClosed: true,
    };
    const outcome = (body: ReturnType<typeof betBody>) =>
      wallet.bet(provider, body).then(
        (move) => move.balance,
        (err: AppError) => `${err.code} ${JSON.stringify(err.detail ?? null)}`,
      );
    const bets = players.slice(0, 4).map((p, i) => betBody(p, i === 3 ? 51 : 10 * (i + 1)));
    const before = { ...wallet.writer.stats };
    const answers = await Promise.all([
      outcome(betBody(players[0] as (typeof players)[number], 1)),
      ...bets.map(outcome),
      outcome(cancelled),
      outcome(repeated),
      wallet.win(provider, zeroWin).then((move) => move.balance),
    ]);
    expect(answers).toEqual([
      49,
      39,
      30,
      20,
      'APP_ERR_WALLET_INSUFFICIENT_FUNDS {"balance":50,"currency":"BRL"}',
      'APP_ERR_SEAMLESS_BET_CANCELLED null',
      first.balance,
      43,
    ]);
    expect(wallet.writer.stats.items - before.items).toBe(8);
    // The first call went alone; the others waited for it and went together, in fewer writes than calls.
    expect(wallet.writer.stats.batches - before.batches).toBeLessThanOrEqual(4);
    expect(wallet.writer.stats.fallbacks).toBe(before.fallbacks);
    const round = await findRound(db, 'TESTPROV', (bets[1] as { roundId: string }).roundId);
    expect(round).toMatchObject({ stake: 2_000, win: 0, status: 'open' });
    expect(await findRound(db, 'TESTPROV', lost.roundId)).toMatchObject({ stake: 700, win: 0, status: 'closed' });
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('two nodes', () => {
  it('moves money once when the same calls reach two nodes at once, each answering the same', async () => {
    const provider = await findProvider(db, 'TESTPROV');
    if (!provider) throw new Error('no provider');
    // Two wallets are two server nodes: their groups do not know of each other, only the database does.
    const nodes = [0, 1].map(() => new SeamlessWallet(db, new MerchantDirectory(db, 60_000), { maxInFlight: 2 }));
    const players = await Promise.all(Array.from({ length: 12 }, () => player(40)));
    const bets = players.map((p) => betBody(p, 15));
    const answers = await Promise.all(nodes.flatMap((node) => bets.map((b) => node.bet(provider, b).then((m) => m.balance))));
    expect(answers).toEqual([...bets.map(() => 25), ...bets.map(() => 25)]);
    const wins = bets.map((b) => ({
      playerId: b.playerId,
      transactionId: id('win'),
      roundId: b.roundId,
      gameCode: b.gameCode,
      amount: 2.5,
      currency: 'BRL',
      roundClosed: false,
    }));
    const paid = await Promise.all(nodes.flatMap((node) => wins.map((w) => node.win(provider, w).then((m) => m.balance))));
    expect(paid).toEqual([...wins.map(() => 27.5), ...wins.map(() => 27.5)]);
    for (const p of players) expect(await balanceOf(db, p.main)).toBe(2_750);
    expect(await findRound(db, 'TESTPROV', (bets[0] as { roundId: string }).roundId)).toMatchObject({ stake: 1_500, win: 250 });
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('integration guide', () => {
  it('documents every call with its signature scheme in the OpenAPI page', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const path of Object.values(seamlessPaths)) {
      expect(doc.paths[path]?.post?.security).toEqual([{ providerSignature: [] }]);
    }
    expect(doc.components.securitySchemes.providerSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Signature' });
  });
});
