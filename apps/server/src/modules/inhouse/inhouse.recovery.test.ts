import { catalogPaths, inhousePaths, seamlessPaths } from '@platform/contract';
import { fair } from '@platform/games';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../../../test/auth.ts';
import { fundMember } from '../../../test/funds.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { games } from '../catalog/catalog.tables.ts';
import { memberByAccount } from '../members/members.service.ts';
import { listMerchants } from '../merchants/merchants.repository.ts';
import { MerchantDirectory } from '../merchants/merchants.service.ts';
import { findProvider, findRound } from '../seamless/seamless.repository.ts';
import { signSeamless } from '../seamless/seamless.service.ts';
import { balanceOf, checkLedger } from '../wallet/ledger.service.ts';
import { activePair } from './inhouse.repository.ts';
import { dicePlan, INHOUSE, InhouseGames, type WalletCall } from './inhouse.service.ts';

let t: TestApp;
let app: FastifyInstance;
let memberId: number;
let main: number;
let wallet: WalletCall;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  const db = t.database.db;
  const brazil = (await listMerchants(db)).find((m) => m.code === 'BRAZIL');
  const member = await memberByAccount(db, brazil?.id ?? 0, 'demoplayer');
  if (!brazil || !member) throw new Error('no demo player');
  memberId = member.id;
  main = await fundMember(db, brazil, member.id, 50_000);
  const secret = (await findProvider(db, INHOUSE))?.secret ?? '';
  // The seamless wallet as the in-house provider calls it: signed, through the router.
  wallet = async (path, body) => {
    const payload = JSON.stringify(body);
    const res = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', 'x-provider': INHOUSE, 'x-signature': signSeamless(secret, payload) },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
});
afterAll(() => t.close());

async function launchDice(): Promise<string> {
  const session = await tokenOf(app, 'demoplayer', 'Demo1234');
  const [game] = await t.database.db.select().from(games).where(eq(games.gameCode, 'dice'));
  const res = await app.inject({
    method: 'POST',
    url: catalogPaths.launchGame,
    headers: { authorization: `Bearer ${session}` },
    payload: { nodeId: game?.id },
  });
  return new URL(res.json().value.game_url, 'http://site').searchParams.get('token') ?? '';
}

/**
 * Plays one dice round of 1.00 whose bet reaches the wallet and whose win never does, as when the
 * node dies between the two calls; the bet is chosen from the pair's next seeds to win or to lose.
 * Gives the round id and the win call that was lost.
 */
async function roundCutAfterBet(token: string, outcome: 'won' | 'lost') {
  await app.inject({ method: 'POST', url: inhousePaths.seeds, payload: { token } });
  const pair = await activePair(t.database.db, memberId);
  if (!pair) throw new Error('no seed pair');
  const seeds = { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce };
  const bets = [500, 2000, 5000, 8000, 9000].flatMap((target) => (['over', 'under'] as const).map((direction) => ({ target, direction })));
  const bet = bets.find((b) => fair.playDice({ stake: 100, ...b }, seeds).win === (outcome === 'won'));
  if (!bet) throw new Error('no bet of that outcome');
  const lost: { body: Record<string, unknown> }[] = [];
  const dying: WalletCall = async (path, body) => {
    if (path !== seamlessPaths.win) return wallet(path, body);
    lost.push({ body: body as Record<string, unknown> });
    return { status: 503, body: {} };
  };
  const cut = new InhouseGames(t.database.db, new MerchantDirectory(t.database.db, 0), dying);
  await expect(cut.play(token, dicePlan(1, bet.target / 100, bet.direction, 'BRL'))).rejects.toThrow();
  const roundId = `ih-${pair.id}-${pair.nonce}`;
  const win = fair.playDice({ stake: 100, ...bet }, seeds).payout;
  return { roundId, win, lostWin: lost[0]?.body ?? {} };
}

describe('recovery of in-house rounds', () => {
  it('pays a round whose win was never sent from its stored outcome, exactly once, even with two recoveries at once', async () => {
    const token = await launchDice();
    const before = await balanceOf(t.database.db, main);
    const { roundId, win, lostWin } = await roundCutAfterBet(token, 'won');
    expect(win).toBeGreaterThan(0);
    expect(await balanceOf(t.database.db, main)).toBe(before - 100);
    expect((await findRound(t.database.db, INHOUSE, roundId))?.status).toBe('open');

    // A round this young is still being played: the periodic recovery leaves it to its own call.
    expect(await app.inhouseRecovery(new Date())).toBe(0);

    const later = new Date(Date.now() + 60_000);
    await Promise.all([app.inhouseRecovery(later), app.inhouseRecovery(later)]);
    const round = await findRound(t.database.db, INHOUSE, roundId);
    expect(round).toMatchObject({ status: 'closed', stake: 100, win });
    expect(await balanceOf(t.database.db, main)).toBe(before - 100 + win);

    // The original call arriving late is the recovery's call: answered, and nothing moves.
    const repeat = await wallet(seamlessPaths.win, lostWin);
    expect(repeat.status).toBe(200);
    expect(await balanceOf(t.database.db, main)).toBe(before - 100 + win);
    expect(await app.inhouseRecovery(later)).toBe(0);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('closes a lost round left open with its zero win', async () => {
    const token = await launchDice();
    const before = await balanceOf(t.database.db, main);
    const { roundId, win } = await roundCutAfterBet(token, 'lost');
    expect(win).toBe(0);
    expect(await app.inhouseRecovery(new Date(Date.now() + 60_000))).toBe(1);
    expect(await findRound(t.database.db, INHOUSE, roundId)).toMatchObject({ status: 'closed', stake: 100, win: 0 });
    expect(await balanceOf(t.database.db, main)).toBe(before - 100);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });
});
