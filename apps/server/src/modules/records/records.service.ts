import { type BettingRecord, type BettingRecordQuery, toAmount } from '@platform/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { presetRange } from '../../platform/time.ts';

interface RowDb {
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
}

const rows = queryRows;

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

const toRow = (r: RowDb) => ({
  kind: r.kind,
  id: Number(r.id),
  category: r.category,
  vendor: r.vendor,
  gameCode: r.game_code,
  round: r.round,
  stake: toAmount(Number(r.stake)),
  win: toAmount(Number(r.win)),
  status: r.status,
  time: new Date(r.time).getTime(),
  replayable: Boolean(r.replayable),
});

/** personalHistoryCopy: the member's bets of a period, by category, newest first, with totals. */
export async function bettingRecord(
  db: Db,
  memberId: number,
  timeZone: string,
  q: BettingRecordQuery,
  now = new Date(),
): Promise<BettingRecord> {
  const { from, to } = presetRange(q.period, timeZone, { from: q.from, to: q.to }, now);
  const filter = q.category ? sql`where category = ${q.category}` : sql``;
  const page = await rows<RowDb>(
    db,
    sql`select * from (${allBets(memberId, from, to)}) bets ${filter} order by time desc, id desc limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
  );
  const [totals] = await rows<{ n: string; stake: string | null; win: string | null }>(
    db,
    sql`select count(*) as n, sum(stake) as stake, sum(win) as win from (${allBets(memberId, from, to)}) bets ${filter}`,
  );
  const stake = Number(totals?.stake ?? 0);
  const win = Number(totals?.win ?? 0);
  return {
    content: page.map(toRow),
    totalPages: Math.ceil(Number(totals?.n ?? 0) / q.pageSize),
    totals: { stake: toAmount(stake), win: toAmount(win), net: toAmount(win - stake) },
  };
}

/** One bet of the member with what replays it: an in-house round's outcome and seeds, or a ticket's selection and result. */
export async function bettingRecordDetail(db: Db, memberId: number, kind: 'round' | 'lottery', id: number) {
  if (kind === 'round') {
    const [r] = await rows<RowDb & { detail: Record<string, unknown>; server_seed: string | null }>(
      db,
      sql`select 'round' as kind, r.id, coalesce(v.game_type, 'OTHER') as category, r.vendor_code as vendor, r.game_code, r.round_id as round,
                 r.stake, r.win, r.status, r.opened_at as time, r.provider = 'INHOUSE' as replayable, r.detail,
                 coalesce(
                   (select p.server_seed from fair_seed_pairs p where p.id = (r.detail->>'pairId')::int and not p.active),
                   -- A crash round plays from the round's own seed, revealed once the round has crashed (and been settled).
                   (select c.seed from crash_rounds c
                    where r.detail->>'game' = 'crash' and c.sequence = (r.detail->>'sequence')::int and c.settled_at is not null)
                 ) as server_seed
          from game_rounds r left join game_vendors v on v.code = r.vendor_code
          where r.id = ${id} and r.member_id = ${memberId}`,
    );
    if (!r) throw new AppError('APP_ERR_NOT_FOUND');
    return { row: toRow(r), detail: r.detail ?? {}, serverSeed: r.server_seed };
  }
  const [b] = await rows<
    RowDb & { play_type: string; selection: unknown; unit: number; multiple: number; bet_count: number; result: unknown }
  >(
    db,
    sql`select 'lottery' as kind, b.id, 'LOTT' as category, 'TCG_SEA' as vendor, b.game_code, b.issue as round, b.amount as stake, b.payout as win,
               b.status, b.placed_at as time, false as replayable, b.play_type, b.selection, b.unit, b.multiple, b.bet_count, d.result
        from lottery_bets b join lottery_draws d on d.id = b.draw_id
        where b.id = ${id} and b.member_id = ${memberId}`,
  );
  if (!b) throw new AppError('APP_ERR_NOT_FOUND');
  return {
    row: toRow(b),
    detail: {
      playType: b.play_type,
      selection: b.selection,
      unit: b.unit,
      multiple: b.multiple,
      betCount: b.bet_count,
      result: b.result ?? null,
    },
    serverSeed: null,
  };
}
