import { seamlessPaths } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { testEngine } from '../../../test/test-database.ts';
import type { Db } from '../../platform/db.ts';
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
    const late = await player(0);
    const lateWin = { ...win, playerId: String(late.member.id), transactionId: id('win'), roundId: id('round'), amount: 1 };
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
