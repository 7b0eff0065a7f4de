import { type Currency, currencies } from '@platform/contract';
import { and, asc, eq, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { BatchAlongside, BatchShape } from '../wallet/ledger.service.ts';
import { gameProviders, gameRounds, gameSessions, providerTransactions } from './seamless.tables.ts';

export type ProviderRow = typeof gameProviders.$inferSelect;
export type GameSessionRow = typeof gameSessions.$inferSelect;
export type ProviderTransactionRow = typeof providerTransactions.$inferSelect;
export type NewProviderTransaction = typeof providerTransactions.$inferInsert;
export type GameRoundRow = typeof gameRounds.$inferSelect;

export async function findProvider(db: Db, code: string): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(gameProviders).where(eq(gameProviders.code, code)).limit(1);
  return row;
}

export async function insertProvider(db: Db, row: typeof gameProviders.$inferInsert): Promise<void> {
  await db.insert(gameProviders).values(row).onConflictDoNothing();
}

export async function insertGameSession(db: Db, row: typeof gameSessions.$inferInsert): Promise<GameSessionRow> {
  const [inserted] = await db.insert(gameSessions).values(row).returning();
  if (!inserted) throw new Error('game session not stored');
  return inserted;
}

export async function findGameSession(db: Db, tokenHash: string): Promise<GameSessionRow | undefined> {
  const [row] = await db.select().from(gameSessions).where(eq(gameSessions.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Claims a provider transaction id. Returns the new row, or undefined when the id is already taken
 * (a concurrent claim waits on the unique index until the first one commits or rolls back).
 */
export async function claimTransaction(db: Db, row: NewProviderTransaction): Promise<ProviderTransactionRow | undefined> {
  const [inserted] = await db.insert(providerTransactions).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The row of a provider transaction id. */
export async function findTransaction(db: Db, provider: string, transactionId: string): Promise<ProviderTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(providerTransactions)
    .where(and(eq(providerTransactions.provider, provider), eq(providerTransactions.transactionId, transactionId)))
    .limit(1);
  return row;
}

/** The row of a provider transaction id, locked for the rest of the database transaction. */
export async function lockTransaction(db: Db, provider: string, transactionId: string): Promise<ProviderTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(providerTransactions)
    .where(and(eq(providerTransactions.provider, provider), eq(providerTransactions.transactionId, transactionId)))
    .for('update')
    .limit(1);
  return row;
}

export async function finishTransaction(
  db: Db,
  id: number,
  set: Partial<Pick<ProviderTransactionRow, 'status' | 'answer' | 'amount' | 'ledgerTransactionId'>>,
): Promise<void> {
  await db.update(providerTransactions).set(set).where(eq(providerTransactions.id, id));
}

/** Adds a bet's stake or a win to its round, opening the round on its first call. */
export async function addToRound(
  db: Db,
  round: Pick<GameRoundRow, 'provider' | 'roundId' | 'merchantId' | 'memberId' | 'vendorCode' | 'gameCode'>,
  change: { stake: number; win: number; close: boolean; detail?: Record<string, unknown> },
  now: Date,
): Promise<GameRoundRow> {
  const status = change.close ? 'closed' : 'open';
  const detail = change.detail ?? {};
  const [row] = await db
    .insert(gameRounds)
    .values({ ...round, status, stake: change.stake, win: change.win, detail, openedAt: now, closedAt: change.close ? now : null })
    .onConflictDoUpdate({
      target: [gameRounds.provider, gameRounds.roundId],
      set: {
        stake: sql`${gameRounds.stake} + ${change.stake}`,
        win: sql`${gameRounds.win} + ${change.win}`,
        status: change.close ? 'closed' : sql`${gameRounds.status}`,
        closedAt: change.close ? sql`coalesce(${gameRounds.closedAt}, ${now.toISOString()}::timestamptz)` : sql`${gameRounds.closedAt}`,
        detail: sql`${gameRounds.detail} || ${JSON.stringify(detail)}::jsonb`,
      },
    })
    .returning();
  if (!row) throw new Error('round not stored');
  return row;
}

/** A round locked for the rest of the database transaction (take the player's accounts first: see playsShape). */
export async function lockRound(db: Db, provider: string, roundId: string): Promise<GameRoundRow | undefined> {
  const [row] = await db
    .select()
    .from(gameRounds)
    .where(and(eq(gameRounds.provider, provider), eq(gameRounds.roundId, roundId)))
    .for('update')
    .limit(1);
  return row;
}

export async function findRound(db: Db, provider: string, roundId: string): Promise<GameRoundRow | undefined> {
  const [row] = await db
    .select()
    .from(gameRounds)
    .where(and(eq(gameRounds.provider, provider), eq(gameRounds.roundId, roundId)))
    .limit(1);
  return row;
}

export async function closeRoundRow(db: Db, provider: string, roundId: string, now: Date): Promise<GameRoundRow | undefined> {
  const [row] = await db
    .update(gameRounds)
    .set({ status: 'closed', closedAt: sql`coalesce(${gameRounds.closedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(gameRounds.provider, provider), eq(gameRounds.roundId, roundId)))
    .returning();
  return row;
}

/**
 * A provider's rounds still open, opened before `before` and whose id starts with `prefix`, oldest
 * first (the in-house provider finishes those a dead node left: decision 0013).
 */
export function openRoundsOf(db: Db, provider: string, prefix: string, before: Date, limit: number): Promise<GameRoundRow[]> {
  return db
    .select()
    .from(gameRounds)
    .where(
      and(
        eq(gameRounds.provider, provider),
        eq(gameRounds.status, 'open'),
        like(gameRounds.roundId, `${prefix}%`),
        lt(gameRounds.openedAt, before),
      ),
    )
    .orderBy(asc(gameRounds.openedAt))
    .limit(limit);
}

/** A bet or win call as it is recorded: its provider transaction row and what it adds to its round. */
export interface PlayRecord {
  provider: string;
  transactionId: string;
  kind: 'bet' | 'win';
  requestHash: string;
  amount: number;
  createdAt: Date;
  round: Pick<GameRoundRow, 'roundId' | 'merchantId' | 'memberId' | 'vendorCode' | 'gameCode'>;
  change: { stake: number; win: number; close: boolean; detail?: Record<string, unknown> | undefined };
  /** The currency the answer gives the balance in. */
  currency: string;
}

/** Per currency of the table, the SQL of `then` values: 10^exponent, or the exponent (decision 0019). */
const byCurrency = (value: (c: Currency) => number) =>
  sql.raw([...currencies.values()].map((c) => `when '${c.code}' then ${value(c)}`).join(' '));
/** A balance in minor units as the edge's amount of its currency: XOF as is, BRL in reais with two decimals. */
const majorOf = (minor: SQL, currency: SQL) =>
  sql`round(${minor}::numeric / (case ${currency} ${byCurrency((c) => 10 ** c.exponent)} end), (case ${currency} ${byCurrency((c) => c.exponent)} end))`;

const answerOf = (balance: SQL, currency: string | SQL, walletTransactionId: SQL) =>
  sql`jsonb_build_object('balance', ${majorOf(balance, sql`${currency}::text`)}, 'currency', ${currency}::text, 'walletTransactionId', ${walletTransactionId})`;

const sp = (name: string) => sql.placeholder(`sp_${name}`);

/** Calls of a batch as rows: CTE `sp_in`, `i` being each call's position (values from playValues). */
const playsIn = sql`sp_in as (
      select * from unnest(${sp('i')}::int[], ${sp('provider')}::text[], ${sp('tx')}::text[], ${sp('kind')}::text[], ${sp('merchant')}::int[],
                           ${sp('member')}::int[], ${sp('round')}::text[], ${sp('game')}::text[], ${sp('vendor')}::text[], ${sp('amount')}::bigint[],
                           ${sp('hash')}::text[], ${sp('currency')}::text[], ${sp('stake')}::bigint[], ${sp('win')}::bigint[], ${sp('close')}::boolean[],
                           ${sp('detail')}::text[], ${sp('at')}::timestamptz[])
        as x(i, provider, tx, kind, merchant_id, member_id, round_id, game_code, vendor_code, amount, request_hash, currency, stake, win, close, detail, at)
    )`;

/** The placeholder values of `sp_in` for these calls. */
function playValues(records: PlayRecord[]): Record<string, unknown> {
  const col = <T>(f: (r: PlayRecord, i: number) => T) => records.map(f);
  return {
    sp_i: col((_, i) => i),
    sp_provider: col((r) => r.provider),
    sp_tx: col((r) => r.transactionId),
    sp_kind: col((r) => r.kind),
    sp_merchant: col((r) => r.round.merchantId),
    sp_member: col((r) => r.round.memberId),
    sp_round: col((r) => r.round.roundId),
    sp_game: col((r) => r.round.gameCode),
    sp_vendor: col((r) => r.round.vendorCode),
    sp_amount: col((r) => r.amount),
    sp_hash: col((r) => r.requestHash),
    sp_currency: col((r) => r.currency),
    sp_stake: col((r) => r.change.stake),
    sp_win: col((r) => r.change.win),
    sp_close: col((r) => r.change.close === true),
    sp_detail: col((r) => JSON.stringify(r.change.detail ?? {})),
    sp_at: col((r) => r.createdAt.toISOString()),
  };
}

/** The round upserts (CTE `sp_r`) of the calls of `sp_in` that `recorded` (a join on `s`) says were written. Calls must not share a round. */
function roundsOf(recorded: SQL): SQL {
  return sql`sp_r as (
      insert into game_rounds (provider, round_id, merchant_id, member_id, vendor_code, game_code, status, stake, win, detail, opened_at, closed_at)
      select s.provider, s.round_id, s.merchant_id, s.member_id, s.vendor_code, s.game_code, case when s.close then 'closed' else 'open' end,
             s.stake, s.win, s.detail::jsonb, s.at, case when s.close then s.at end
      from sp_in s ${recorded}
      order by s.i
      on conflict (provider, round_id) do update set
        stake = game_rounds.stake + excluded.stake,
        win = game_rounds.win + excluded.win,
        status = case when excluded.status = 'closed' then 'closed' else game_rounds.status end,
        closed_at = case when excluded.status = 'closed' then coalesce(game_rounds.closed_at, excluded.closed_at) else game_rounds.closed_at end,
        detail = game_rounds.detail || excluded.detail
      returning id
    )`;
}

/** What a batch of money-moving calls writes beside its ledger movements (see recordPlaysAlongside). */
const playsShape: BatchShape = {
  // sp_taken: the calls whose id is used already (a repeat, or a bet a rollback cancelled).
  // sp_dead: the wins (zero wins too) whose round has no live stake of their player: no bet, or every
  // bet rolled back. They move nothing and are recorded as refused, so a repeat gets the same answer.
  // Each win's round is read locked, and only once the group's accounts are locked (the one-time
  // count of mb_lock): a rollback locks the same rows in the same order (its accounts, then the
  // round), so a win and a rollback of one round never both pass, and never deadlock. Locked, the
  // row read is the latest committed one, not the statement's snapshot. A bet and a win of one round
  // never meet in one group (the group writer's round key), so a win needs a stake already written.
  skip: sql`${playsIn},
    sp_taken as (
      select s.i from sp_in s
      cross join lateral (select 1 from provider_transactions p where p.provider = s.provider and p.transaction_id = s.tx limit 1) p
    ),
    sp_dead as (
      select s.i from sp_in s
      left join lateral (
        select g.stake from game_rounds g
        where s.kind = 'win' and g.provider = s.provider and g.round_id = s.round_id and g.member_id = s.member_id
          and (select count(*) from mb_lock) >= 0
        limit 1
        for update
      ) g on true
      where s.kind = 'win' and coalesce(g.stake, 0) <= 0 and s.i not in (select i from sp_taken)
    ),
    mb_skip as (
      select i from sp_taken
      union all
      select i from sp_dead
    )`,
  ctes: sql`,
    sp_w as (
      select i, transaction_id, balance from mb_done
      union all
      select i, null::bigint, balance from mb_still
    ),
    sp_p as (
      insert into provider_transactions (provider, transaction_id, kind, status, merchant_id, member_id, round_id, game_code,
                                         amount, request_hash, ledger_transaction_id, answer, created_at)
      select s.provider, s.tx, s.kind, case when d.i is null then 'refused' else 'done' end, s.merchant_id, s.member_id, s.round_id,
             s.game_code, s.amount, s.request_hash, d.transaction_id,
             case when d.i is not null then ${answerOf(sql`d.balance`, sql`s.currency`, sql`coalesce(d.transaction_id, 0)`)} end, s.at
      from sp_in s left join sp_w d on d.i = s.i
      where d.i is not null or s.i in (select i from sp_dead)
      order by s.i
      returning provider, transaction_id, answer
    ),
    ${roundsOf(sql`join sp_w d on d.i = s.i`)}`,
  result: sql`(select p.answer from sp_p p join sp_in s on s.provider = p.provider and s.tx = p.transaction_id where s.i = b.i)`,
};

/**
 * The provider transactions and rounds of a batch of calls (see postMany), written in the batch's
 * statement for the calls that moved and for the zero wins (a call alone is a batch of one). A call
 * whose id is already taken (a repeat, or a bet cancelled by an earlier rollback) is skipped before
 * anything moves; so is a win whose round has no live stake of its player, recorded as `refused`.
 * The result per call is its stored answer. Records must not share a round.
 */
export function recordPlaysAlongside(records: PlayRecord[]): BatchAlongside {
  return { shape: playsShape, values: playValues(records) };
}
