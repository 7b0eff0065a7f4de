/**
 * The shape every play type shares (注数, wins per option, selection check, quick pick) and the
 * selection checks and counting helpers the game files reuse.
 */
import type { ZodiacAnimal } from './mark-six.ts';
import { type RandomBytes, randomInt, sampleDistinct } from './random.ts';
import { type Ratio, ratio } from './ratio.ts';

/** Lottery games built here; the spec's lottery icons are 11X5, LHC, PK10 and SSC (LF is not covered). */
export const gameCodes = ['SSC', '11X5', 'PK10', 'LHC', 'VN_NORTH', 'VN_SOUTH'] as const;
export type GameCode = (typeof gameCodes)[number];

/**
 * How a play is priced: `official` by prize group (2-unit 注, prize from p and G), `credit` at fixed
 * decimal odds (1-unit stake, odds include the stake), `vietnam` per point (price and pay per hit).
 */
export type Pricing = 'official' | 'credit' | 'vietnam';

/** Translation keys a selection or result check can answer with. */
export const lotteryMessages = {
  invalid: 'validation.invalid',
  unknownValue: 'validation.unknown_value',
  outOfRange: 'lottery.pick_out_of_range',
  duplicate: 'lottery.pick_duplicate',
  tooFew: 'lottery.too_few_picks',
  tooMany: 'lottery.too_many_picks',
  resultShape: 'lottery.result_shape',
  resultRange: 'lottery.result_out_of_range',
  resultDuplicate: 'lottery.result_duplicate',
} as const;
export type LotteryMessage = (typeof lotteryMessages)[keyof typeof lotteryMessages];

/** One failed field, shaped like the contract's FieldError so the server can pass it on. */
export interface FieldIssue {
  field: string;
  message: LotteryMessage;
}

/** One kind of 注 in a play and its exact chances per 注 (hit rate = expected wins, equal to p for once-only plays). */
export interface PlayOption {
  key: string;
  hitRate: Ratio;
  pushRate: Ratio;
}

/** Wins per option (occurrences for per-occurrence plays) and pushed 注 of one selection on one result. */
export interface Tally {
  wins: Readonly<Record<string, number>>;
  pushes: number;
}

/** A play type: the selection it takes, how many 注 it makes, and how many of them win on a result. */
export interface PlayType<S = unknown, R = unknown> {
  readonly id: string;
  readonly game: GameCode;
  /** The market's own name, e.g. 前三直选 or Lô 2 số. */
  readonly name: string;
  readonly pricing: Pricing;
  readonly options: readonly PlayOption[];
  /** Checks an untrusted selection; null when it is a valid S. */
  validate(selection: unknown): FieldIssue | null;
  /** 注数 of a valid selection. */
  betCount(selection: S): number;
  /** 注数 per option (sums to betCount). */
  betsByOption(selection: S): Record<string, number>;
  /** Winning 注 (or occurrences) of the selection on a result. */
  winCount(selection: S, result: R): number;
  /** Wins per option and pushes of the selection on a result. */
  tally(selection: S, result: R): Tally;
  /** A random valid selection of the fewest picks the play allows, for the draw described by `draw`. */
  quickPick(randomBytes: RandomBytes, draw?: DrawContext): S;
  /**
   * For plays whose every 注 bets on one number (定位胆, 特码, đề, lô...): the number of each 注, one
   * key per 注 (`position:number` where the position matters). What the house owes on a number is
   * what the per-number liability limit watches. Absent for plays of combinations or attributes.
   */
  numbers?(selection: S): string[];
}

/** What a selection may depend on besides the player's picks: the draw it is for. */
export interface DrawContext {
  /** Animal of the lunar year of the draw (Mark Six 生肖 plays). */
  yearAnimal?: ZodiacAnimal;
}

interface PlayBase<S> {
  id: string;
  game: GameCode;
  name: string;
  pricing: Pricing;
  validate(selection: unknown): FieldIssue | null;
  quickPick(randomBytes: RandomBytes, draw?: DrawContext): S;
  numbers?(selection: S): string[];
}

/** The option key of plays whose 注 are all alike. */
export const plainOption = 'PLAIN';

const noPush = ratio(0);

/** A play whose 注 all have the same chance and price (official and Vietnamese plays, Mark Six 特码). */
export function singleOptionPlay<S, R>(
  spec: PlayBase<S> & { hitRate: Ratio; betCount(selection: S): number; winCount(selection: S, result: R): number },
): PlayType<S, R> {
  const { hitRate, betCount, winCount, ...base } = spec;
  return {
    ...base,
    options: [{ key: plainOption, hitRate, pushRate: noPush }],
    betCount,
    betsByOption: (selection) => ({ [plainOption]: betCount(selection) }),
    winCount,
    tally: (selection, result) => ({ wins: { [plainOption]: winCount(selection, result) }, pushes: 0 }),
  };
}

/** A play whose 注 fall into options with different chances or odds (big/small, sums, colours…). */
export function multiOptionPlay<S, R>(
  spec: PlayBase<S> & {
    options: readonly PlayOption[];
    betsByOption(selection: S): Record<string, number>;
    tally(selection: S, result: R): Tally;
  },
): PlayType<S, R> {
  const sum = (counts: Readonly<Record<string, number>>) => Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    ...spec,
    betCount: (selection) => sum(spec.betsByOption(selection)),
    winCount: (selection, result) => sum(spec.tally(selection, result).wins),
  };
}

// ---- plays shared by several games ----

/** Picks per position (index into the play's positions). */
export interface PositionsSelection {
  positions: number[][];
}

/** The answer to a selection that is not even an object. */
export const invalidSelection: FieldIssue = { field: '', message: lotteryMessages.invalid };

/** 定位胆 on a list-of-numbers result: any numbers on any positions; each matching position is one winning 注. */
export function anyPositionPlay(spec: {
  id: string;
  game: GameCode;
  name: string;
  positions: number;
  min: number;
  max: number;
}): PlayType<PositionsSelection, readonly number[]> {
  const size = spec.max - spec.min + 1;
  return singleOptionPlay({
    id: spec.id,
    game: spec.game,
    name: spec.name,
    pricing: 'official',
    hitRate: ratio(1, size),
    validate: (s) =>
      isRecord(s)
        ? checkPositions(s.positions, 'positions', { count: spec.positions, min: spec.min, max: spec.max, minEach: 0, minTotal: 1 })
        : invalidSelection,
    betCount: (s) => s.positions.reduce((n, picks) => n + picks.length, 0),
    numbers: (s) => s.positions.flatMap((picks, i) => picks.map((n) => `${i}:${n}`)),
    winCount: (s, r) => s.positions.filter((picks, i) => picks.includes(r[i] as number)).length,
    quickPick: (rb) => {
      const at = randomInt(rb, spec.positions);
      return { positions: range(0, spec.positions - 1).map((i) => (i === at ? [spec.min + randomInt(rb, size)] : [])) };
    },
  });
}

/**
 * 直选 on the first k numbers of a draw without repeats (11选5, PK10): 注 = ordered tuples of different
 * numbers, one from each position's picks.
 */
export function orderedDirectPlay(spec: {
  id: string;
  game: GameCode;
  name: string;
  positions: number;
  min: number;
  max: number;
}): PlayType<PositionsSelection, readonly number[]> {
  let outcomes = 1;
  for (let i = 0; i < spec.positions; i++) outcomes *= spec.max - spec.min + 1 - i;
  return singleOptionPlay({
    id: spec.id,
    game: spec.game,
    name: spec.name,
    pricing: 'official',
    hitRate: ratio(1, outcomes),
    validate: (s) => {
      if (!isRecord(s)) return invalidSelection;
      const shape = { count: spec.positions, min: spec.min, max: spec.max, minEach: 1, minTotal: spec.positions };
      const issue = checkPositions(s.positions, 'positions', shape);
      return issue ?? (distinctTuples(s.positions as number[][]) > 0 ? null : { field: 'positions', message: lotteryMessages.tooFew });
    },
    betCount: (s) => distinctTuples(s.positions),
    winCount: (s, r) => (s.positions.every((picks, i) => picks.includes(r[i] as number)) ? 1 : 0),
    quickPick: (rb) => ({ positions: sampleDistinct(rb, range(spec.min, spec.max), spec.positions).map((n) => [n]) }),
  });
}

// ---- counting ----

/** Binomial coefficient C(n, k) (exact for the small sizes lotteries use). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 0; i < Math.min(k, n - k); i++) result = (result * (n - i)) / (i + 1);
  return result;
}

function overlap(...sets: (readonly number[])[]): number {
  const [first = [], ...rest] = sets;
  return first.filter((x) => rest.every((s) => s.includes(x))).length;
}

/**
 * Tuples (a₁ ∈ S₁, …, a_k ∈ S_k) with pairwise different values, k ≤ 3 (direct bets on distinct-number
 * games), by inclusion–exclusion: |S₁||S₂| − |S₁∩S₂| and its three-set form.
 */
export function distinctTuples(sets: readonly (readonly number[])[]): number {
  const [a = [], b = [], c = []] = sets;
  if (sets.length === 1) return a.length;
  if (sets.length === 2) return a.length * b.length - overlap(a, b);
  if (sets.length === 3) {
    return (
      a.length * b.length * c.length - overlap(a, b) * c.length - overlap(a, c) * b.length - overlap(b, c) * a.length + 2 * overlap(a, b, c)
    );
  }
  throw new RangeError('distinctTuples: only 1 to 3 positions');
}

/** Product of the sizes (direct bets on digit games, where positions may repeat). */
export function product(sets: readonly (readonly number[])[]): number {
  return sets.reduce((n, s) => n * s.length, 1);
}

// ---- selection checks ----

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a list of distinct integers in [min, max] with between minCount and maxCount entries. */
export function checkNumbers(
  value: unknown,
  field: string,
  range: { min: number; max: number; minCount: number; maxCount?: number },
): FieldIssue | null {
  if (!Array.isArray(value)) return { field, message: lotteryMessages.invalid };
  const seen = new Set<number>();
  for (const n of value) {
    if (!Number.isInteger(n)) return { field, message: lotteryMessages.invalid };
    if (n < range.min || n > range.max) return { field, message: lotteryMessages.outOfRange };
    if (seen.has(n)) return { field, message: lotteryMessages.duplicate };
    seen.add(n);
  }
  if (value.length < range.minCount) return { field, message: lotteryMessages.tooFew };
  if (range.maxCount !== undefined && value.length > range.maxCount) return { field, message: lotteryMessages.tooMany };
  return null;
}

/** Checks `count` lists of picks, one per position, each with at least `minEach` and all together at least `minTotal`. */
export function checkPositions(
  value: unknown,
  field: string,
  shape: { count: number; min: number; max: number; minEach: number; minTotal: number },
): FieldIssue | null {
  if (!Array.isArray(value) || value.length !== shape.count) return { field, message: lotteryMessages.invalid };
  let total = 0;
  for (const [i, picks] of value.entries()) {
    const issue = checkNumbers(picks, `${field}.${i}`, { min: shape.min, max: shape.max, minCount: shape.minEach });
    if (issue) return issue;
    total += (picks as unknown[]).length;
  }
  return total < shape.minTotal ? { field, message: lotteryMessages.tooFew } : null;
}

/** Checks a non-empty list of distinct values taken from `allowed`. */
export function checkChoices(value: unknown, field: string, allowed: readonly (string | number)[], minCount = 1): FieldIssue | null {
  if (!Array.isArray(value)) return { field, message: lotteryMessages.invalid };
  if (value.some((v) => !allowed.includes(v))) return { field, message: lotteryMessages.unknownValue };
  if (new Set(value).size !== value.length) return { field, message: lotteryMessages.duplicate };
  return value.length < minCount ? { field, message: lotteryMessages.tooFew } : null;
}

/** Checks that `value` is an object with `field` holding one of `allowed`. */
export function checkOneOf(value: Record<string, unknown>, field: string, allowed: readonly (string | number)[]): FieldIssue | null {
  return allowed.includes(value[field] as string | number) ? null : { field, message: lotteryMessages.unknownValue };
}

/** Integers from..to inclusive. */
export function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** `count` distinct random values of `pool`, sorted (quick picks read better sorted). */
export function pickSorted<T extends number | string>(randomBytes: RandomBytes, pool: readonly T[], count: number): T[] {
  return sampleDistinct(randomBytes, pool, count).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** One random element of a non-empty list. */
export function pickOne<T>(randomBytes: RandomBytes, pool: readonly T[]): T {
  return pool[randomInt(randomBytes, pool.length)] as T;
}

// ---- two-sided (大小单双) ----

/** Two-sided attributes: big/small split at a threshold, odd/even by parity. */
export const twoSidedAttributes = ['BIG', 'SMALL', 'ODD', 'EVEN'] as const;
export type TwoSided = (typeof twoSidedAttributes)[number];

/** True when `value` has the attribute, big meaning value ≥ bigFrom. */
export function hasAttribute(attribute: TwoSided, value: number, bigFrom: number): boolean {
  switch (attribute) {
    case 'BIG':
      return value >= bigFrom;
    case 'SMALL':
      return value < bigFrom;
    case 'ODD':
      return value % 2 === 1;
    case 'EVEN':
      return value % 2 === 0;
  }
}

/** Counts each chosen value once: the usual betsByOption of a credit play whose selection lists options. */
export function countEach(keys: readonly (string | number)[]): Record<string, number> {
  return Object.fromEntries(keys.map((k) => [String(k), 1]));
}

/** A two-sided play on one number drawn from the result; `pushes` marks a value that refunds every 注 (Mark Six 49). */
export function twoSidedPlay<S extends { attributes: readonly TwoSided[] }, R>(spec: {
  id: string;
  game: GameCode;
  name: string;
  hitRates: Record<TwoSided, Ratio>;
  pushRate?: Ratio;
  bigFrom: number;
  value(selection: S, result: R): number;
  pushes?(value: number): boolean;
  /** Checks the fields besides `attributes`. */
  validateRest?(selection: Record<string, unknown>): FieldIssue | null;
  /** Random fields besides `attributes`. */
  pickRest(randomBytes: RandomBytes): Omit<S, 'attributes'>;
}): PlayType<S, R> {
  return multiOptionPlay<S, R>({
    id: spec.id,
    game: spec.game,
    name: spec.name,
    pricing: 'credit',
    options: twoSidedAttributes.map((key) => ({ key, hitRate: spec.hitRates[key], pushRate: spec.pushRate ?? noPush })),
    validate: (selection) => {
      if (!isRecord(selection)) return invalidSelection;
      return spec.validateRest?.(selection) ?? checkChoices(selection.attributes, 'attributes', twoSidedAttributes);
    },
    betsByOption: (selection) => countEach(selection.attributes),
    tally: (selection, result) => {
      const value = spec.value(selection, result);
      if (spec.pushes?.(value)) return { wins: {}, pushes: selection.attributes.length };
      const wins: Record<string, number> = {};
      for (const a of selection.attributes) if (hasAttribute(a, value, spec.bigFrom)) wins[a] = 1;
      return { wins, pushes: 0 };
    },
    quickPick: (randomBytes) => ({ ...spec.pickRest(randomBytes), attributes: [pickOne(randomBytes, twoSidedAttributes)] }) as unknown as S,
  });
}
