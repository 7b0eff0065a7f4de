import { asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { leaderboards } from './leaderboards.tables.ts';

// The leaderboards' SQL (decision 0043): boards, the standings snapshot rebuilt from the daily member
// statistics, and the one-probe rank of a live score.

export type BoardRow = typeof leaderboards.$inferSelect;
export type NewBoardRow = typeof leaderboards.$inferInsert;

export async function insertBoard(db: Db, row: NewBoardRow): Promise<BoardRow> {
  const [created] = await db.insert(leaderboards).values(row).returning();
  if (!created) throw new Error('leaderboard not created');
  return created;
}

export function boardsOfMerchant(db: Db, merchantId: number): Promise<BoardRow[]> {
  return db.select().from(leaderboards).where(eq(leaderboards.merchantId, merchantId)).orderBy(asc(leaderboards.id));
}

export async function boardById(db: Db, id: number): Promise<BoardRow | undefined> {
  const [row] = await db.select().from(leaderboards).where(eq(leaderboards.id, id));
  return row;
}

/** Every enabled board (the payout job). */
export function enabledBoards(db: Db): Promise<BoardRow[]> {
  return db.select().from(leaderboards).where(eq(leaderboards.enabled, true)).orderBy(asc(leaderboards.id));
}

/** The statistics rows a board counts: bets of its category (or of any game), never the wallet's movements. */
const counted = (board: Pick<BoardRow, 'category'>) =>
  board.category === null ? sql`category <> 'WALLET'` : sql`category = ${board.category}`;

export interface Span {
  key: string;
  from: string;
  to: string;
}

/**
 * Rebuilds the snapshot of a board's period from the statistics, in the caller's transaction: members
 * with a bet, ranked by score then bets (competition rank). With `wait` false, gives up (false) when
 * another node is refreshing the same board.
 */
export async function refreshStandings(tx: Db, board: BoardRow, span: Span, { wait = false } = {}): Promise<boolean> {
  const lock = wait
    ? sql`select pg_advisory_xact_lock(43, ${board.id}) is null as "got"`
    : sql`select pg_try_advisory_xact_lock(43, ${board.id}) as "got"`;
  const [got] = await queryRows<{ got: boolean }>(tx, lock);
  if (!wait && !got?.got) return false;
  await tx.execute(sql`delete from leaderboard_standings where board_id = ${board.id} and period_key = ${span.key}`);
  const inserted = await queryRows<{ n: number }>(
    tx,
    sql`with s as (
          select member_id, sum(valid_stake)::bigint as score, sum(bets)::bigint as bets from daily_member_stats
           where merchant_id = ${board.merchantId} and day between ${span.from}::date and ${span.to}::date and ${counted(board)}
           group by member_id having sum(bets) > 0),
        ins as (
          insert into leaderboard_standings (board_id, period_key, member_id, score, bets, rank)
          select ${board.id}, ${span.key}, member_id, score, bets, rank() over (order by score desc, bets desc) from s
          returning 1)
        select count(*)::int as n from ins`,
  );
  await tx.execute(
    sql`insert into leaderboard_refreshes (board_id, period_key, members, refreshed_at)
        values (${board.id}, ${span.key}, ${inserted[0]?.n ?? 0}, now())
        on conflict (board_id, period_key) do update set members = excluded.members, refreshed_at = excluded.refreshed_at`,
  );
  return true;
}

export async function refreshOf(db: Db, boardId: number, periodKey: string): Promise<{ members: number; refreshedAt: Date } | undefined> {
  const [row] = await queryRows<{ members: number; refreshed_at: Date | string }>(
    db,
    sql`select members, refreshed_at from leaderboard_refreshes where board_id = ${boardId} and period_key = ${periodKey}`,
  );
  return row ? { members: Number(row.members), refreshedAt: new Date(row.refreshed_at) } : undefined;
}

export interface StandingRow {
  memberId: number;
  score: number;
  bets: number;
  rank: number;
}

const toStanding = (r: { member_id: string | number; score: string | number; bets: string | number; rank: number }): StandingRow => ({
  memberId: Number(r.member_id),
  score: Number(r.score),
  bets: Number(r.bets),
  rank: Number(r.rank),
});

/** The snapshot's members of rank at most `maxRank` (ties at the edge included whole), best first, then by member. */
export async function standingsUpTo(db: Db, boardId: number, periodKey: string, maxRank: number): Promise<StandingRow[]> {
  const rows = await queryRows<{ member_id: string; score: string; bets: string; rank: number }>(
    db,
    sql`select member_id, score, bets, rank from leaderboard_standings
         where board_id = ${boardId} and period_key = ${periodKey} and rank <= ${maxRank} order by rank, member_id`,
  );
  return rows.map(toStanding);
}

/** The snapshot's first `count` places. */
export async function topStandings(db: Db, boardId: number, periodKey: string, count: number): Promise<StandingRow[]> {
  const rows = await queryRows<{ member_id: string; score: string; bets: string; rank: number }>(
    db,
    sql`select member_id, score, bets, rank from leaderboard_standings
         where board_id = ${boardId} and period_key = ${periodKey} order by rank, member_id limit ${count}`,
  );
  return rows.map(toStanding);
}

/**
 * A member's live score and rank in one round trip: their statistics summed over the span, then the
 * first snapshot row at or below that (score, bets) (its rank; none: every ranked member is ahead).
 */
export async function liveRank(
  db: Db,
  board: BoardRow,
  memberId: number,
  span: Span,
): Promise<{ score: number; bets: number; rank: number | null }> {
  const [row] = await queryRows<{ score: string; bets: string; rank: number | null; members: number | null }>(
    db,
    sql`with me as (
          select coalesce(sum(valid_stake), 0)::bigint as score, coalesce(sum(bets), 0)::bigint as bets from daily_member_stats
           where merchant_id = ${board.merchantId} and member_id = ${memberId}
             and day between ${span.from}::date and ${span.to}::date and ${counted(board)})
        select me.score, me.bets,
               (select s.rank from leaderboard_standings s
                 where s.board_id = ${board.id} and s.period_key = ${span.key} and (s.score, s.bets) <= (me.score, me.bets)
                 order by s.score desc, s.bets desc limit 1) as rank,
               (select members from leaderboard_refreshes where board_id = ${board.id} and period_key = ${span.key}) as members
          from me`,
  );
  const score = Number(row?.score ?? 0);
  const bets = Number(row?.bets ?? 0);
  if (bets <= 0) return { score, bets, rank: null };
  return { score, bets, rank: row?.rank != null ? Number(row.rank) : Number(row?.members ?? 0) + 1 };
}
