import { dailyRebateTermsSchema } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { type PeriodJob, type RunOutcome, runDuePeriods } from '../../platform/jobs.ts';
import type { Period } from '../../platform/periods.ts';
import { merchantById } from '../merchants/merchants.service.ts';
import { dailyStatistics, dailyStats } from '../statistics/statistics.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { mayOffer } from './market-rules.ts';
import { enabledOffersOfType, type OfferRow } from './promotions.repository.ts';
import { payOffer } from './promotions.service.ts';

// The daily rebate (返水, decision 0030): a share of each member's valid bets of a day, per game
// category, capped per day, paid after the day has ended by a period job, one per offer, in the
// merchant's time zone. It reads the daily statistics the ledger feed keeps (valid stake: placed
// less refunded) and pays each member through the ledger under a key of the offer, member and day,
// recording the claim: a day is paid once, whatever reruns.

/** How long after midnight a day is paid: bets committed in its last moments reach the statistics first. */
export const REBATE_GRACE_MS = 5 * 60_000;

/** What a member earns for a day: the sum over categories of valid stake × rate (basis points, rounded down), capped. */
export function rebateOf(ratesBp: Record<string, number>, capPerDay: number, stakes: { category: string; validStake: number }[]): number {
  let total = 0;
  for (const s of stakes) {
    const bp = ratesBp[s.category] ?? ratesBp['*'] ?? 0;
    if (s.validStake > 0 && bp > 0) total += Math.floor((s.validStake * bp) / 10_000);
  }
  return Math.min(total, capPerDay);
}

/** The period job of one rebate offer. */
export function rebateJob(offer: OfferRow, merchant: { id: number; currency: string; country: string; timeZone: string }): PeriodJob {
  const terms = dailyRebateTermsSchema.parse(offer.terms);
  return {
    name: `daily-rebate:${offer.id}`,
    every: 'day',
    timeZone: merchant.timeZone,
    catchUp: 7,
    async run(tx: Db, period: Period): Promise<number> {
      // Days outside the offer's schedule, or of a market that forbids it, pay nothing (and are done).
      if ((offer.startsAt && period.end <= offer.startsAt) || (offer.endsAt && period.start >= offer.endsAt)) return 0;
      if (!mayOffer(merchant, terms.type)) return 0;
      const byMember = new Map<number, { category: string; validStake: number }[]>();
      for (const s of await dailyStats(tx, merchant.id, period.key, period.key)) {
        if (s.validStake <= 0) continue;
        byMember.set(s.memberId, [...(byMember.get(s.memberId) ?? []), s]);
      }
      let paid = 0;
      for (const [memberId, stakes] of byMember) {
        const amount = rebateOf(terms.ratesBp, terms.capPerDay, stakes);
        if (amount > 0 && (await payOffer(tx, merchant, offer, memberId, period.key, amount, period.end))) paid++;
      }
      return paid;
    },
  };
}

/**
 * Runs every rebate offer's due days as of `now` (a test clock in tests): the statistics consumer
 * first catches up, so the day's bets are counted; a day is due `REBATE_GRACE_MS` after it ends.
 */
export async function runRebates(db: Db, now = new Date()): Promise<RunOutcome[]> {
  await catchUp(db, dailyStatistics);
  const outcomes: RunOutcome[] = [];
  for (const offer of await enabledOffersOfType(db, 'daily_rebate')) {
    const merchant = await merchantById(db, offer.merchantId);
    if (!merchant) continue;
    outcomes.push(...(await runDuePeriods(db, rebateJob(offer, merchant), new Date(now.getTime() - REBATE_GRACE_MS))));
  }
  return outcomes;
}
