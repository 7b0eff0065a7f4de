import { type ErrorCode, toAmount } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { periodAt } from '../../platform/periods.ts';
import { memberById } from '../members/members.service.ts';
import { merchantById } from '../merchants/merchants.service.ts';
import { INDEFINITE, type StakeLimitsRow, stakeLimitsOf } from './staking.repository.ts';

type Kind = 'loss' | 'wager';
type Period = 'day' | 'week' | 'month';
const periods: readonly Period[] = ['day', 'week', 'month'];

/**
 * Why a limit refuses a stake, as the player and a provider see it: which limit (kind and period),
 * how much may still be staked against it (a decimal amount of the currency), and when it resets
 * (the start of the merchant's next local day, ISO week or month). The lowest room left wins, so
 * of overlapping limits the one that binds is named.
 */
export interface LimitRefusal {
  limit: Kind;
  period: Period;
  remaining: number;
  resetsAt: string;
}

/** How much `kind` leaves to stake in each period it limits, now (the counters of an older period count zero). */
export function roomLeft(row: StakeLimitsRow, kind: Kind, now: Date): { period: Period; remaining: number; resetsAt: Date }[] {
  const out: { period: Period; remaining: number; resetsAt: Date }[] = [];
  for (const period of periods) {
    const limit = row.limits[kind][period];
    if (limit == null) continue;
    const current = periodAt(period, row.timeZone, now);
    const used = row[period] === current.key ? row.counters[kind][period] : 0;
    out.push({ period, remaining: Math.max(0, limit - used), resetsAt: current.end });
  }
  return out;
}

/** The limit that refuses a stake of `amount` now, if one does: loss limits first, then wager limits. */
export function bindingLimit(row: StakeLimitsRow, amount: number, currency: string, now: Date): LimitRefusal | undefined {
  for (const kind of ['loss', 'wager'] as const) {
    const short = roomLeft(row, kind, now)
      .filter((r) => r.remaining < amount)
      .sort((a, b) => a.remaining - b.remaining)[0];
    if (short)
      return { limit: kind, period: short.period, remaining: toAmount(short.remaining, currency), resetsAt: short.resetsAt.toISOString() };
  }
  return undefined;
}

/**
 * The gate's refusal of a stake with its detail: for a limit, which one, what is left and when it
 * resets (APP_ERR_STAKE_LOSS_LIMIT or _WAGER_LIMIT); for an exclusion, until when (null: indefinite).
 * `code` is the refusal the gate's statement gave; the row read now may name a different limit when
 * another stake moved it meanwhile, and then its code wins.
 */
export async function gateRefusal(
  db: Db,
  stake: { memberId: number; amount: number },
  code: ErrorCode,
  now = new Date(),
): Promise<AppError> {
  const row = await stakeLimitsOf(db, stake.memberId);
  if (!row) return new AppError(code);
  if (row.excludedUntil && row.excludedUntil > now) {
    const until = row.excludedUntil >= INDEFINITE ? null : row.excludedUntil.toISOString();
    return new AppError('APP_ERR_STAKE_EXCLUDED', undefined, { until });
  }
  // The room left is told in the member's merchant's currency (whole francs, reais with centavos).
  const member = await memberById(db, stake.memberId);
  const merchant = member ? await merchantById(db, member.merchantId) : undefined;
  if (!merchant) return new AppError(code);
  const binding = bindingLimit(row, stake.amount, merchant.currency, now);
  if (!binding) return new AppError(code);
  const limitCode: ErrorCode = binding.limit === 'loss' ? 'APP_ERR_STAKE_LOSS_LIMIT' : 'APP_ERR_STAKE_WAGER_LIMIT';
  return new AppError(limitCode, undefined, { ...binding });
}
