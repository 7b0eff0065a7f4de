import { randomBytes } from 'node:crypto';
import { type CrashRound, type CrashState, seamlessPaths, toAmount } from '@platform/contract';
import { fair } from '@platform/games';
import type { Db } from '../../platform/db.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { AppError } from '../../platform/errors.ts';
import { minorOf } from '../../platform/money.ts';
import { INHOUSE, type WalletCall } from '../inhouse/inhouse.service.ts';
import { accountsOf, memberById } from '../members/members.service.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { gameSessionByHash, providerTransaction } from '../seamless/seamless.service.ts';
import { isGateRefusal } from '../staking/stake-gate.ts';
import {
  type BetRow,
  betsOfRounds,
  cashOutOpenBet,
  closeOpenBets,
  deleteBet,
  deleteUnpaidBet,
  insertBet,
  insertRound,
  latestRounds,
  markBetPaid,
  markRoundSettled,
  memberBetInRound,
  type RoundRow,
  roundFlying,
  roundsToSettle,
  roundTakingBets,
  unpaidBets,
} from './crash.repository.ts';

/** Betting stays open this long before the multiplier starts. */
export const CRASH_BETTING_MS = 6_000;
/** The pause after a crash before the next round's betting opens. */
export const CRASH_PAUSE_MS = 3_000;
export const CRASH_GAME = 'crash';

/** The seeds a round's crash point comes from: its seed, the client seed `crash-<sequence>`, nonce 0. */
export const crashSeeds = (seed: string, sequence: number) => ({ serverSeed: seed, clientSeed: `crash-${sequence}`, nonce: 0 });

function phaseOf(r: RoundRow, now: Date): CrashRound['phase'] {
  if (now < r.bettingOpensAt) return 'waiting';
  if (now < r.startsAt) return 'betting';
  if (now < r.crashesAt) return 'running';
  return 'crashed';
}

/** Shows a player's name as the first two letters and the last one: de***r. */
const maskName = (name: string) => (name.length <= 3 ? `${name[0] ?? ''}***` : `${name.slice(0, 2)}***${name.slice(-1)}`);

/**
 * Crash rounds for every player at once, on any number of nodes: whichever node's clock job first
 * sees the last round crash creates the next (the unique sequence keeps one), bets and cash-outs are
 * conditional updates, and the settlement of a crashed round pays through the seamless wallet with
 * idempotent transaction ids, so running it twice pays nothing twice.
 */
export class CrashGame {
  constructor(
    private readonly db: Db,
    private readonly directory: MerchantDirectory,
    private readonly wallet: WalletCall,
  ) {}

  /** Creates the next round once the last one has crashed. */
  async ensureRound(now = new Date()): Promise<RoundRow | undefined> {
    const [last] = await latestRounds(this.db, 1);
    if (last && now < last.crashesAt) return undefined;
    const sequence = (last?.sequence ?? 0) + 1;
    const seed = randomBytes(32).toString('hex');
    const crashPoint = fair.crashPoint(crashSeeds(seed, sequence));
    const opens = new Date(Math.max(now.getTime(), (last?.crashesAt.getTime() ?? 0) + CRASH_PAUSE_MS));
    const startsAt = new Date(opens.getTime() + CRASH_BETTING_MS);
    return insertRound(this.db, {
      sequence,
      seed,
      seedHash: sha256Hex(seed),
      crashPoint,
      bettingOpensAt: opens,
      startsAt,
      crashesAt: new Date(startsAt.getTime() + fair.crashTimeToReach(crashPoint)),
    });
  }

  /** The round players see now and the last ten crashed ones. */
  async state(now = new Date()): Promise<CrashState> {
    const rounds = await latestRounds(this.db, 11);
    const rows = await betsOfRounds(
      this.db,
      rounds.map((r) => r.id),
    );
    const accounts = await accountsOf(
      this.db,
      rows.map((b) => b.memberId),
    );
    const currencies = new Map((await this.directory.list()).map((m) => [m.id, m.currency]));
    const bets = rows.map((bet) => ({ bet, account: accounts.get(bet.memberId) ?? '', currency: currencies.get(bet.merchantId) ?? '' }));
    const view = (r: RoundRow): CrashRound => {
      const phase = phaseOf(r, now);
      const crashed = phase === 'crashed';
      return {
        sequence: r.sequence,
        seedHash: r.seedHash,
        bettingOpensAt: r.bettingOpensAt.toISOString(),
        startsAt: r.startsAt.toISOString(),
        phase,
        crashPoint: crashed ? r.crashPoint : null,
        seed: crashed ? r.seed : null,
        bets: bets
          .filter((b) => b.bet.roundId === r.id)
          .map((b) => ({
            player: maskName(b.account),
            stake: toAmount(b.bet.stake, b.currency),
            // An auto cash-out shows only once the round has passed it, as it would have happened.
            cashOut: b.bet.status === 'cashed' || (crashed && b.bet.cashOut) ? (b.bet.cashOut ?? 0) / 100 : null,
            payout: crashed || b.bet.status === 'cashed' ? toAmount(b.bet.payout, b.currency) : 0,
          })),
      };
    };
    const [current, ...previous] = rounds;
    return { current: current ? view(current) : null, previous: previous.map(view), serverTime: now.toISOString() };
  }

  /** A bet in the round taking bets; the stake goes through the seamless wallet like any provider's bet. */
  async bet(token: string, amount: number, autoCashOut: number | undefined, now = new Date()) {
    const session = await this.session(token);
    const round = await roundTakingBets(this.db, now);
    if (!round) throw new AppError('APP_ERR_CRASH_BETTING_CLOSED');
    const merchant = await this.merchantOf(session.merchantId);
    const stake = minorOf(amount, merchant.currency);
    const auto = autoCashOut === undefined ? null : Math.round(autoCashOut * 100);
    const bet = await insertBet(this.db, { roundId: round.id, memberId: session.memberId, stake, autoCashOut: auto, createdAt: now });
    if (!bet) throw new AppError('APP_ERR_CRASH_ALREADY_BET');
    const answer = await this.wallet(seamlessPaths.bet, {
      playerId: String(session.memberId),
      token,
      transactionId: `${this.roundId(round, bet)}-b`,
      roundId: this.roundId(round, bet),
      gameCode: CRASH_GAME,
      amount,
      currency: merchant.currency,
      // Multipliers in the round's record read as the player saw them (1.50), not in hundredths.
      detail: { game: CRASH_GAME, sequence: round.sequence, seedHash: round.seedHash, autoCashOut: autoCashOut ?? null },
    });
    if (answer.status !== 200) {
      await deleteBet(this.db, bet.id);
      const code = answer.body.code;
      if (code === 'APP_ERR_WALLET_INSUFFICIENT_FUNDS') throw new AppError(code, undefined, answer.body.value as Record<string, unknown>);
      if (isGateRefusal(code)) throw new AppError(code, undefined, (answer.body.value ?? undefined) as Record<string, unknown> | undefined);
      throw new AppError(code === 'APP_ERR_SEAMLESS_TOKEN_EXPIRED' ? code : 'APP_ERR_INTERNAL');
    }
    return {
      sequence: round.sequence,
      stake: amount,
      status: 'open' as const,
      cashOut: null,
      payout: 0,
      balance: (answer.body.value as { balance: number }).balance,
    };
  }

  /** Cashes out the player's open bet at the multiplier of this instant, if the round has not crashed. */
  async cashOut(token: string, now = new Date()) {
    const session = await this.session(token);
    const round = await roundFlying(this.db, now);
    if (!round) throw new AppError('APP_ERR_CRASH_TOO_LATE');
    const { valid, multiplier } = fair.crashCashOut(round.crashPoint, now.getTime() - round.startsAt.getTime());
    if (!valid) throw new AppError('APP_ERR_CRASH_TOO_LATE');
    const open = await memberBetInRound(this.db, round.id, session.memberId);
    if (!open) throw new AppError('APP_ERR_CRASH_NO_BET');
    // A bet whose stake never reached the wallet (its node died before the bet call, or the call is
    // still under way) is no bet: cashing it out would answer a payout the wallet refuses to pay.
    const stake = await providerTransaction(this.db, INHOUSE, `${this.roundId(round, open)}-b`);
    if (stake?.kind !== 'bet' || stake.status !== 'done') throw new AppError('APP_ERR_CRASH_NO_BET');
    // An auto cash-out already passed pays that, not the later moment.
    const at = open.autoCashOut !== null && open.autoCashOut <= multiplier ? open.autoCashOut : multiplier;
    const payout = fair.payoutOf(open.stake, at * 100);
    const bet = await cashOutOpenBet(this.db, open.id, at, payout);
    if (!bet) throw new AppError('APP_ERR_CRASH_NO_BET');
    const balance = await this.pay(round, bet);
    const { currency } = await this.merchantOf(session.merchantId);
    return {
      sequence: round.sequence,
      stake: toAmount(bet.stake, currency),
      status: 'cashed' as const,
      cashOut: at / 100,
      payout: toAmount(payout, currency),
      balance,
    };
  }

  /**
   * Settles crashed rounds: open bets whose auto cash-out the round reached are cashed at it, the
   * others lost; then every result not yet paid goes to the wallet (a zero win closes a lost round).
   */
  async settle(now = new Date()): Promise<number> {
    const due = await roundsToSettle(this.db, now);
    let bets = 0;
    for (const round of due) {
      await closeOpenBets(this.db, round);
      const unpaid = await unpaidBets(this.db, round.id);
      let left = 0;
      for (const bet of unpaid) {
        if (await this.finish(round, bet)) bets++;
        else left++;
      }
      // A round is settled only once every bet has its result in the wallet: one the wallet refused
      // now (a node stopping, a failed call) is tried again on the next tick, on any node.
      if (left === 0) await markRoundSettled(this.db, round.id, now);
    }
    return bets;
  }

  /**
   * Gives a crashed round's bet its result. A bet whose stake the wallet never took (the node died
   * between storing the bet and the wallet's bet call, or that call failed) owes nothing: its bet is
   * rolled back, which leaves a tombstone that refuses a late arrival of the call (or, had it landed
   * meanwhile, returns its stake), and the bet is deleted. Every call is keyed by the bet, so nodes
   * settling the same round at once make one call of each. True when the bet is done with.
   */
  private async finish(round: RoundRow, bet: BetRow): Promise<boolean> {
    const roundId = this.roundId(round, bet);
    const stake = await providerTransaction(this.db, INHOUSE, `${roundId}-b`);
    if (stake?.kind === 'bet' && stake.status === 'done') return (await this.pay(round, bet)) !== null;
    const undone = await this.wallet(seamlessPaths.rollback, {
      playerId: String(bet.memberId),
      transactionId: `${roundId}-r`,
      betTransactionId: `${roundId}-b`,
      roundId,
      gameCode: CRASH_GAME,
    });
    if (undone.status !== 200) return false;
    await deleteUnpaidBet(this.db, bet.id);
    return true;
  }

  /** Sends a bet's result to the wallet (idempotent by its transaction id) and marks it paid. */
  private async pay(round: RoundRow, bet: BetRow): Promise<number | null> {
    const member = await memberById(this.db, bet.memberId);
    const merchant = await this.merchantOf(member?.merchantId ?? 0);
    const answer = await this.wallet(seamlessPaths.win, {
      playerId: String(bet.memberId),
      transactionId: `${this.roundId(round, bet)}-w`,
      roundId: this.roundId(round, bet),
      gameCode: CRASH_GAME,
      amount: toAmount(bet.payout, merchant.currency),
      currency: merchant.currency,
      roundClosed: true,
      detail: {
        cashOut: bet.cashOut === null ? null : bet.cashOut / 100,
        crashPoint: round.crashPoint / 100,
        seed: bet.status === 'lost' ? round.seed : undefined,
      },
    });
    if (answer.status !== 200) return null;
    await markBetPaid(this.db, bet.id);
    return (answer.body.value as { balance: number }).balance;
  }

  private roundId(round: RoundRow, bet: BetRow) {
    return `crash-${round.sequence}-${bet.id}`;
  }

  private async merchantOf(id: number) {
    const merchant = (await this.directory.list()).find((m) => m.id === id);
    if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
    return merchant;
  }

  private async session(token: string) {
    const session = await gameSessionByHash(this.db, sha256Hex(token));
    if (!session || session.vendorCode !== INHOUSE || session.gameCode !== CRASH_GAME) throw new AppError('APP_ERR_SEAMLESS_TOKEN_INVALID');
    if (session.expiresAt <= new Date()) throw new AppError('APP_ERR_SEAMLESS_TOKEN_EXPIRED');
    return session;
  }
}
