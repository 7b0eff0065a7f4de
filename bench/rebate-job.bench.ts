// The daily rebate (返水) of one Brazil day (decision 0030) for 100,000 players who placed 10,000,000
// bets that day, on PostgreSQL: the period job as it runs in production (one statement for every
// player's amount, then per chunk of 5,000 players one ledger statement for the grants and two for
// the wagering obligations and the claims).
import { sql } from 'drizzle-orm';
import { merchantByCode } from '../apps/server/src/modules/merchants/merchants.service.ts';
import { offerOf } from '../apps/server/src/modules/promotions/promotions.repository.ts';
import { createOffer } from '../apps/server/src/modules/promotions/promotions.service.ts';
import { REBATE_GRACE_MS, rebateJob } from '../apps/server/src/modules/promotions/rebate.service.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger.service.ts';
import { type Db, queryRows } from '../apps/server/src/platform/db.ts';
import { runDuePeriods } from '../apps/server/src/platform/jobs.ts';
import { periodAt } from '../apps/server/src/platform/periods.ts';
import { freshDatabase } from './fresh-database.ts';

export const rebatePlayers = 100_000;
/** Bets per player and day, over two categories: 100 × 100,000 = 10 million. */
const betsPerPlayer = 100;

/** Bench data only: the players straight in SQL (the services would take hours). */
async function addPlayers(db: Db, merchantId: number): Promise<void> {
  await db.execute(sql`
    insert into members (merchant_id, account, type)
    select ${merchantId}::int, 'rbp_' || i, 0::smallint from generate_series(0, ${rebatePlayers - 1}::int) i`);
  await db.execute(sql`analyze members`);
}

/** A day's statistics as the ledger feed's consumer leaves them: each player's slot and lottery bets of the day. */
async function addDay(db: Db, merchantId: number, day: string): Promise<void> {
  await db.execute(sql`
    insert into daily_member_stats (merchant_id, member_id, day, category, bets, stake, valid_stake, payout)
    select ${merchantId}::int, id, ${day}::date, c.category, c.bets, s * c.share / 100, s * c.share / 100, s * c.share * (80 + id % 30) / 10000
      from (select id, (100 + (id * 7919) % 20000)::bigint * 100 as s from members
             where merchant_id = ${merchantId}::int and account like 'rbp_%') x,
           (values ('RNG', ${(betsPerPlayer * 7) / 10}::int, 70), ('LOTT', ${(betsPerPlayer * 3) / 10}::int, 30)) c(category, bets, share)`);
  await db.execute(sql`analyze daily_member_stats`);
}

/** Pays `rounds` days one after the other, each timed alone, then reruns the last (it must pay nothing); undefined without a PostgreSQL server. */
export async function rebateJobBench(rounds: number) {
  const fresh = await freshDatabase('bench_rebate');
  if (!fresh) return undefined;
  try {
    const db = fresh.database.db;
    const merchant = await merchantByCode(db, 'BRAZIL');
    if (!merchant) throw new Error('BRAZIL missing');
    await addPlayers(db, merchant.id);
    const offerId = await createOffer(db, merchant, {
      title: { PT: 'Rebate diário', EN: 'Daily rebate' },
      terms: {
        type: 'daily_rebate',
        ratesBp: { RNG: 80, LOTT: 50 },
        capPerDay: 100_000,
        multiple: 1,
        contributions: { '*': 100 },
        maxBet: null,
        wagerDays: 3,
      },
    });
    const offer = await offerOf(db, merchant.id, offerId);
    if (!offer) throw new Error('offer missing');
    const job = rebateJob(offer, merchant);
    const seconds: number[] = [];
    let paid = 0;
    let rerunPaid = 0;
    let at = new Date();
    for (let r = 0; r < rounds; r++) {
      const day = periodAt('day', merchant.timeZone, new Date(Date.now() + (2 + r) * 86_400_000));
      await addDay(db, merchant.id, day.key);
      at = new Date(day.end.getTime() + REBATE_GRACE_MS);
      const started = performance.now();
      const outcomes = await runDuePeriods(db, job, at);
      seconds.push((performance.now() - started) / 1000);
      const ran = outcomes.find((o) => o.period === day.key);
      if (ran?.outcome !== 'ran') throw new Error(`the day did not run: ${JSON.stringify(outcomes)}`);
      paid = ran.rows ?? 0;
      console.log(`  rebate-job round ${r + 1}: ${seconds.at(-1)?.toFixed(1)} s, ${paid} players paid`);
    }
    // A rerun of the last day's work (as after a crash before the day was marked done) pays nothing.
    const last = periodAt('day', merchant.timeZone, new Date(at.getTime() - REBATE_GRACE_MS - 1));
    rerunPaid = await job.run(db, last);
    const [claims] = await queryRows<{ n: string }>(db, sql`select count(*) as n from promotion_claims where offer_id = ${offerId}`);
    const invariantsOk = (await checkLedger(db)).ok && Number(claims?.n) === paid * rounds && rerunPaid === 0;
    return { seconds, paid, rerunPaid, bets: rebatePlayers * betsPerPlayer, players: rebatePlayers, invariantsOk };
  } finally {
    await fresh.drop();
  }
}
