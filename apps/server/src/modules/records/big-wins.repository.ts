import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';

export interface WinRow {
  kind: 'round' | 'lottery';
  vendor: string;
  game_code: string;
  stake: string | number;
  win: string | number;
  account: string;
  name: Record<string, string> | null;
  images: Record<string, string> | null;
  time: string | Date;
}

/**
 * The merchant's biggest wins since a time: settled provider rounds and paid lottery tickets, with the
 * winner's account and the catalog's name and tile of the game (a read model by table name, as the
 * betting record; it writes nothing). The largest first, then the newest.
 */
export function largestWinsSince(db: Db, merchantId: number, since: Date, limit: number): Promise<WinRow[]> {
  const from = since.toISOString();
  return queryRows<WinRow>(
    db,
    sql`select w.kind, w.vendor, w.game_code, w.stake, w.win, m.account, g.name, g.images, w.time
        from (
          select 'round' as kind, r.vendor_code as vendor, r.game_code, r.stake, r.win, r.member_id, coalesce(r.closed_at, r.opened_at) as time
          from game_rounds r
          where r.merchant_id = ${merchantId} and r.win > 0 and r.opened_at >= ${from}::timestamptz
          union all
          select 'lottery', 'TCG_SEA', b.game_code, b.amount, b.payout, b.member_id, coalesce(b.settled_at, b.placed_at)
          from lottery_bets b
          where b.merchant_id = ${merchantId} and b.payout > 0 and b.placed_at >= ${from}::timestamptz
        ) w
        join members m on m.id = w.member_id
        left join lateral (
          select name, images from games
          where game_code = w.game_code and (vendor_code = w.vendor or (w.kind = 'lottery' and vendor_code like 'TCG%'))
          order by vendor_code = w.vendor desc limit 1
        ) g on true
        order by w.win desc, w.time desc
        limit ${limit}`,
  );
}
