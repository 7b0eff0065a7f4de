/**
 * Money of a ticket: order amount, settlement and payout in integer minor units, and chase plans.
 * Money never passes through floating point: amounts are computed on BigInt from integer units and
 * exact prices, and checked to stay safe integers.
 */
import { betPrice, modeConfig, type PrizeMode, type PrizeModeConfig } from './odds.ts';
import { type FieldIssue, invalidSelection, isRecord, lotteryMessages, type PlayType } from './play.ts';
import { addRatio, floorRatio, mulRatio, type Ratio, ratio } from './ratio.ts';

/**
 * Stake of a ticket: `unit` is how many minor units one price unit is worth (元 100, 角 10, 分 1 in a
 * two-decimal currency; 1000 for 1k VND points) and `multiple` the 倍数.
 */
export interface Stake {
  unit: number;
  multiple: number;
}

/** Units of a two-decimal currency in minor units: 元 1, 角 0.1, 分 0.01. */
export const stakeUnits = { YUAN: 100, JIAO: 10, FEN: 1 } as const;

/** Highest multiple a ticket may carry unless the caller sets another limit. */
export const defaultMaxMultiple = 100_000;

/** Checks a stake: a positive integer unit and a multiple from 1 to `maxMultiple`. */
export function validateStake(stake: unknown, maxMultiple = defaultMaxMultiple): FieldIssue | null {
  if (!isRecord(stake)) return invalidSelection;
  if (!Number.isSafeInteger(stake.unit) || (stake.unit as number) < 1) return { field: 'unit', message: lotteryMessages.invalid };
  if (!Number.isSafeInteger(stake.multiple) || (stake.multiple as number) < 1)
    return { field: 'multiple', message: lotteryMessages.invalid };
  return (stake.multiple as number) > maxMultiple ? { field: 'multiple', message: lotteryMessages.tooMany } : null;
}

function assertStake(stake: Stake): void {
  if (validateStake(stake, Number.MAX_SAFE_INTEGER)) throw new RangeError(`invalid stake ${JSON.stringify(stake)}`);
}

function toSafe(amount: bigint): number {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount exceeds the safe integer range');
  return Number(amount);
}

/** Order amount in minor units: Σ over options of 注 × cost per 注 × unit × multiple (official: 注数 × 2 × unit × multiple). */
export function orderAmount<S>(play: PlayType<S>, selection: S, stake: Stake, mode: PrizeMode | PrizeModeConfig): number {
  assertStake(stake);
  let units = 0n;
  for (const [option, count] of Object.entries(play.betsByOption(selection))) {
    units += BigInt(count) * BigInt(betPrice(play, option, mode).cost);
  }
  return toSafe(units * BigInt(stake.unit) * BigInt(stake.multiple));
}

/** What a ticket earned on a result. */
export interface Settlement {
  /** Winning 注 (or lô occurrences). */
  wins: number;
  /** 注 refunded because the result is a push for them (Mark Six 49 on two-sided bets). */
  pushes: number;
  /** Credit in minor units, after the cap. */
  payout: number;
  /** True when the cap cut the payout. */
  capped: boolean;
}

/**
 * Settles a ticket. Rounding: the exact prize total Σ wins × prize × unit × multiple is rounded down
 * once per ticket to the minor unit (never per 注), so a ticket loses less than one minor unit to
 * rounding; push refunds are exact. The result is then capped at the mode's `maxPayout`.
 */
export function settle<S, R>(play: PlayType<S, R>, selection: S, result: R, stake: Stake, mode: PrizeMode | PrizeModeConfig): Settlement {
  assertStake(stake);
  const { wins, pushes } = play.tally(selection, result);
  const scale = ratio(BigInt(stake.unit) * BigInt(stake.multiple));
  let prizes: Ratio = ratio(0);
  let winCount = 0;
  for (const [option, count] of Object.entries(wins)) {
    if (count === 0) continue;
    winCount += count;
    prizes = addRatio(prizes, mulRatio(ratio(count), betPrice(play, option, mode).prize));
  }
  let refund = 0n;
  if (pushes > 0) {
    // Every option of a play shares one pricing kind, hence one cost per 注.
    const cost = betPrice(play, play.options[0]?.key ?? '', mode).cost;
    refund = BigInt(pushes) * BigInt(cost) * scale.num;
  }
  const gross = floorRatio(mulRatio(prizes, scale)) + refund;
  const cap = BigInt(modeConfig(mode).maxPayout);
  return { wins: winCount, pushes, payout: toSafe(gross > cap ? cap : gross), capped: gross > cap };
}

/**
 * What a ticket would pay on each number it bets on, should that number come out (once: a lô number
 * paid per occurrence is counted per hit), in minor units; undefined for plays that do not bet on
 * single numbers (see PlayType.numbers). The ticket's payout cap applies to each number as to the
 * ticket.
 */
export function numberExposure<S, R>(
  play: PlayType<S, R>,
  selection: S,
  stake: Stake,
  mode: PrizeMode | PrizeModeConfig,
): Map<string, number> | undefined {
  if (!play.numbers) return undefined;
  assertStake(stake);
  const option = play.options[0]?.key;
  if (play.options.length !== 1 || option === undefined) throw new RangeError(`${play.id}: numbers need a single-option play`);
  const scale = ratio(BigInt(stake.unit) * BigInt(stake.multiple));
  const each = floorRatio(mulRatio(betPrice(play, option, mode).prize, scale));
  const cap = BigInt(modeConfig(mode).maxPayout);
  const exposure = new Map<string, number>();
  for (const key of play.numbers(selection)) {
    const total = BigInt(exposure.get(key) ?? 0) + each;
    exposure.set(key, toSafe(total > cap ? cap : total));
  }
  return exposure;
}

/**
 * The most a ticket can pay on a result (minor units): as if every one of its 注 won once at its
 * option's prize, and no more than the mode's payout cap. What a draw's liability adds up. A lô 注,
 * paid per occurrence, is counted once, as in numberExposure: a number that comes out several times
 * among the prizes pays more.
 */
export function maxTicketPayout<S, R>(play: PlayType<S, R>, selection: S, stake: Stake, mode: PrizeMode | PrizeModeConfig): number {
  assertStake(stake);
  const scale = ratio(BigInt(stake.unit) * BigInt(stake.multiple));
  let prizes: Ratio = ratio(0);
  for (const [option, count] of Object.entries(play.betsByOption(selection))) {
    if (count > 0) prizes = addRatio(prizes, mulRatio(ratio(count), betPrice(play, option, mode).prize));
  }
  const gross = floorRatio(mulRatio(prizes, scale));
  const cap = BigInt(modeConfig(mode).maxPayout);
  return toSafe(gross > cap ? cap : gross);
}

/** Payout of a ticket in minor units (see `settle` for rounding and the cap). */
export function payout<S, R>(play: PlayType<S, R>, selection: S, result: R, stake: Stake, mode: PrizeMode | PrizeModeConfig): number {
  return settle(play, selection, result, stake, mode).payout;
}

/** How a chase raises its multiple: ×`factor` every `every` issues (翻倍追号); absent = the same multiple throughout. */
export interface ChaseDoubling {
  every: number;
  factor: number;
}

/** One issue of a chase: its own order, linked to the others by the chase. */
export interface ChaseStep {
  issue: string;
  multiple: number;
  amount: number;
}

/** The same selection bought for consecutive issues. */
export interface ChasePlan {
  steps: ChaseStep[];
  /** Cancel the remaining issues once one issue wins. */
  stopOnWin: boolean;
  totalAmount: number;
}

/** Plans a chase over the given next issues (the schedule decides which issues those are). */
export function chasePlan<S>(
  play: PlayType<S>,
  selection: S,
  stake: Stake,
  mode: PrizeMode | PrizeModeConfig,
  options: { issues: readonly string[]; stopOnWin?: boolean; doubling?: ChaseDoubling; maxMultiple?: number },
): ChasePlan {
  const { issues, stopOnWin = true, doubling, maxMultiple = defaultMaxMultiple } = options;
  if (issues.length === 0 || new Set(issues).size !== issues.length)
    throw new RangeError('chasePlan: issues must be distinct and non-empty');
  if (
    doubling &&
    (!Number.isSafeInteger(doubling.every) || doubling.every < 1 || !Number.isSafeInteger(doubling.factor) || doubling.factor < 1)
  ) {
    throw new RangeError('chasePlan: doubling needs positive integers');
  }
  const steps = issues.map((issue, i) => {
    const multiple = doubling ? stake.multiple * doubling.factor ** Math.floor(i / doubling.every) : stake.multiple;
    if (!Number.isSafeInteger(multiple) || multiple > maxMultiple)
      throw new RangeError(`chasePlan: multiple ${multiple} over the limit at ${issue}`);
    return { issue, multiple, amount: orderAmount(play, selection, { unit: stake.unit, multiple }, mode) };
  });
  return { steps, stopOnWin, totalAmount: toSafe(steps.reduce((sum, s) => sum + BigInt(s.amount), 0n)) };
}

/**
 * Issues to cancel (and refund) given the payouts of the issues settled so far, in plan order: the
 * unsettled ones once any settled issue won, when the plan stops on a win; otherwise none.
 */
export function chaseCancellations(plan: ChasePlan, settledPayouts: readonly number[]): string[] {
  if (!plan.stopOnWin || !settledPayouts.some((p) => p > 0)) return [];
  return plan.steps.slice(settledPayouts.length).map((s) => s.issue);
}
