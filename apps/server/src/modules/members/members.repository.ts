import { isIP } from 'node:net';
import { and, count, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { affiliateCodes, type MemberRow, memberLogins, memberNotes, members, type NewMemberRow } from './members.tables.ts';

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
 * as an account name (any case), a mobile number (with or without its +), a member id, an e-mail
 * address (any case) or an IP address a member logged in (or registered) from, each through its own
 * index (members_merchant_account_uq, members_merchant_mobile_uq, the primary key,
 * members_merchant_email_idx, member_logins_ip_idx); without `q`, the newest members. Newest first;
 * the number of matches is counted up to `cap`.
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
  if (q.includes('@')) matches.push(sql`lower(${members.email}) = lower(${q})`);
  // An address is no account, mobile, id or e-mail: alone, its semi-join probes member_logins_ip_idx (in an OR it would scan members).
  const byAddress = isIP(q)
    ? sql`${members.id} in (select ${memberLogins.memberId} from ${memberLogins} where ${memberLogins.ip} = ${q})`
    : undefined;
  const where = and(
    filter.merchantIds ? inArray(members.merchantId, filter.merchantIds) : undefined,
    q ? (byAddress ?? or(...matches)) : undefined,
  );
  const capped = db.select({ one: sql`1` }).from(members).where(where).limit(page.cap).as('capped');
  const [rows, [counted]] = await Promise.all([
    db.select().from(members).where(where).orderBy(desc(members.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(capped),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

// The back office's risk tools (decision 0048)

/** How many of a member's latest logins the address and device summaries read: a bound on a busy account's cost. */
const summaryWindow = 5_000;

/** A page of a member's logins, newest first, counted up to `cap` (through member_logins_member_at_idx). */
export async function loginPage(
  db: Db,
  memberId: number,
  page: { limit: number; offset: number; cap: number },
): Promise<{ rows: (typeof memberLogins.$inferSelect)[]; total: number }> {
  const where = eq(memberLogins.memberId, memberId);
  const capped = db.select({ one: sql`1` }).from(memberLogins).where(where).limit(page.cap).as('capped');
  const [rows, [counted]] = await Promise.all([
    db.select().from(memberLogins).where(where).orderBy(desc(memberLogins.at), desc(memberLogins.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(capped),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export interface SeenRow {
  value: string;
  detail: string;
  first_at: Date | string;
  last_at: Date | string;
  n: number | string;
}

/**
 * The distinct addresses or devices of a member's latest logins (at most `summaryWindow` read), with
 * first and last time and count, the most recently used first; `limit` + 1 rows, so the caller knows
 * when there are more. An address's detail is its country, a device's the User-Agent of its last login.
 */
export function seenBy(db: Db, memberId: number, by: 'ip' | 'device', limit: number): Promise<SeenRow[]> {
  const detail = by === 'ip' ? sql`(array_agg(country order by at desc))[1]` : sql`(array_agg(user_agent order by at desc))[1]`;
  return queryRows<SeenRow>(
    db,
    sql`select ${sql.raw(by)} as value, ${detail} as detail, min(at) as first_at, max(at) as last_at, count(*) as n
        from (select ip, device, country, user_agent, at from member_logins where member_id = ${memberId}
              order by at desc limit ${summaryWindow}) l
        where ${sql.raw(by)} <> ''
        group by ${sql.raw(by)} order by max(at) desc limit ${limit + 1}`,
  );
}

/**
 * Other members of the merchant who logged in from one of the member's most recent `values`
 * (addresses or devices, at most 20 read): per value, at most `perValue` members through
 * member_logins_ip_idx or member_logins_device_idx, each checked to be of the merchant by its primary
 * key. Never across merchants.
 */
export function membersSharing(
  db: Db,
  member: { id: number; merchantId: number },
  by: 'ip' | 'device',
  values: string[],
  perValue: number,
): Promise<{ value: string; member_id: number }[]> {
  if (values.length === 0) return Promise.resolve([]);
  const column = sql.raw(by);
  // Said again for devices: only then may the planner use the partial index (device <> '').
  const partial = by === 'device' ? sql`and l.device <> ''` : sql``;
  return queryRows(
    db,
    sql`select v.value, s.member_id
        from unnest(array[${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )}]::text[]) as v(value)
        cross join lateral (
          select distinct l.member_id from member_logins l join members m on m.id = l.member_id
          where l.${column} = v.value ${partial} and l.member_id <> ${member.id} and m.merchant_id = ${member.merchantId}
          limit ${perValue}
        ) s`,
  );
}

/** Members by id with the merchant checked again (the linked accounts' rows). */
export function membersOfMerchant(db: Db, merchantId: number, ids: number[]): Promise<MemberRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), inArray(members.id, [...new Set(ids)])));
}

export async function insertNote(db: Db, row: typeof memberNotes.$inferInsert): Promise<typeof memberNotes.$inferSelect> {
  const [created] = await db.insert(memberNotes).values(row).returning();
  if (!created) throw new Error('note insert returned nothing');
  return created;
}

/** A page of a member's notes, newest first (through member_notes_member_idx). */
export async function notePage(
  db: Db,
  memberId: number,
  page: { limit: number; offset: number; cap: number },
): Promise<{ rows: (typeof memberNotes.$inferSelect)[]; total: number }> {
  const where = eq(memberNotes.memberId, memberId);
  const capped = db.select({ one: sql`1` }).from(memberNotes).where(where).limit(page.cap).as('capped');
  const [rows, [counted]] = await Promise.all([
    db.select().from(memberNotes).where(where).orderBy(desc(memberNotes.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(capped),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
