import { dailyRebateTermsSchema } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { type PeriodJob, type RunOutcome, runDuePeriods } from '../../platform/jobs.ts';
import type { Period } from '../../platform/periods.ts';
import { merchantById } from '../merchants/merchants.service.ts';
import { dailyStatistics } from '../statistics/statistics.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { grantMany } from '../wallet/ledger.grants.ts';
import { houseShards } from '../wallet/ledger.service.ts';
import { mayOffer } from './market-rules.ts';
import { enabledOffersOfType, type OfferRow } from './promotions.repository.ts';
import { rebatesOfDay, recordRebates } from './rebate.repository.ts';

// The daily rebate (返水, decision 0030): a share of each member's valid bets of a day, per game
// category, capped per day, paid after the day has ended by a period job, one per offer, in the
// merchant's time zone. It reads the daily statistics the ledger feed keeps (valid stake: placed
// less refunded) and pays each member through the ledger under a key of the offer, member and day,
// recording the claim: a day is paid once, whatever reruns.

/** How long after midnight a day is paid: bets committed in its last moments reach the statistics first. */
export const REBATE_GRACE_MS = 5 * 60_000;

/** Members paid per statement: a day of 100,000 members is 20 chunks of three statements each. */
const REBATE_CHUNK = 5_000;
const DAY = 86_400_000;

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
      const owed = await rebatesOfDay(tx, merchant.id, period.key, terms.ratesBp, terms.capPerDay);
      const kind = terms.multiple > 0 ? 'bonus' : 'main';
      const grantKey = (memberId: number) => `promo:${offer.id}:${memberId}:${period.key}`;
      let paid = 0;
      for (let i = 0; i * REBATE_CHUNK < owed.length; i++) {
        const rows = owed.slice(i * REBATE_CHUNK, (i + 1) * REBATE_CHUNK);
        // Three statements per chunk, in the day's transaction: the ledger grants (a key granted
        // before moves nothing), then the obligations and claims of the same keys.
        await grantMany(tx, {
          type: 'bonus',
          kind,
          houseKind: `bonuses#${i % houseShards}`,
          currency: merchant.currency,
          grants: rows.map((r) => ({
            merchantId: merchant.id,
            memberId: r.memberId,
            amount: r.amount,
            key: `bonus:${grantKey(r.memberId)}`,
            reference: { promotion: offer.id, period: period.key, title: terms.type, grant: grantKey(r.memberId) },
          })),
        });
        paid += await recordRebates(tx, {
          merchantId: merchant.id,
          offerId: offer.id,
          periodKey: period.key,
          title: terms.type,
          multiple: terms.multiple,
          contributions: terms.contributions,
          maxBet: terms.maxBet,
          expiresAt: new Date(period.end.getTime() + terms.wagerDays * DAY),
          grantKey,
          rows,
        });
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
