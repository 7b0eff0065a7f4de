import { crashPaths, seamlessPaths } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCrashRound } from '../../../test/crash-rounds.ts';
import { fundMember } from '../../../test/funds.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import type { WalletCall } from '../inhouse/inhouse.service.ts';
import { insertMember } from '../members/members.repository.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { findProvider, findRound } from '../seamless/seamless.repository.ts';
import { openGameSession, signSeamless } from '../seamless/seamless.service.ts';
import { balanceOf, checkLedger } from '../wallet/ledger.service.ts';
import { CRASH_BETTING_MS, CrashGame } from './crash.service.ts';
import { crashBets, crashRounds } from './crash.tables.ts';

let t: TestApp;
let wallet: WalletCall;
let directory: MerchantDirectory;
let brazil: Merchant;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const secret = (await findProvider(db, 'INHOUSE'))?.secret ?? '';
  wallet = async (path, body) => {
    const payload = JSON.stringify(body);
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', 'x-provider': 'INHOUSE', 'x-signature': signSeamless(secret, payload) },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  directory = new MerchantDirectory(db, 0);
  brazil = (await directory.list()).find((m) => m.code === 'BRAZIL') as Merchant;
});
afterAll(() => t.close());

async function player(account: string) {
  const db = t.database.db;
  const member = await insertMember(db, { merchantId: brazil.id, account, language: 'EN' });
  const main = await fundMember(db, brazil, member.id, 10_000);
  const { token } = await openGameSession(db, member, 'INHOUSE', 'crash');
  return { member, token, main };
}

describe('settling a crash round a crash left half done', () => {
  it('voids a bet whose stake never reached the wallet, and keeps the round open until every result is paid', async () => {
    const db = t.database.db;
    const opens = new Date(Date.now() + 60_000);
    const round = await insertCrashRound(db, { sequence: 1, opens, min: 250, max: 2000 });
    const [alice, bob] = [await player('halfalice'), await player('halfbob')];
    const during = new Date(opens.getTime() + 1000);
    // Alice's bet was stored, then the node died before the wallet's bet call: no stake was taken.
    const [cut] = await db
      .insert(crashBets)
      .values({ roundId: round.id, memberId: alice.member.id, stake: 1000, autoCashOut: 150, createdAt: during })
      .returning();
    const healthy = new CrashGame(db, directory, wallet);
    await healthy.bet(bob.token, 20, undefined, during);

    // A node whose win calls fail (it is stopping): nothing is marked settled that is not paid.
    const failing: WalletCall = async (path, body) => (path === seamlessPaths.win ? { status: 503, body: {} } : wallet(path, body));
    const after = new Date(round.crashesAt.getTime() + 1);
    await new CrashGame(db, directory, failing).settle(after);
    const [open] = await db.select().from(crashRounds).where(eq(crashRounds.id, round.id));
    expect(open?.settledAt).toBeNull();
    // Alice's bet owed nothing: it is gone, and so is any 1.5x paid on a stake never taken.
    expect(await db.select().from(crashBets).where(eq(crashBets.memberId, alice.member.id))).toEqual([]);
    expect(await balanceOf(db, alice.main)).toBe(10_000);

    await Promise.all([healthy.settle(after), healthy.settle(after)]);
    const [settled] = await db.select().from(crashRounds).where(eq(crashRounds.id, round.id));
    expect(settled?.settledAt).not.toBeNull();
    const [bobBet] = await db.select().from(crashBets).where(eq(crashBets.memberId, bob.member.id));
    expect(bobBet).toMatchObject({ status: 'lost', paid: true });
    expect(await findRound(db, 'INHOUSE', `crash-1-${bobBet?.id}`)).toMatchObject({ status: 'closed', stake: 2000, win: 0 });
    expect(await balanceOf(db, bob.main)).toBe(8_000);

    // Alice's bet call arriving late is refused: the void bet can never take a stake.
    const late = await wallet(seamlessPaths.bet, {
      playerId: String(alice.member.id),
      token: alice.token,
      transactionId: `crash-1-${cut?.id}-b`,
      roundId: `crash-1-${cut?.id}`,
      gameCode: 'crash',
      amount: 10,
      currency: brazil.currency,
    });
    expect(late.body.code).toBe('APP_ERR_SEAMLESS_BET_CANCELLED');
    expect(await balanceOf(db, alice.main)).toBe(10_000);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses to cash out a bet whose stake never reached the wallet, instead of answering a payout nobody pays', async () => {
    const db = t.database.db;
    // A round running now, far from its crash.
    const round = await insertCrashRound(db, { sequence: 2, opens: new Date(Date.now() - CRASH_BETTING_MS - 500), min: 500, max: 2000 });
    const carol = await player('halfcarol');
    // Carol's bet was stored, then its node died before the wallet's bet call; she cashes out on the restarted one.
    const [cut] = await db
      .insert(crashBets)
      .values({ roundId: round.id, memberId: carol.member.id, stake: 1000, autoCashOut: null, createdAt: round.bettingOpensAt })
      .returning();
    const res = await t.app.inject({ method: 'POST', url: crashPaths.cashOut, payload: { token: carol.token } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('APP_ERR_CRASH_NO_BET');
    expect(await balanceOf(db, carol.main)).toBe(10_000);
    // The bet stays open, and the settlement voids it: nothing is owed either way.
    const [stillOpen] = await db
      .select()
      .from(crashBets)
      .where(eq(crashBets.id, cut?.id ?? 0));
    expect(stillOpen).toMatchObject({ status: 'open', paid: false });
    await new CrashGame(db, directory, wallet).settle(new Date(round.crashesAt.getTime() + 1));
    expect(
      await db
        .select()
        .from(crashBets)
        .where(eq(crashBets.id, cut?.id ?? 0)),
    ).toEqual([]);
    expect(await balanceOf(db, carol.main)).toBe(10_000);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
