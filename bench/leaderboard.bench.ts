// Leaderboard rank look-ups (decision 0043) with 1,000,000 players on a weekly board on PostgreSQL (own
// database): each player's statistics for the week (valid bets and bet counts with many ties), the
// board's snapshot rebuilt once (timed), then a player's own live rank as the route reads it (their
// statistics summed, one probe of the snapshot's order index) for random players, beside the
// computation it avoids (the week's statistics grouped per member and the members ahead counted, per
// request) in the same run, alternating; both must give the same rank.
import { sql } from 'drizzle-orm';
import { boardById } from '../apps/server/src/modules/leaderboards/leaderboards.repository.ts';
import { createBoard, rankOf, refreshBoard, spanOf } from '../apps/server/src/modules/leaderboards/leaderboards.service.ts';
import { type Merchant, merchantByCode } from '../apps/server/src/modules/merchants/merchants.service.ts';
import { type Db, queryRows } from '../apps/server/src/platform/db.ts';
import { freshDatabase } from './fresh-database.ts';

export const boardPlayers = 1_000_000;
/** Bench member ids, far above the demo's. */
const FIRST = 50_000_000;

/** Bench data only: the week's statistics of a million players straight in SQL (the feed would take hours). */
async function buildStatistics(db: Db, merchant: Merchant, from: string, to: string): Promise<void> {
  for (let start = 0; start < boardPlayers; start += 200_000) {
    await db.execute(sql`
      insert into daily_member_stats (merchant_id, member_id, day, category, bets, stake, valid_stake, payout)
      select ${merchant.id}::int, ${FIRST}::bigint + i,
             ${from}::date + (i % (${to}::date - ${from}::date + 1)), 'SLOT',
             1 + (i * 7) % 40, s, s, s / 2
        from generate_series(${start}::int, ${Math.min(start + 199_999, boardPlayers - 1)}::int) i,
             lateral (select ((i::bigint * 2654435761) % 200000) * 100 as s) x`);
  }
  await db.execute(sql.raw('vacuum analyze daily_member_stats'));
}

/** The rank without the snapshot: the period's statistics grouped per member and those ahead counted, per request. */
async function perRequestRank(db: Db, merchant: Merchant, memberId: number, from: string, to: string): Promise<number> {
  const [row] = await queryRows<{ rank: number }>(
    db,
    sql`with s as (select member_id, sum(valid_stake) as score, sum(bets) as bets from daily_member_stats
                    where merchant_id = ${merchant.id} and day between ${from}::date and ${to}::date and category <> 'WALLET'
                    group by member_id having sum(bets) > 0),
             me as (select score, bets from s where member_id = ${memberId})
        select 1 + count(*)::int as rank from s, me where (s.score, s.bets) > (me.score, me.bets)`,
  );
  return Number(row?.rank ?? 0);
}

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: p(s, 0.5), p99: p(s, 0.99), n: s.length };
};

/** Undefined without a PostgreSQL server. */
export async function leaderboardFigure(rounds: number, { calls = 2_000, referenceCalls = 2 } = {}) {
  const fresh = await freshDatabase('bench_board');
  if (!fresh) return undefined;
  try {
    const db = fresh.database.db;
    const merchant = await merchantByCode(db, 'BRAZIL');
    if (!merchant) throw new Error('BRAZIL missing');
    const now = new Date();
    const span = spanOf('week', merchant.timeZone, now);
    const created = await createBoard(db, merchant, {
      title: { EN: 'Bench board' },
      period: 'week',
      category: 'SLOT',
      prizes: [{ kind: 'points', amount: 100, multiple: 0 }],
      enabled: true,
    });
    const board = (await boardById(db, created.id)) ?? created;
    const built = performance.now();
    await buildStatistics(db, merchant, span.from, span.to);
    console.log(
      `  leaderboard-rank: ${boardPlayers.toLocaleString('en')} players' statistics in ${Math.round(performance.now() - built)} ms`,
    );
    const refreshed = performance.now();
    await refreshBoard(db, board, merchant, now, 'force');
    const refreshMs = Math.round(performance.now() - refreshed);
    await db.execute(sql.raw('vacuum analyze leaderboard_standings'));
    console.log(`  leaderboard-rank: snapshot of ${boardPlayers.toLocaleString('en')} ranks rebuilt in ${refreshMs} ms`);
    const someone = () => FIRST + Math.floor(Math.random() * boardPlayers);
    // Same rank both ways (checked outside the timing).
    for (let i = 0; i < 3; i++) {
      const id = someone();
      const [mine, old] = [(await rankOf(db, board, id, span)).rank, await perRequestRank(db, merchant, id, span.from, span.to)];
      if (mine !== old) throw new Error(`member ${id}: rank ${mine} <> ${old}`);
    }
    const perRound: { figure: number[]; p50: number[]; reference: number[] } = { figure: [], p50: [], reference: [] };
    for (let r = 0; r < rounds; r++) {
      const times: number[] = [];
      for (let i = 0; i < calls; i++) {
        const t = performance.now();
        await rankOf(db, board, someone(), span);
        times.push(performance.now() - t);
      }
      const ref: number[] = [];
      for (let i = 0; i < referenceCalls; i++) {
        const t = performance.now();
        await perRequestRank(db, merchant, someone(), span.from, span.to);
        ref.push(performance.now() - t);
      }
      const s = stats(times);
      perRound.figure.push(s.p99);
      perRound.p50.push(s.p50);
      perRound.reference.push(stats(ref).p50);
      console.log(
        `  leaderboard-rank round ${r + 1}/${rounds}: p99 ${s.p99.toFixed(2)} ms (p50 ${s.p50.toFixed(2)} ms, ${calls} look-ups) | reference (per-request ranking) p50 ${perRound.reference.at(-1)?.toFixed(0)} ms`,
      );
    }
    return { ...perRound, calls, referenceCalls, refreshMs };
  } finally {
    await fresh.drop();
  }
}
