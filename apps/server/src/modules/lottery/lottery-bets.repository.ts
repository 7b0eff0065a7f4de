import { and, asc, desc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRows, queryRows } from '../../platform/db.ts';
import type { BatchAlongside, BatchShape } from '../wallet/ledger.service.ts';
import type { DrawRow } from './lottery.repository.ts';
import { lotteryBets, lotteryChases, lotteryDraws, lotterySettings } from './lottery.tables.ts';

/** The SQL of tickets (slips, chases, settlement) and of the per-number liability lines; the rules are in lottery.bets.ts and lottery.limits.ts. */

export type BetRow = typeof lotteryBets.$inferSelect;
export type NewBetRow = typeof lotteryBets.$inferInsert;
export type ChaseRow = typeof lotteryChases.$inferSelect;

/** The tickets a slip's request id wrote, in order (a repeated request answers them). */
export function betsOfRequest(tx: Db, memberId: number, requestId: string): Promise<BetRow[]> {
  return tx
    .select()
    .from(lotteryBets)
    .where(and(eq(lotteryBets.memberId, memberId), eq(lotteryBets.requestId, requestId)))
    .orderBy(asc(lotteryBets.id));
}

export async function insertChase(
  tx: Db,
  chase: { memberId: number; gameCode: string; issues: number; stopOnWin: boolean; createdAt: Date },
): Promise<ChaseRow | undefined> {
  const [row] = await tx.insert(lotteryChases).values(chase).returning();
  return row;
}

export function insertBets(tx: Db, rows: NewBetRow[]): Promise<BetRow[]> {
  return tx.insert(lotteryBets).values(rows).returning();
}

/** A page of the member's tickets, newest first, with their draw's result, and the number of pages. */
export async function memberBetsPage(
  db: Db,
  memberId: number,
  q: { gameCode?: string | undefined; pageNo: number; pageSize: number },
): Promise<{ rows: { bet: BetRow; result: unknown }[]; total: number }> {
  const where = and(eq(lotteryBets.memberId, memberId), q.gameCode ? eq(lotteryBets.gameCode, q.gameCode) : undefined);
  const rows = await db
    .select({ bet: lotteryBets, result: lotteryDraws.result })
    .from(lotteryBets)
    .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryBets.drawId))
    .where(where)
    .orderBy(desc(lotteryBets.placedAt), desc(lotteryBets.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(lotteryBets).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** What decides a ticket's payout on a drawn issue: every ticket alike in these wins alike. */
export interface TicketKind {
  playType: string;
  selection: unknown;
  unit: number;
  multiple: number;
  prizeMode: string;
}

/** The distinct kinds of a draw's pending tickets: thousands of tickets share a few hundred kinds. */
export async function pendingTicketKinds(tx: Db, drawId: number): Promise<TicketKind[]> {
  const rows = await queryRows<{ play_type: string; selection: unknown; unit: number; multiple: number; prize_mode: string }>(
    tx,
    sql`select play_type, selection, unit, multiple, prize_mode from lottery_bets
        where draw_id = ${drawId} and status = 'pending'
        group by play_type, selection, unit, multiple, prize_mode`,
  );
  return rows.map((r) => ({ playType: r.play_type, selection: r.selection, unit: r.unit, multiple: r.multiple, prizeMode: r.prize_mode }));
}

/**
 * Settles a draw's pending tickets in one statement: each kind's payout comes as arrays (one
 * parameter each, whatever the number of kinds), and the database marks every pending ticket of a
 * kind won (payout > 0) or lost with it. Tickets another node settles meanwhile are waited for and
 * then left alone (no longer pending). Returns how many it settled and the chases of its won tickets.
 */
const kp = (name: string) => sql.placeholder(name);
const settleKinds = preparedRows<{ settled: string; won_chases: number[] | null }>(
  () => sql`with k as (
          select * from unnest(${kp('playType')}::text[], ${kp('selection')}::jsonb[], ${kp('unit')}::int[], ${kp('multiple')}::int[],
                               ${kp('prizeMode')}::text[], ${kp('payout')}::bigint[])
                 as k(play_type, selection, unit, multiple, prize_mode, payout)
        ),
        u as (
          update lottery_bets b set status = case when k.payout > 0 then 'won' else 'lost' end, payout = k.payout,
                 settled_at = ${kp('now')}::timestamptz
          from k
          where b.draw_id = ${kp('drawId')}::int and b.status = 'pending' and b.play_type = k.play_type and b.selection = k.selection
            and b.unit = k.unit and b.multiple = k.multiple and b.prize_mode = k.prize_mode
          returning b.chase_id, b.status
        )
        select count(*) as settled, array_agg(distinct chase_id) filter (where status = 'won' and chase_id is not null) as won_chases
        from u`,
);

export async function settleTicketsByKind(
  tx: Db,
  drawId: number,
  kinds: (TicketKind & { payout: number })[],
  now: Date,
): Promise<{ settled: number; wonChases: number[] }> {
  if (kinds.length === 0) return { settled: 0, wonChases: [] };
  const [row] = await settleKinds(tx, {
    playType: kinds.map((k) => k.playType),
    selection: kinds.map((k) => JSON.stringify(k.selection)),
    unit: kinds.map((k) => k.unit),
    multiple: kinds.map((k) => k.multiple),
    prizeMode: kinds.map((k) => k.prizeMode),
    payout: kinds.map((k) => k.payout),
    now: now.toISOString(),
    drawId,
  });
  return { settled: Number(row?.settled ?? 0), wonChases: row?.won_chases ?? [] };
}

/** Refunds a cancelled draw's pending tickets in one statement: their stake as payout. Returns how many. */
export async function refundPendingTickets(tx: Db, drawId: number, now: Date): Promise<number> {
  const [row] = await queryRows<{ settled: string }>(
    tx,
    sql`with u as (
          update lottery_bets set status = 'refunded', payout = amount, settled_at = ${now.toISOString()}::timestamptz
          where draw_id = ${drawId} and status = 'pending' returning 1
        )
        select count(*) as settled from u`,
  );
  return Number(row?.settled ?? 0);
}

/** The draw's row, locked until the transaction ends (nodes paying a draw take turns). */
export async function lockDraw(tx: Db, drawId: number): Promise<DrawRow | undefined> {
  const [row] = await tx.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId)).for('update');
  return row;
}

export async function hasPendingTicket(tx: Db, drawId: number): Promise<boolean> {
  const [pending] = await tx
    .select({ id: lotteryBets.id })
    .from(lotteryBets)
    .where(and(eq(lotteryBets.drawId, drawId), eq(lotteryBets.status, 'pending')))
    .limit(1);
  return pending !== undefined;
}

/** What a draw owes each player's account: the sum of its tickets of a status, per merchant and account. */
export function owedOfDraw(
  tx: Db,
  drawId: number,
  status: 'won' | 'refunded',
): Promise<{ merchantId: number; accountId: number; memberId: number; amount: string }[]> {
  return tx
    .select({
      merchantId: lotteryBets.merchantId,
      accountId: lotteryBets.accountId,
      memberId: lotteryBets.memberId,
      amount: sql<string>`sum(${lotteryBets.payout})`,
    })
    .from(lotteryBets)
    .where(and(eq(lotteryBets.drawId, drawId), eq(lotteryBets.status, status)))
    .groupBy(lotteryBets.merchantId, lotteryBets.accountId, lotteryBets.memberId)
    .orderBy(lotteryBets.merchantId, lotteryBets.accountId);
}

/** Marks a draw paid: a refunded (cancelled) draw keeps its status, a drawn one becomes settled. */
export async function markDrawPaid(tx: Db, drawId: number, refund: boolean, now: Date): Promise<void> {
  await tx
    .update(lotteryDraws)
    .set(refund ? { paidAt: now } : { status: 'settled', settledAt: now, paidAt: now })
    .where(eq(lotteryDraws.id, drawId));
}

/** Stops a running chase that stops on a win; only the update that finds it running returns it. */
export async function stopRunningChase(tx: Db, chaseId: number): Promise<ChaseRow | undefined> {
  const [chase] = await tx
    .update(lotteryChases)
    .set({ status: 'stopped' })
    .where(and(eq(lotteryChases.id, chaseId), eq(lotteryChases.status, 'running'), eq(lotteryChases.stopOnWin, true)))
    .returning();
  return chase;
}

const restOfChase = (chaseId: number, drawId: number): SQL | undefined =>
  and(eq(lotteryBets.chaseId, chaseId), eq(lotteryBets.status, 'pending'), sql`${lotteryBets.drawId} <> ${drawId}`);

/** A chase's pending tickets on other draws than this one, locked. */
export function lockChaseRest(tx: Db, chaseId: number, drawId: number): Promise<BetRow[]> {
  return tx.select().from(lotteryBets).where(restOfChase(chaseId, drawId)).for('update');
}

/** Cancels a chase's pending tickets on other draws, their stake as payout (refunded by the caller's movement). */
export async function cancelChaseRest(tx: Db, chaseId: number, drawId: number, now: Date): Promise<void> {
  await tx
    .update(lotteryBets)
    .set({ status: 'cancelled', payout: sql`${lotteryBets.amount}`, settledAt: now })
    .where(restOfChase(chaseId, drawId));
}

/** Draws to settle: drawn or cancelled, and not yet paid (but those in `tried`). */
export function drawsToSettle(db: Db, tried: number[] = []): Promise<DrawRow[]> {
  return db
    .select()
    .from(lotteryDraws)
    .where(
      and(
        sql`${lotteryDraws.status} in ('drawn', 'cancelled') and ${lotteryDraws.paidAt} is null`,
        tried.length > 0 ? notInArray(lotteryDraws.id, tried) : undefined,
      ),
    )
    .orderBy(asc(lotteryDraws.drawAt))
    .limit(20);
}

// The liability lines (lottery_number_exposure) and the merchant's caps.

export type SettingsRow = typeof lotterySettings.$inferSelect;

export async function settingsOf(db: Db, merchantId: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(lotterySettings).where(eq(lotterySettings.merchantId, merchantId)).limit(1);
  return row;
}

export async function upsertCaps(db: Db, merchantId: number, caps: { numberCap: number; drawCap: number }): Promise<void> {
  await db
    .insert(lotterySettings)
    .values({ merchantId, ...caps })
    .onConflictDoUpdate({ target: lotterySettings.merchantId, set: caps });
}

export interface ExposureLine {
  drawId: number;
  playType: string;
  number: string;
  payout: number;
}

const linesValues = (lines: ExposureLine[]): SQL =>
  sql.join(
    lines.map((l) => sql`(${l.drawId}::int, ${l.playType}::text, ${l.number}::text, ${l.payout}::bigint)`),
    sql`, `,
  );

/**
 * Adds the lines to the merchant's exposure rows (upsert, in the lines' order: locks are taken in
 * it) and answers the lines now over their cap: the draw cap for the line `wholeDraw`, the number cap
 * for the others. The rows stay locked until the transaction ends.
 */
export function addExposure(
  tx: Db,
  merchantId: number,
  lines: ExposureLine[],
  caps: { numberCap: number; drawCap: number },
  wholeDraw: string,
): Promise<{ draw_id: number; play_type: string; number: string }[]> {
  return queryRows<{ draw_id: number; play_type: string; number: string }>(
    tx,
    sql`with v(draw_id, play_type, number, payout) as (values ${linesValues(lines)}),
        up as (
          insert into lottery_number_exposure (draw_id, merchant_id, play_type, number, payout)
          select draw_id, ${merchantId}::int, play_type, number, payout from v order by draw_id, play_type, number
          on conflict (draw_id, merchant_id, play_type, number)
          do update set payout = lottery_number_exposure.payout + excluded.payout
          returning draw_id, play_type, number, payout
        )
        select draw_id, play_type, number from up
        where payout > case when play_type = ${wholeDraw} then ${caps.drawCap}::bigint else ${caps.numberCap}::bigint end`,
  );
}

/** Takes the lines off the merchant's exposure rows. */
export async function subtractExposure(tx: Db, merchantId: number, lines: ExposureLine[]): Promise<void> {
  await tx.execute(sql`update lottery_number_exposure e set payout = e.payout - v.payout
                       from (values ${linesValues(lines)}) as v(draw_id, play_type, number, payout)
                       where e.draw_id = v.draw_id and e.merchant_id = ${merchantId} and e.play_type = v.play_type and e.number = v.number`);
}

// Slips written together (group commit, see lottery.slips.ts): the tickets and liability lines of a
// batch of slips in the ledger's batch statement (postMany), for the slips whose debit was made.

/** A ticket of a slip in a batch: `i` is the slip's place in the batch. */
export interface BatchTicket extends Omit<NewBetRow, 'chaseId' | 'placedAt' | 'status' | 'payout' | 'settledAt' | 'id'> {
  i: number;
  placedAt: Date;
}

/** A liability line of a slip in a batch. */
export interface BatchLine extends ExposureLine {
  i: number;
  merchantId: number;
}

const lp = (name: string) => sql.placeholder(`ls_${name}`);

/**
 * Beside the debits: the tickets of every slip whose debit was made, and their liability lines
 * added up per draw, merchant, play and number (upserted in that order, the order a slip written
 * alone locks them in, after the accounts as there), skipping a slip whose issue no longer takes
 * bets. The result per slip is its tickets. When a line of the batch goes over its merchant's cap,
 * the statement fails (migration 0046): nothing of it is written, and the caller writes its slips
 * one by one, each refused or placed as alone.
 */
const slipsShape: BatchShape = {
  // A slip whose issue no longer takes bets at its time (closed, cancelled) moves nothing here.
  skip: sql`mb_skip as (
      select s.i from jsonb_to_recordset(${lp('slips')}::jsonb) as s(i int, draw_id int, at timestamptz)
      where not exists (select 1 from lottery_draws d where d.id = s.draw_id and d.status = 'open' and d.closes_at > s.at)
    )`,
  ctes: sql`,
    ls_bets as (
      insert into lottery_bets (merchant_id, member_id, account_id, draw_id, game_code, issue, play_type, selection, unit, multiple,
                                bet_count, amount, prize_mode, request_id, placed_at)
      select t.merchant_id, t.member_id, t.account_id, t.draw_id, t.game_code, t.issue, t.play_type, t.selection, t.unit, t.multiple,
             t.bet_count, t.amount, t.prize_mode, t.request_id, t.placed_at
      from jsonb_to_recordset(${lp('tickets')}::jsonb)
        as t(i int, k int, merchant_id int, member_id int, account_id int, draw_id int, game_code text, issue text, play_type text,
             selection jsonb, unit int, multiple int, bet_count int, amount bigint, prize_mode text, request_id text, placed_at timestamptz)
      join mb_done d on d.i = t.i
      order by t.i, t.k
      returning *
    ),
    ls_x as (
      insert into lottery_number_exposure (draw_id, merchant_id, play_type, number, payout)
      select l.draw_id, l.merchant_id, l.play_type, l.number, sum(l.payout)
      from jsonb_to_recordset(${lp('lines')}::jsonb) as l(i int, draw_id int, merchant_id int, play_type text, number text, payout bigint)
      join mb_done d on d.i = l.i
      group by l.draw_id, l.merchant_id, l.play_type, l.number
      order by l.draw_id, l.merchant_id, l.play_type, l.number
      on conflict (draw_id, merchant_id, play_type, number) do update set payout = lottery_number_exposure.payout + excluded.payout
      returning merchant_id, play_type, payout
    ),
    ls_over as (
      select 1 from ls_x x
      left join lottery_settings s on s.merchant_id = x.merchant_id
      where x.payout > case when x.play_type = ${lp('whole')}::text then coalesce(s.draw_cap, ${lp('draw_cap')}::bigint)
                            else coalesce(s.number_cap, ${lp('number_cap')}::bigint) end
      limit 1
    ),
    ls_fail as (select lottery_batch_over_cap() from ls_over)`,
  result: sql`json_build_object('failed', (select count(*) from ls_fail),
                                'tickets', (select json_agg(to_json(lb) order by lb.id) from ls_bets lb where lb.account_id = b.member_id))`,
};

type BetRowRaw = {
  id: number;
  merchant_id: number;
  member_id: number;
  account_id: number;
  draw_id: number;
  game_code: string;
  issue: string;
  play_type: string;
  selection: unknown;
  unit: number;
  multiple: number;
  bet_count: number;
  amount: number;
  prize_mode: string;
  status: string;
  payout: number;
  request_id: string;
  chase_id: number | null;
  placed_at: string;
  settled_at: string | null;
};

/** A ticket as the batch statement answers it (JSON), as a row. */
function betRowOf(r: BetRowRaw): BetRow {
  return {
    id: r.id,
    merchantId: r.merchant_id,
    memberId: r.member_id,
    accountId: r.account_id,
    drawId: r.draw_id,
    gameCode: r.game_code,
    issue: r.issue,
    playType: r.play_type,
    selection: r.selection,
    unit: r.unit,
    multiple: r.multiple,
    betCount: r.bet_count,
    amount: Number(r.amount),
    prizeMode: r.prize_mode,
    status: r.status,
    payout: Number(r.payout),
    requestId: r.request_id,
    chaseId: r.chase_id,
    placedAt: new Date(r.placed_at),
    settledAt: r.settled_at ? new Date(r.settled_at) : null,
  };
}

/** The tickets and lines of a batch of slips, to write in the ledger's batch statement (postMany). */
export function slipsAlongside(
  slips: { drawId: number; at: Date }[],
  tickets: BatchTicket[],
  lines: BatchLine[],
  wholeDraw: string,
  defaultCaps: { numberCap: number; drawCap: number },
): BatchAlongside {
  return {
    shape: slipsShape,
    values: {
      ls_slips: JSON.stringify(slips.map((s, i) => ({ i, draw_id: s.drawId, at: s.at.toISOString() }))),
      ls_tickets: JSON.stringify(
        tickets.map((t, k) => ({
          i: t.i,
          k,
          merchant_id: t.merchantId,
          member_id: t.memberId,
          account_id: t.accountId,
          draw_id: t.drawId,
          game_code: t.gameCode,
          issue: t.issue,
          play_type: t.playType,
          selection: t.selection,
          unit: t.unit,
          multiple: t.multiple,
          bet_count: t.betCount,
          amount: t.amount,
          prize_mode: t.prizeMode,
          request_id: t.requestId,
          placed_at: t.placedAt.toISOString(),
        })),
      ),
      ls_lines: JSON.stringify(
        lines.map((l) => ({
          i: l.i,
          draw_id: l.drawId,
          merchant_id: l.merchantId,
          play_type: l.playType,
          number: l.number,
          payout: l.payout,
        })),
      ),
      ls_whole: wholeDraw,
      ls_number_cap: defaultCaps.numberCap,
      ls_draw_cap: defaultCaps.drawCap,
    },
  };
}

/** The statement's answer for a slip: its tickets, as rows. */
export function slipTicketsOf(raw: unknown): BetRow[] {
  return ((raw as { tickets: BetRowRaw[] | null } | null)?.tickets ?? []).map(betRowOf);
}

/** Whether a batch statement failed because a line went over its cap (see slipsShape). */
export function overCap(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 3; depth++) {
    if ((e as { hint?: string }).hint === 'lottery_batch_over_cap') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
