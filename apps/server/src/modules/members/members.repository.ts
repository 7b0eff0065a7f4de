import { and, count, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { affiliateCodes, type MemberRow, memberLogins, members, type NewMemberRow } from './members.tables.ts';

export async function insertMember(db: Db, row: NewMemberRow): Promise<MemberRow> {
  const [created] = await db.insert(members).values(row).returning();
  if (!created) throw new Error('member insert returned nothing');
  return created;
}

const memberByIdQuery = (db: Db) =>
  db
    .select()
    .from(members)
    .where(eq(members.id, sql.placeholder('id')))
    .limit(1)
    .prepare('member_by_id');
const memberByIdQueries = new WeakMap<Db, ReturnType<typeof memberByIdQuery>>();

/** A member by id: the most frequent lookup (every provider call, every signed-in request), built once per handle. */
export async function findMemberById(db: Db, id: number): Promise<MemberRow | undefined> {
  let query = memberByIdQueries.get(db);
  if (!query) {
    query = memberByIdQuery(db);
    memberByIdQueries.set(db, query);
  }
  const [row] = await query.execute({ id });
  return row;
}

/**
 * Every member row as a subquery other modules' statements join on (the sessions' lookup joins its
 * member in the same round trip). PostgreSQL flattens it: the plan is the plain join's.
 */
export function memberRowsSubquery(db: Db) {
  return db.select().from(members).as('member');
}

/** The account names of members, by id (for boards that show players masked). */
export async function findAccounts(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, account: members.account })
    .from(members)
    .where(inArray(members.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.account]));
}

export async function findMemberByAccount(db: Db, merchantId: number, account: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), sql`lower(${members.account}) = lower(${account})`))
    .limit(1);
  return row;
}

export async function findMemberByMobile(db: Db, merchantId: number, mobile: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.mobile, mobile)))
    .limit(1);
  return row;
}

export async function findMemberByAccountAndEmail(
  db: Db,
  merchantId: number,
  account: string,
  email: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.merchantId, merchantId),
        sql`lower(${members.account}) = lower(${account})`,
        sql`lower(${members.email}) = lower(${email})`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Updates a member row and, in the same statement, NOTIFYs `member_changed` with its id (sent at
 * commit): every node's session cache forgets the member's sessions, whose member rows are now old.
 */
export async function updateMember(db: Db, id: number, patch: Partial<NewMemberRow>): Promise<MemberRow> {
  const [found] = await db
    .update(members)
    .set(patch)
    .where(eq(members.id, id))
    .returning({ ...getTableColumns(members), notified: sql<void>`pg_notify('member_changed', ${members.id}::text)` });
  if (!found) throw new Error(`member ${id} not found`);
  const { notified: _, ...row } = found;
  return row;
}

export async function insertAffiliateCode(db: Db, merchantId: number, code: string, memberId: number): Promise<void> {
  await db.insert(affiliateCodes).values({ merchantId, code, memberId });
}

/** The member owning an affiliate code of the merchant (any case). */
export async function findAffiliateOwner(db: Db, merchantId: number, code: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({ member: members })
    .from(affiliateCodes)
    .innerJoin(members, eq(members.id, affiliateCodes.memberId))
    .where(and(eq(affiliateCodes.merchantId, merchantId), sql`lower(${affiliateCodes.code}) = lower(${code})`))
    .limit(1);
  return row?.member;
}

export async function insertLogin(db: Db, row: typeof memberLogins.$inferInsert): Promise<void> {
  await db.insert(memberLogins).values(row);
}

/** Whether the member ever logged in (or registered) from this address. */
export async function hasLoginFrom(db: Db, memberId: number, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberLogins.id })
    .from(memberLogins)
    .where(and(eq(memberLogins.memberId, memberId), eq(memberLogins.ip, ip)))
    .limit(1);
  return row !== undefined;
}

export function recentLogins(db: Db, memberId: number, limit: number): Promise<(typeof memberLogins.$inferSelect)[]> {
  return db
    .select()
    .from(memberLogins)
    .where(eq(memberLogins.memberId, memberId))
    .orderBy(desc(memberLogins.at), desc(memberLogins.id))
    .limit(limit);
}

/**
 * The operators' player search in some merchants (undefined: every merchant): `q` is matched exactly
 * as an account name (any case), a mobile number (with or without its +) or a member id, each
 * through its own index (members_merchant_account_uq, members_merchant_mobile_uq, the primary key);
 * without `q`, the newest members. Newest first; the number of matches is counted up to `cap`.
 */
export async function searchMembers(
  db: Db,
  filter: { merchantIds?: number[]; q?: string },
  page: { limit: number; offset: number; cap: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const q = filter.q?.trim() ?? '';
  const digits = /^\+?(\d{1,15})$/.exec(q)?.[1];
  const matches = [sql`lower(${members.account}) = lower(${q})`];
  if (digits) matches.push(eq(members.mobile, `+${digits}`));
  if (digits && digits.length <= 10 && Number(digits) >= 1 && Number(digits) <= 2_147_483_647) matches.push(eq(members.id, Number(digits)));
  const where = and(filter.merchantIds ? inArray(members.merchantId, filter.merchantIds) : undefined, q ? or(...matches) : undefined);
  const capped = db.select({ one: sql`1` }).from(members).where(where).limit(page.cap).as('capped');
  const [rows, [counted]] = await Promise.all([
    db.select().from(members).where(where).orderBy(desc(members.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(capped),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
