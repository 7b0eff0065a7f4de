import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';

/**
 * The betting record's reads: a union over the rounds the seamless wallet keeps and the lottery's
 * tickets, by table name (a read model over other modules' rows; nothing here writes). Reports that
 * outgrow it read the daily statistics instead.
 */

export interface RowDb {
  kind: 'round' | 'lottery';
  id: string | number;
  category: string;
  vendor: string;
  game_code: string;
  round: string;
  stake: string | number;
  win: string | number;
  status: string;
  time: string | Date;
  replayable: boolean;
  /** The catalog's name of the game per language, and its kind (SLOT, INSTANT, CRASH, LOTTERY...); null when the catalog has none. */
  game_name: Record<string, string> | null;
  classify: string | null;
}

/**
 * The catalog's name and kind of each bet's game, looked up after the page is cut (a lottery ticket's
 * game is the lottery vendors' catalog entry of its code), as the big-wins board looks them up.
 */
const catalogOf = (bet: string) => sql`left join lateral (
    select name as game_name, game_classify as classify from games
     where game_code = ${sql.raw(bet)}.game_code
       and (vendor_code = ${sql.raw(bet)}.vendor or (${sql.raw(bet)}.kind = 'lottery' and vendor_code like 'TCG%'))
     order by vendor_code = ${sql.raw(bet)}.vendor desc limit 1) g on true`;

/** Every bet of the member: provider rounds (seamless wallet) and lottery tickets, in one list. */
function allBets(memberId: number, from: Date, to: Date): SQL {
  return sql`select 'round' as kind, r.id, coalesce(v.game_type, 'OTHER') as category, r.vendor_code as vendor, r.game_code,
                    r.round_id as round, r.stake, r.win, r.status, r.opened_at as time, r.provider = 'INHOUSE' as replayable
             from game_rounds r left join game_vendors v on v.code = r.vendor_code
             where r.member_id = ${memberId} and r.opened_at >= ${from.toISOString()}::timestamptz and r.opened_at < ${to.toISOString()}::timestamptz
             union all
             select 'lottery', b.id, 'LOTT', 'TCG_SEA', b.game_code, b.issue, b.amount, b.payout, b.status, b.placed_at, false
             from lottery_bets b
             where b.member_id = ${memberId} and b.placed_at >= ${from.toISOString()}::timestamptz and b.placed_at < ${to.toISOString()}::timestamptz`;
}

export interface BetsFilter {
  memberId: number;
  from: Date;
  to: Date;
  category?: string | undefined;
}

const categoryFilter = (f: BetsFilter): SQL => (f.category ? sql`where category = ${f.category}` : sql``);

/** A page of the member's bets of the period, newest first. */
export function betsPage(db: Db, f: BetsFilter, limit: number, offset: number): Promise<RowDb[]> {
  return queryRows<RowDb>(
    db,
    sql`select p.*, g.game_name, g.classify
          from (select * from (${allBets(f.memberId, f.from, f.to)}) bets ${categoryFilter(f)} order by time desc, id desc limit ${limit} offset ${offset}) p
          ${catalogOf('p')}
         order by p.time desc, p.id desc`,
  );
}

/** How many bets of the period, and their stakes and wins added up. */
export async function betsTotals(db: Db, f: BetsFilter): Promise<{ n: string; stake: string | null; win: string | null } | undefined> {
  const [totals] = await queryRows<{ n: string; stake: string | null; win: string | null }>(
    db,
    sql`select count(*) as n, sum(stake) as stake, sum(win) as win from (${allBets(f.memberId, f.from, f.to)}) bets ${categoryFilter(f)}`,
  );
  return totals;
}

export type RoundDetailRow = RowDb & { detail: Record<string, unknown>; server_seed: string | null };

/** One provider round of the member, with its detail and, once revealed, the seed it played from. */
export async function roundOfMember(db: Db, memberId: number, id: number): Promise<RoundDetailRow | undefined> {
  const [r] = await queryRows<RoundDetailRow>(
    db,
    sql`select 'round' as kind, r.id, coalesce(v.game_type, 'OTHER') as category, r.vendor_code as vendor, r.game_code, r.round_id as round,
               r.stake, r.win, r.status, r.opened_at as time, r.provider = 'INHOUSE' as replayable, r.detail,
               coalesce(
                 (select p.server_seed from fair_seed_pairs p where p.id = (r.detail->>'pairId')::int and not p.active),
                 -- A crash round plays from the round's own seed, revealed once the round has crashed (and been settled).
                 (select c.seed from crash_rounds c
                  where r.detail->>'game' = 'crash' and c.sequence = (r.detail->>'sequence')::int and c.settled_at is not null)
               ) as server_seed,
               (select name from games where vendor_code = r.vendor_code and game_code = r.game_code) as game_name,
               (select game_classify from games where vendor_code = r.vendor_code and game_code = r.game_code) as classify
        from game_rounds r left join game_vendors v on v.code = r.vendor_code
        where r.id = ${id} and r.member_id = ${memberId}`,
  );
  return r;
}

export type TicketDetailRow = RowDb & {
  play_type: string;
  selection: unknown;
  unit: number;
  multiple: number;
  bet_count: number;
  result: unknown;
};

/** One lottery ticket of the member, with its draw's result. */
export async function ticketOfMember(db: Db, memberId: number, id: number): Promise<TicketDetailRow | undefined> {
  const [b] = await queryRows<TicketDetailRow>(
    db,
    sql`select t.*, g.game_name, g.classify
        from (select 'lottery' as kind, b.id, 'LOTT' as category, 'TCG_SEA' as vendor, b.game_code, b.issue as round, b.amount as stake,
                     b.payout as win, b.status, b.placed_at as time, false as replayable, b.play_type, b.selection, b.unit, b.multiple,
                     b.bet_count, d.result
                from lottery_bets b join lottery_draws d on d.id = b.draw_id
               where b.id = ${id} and b.member_id = ${memberId}) t
        ${catalogOf('t')}`,
  );
  return b;
}
