import { randomBytes } from 'node:crypto';
import { type RoundAnswer, type RoundRecord, type Seeds, seamlessPaths, toAmount } from '@platform/contract';
import { fair, slots } from '@platform/games';
import type { Db } from '../../platform/db.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { AppError } from '../../platform/errors.ts';
import { minorOf } from '../../platform/money.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { type GameSessionRow, gameSessionByHash, openProviderRounds, providerRound } from '../seamless/seamless.service.ts';
import { isGateRefusal } from '../staking/stake-gate.ts';
import { activePair, lastRevealed, openPair, pairById, revealPair, type SeedPairRow, takeNonce } from './inhouse.repository.ts';

/** Our provider code and vendor in the seamless wallet. */
export const INHOUSE = 'INHOUSE';

/** Calls our own seamless wallet the way any provider does (signed), and gives back status and body. */
export type WalletCall = (path: string, body: object) => Promise<{ status: number; body: { code?: string; value?: unknown } }>;

const newServerSeed = () => randomBytes(32).toString('hex');
const newClientSeed = () => randomBytes(8).toString('hex');

/** One round of one game: its stake and how its outcome follows from the seeds. */
export interface RoundPlan {
  gameCode: string;
  /** The currency the stake was asked in (the merchant's of the request). */
  currency: string;
  /** Minor units of that currency debited. */
  stake: number;
  /** What the player asked for, stored for replay. */
  bet: Record<string, unknown>;
  /** The outcome from the round's seeds: the win in minor units and what to show and store. */
  play(seeds: fair.RoundSeeds): { win: number; outcome: Record<string, unknown> };
  /** The field to blame when the game refuses the bet's parameters. */
  field: string;
}

/**
 * The in-house game server: provably fair rounds whose money moves through our seamless wallet,
 * called exactly as a third-party provider would call it.
 */
export class InhouseGames {
  constructor(
    private readonly db: Db,
    private readonly directory: MerchantDirectory,
    private readonly wallet: WalletCall,
  ) {}

  /** The seed pair of the launch token's player: the current pair's public part and the last revealed pair. */
  async seeds(token: string): Promise<Seeds> {
    const session = await this.session(token);
    const current = await this.pairOf(session.memberId);
    const previous = await lastRevealed(this.db, session.memberId);
    return { current: publicOf(current), previous: previous ? revealedOf(previous) : null };
  }

  /** Reveals the current server seed and starts a new pair (with the player's client seed when given). */
  async rotate(token: string, clientSeed: string | undefined, now = new Date()): Promise<Seeds> {
    const session = await this.session(token);
    const old = await this.pairOf(session.memberId);
    const revealed = await revealPair(this.db, session.memberId, now);
    const serverSeed = newServerSeed();
    await openPair(this.db, {
      memberId: session.memberId,
      serverSeed,
      serverSeedHash: sha256Hex(serverSeed),
      clientSeed: clientSeed ?? old.clientSeed,
    });
    const current = await this.pairOf(session.memberId);
    return { current: publicOf(current), previous: revealed ? revealedOf(revealed) : null };
  }

  /** Plays a round: for money with a launch token, else with demo money and no wallet call. */
  async play(token: string | undefined, plan: RoundPlan): Promise<RoundAnswer> {
    if (!token) return this.playDemo(plan);
    const session = await this.session(token);
    if (session.gameCode !== plan.gameCode) throw new AppError('APP_ERR_GAME_NOT_FOUND');
    await this.pairOf(session.memberId);
    const pair = await takeNonce(this.db, session.memberId);
    if (!pair) throw new Error('seed pair vanished');
    const seeds = { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce };
    const { win, outcome } = run(plan, seeds);
    const roundId = `ih-${pair.id}-${pair.nonce}`;
    const merchant = (await this.directory.list()).find((m) => m.id === session.merchantId);
    if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
    // The stake was read in the request's merchant's currency: it must be the session's.
    if (merchant.currency !== plan.currency) throw new AppError('APP_ERR_SEAMLESS_CURRENCY');
    const detail = {
      game: plan.gameCode,
      bet: plan.bet,
      pairId: pair.id,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      nonce: pair.nonce,
      outcome,
      // What the round owes, as the win call sends it: the recovery pays it from here after a crash.
      win: toAmount(win, merchant.currency),
    };
    const owed: OwedWin = {
      memberId: session.memberId,
      roundId,
      gameCode: plan.gameCode,
      currency: merchant.currency,
      win: toAmount(win, merchant.currency),
    };
    const bet = await this.wallet(seamlessPaths.bet, {
      playerId: String(session.memberId),
      roundId,
      gameCode: plan.gameCode,
      currency: merchant.currency,
      token,
      transactionId: `${roundId}-b`,
      amount: toAmount(plan.stake, plan.currency),
      detail,
    });
    if (bet.status !== 200) throw walletRefusal(bet);
    // The stake is taken: the win must be paid. It is retried like any provider retries it, and if this
    // node dies first, the recovery sends the very same call (see recover), which the wallet's
    // idempotency by transaction id makes one call.
    let paid: Awaited<ReturnType<WalletCall>> | undefined;
    for (let attempt = 0; attempt < 5; attempt++) {
      paid = await this.wallet(seamlessPaths.win, winCallOf(owed));
      if (paid.status < 500) break;
    }
    if (paid?.status !== 200) throw walletRefusal(paid ?? bet);
    const balance = (paid.body.value as { balance: number }).balance;
    return {
      roundId,
      demo: false,
      stake: toAmount(plan.stake, plan.currency),
      win: toAmount(win, plan.currency),
      balance,
      seeds: { serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, nonce: pair.nonce + 1 },
      outcome,
    };
  }

  /**
   * Pays every in-house round left open (its stake taken, its win never sent: the node died or its
   * calls failed between the two) from the outcome stored with its bet; a lost round gets its zero
   * win, which closes it. The win call is exactly the one the round would have sent (same transaction
   * id, same body), so a recovery racing the original call, another node's recovery, or a late retry
   * of the original are one call to the wallet: the round is paid once. Rounds younger than `minAgeMs`
   * are most likely still being played and are left to their own call. Returns the rounds closed.
   */
  async recover(now = new Date(), minAgeMs = RECOVERY_MIN_AGE_MS, limit = 500): Promise<number> {
    const rounds = await openProviderRounds(this.db, INHOUSE, 'ih-', new Date(now.getTime() - minAgeMs), limit);
    const currencies = new Map((await this.directory.list()).map((m) => [m.id, m.currency]));
    let closed = 0;
    for (const round of rounds) {
      const currency = currencies.get(round.merchantId);
      const win = currency === undefined ? undefined : owedWinOf(round.detail, currency);
      if (win === undefined || !currency) throw new Error(`in-house round ${round.roundId} has no stored outcome to settle`);
      const owed: OwedWin = { memberId: round.memberId, roundId: round.roundId, gameCode: round.gameCode, currency, win };
      const paid = await this.wallet(seamlessPaths.win, winCallOf(owed));
      if (paid.status !== 200) throw new Error(`in-house round ${round.roundId}: win refused (${paid.status} ${paid.body.code ?? ''})`);
      closed++;
    }
    return closed;
  }

  /** A round of the player's own, with its replay data and, once its pair is rotated, the server seed. */
  async round(token: string, roundId: string): Promise<RoundRecord> {
    const session = await this.session(token);
    const round = await providerRound(this.db, INHOUSE, roundId);
    if (!round || round.memberId !== session.memberId) throw new AppError('APP_ERR_SEAMLESS_ROUND_UNKNOWN');
    const currency = (await this.directory.list()).find((m) => m.id === round.merchantId)?.currency;
    if (!currency) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
    const pairId = Number(round.detail.pairId);
    const pair = Number.isInteger(pairId) ? await pairById(this.db, pairId) : undefined;
    return {
      roundId: round.roundId,
      gameCode: round.gameCode,
      stake: toAmount(round.stake, currency),
      win: toAmount(round.win, currency),
      status: round.status,
      openedAt: round.openedAt.toISOString(),
      detail: round.detail,
      serverSeed: pair && !pair.active ? pair.serverSeed : null,
    };
  }

  private playDemo(plan: RoundPlan): RoundAnswer {
    const serverSeed = newServerSeed();
    const seeds = { serverSeed, clientSeed: newClientSeed(), nonce: 0 };
    const { win, outcome } = run(plan, seeds);
    return {
      roundId: `demo-${randomBytes(6).toString('hex')}`,
      demo: true,
      stake: toAmount(plan.stake, plan.currency),
      win: toAmount(win, plan.currency),
      balance: null,
      seeds: { serverSeedHash: sha256Hex(serverSeed), clientSeed: seeds.clientSeed, nonce: 1 },
      // Nothing is at stake in demo play, so its seed is shown at once.
      outcome: { ...outcome, serverSeed },
    };
  }

  private async session(token: string): Promise<GameSessionRow> {
    const session = await gameSessionByHash(this.db, sha256Hex(token));
    if (!session || session.vendorCode !== INHOUSE) throw new AppError('APP_ERR_SEAMLESS_TOKEN_INVALID');
    if (session.expiresAt <= new Date()) throw new AppError('APP_ERR_SEAMLESS_TOKEN_EXPIRED');
    return session;
  }

  private async pairOf(memberId: number): Promise<SeedPairRow> {
    const found = await activePair(this.db, memberId);
    if (found) return found;
    const serverSeed = newServerSeed();
    await openPair(this.db, { memberId, serverSeed, serverSeedHash: sha256Hex(serverSeed), clientSeed: newClientSeed() });
    const opened = await activePair(this.db, memberId);
    if (!opened) throw new Error('seed pair not opened');
    return opened;
  }
}

/** Open rounds younger than this are left to the call that is playing them. */
export const RECOVERY_MIN_AGE_MS = 5_000;

/** The win a round owes its player, in the wallet's amounts (decimal, as sent). */
interface OwedWin {
  memberId: number;
  roundId: string;
  gameCode: string;
  currency: string;
  win: number;
}

/**
 * The win call of a round, built in one place for the round and for its recovery: the wallet takes a
 * repeat of a transaction id as the same call only when its body is the same, to the key order.
 */
function winCallOf(o: OwedWin) {
  return {
    playerId: String(o.memberId),
    roundId: o.roundId,
    gameCode: o.gameCode,
    currency: o.currency,
    transactionId: `${o.roundId}-w`,
    amount: o.win,
    roundClosed: true,
  };
}

/**
 * What a round's stored outcome says it owes: the win kept with its bet, or for rounds stored before
 * it was kept, the outcome's payout (dice, mines, plinko) or total win (slots) in minor units.
 */
function owedWinOf(detail: Record<string, unknown>, currency: string): number | undefined {
  if (typeof detail.win === 'number') return detail.win;
  const outcome = detail.outcome as { payout?: unknown; totalWin?: unknown } | undefined;
  const minor = outcome?.payout ?? outcome?.totalWin;
  return typeof minor === 'number' ? toAmount(minor, currency) : undefined;
}

function run(plan: RoundPlan, seeds: fair.RoundSeeds) {
  try {
    return plan.play(seeds);
  } catch (err) {
    if (err instanceof RangeError) throw new AppError('APP_ERR_VALIDATION', [{ field: plan.field, message: 'validation.invalid' }]);
    throw err;
  }
}

const publicOf = (p: SeedPairRow) => ({ serverSeedHash: p.serverSeedHash, clientSeed: p.clientSeed, nonce: p.nonce });
const revealedOf = (p: SeedPairRow) => ({
  serverSeed: p.serverSeed,
  serverSeedHash: p.serverSeedHash,
  clientSeed: p.clientSeed,
  betCount: p.nonce,
});

function walletRefusal(answer: { status: number; body: { code?: string; value?: unknown } }): AppError {
  const code = answer.body.code;
  if (code === 'APP_ERR_WALLET_INSUFFICIENT_FUNDS') return new AppError(code, undefined, answer.body.value as Record<string, unknown>);
  if (isGateRefusal(code)) return new AppError(code, undefined, (answer.body.value ?? undefined) as Record<string, unknown> | undefined);
  if (
    code === 'APP_ERR_SEAMLESS_TOKEN_EXPIRED' ||
    code === 'APP_ERR_SEAMLESS_TOKEN_INVALID' ||
    code === 'APP_ERR_SEAMLESS_PLAYER_DISABLED'
  ) {
    return new AppError(code);
  }
  return new AppError('APP_ERR_INTERNAL');
}

// The games' plans.

export function slotPlan(gameCode: string, betPerLine: number, currency: string): RoundPlan {
  let config: slots.SlotConfig;
  try {
    config = slots.slotConfigById(gameCode);
  } catch {
    throw new AppError('APP_ERR_GAME_NOT_FOUND');
  }
  const perLine = minorOf(betPerLine, currency, 'betPerLine');
  return {
    gameCode,
    currency,
    stake: perLine * config.paylines.length,
    bet: { betPerLine: perLine, lines: config.paylines.length },
    field: 'betPerLine',
    play: (seeds) => {
      const round = slots.playSlot(config, perLine, seeds);
      return {
        win: round.totalWin,
        outcome: { replay: slots.slotReplayOf(round), spins: round.spins, totalBet: round.totalBet, totalWin: round.totalWin },
      };
    },
  };
}

export function dicePlan(amount: number, target: number, direction: 'over' | 'under', currency: string): RoundPlan {
  const bet = { stake: minorOf(amount, currency), target: Math.round(target * 100), direction };
  return {
    gameCode: 'dice',
    currency,
    stake: bet.stake,
    bet,
    field: 'target',
    play: (seeds) => {
      const r = fair.playDice(bet, seeds);
      return { win: r.payout, outcome: { ...r } };
    },
  };
}

export function plinkoPlan(amount: number, rows: number, risk: fair.PlinkoRisk, currency: string): RoundPlan {
  const bet = { stake: minorOf(amount, currency), rows, risk };
  return {
    gameCode: 'plinko',
    currency,
    stake: bet.stake,
    bet,
    field: 'rows',
    play: (seeds) => {
      const r = fair.playPlinko(bet, seeds);
      return { win: r.payout, outcome: { ...r } };
    },
  };
}

export function minesPlan(amount: number, mines: number, picks: number[], currency: string): RoundPlan {
  const bet = { stake: minorOf(amount, currency), mines, picks };
  return {
    gameCode: 'mines',
    currency,
    stake: bet.stake,
    bet,
    field: 'picks',
    play: (seeds) => {
      const r = fair.playMines(bet, seeds);
      return { win: r.payout, outcome: { ...r } };
    },
  };
}
