import { type ContractTerms, toMinor } from '@platform/contract';

// The arithmetic of a bill, without I/O: the tier a team reaches, the amount (rounded down to the
// currency's minor unit, never up: the platform never pays a fraction it cannot book), the dividend's
// carry-over, and the split of a bill into lines that add up to it exactly. Settlement and its
// recomputation from the raw ledger both go through these functions, fed from different sources.

/** A member's figures in a period, in minor units: valid bets, and loss (valid bets less payouts and bonuses). */
export interface Figures {
  turnover: number;
  loss: number;
}

export interface TeamFigures extends Figures {
  /** Members (the agent included) with a positive valid bet in the period. */
  active: number;
}

export interface Outcome {
  tier: number | null;
  ratioBp: number;
  base: number;
  amount: number;
  carriedIn: number;
  carriedOut: number;
}

/** base × ratio, rounded down, in integers (base can exceed 2^53 / 10,000 on a large team's month). */
export function share(base: number, ratioBp: number): number {
  if (base <= 0) return 0;
  return Number((BigInt(base) * BigInt(ratioBp)) / 10_000n);
}

/** The last tier whose thresholds are all met: tiers go up (checkTiers), so it is the best one reached. */
function reached<T>(tiers: T[], met: (tier: T) => boolean): number | null {
  let found: number | null = null;
  tiers.forEach((t, i) => {
    if (met(t)) found = i;
  });
  return found;
}

/**
 * Daily (or hourly) salary: the tier the team's turnover, active members and, where the tier asks for
 * it, loss reach; the amount is the team turnover × the tier's ratio.
 */
export function salaryOutcome(terms: Extract<ContractTerms, { kind: 'daily' | 'hourly' }>, team: TeamFigures, currency: string): Outcome {
  const tier = reached(
    terms.tiers,
    (t) =>
      team.turnover >= toMinor(t.turnover, currency) &&
      team.active >= t.activeMembers &&
      (t.loss === undefined || team.loss >= toMinor(t.loss, currency)),
  );
  const ratioBp = tier === null ? 0 : (terms.tiers[tier]?.ratioBp ?? 0);
  const base = Math.max(0, team.turnover);
  return { tier, ratioBp, base, amount: tier === null ? 0 : share(base, ratioBp), carriedIn: 0, carriedOut: 0 };
}

/**
 * Dividend: the team's loss less the team win carried in (by the contract's strategy) is the base; the
 * tier is reached by that base (basis loss) or the team turnover (basis turnover), and active members;
 * the amount is base × ratio. A period the team won pays nothing and carries its win on: until
 * offset (permanent), to the next period only (previous), or not at all (none).
 */
export function dividendOutcome(
  terms: Extract<ContractTerms, { kind: 'dividend' }>,
  team: TeamFigures,
  carried: number,
  currency: string,
): Outcome {
  const carriedIn = terms.carryOver === 'none' ? 0 : carried;
  const net = team.loss - carriedIn;
  const carriedOut = terms.carryOver === 'permanent' ? Math.max(0, -net) : terms.carryOver === 'previous' ? Math.max(0, -team.loss) : 0;
  const base = Math.max(0, net);
  const measure = terms.basis === 'loss' ? base : team.turnover;
  const tier = base > 0 ? reached(terms.tiers, (t) => measure >= toMinor(t.threshold, currency) && team.active >= t.activeMembers) : null;
  const ratioBp = tier === null ? 0 : (terms.tiers[tier]?.ratioBp ?? 0);
  return { tier, ratioBp, base, amount: tier === null ? 0 : share(base, ratioBp), carriedIn, carriedOut };
}

const floorDiv = (a: bigint, b: bigint) => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};

/**
 * Splits `amount` over `weights` in proportion (largest remainders, ties to the earlier weight), so the
 * parts add up to `amount` exactly. Weights may be negative (a member who won lowers the team's loss);
 * their total must be positive when `amount` is.
 */
export function apportion(amount: number, weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + BigInt(w), 0n);
  if (amount === 0 || total <= 0n) return weights.map(() => 0);
  const a = BigInt(amount);
  const parts = weights.map((w, i) => {
    const q = floorDiv(a * BigInt(w), total);
    return { i, q, r: a * BigInt(w) - q * total };
  });
  let left = a - parts.reduce((s, p) => s + p.q, 0n);
  for (const p of [...parts].sort((x, y) => (y.r > x.r ? 1 : y.r < x.r ? -1 : x.i - y.i))) {
    if (left <= 0n) break;
    p.q += 1n;
    left -= 1n;
  }
  return parts.map((p) => Number(p.q));
}
