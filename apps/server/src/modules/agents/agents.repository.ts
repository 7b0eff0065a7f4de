import { and, count, desc, eq, gt, gte, inArray, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { memberRows } from '../members/members.service.ts';
import { agentLevels, memberTree, type PromoLinkRow, promoLinks } from './agents.tables.ts';

// The agents module's SQL: the tree (closure rows written by the members trigger), prize groups and
// promo links. Member rows are joined through the members module's published subquery.

export async function findPrizeGroup(db: Db, memberId: number): Promise<number | undefined> {
  const [row] = await db.select({ prizeGroup: agentLevels.prizeGroup }).from(agentLevels).where(eq(agentLevels.memberId, memberId));
  return row?.prizeGroup;
}

/** The prize group row of a member, locked until the transaction ends (undefined when it has none). */
export async function lockPrizeGroup(tx: Db, memberId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ prizeGroup: agentLevels.prizeGroup })
    .from(agentLevels)
    .where(eq(agentLevels.memberId, memberId))
    .for('update');
  return row?.prizeGroup;
}

export async function upsertPrizeGroup(db: Db, memberId: number, prizeGroup: number, now: Date): Promise<void> {
  await db
    .insert(agentLevels)
    .values({ memberId, prizeGroup, updatedAt: now })
    .onConflictDoUpdate({ target: agentLevels.memberId, set: { prizeGroup, updatedAt: now } });
}

/** The highest prize group among a member's direct downlines (undefined when none has one). */
export async function findHighestDownlineGroup(db: Db, memberId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ top: max(agentLevels.prizeGroup) })
    .from(memberTree)
    .innerJoin(agentLevels, eq(agentLevels.memberId, memberTree.descendantId))
    .where(and(eq(memberTree.ancestorId, memberId), eq(memberTree.depth, 1)));
  return row?.top ?? undefined;
}

/** How far below `agentId` the member is (0 = itself), or undefined when it is not in the agent's team. */
export async function findDepthBelow(db: Db, agentId: number, memberId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ depth: memberTree.depth })
    .from(memberTree)
    .where(and(eq(memberTree.ancestorId, agentId), eq(memberTree.descendantId, memberId)));
  return row?.depth;
}

export async function countTeam(db: Db, agentId: number): Promise<{ team: number; direct: number }> {
  const [row] = await db
    .select({
      team: sql<number>`count(*) filter (where ${memberTree.depth} > 0)`.mapWith(Number),
      direct: sql<number>`count(*) filter (where ${memberTree.depth} = 1)`.mapWith(Number),
    })
    .from(memberTree)
    .where(eq(memberTree.ancestorId, agentId));
  return { team: row?.team ?? 0, direct: row?.direct ?? 0 };
}

/** The member ids from the agent down to `memberId`, both included, top first. */
export async function findChain(db: Db, agentId: number, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ id: memberTree.ancestorId })
    .from(memberTree)
    .where(
      and(
        eq(memberTree.descendantId, memberId),
        sql`exists (select 1 from ${memberTree} a where a.ancestor_id = ${agentId} and a.descendant_id = ${memberTree.ancestorId})`,
      ),
    )
    .orderBy(desc(memberTree.depth));
  return rows.map((r) => r.id);
}

/**
 * One page of team members with their prize group and team size: the direct downlines of `parentId`,
 * or (with `search`) every member below the agent whose account contains the text. `level` is the
 * depth below the agent. Both read the closure by its primary key's prefix.
 */
export async function findTeamPage(db: Db, q: { agentId: number; parentId: number; search?: string; pageNo: number; pageSize: number }) {
  const m = memberRows(db);
  const below = db.$with('below').as(
    db
      .select({ id: memberTree.descendantId, level: memberTree.depth })
      .from(memberTree)
      .where(and(eq(memberTree.ancestorId, q.agentId), gt(memberTree.depth, 0))),
  );
  const where = q.search ? sql`strpos(lower(${m.account}), lower(${q.search})) > 0` : sql`${m.uplineId} = ${q.parentId}`;
  const [rows, [total]] = await Promise.all([
    db
      .with(below)
      .select({
        id: m.id,
        account: m.account,
        type: m.type,
        uplineId: m.uplineId,
        createdAt: m.createdAt,
        lastLoginAt: m.lastLoginAt,
        level: below.level,
        prizeGroup: agentLevels.prizeGroup,
        teamSize: sql<number>`(select count(*) from ${memberTree} t where t.ancestor_id = ${m.id} and t.depth > 0)`.mapWith(Number),
      })
      .from(below)
      .innerJoin(m, eq(m.id, below.id))
      .leftJoin(agentLevels, eq(agentLevels.memberId, m.id))
      .where(where)
      .orderBy(below.level, m.id)
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.with(below).select({ n: count() }).from(below).innerJoin(m, eq(m.id, below.id)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The ids of every member below an agent, as a subquery other modules' statements take (the closure's key prefix). */
export const teamIdsOf = (agentId: number) => sql`select descendant_id from member_tree where ancestor_id = ${agentId} and depth > 0`;

/** One member's id as the same kind of subquery (a team's figures narrowed to one member the caller checked is in it). */
export const memberIdOf = (memberId: number) => sql`select ${memberId}::int`;

/** Members who joined an agent's team in [from, to), per local day of `timeZone`. */
export async function findNewMembersByDay(db: Db, agentId: number, from: Date, to: Date, timeZone: string) {
  const m = memberRows(db);
  const day = sql<string>`to_char(${m.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, n: count() })
    .from(memberTree)
    .innerJoin(m, eq(m.id, memberTree.descendantId))
    .where(and(eq(memberTree.ancestorId, agentId), gt(memberTree.depth, 0), gte(m.createdAt, from), lt(m.createdAt, to)))
    // By position: the time zone is a parameter, and two parameters are never the same expression.
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [String(r.day), Number(r.n)]));
}

/** Accounts, types and depths below the agent of some of its team's members, by id. */
export async function findTeamMembersById(db: Db, agentId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { account: string; type: number; depth: number }>();
  const m = memberRows(db);
  const rows = await db
    .select({ id: m.id, account: m.account, type: m.type, depth: memberTree.depth })
    .from(memberTree)
    .innerJoin(m, eq(m.id, memberTree.descendantId))
    .where(and(eq(memberTree.ancestorId, agentId), inArray(memberTree.descendantId, ids)));
  return new Map(rows.map((r) => [r.id, { account: r.account, type: r.type, depth: r.depth }]));
}

// Promo links

export async function countPromoLinks(db: Db, agentId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(promoLinks).where(eq(promoLinks.agentId, agentId));
  return row?.n ?? 0;
}

export async function insertPromoLink(db: Db, row: typeof promoLinks.$inferInsert): Promise<PromoLinkRow> {
  const [created] = await db.insert(promoLinks).values(row).returning();
  if (!created) throw new Error('promo link insert returned nothing');
  return created;
}

export function findPromoLinks(db: Db, agentId: number): Promise<PromoLinkRow[]> {
  return db.select().from(promoLinks).where(eq(promoLinks.agentId, agentId)).orderBy(desc(promoLinks.id));
}

export async function setPromoLinkEnabled(db: Db, agentId: number, id: number, enabled: boolean): Promise<PromoLinkRow | undefined> {
  const [row] = await db
    .update(promoLinks)
    .set({ enabled })
    .where(and(eq(promoLinks.id, id), eq(promoLinks.agentId, agentId)))
    .returning();
  return row;
}

export async function findPromoLinkByCode(db: Db, merchantId: number, code: string): Promise<PromoLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(promoLinks)
    .where(and(eq(promoLinks.merchantId, merchantId), sql`lower(${promoLinks.code}) = lower(${code})`));
  return row;
}

/** Counts a registration on a link still valid at `now`; undefined when it no longer is (switched off or expired meanwhile). */
export async function countPromoRegistration(tx: Db, id: number, now: Date): Promise<PromoLinkRow | undefined> {
  const [row] = await tx
    .update(promoLinks)
    .set({ registrations: sql`${promoLinks.registrations} + 1` })
    .where(
      and(
        eq(promoLinks.id, id),
        eq(promoLinks.enabled, true),
        sql`(${promoLinks.expiresAt} is null or ${promoLinks.expiresAt} > ${now.toISOString()})`,
      ),
    )
    .returning();
  return row;
}

// The back office's agent directory

/**
 * One page of a merchant's agents (isAgent 1, 2, 41, 42) with their prize group and team counts,
 * oldest first; with `search`, those whose account contains the text (any case).
 */
export async function findAgentsPage(
  db: Db,
  q: { merchantId: number; types: readonly number[]; search?: string; pageNo: number; pageSize: number },
) {
  const m = memberRows(db);
  const where = and(
    eq(m.merchantId, q.merchantId),
    inArray(m.type, [...q.types]),
    q.search ? sql`strpos(lower(${m.account}), lower(${q.search})) > 0` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: m.id,
        account: m.account,
        type: m.type,
        uplineId: m.uplineId,
        createdAt: m.createdAt,
        lastLoginAt: m.lastLoginAt,
        prizeGroup: agentLevels.prizeGroup,
        teamSize: sql<number>`(select count(*) from ${memberTree} t where t.ancestor_id = ${m.id} and t.depth > 0)`.mapWith(Number),
        directCount: sql<number>`(select count(*) from ${memberTree} t where t.ancestor_id = ${m.id} and t.depth = 1)`.mapWith(Number),
      })
      .from(m)
      .leftJoin(agentLevels, eq(agentLevels.memberId, m.id))
      .where(where)
      .orderBy(m.id)
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(m).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The ids of every member above `memberId`, the top of its line first (the closure's rows ending at it). */
export async function findUplineIds(db: Db, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ id: memberTree.ancestorId })
    .from(memberTree)
    .where(and(eq(memberTree.descendantId, memberId), gt(memberTree.depth, 0)))
    .orderBy(desc(memberTree.depth));
  return rows.map((r) => r.id);
}
