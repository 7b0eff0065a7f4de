import { and, asc, count, desc, eq, gte, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { deposits, paymentChannels, paymentWebhooks, withdrawalAccounts, withdrawalProofs, withdrawals } from './payments.tables.ts';

export type ChannelRow = typeof paymentChannels.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalAccountRow = typeof withdrawalAccounts.$inferSelect;

// Channels

export function listChannels(db: Db, merchantId: number, currency: string): Promise<ChannelRow[]> {
  return db
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.merchantId, merchantId), eq(paymentChannels.currency, currency), eq(paymentChannels.enabled, true)))
    .orderBy(asc(paymentChannels.sort));
}

export async function findChannel(db: Db, merchantId: number, code: string): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.merchantId, merchantId), eq(paymentChannels.code, code), eq(paymentChannels.enabled, true)))
    .limit(1);
  return row;
}

export async function channelById(db: Db, id: number): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(paymentChannels).where(eq(paymentChannels.id, id)).limit(1);
  return row;
}

// Deposits

/** Inserts a deposit; undefined when the member already used the request id (the caller reads that one). */
export async function insertDeposit(db: Db, row: typeof deposits.$inferInsert): Promise<DepositRow | undefined> {
  const [created] = await db.insert(deposits).values(row).onConflictDoNothing().returning();
  return created;
}

export async function depositByRequest(db: Db, memberId: number, requestId: string): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.memberId, memberId), eq(deposits.requestId, requestId)))
    .limit(1);
  return row;
}

export async function depositByReference(db: Db, reference: string): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.reference, reference)).limit(1);
  return row;
}

export async function depositByProviderRef(db: Db, provider: string, providerRef: string, lock = false): Promise<DepositRow | undefined> {
  const q = db
    .select()
    .from(deposits)
    .where(and(eq(deposits.provider, provider), eq(deposits.providerRef, providerRef)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateDeposit(db: Db, id: number, set: Partial<typeof deposits.$inferInsert>): Promise<DepositRow> {
  const [row] = await db.update(deposits).set(set).where(eq(deposits.id, id)).returning();
  if (!row) throw new Error('deposit vanished');
  return row;
}

export async function memberDeposits(db: Db, memberId: number, status: string | undefined, limit: number, offset: number) {
  const where = and(eq(deposits.memberId, memberId), status ? eq(deposits.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(deposits).where(where).orderBy(desc(deposits.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(deposits).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Pending deposits past their end, oldest first: the ones whose webhook may never come. */
export function overdueDeposits(db: Db, before: Date, limit: number): Promise<DepositRow[]> {
  return db
    .select()
    .from(deposits)
    .where(and(eq(deposits.status, 'pending'), lte(deposits.expiresAt, before)))
    .orderBy(asc(deposits.expiresAt))
    .limit(limit);
}

export async function logWebhook(db: Db, row: typeof paymentWebhooks.$inferInsert): Promise<void> {
  await db.insert(paymentWebhooks).values(row);
}

// Withdrawal accounts

export function memberWithdrawalAccounts(db: Db, memberId: number): Promise<WithdrawalAccountRow[]> {
  return db
    .select()
    .from(withdrawalAccounts)
    .where(and(eq(withdrawalAccounts.memberId, memberId), isNull(withdrawalAccounts.removedAt)))
    .orderBy(asc(withdrawalAccounts.id));
}

export async function insertWithdrawalAccount(db: Db, row: typeof withdrawalAccounts.$inferInsert): Promise<WithdrawalAccountRow> {
  const [created] = await db.insert(withdrawalAccounts).values(row).returning();
  if (!created) throw new Error('withdrawal account insert returned nothing');
  return created;
}

export async function withdrawalAccountById(db: Db, id: number): Promise<WithdrawalAccountRow | undefined> {
  const [row] = await db.select().from(withdrawalAccounts).where(eq(withdrawalAccounts.id, id)).limit(1);
  return row;
}

export async function removeWithdrawalAccount(db: Db, memberId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(withdrawalAccounts)
    .set({ removedAt: now })
    .where(and(eq(withdrawalAccounts.id, id), eq(withdrawalAccounts.memberId, memberId), isNull(withdrawalAccounts.removedAt)))
    .returning({ id: withdrawalAccounts.id });
  return rows.length > 0;
}

/**
 * Other members of the merchant with a withdrawal account (current or removed) to one of the member's
 * current payees (kind and number): the member's accounts through withdrawal_accounts_member_number_uq,
 * each payee's holders through withdrawal_accounts_payee_idx, at most `limit` pairs.
 */
export function membersSharingPayees(
  db: Db,
  merchantId: number,
  memberId: number,
  limit: number,
): Promise<{ member_id: number; kind: string; number: string }[]> {
  return queryRows(
    db,
    sql`select distinct o.member_id, o.kind, o.number
        from (select kind, number from withdrawal_accounts where member_id = ${memberId} and removed_at is null limit 50) mine
        join withdrawal_accounts o on o.merchant_id = ${merchantId} and o.kind = mine.kind and o.number = mine.number and o.member_id <> ${memberId}
        limit ${limit}`,
  );
}

/** What the member has deposited, or is paying in (pending), since an instant: what deposit limits count. */
export async function depositedSince(db: Db, memberId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${deposits.amount}), 0)` })
    .from(deposits)
    .where(and(eq(deposits.memberId, memberId), inArray(deposits.status, ['pending', 'approved']), gte(deposits.createdAt, since)));
  return Number(row?.total ?? 0);
}

// Withdrawals

/** Takes the member's row lock: withdrawals of one member are decided one at a time (the daily limits). */
export async function lockMember(db: Db, memberId: number): Promise<void> {
  await db.execute(sql`select id from members where id = ${memberId} for update`);
}

export async function withdrawalByRequest(db: Db, memberId: number, requestId: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.requestId, requestId)))
    .limit(1);
  return row;
}

export async function withdrawalByReference(db: Db, reference: string, lock = false): Promise<WithdrawalRow | undefined> {
  const q = db.select().from(withdrawals).where(eq(withdrawals.reference, reference)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Withdrawals of a member since a time that still count against the daily limits (not rejected or failed). */
export async function withdrawalsSince(db: Db, memberId: number, since: Date): Promise<{ n: number; total: number }> {
  const [row] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
    .from(withdrawals)
    .where(
      and(eq(withdrawals.memberId, memberId), gte(withdrawals.createdAt, since), notInArray(withdrawals.status, ['rejected', 'failed'])),
    );
  return { n: Number(row?.n ?? 0), total: Number(row?.total ?? 0) };
}

export async function insertWithdrawal(db: Db, row: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
  const [created] = await db.insert(withdrawals).values(row).returning();
  if (!created) throw new Error('withdrawal insert returned nothing');
  return created;
}

export async function updateWithdrawal(db: Db, id: number, set: Partial<typeof withdrawals.$inferInsert>): Promise<WithdrawalRow> {
  const [row] = await db.update(withdrawals).set(set).where(eq(withdrawals.id, id)).returning();
  if (!row) throw new Error('withdrawal vanished');
  return row;
}

export async function memberWithdrawals(db: Db, memberId: number, status: string | undefined, limit: number, offset: number) {
  const where = and(eq(withdrawals.memberId, memberId), status ? eq(withdrawals.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function listWithdrawals(db: Db, filter: { merchantId?: number; statuses?: string[] }, limit: number): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(
      and(
        filter.merchantId ? eq(withdrawals.merchantId, filter.merchantId) : undefined,
        filter.statuses?.length ? inArray(withdrawals.status, filter.statuses) : undefined,
      ),
    )
    .orderBy(asc(withdrawals.id))
    .limit(limit);
}

/**
 * Claims withdrawals left paying since before `before` (their payout was cut off): one conditional
 * update renews their time to `now`, so a row is taken by one node and skipped by the others until
 * it is stale again.
 */
export function claimStalePaying(db: Db, before: Date, now: Date): Promise<WithdrawalRow[]> {
  return db
    .update(withdrawals)
    .set({ reviewedAt: now })
    .where(and(eq(withdrawals.status, 'paying'), lte(withdrawals.reviewedAt, before)))
    .returning();
}

/** Counts paid withdrawals whose confirmation time has passed as received; one statement, so each is taken once whatever the number of nodes. */
export function autoConfirmWithdrawals(db: Db, now: Date): Promise<WithdrawalRow[]> {
  return db
    .update(withdrawals)
    .set({ status: 'received', autoConfirmed: true, confirmedAt: now })
    .where(and(eq(withdrawals.status, 'paid'), lte(withdrawals.confirmBy, now)))
    .returning();
}

export async function insertProof(db: Db, withdrawalId: number, contentType: string, bytes: Buffer): Promise<void> {
  await db.insert(withdrawalProofs).values({ withdrawalId, contentType, bytes });
}

export async function latestProof(db: Db, withdrawalId: number) {
  const [row] = await db
    .select()
    .from(withdrawalProofs)
    .where(eq(withdrawalProofs.withdrawalId, withdrawalId))
    .orderBy(desc(withdrawalProofs.id))
    .limit(1);
  return row;
}

export async function proofWithdrawalIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: withdrawalProofs.withdrawalId })
    .from(withdrawalProofs)
    .where(inArray(withdrawalProofs.withdrawalId, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * One page of withdrawals of some merchants (undefined: every merchant) in one status, in id order,
 * with their number counted up to `cap` (a deeper page is refused by the query's schema).
 */
export async function withdrawalPage(
  db: Db,
  filter: { merchantIds?: number[]; status: string },
  page: { limit: number; offset: number; desc: boolean; cap: number },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const where = and(
    filter.merchantIds ? inArray(withdrawals.merchantId, filter.merchantIds) : undefined,
    eq(withdrawals.status, filter.status),
  );
  const capped = db.select({ one: sql`1` }).from(withdrawals).where(where).limit(page.cap).as('capped');
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(page.desc ? desc(withdrawals.id) : asc(withdrawals.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(capped),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** How many of the member's withdrawals other than `exceptId` were paid out (paid, received in full or in part). */
export async function paidWithdrawalCount(db: Db, memberId: number, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.memberId, memberId),
        inArray(withdrawals.status, ['paid', 'received', 'partly_received', 'not_received']),
        sql`${withdrawals.id} <> ${exceptId}`,
      ),
    );
  return row?.n ?? 0;
}
