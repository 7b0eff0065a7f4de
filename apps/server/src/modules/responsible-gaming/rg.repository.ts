import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { rgExclusions, rgLimitEvents, rgLimits, rgSettings } from './rg.tables.ts';

export type LimitRow = typeof rgLimits.$inferSelect;
export type ExclusionRow = typeof rgExclusions.$inferSelect;
/** What the exclusion registry matches a person by. */
export type RegistryKey = 'email' | 'mobile' | 'idNumber';

export async function settingsOf(
  db: Db,
  merchantId: number,
): Promise<{ coolingHours: number; helpLinks: { title: string; url: string }[] }> {
  const [row] = await db.select().from(rgSettings).where(eq(rgSettings.merchantId, merchantId));
  return { coolingHours: row?.coolingHours ?? 24, helpLinks: row?.helpLinks ?? [] };
}

export async function writeSettings(
  db: Db,
  merchantId: number,
  set: { coolingHours?: number; helpLinks?: { title: string; url: string }[] },
) {
  await db
    .insert(rgSettings)
    .values({ merchantId, ...set })
    .onConflictDoUpdate({ target: rgSettings.merchantId, set: { ...set, updatedAt: new Date() } });
}

/** The member's limits; `lock` holds them (and the right to add one) until the transaction ends. */
export async function limitsOf(db: Db, memberId: number, lock = false): Promise<LimitRow[]> {
  if (lock) await db.execute(sql`select 1 from members where id = ${memberId} for update`);
  return db.select().from(rgLimits).where(eq(rgLimits.memberId, memberId)).orderBy(rgLimits.kind, rgLimits.period);
}

export async function upsertLimit(db: Db, row: typeof rgLimits.$inferInsert): Promise<void> {
  const { memberId: _m, kind: _k, period: _p, ...set } = row;
  await db
    .insert(rgLimits)
    .values(row)
    .onConflictDoUpdate({ target: [rgLimits.memberId, rgLimits.kind, rgLimits.period], set });
}

export async function deleteLimit(db: Db, memberId: number, kind: string, period: string): Promise<void> {
  await db.delete(rgLimits).where(and(eq(rgLimits.memberId, memberId), eq(rgLimits.kind, kind), eq(rgLimits.period, period)));
}

export async function addLimitEvent(db: Db, row: typeof rgLimitEvents.$inferInsert): Promise<void> {
  await db.insert(rgLimitEvents).values(row);
}

export function limitEvents(db: Db, memberId: number, limit: number) {
  return db
    .select()
    .from(rgLimitEvents)
    .where(eq(rgLimitEvents.memberId, memberId))
    .orderBy(desc(rgLimitEvents.at), desc(rgLimitEvents.id))
    .limit(limit);
}

export async function insertExclusion(db: Db, row: typeof rgExclusions.$inferInsert): Promise<ExclusionRow> {
  const [created] = await db.insert(rgExclusions).values(row).returning();
  if (!created) throw new Error('exclusion not written');
  return created;
}

/** The member's cool-off or self-exclusion in force at `now`, the longest first. */
export async function activeExclusion(db: Db, memberId: number, now: Date): Promise<ExclusionRow | undefined> {
  const [row] = await queryRows<ExclusionRow>(
    db,
    sql`select id, merchant_id as "merchantId", member_id as "memberId", kind, starts_at as "startsAt", ends_at as "endsAt",
               jurisdiction, email, mobile, id_number as "idNumber"
          from rg_exclusions where member_id = ${memberId} and starts_at <= ${now.toISOString()}::timestamptz
           and (ends_at is null or ends_at > ${now.toISOString()}::timestamptz)
         order by ends_at desc nulls first limit 1`,
  );
  return row ? { ...row, startsAt: new Date(row.startsAt), endsAt: row.endsAt ? new Date(row.endsAt) : null } : undefined;
}

/**
 * The local exclusion registry: a self-exclusion in force in this jurisdiction, of any merchant,
 * whose person has this e-mail, mobile or identity number: until when (null: indefinite), and by
 * which of the keys given.
 */
export async function registryMatch(
  db: Db,
  jurisdiction: string,
  who: { email?: string | null; mobile?: string | null; idNumber?: string | null },
  now: Date,
): Promise<{ endsAt: Date | null; by: RegistryKey[] } | undefined> {
  const keys = {
    email: who.email ? sql`lower(email) = lower(${who.email})` : undefined,
    mobile: who.mobile ? sql`mobile = ${who.mobile}` : undefined,
    idNumber: who.idNumber ? sql`id_number = ${who.idNumber}` : undefined,
  };
  const given = (Object.entries(keys) as [RegistryKey, SQL | undefined][]).filter((k): k is [RegistryKey, SQL] => k[1] !== undefined);
  if (given.length === 0) return undefined;
  // Of the exclusions matching any key, the longest; with every key it matches (a person may be listed under several).
  const [row] = await queryRows<{ ends_at: Date | string | null; by: RegistryKey[] | string }>(
    db,
    sql`select case when bool_or(ends_at is null) then null else max(ends_at) end as ends_at,
               array_remove(array[${sql.join(
                 given.map(([name, cond]) => sql`case when bool_or(${cond}) then ${name}::text end`),
                 sql`, `,
               )}], null) as by
          from rg_exclusions where jurisdiction = ${jurisdiction} and kind = 'self_exclusion'
          and starts_at <= ${now.toISOString()}::timestamptz and (ends_at is null or ends_at > ${now.toISOString()}::timestamptz)
          and (${sql.join(
            given.map(([, cond]) => cond),
            sql` or `,
          )})
        having count(*) > 0`,
  );
  if (!row) return undefined;
  const by = typeof row.by === 'string' ? (row.by.replace(/^{|}$/g, '').split(',').filter(Boolean) as RegistryKey[]) : row.by;
  return { endsAt: row.ends_at ? new Date(row.ends_at) : null, by };
}

/**
 * Minutes the member was logged in between `from` and `to`: each session from its start to its last
 * use (or its revocation, if sooner). A read over the auth module's sessions table by name, as the
 * records read model reads other modules' tables: time limits count what sessions already record.
 */
export async function minutesLoggedIn(db: Db, memberId: number, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ seconds: string | null }>(
    db,
    sql`select sum(greatest(0, extract(epoch from (least(coalesce(least(revoked_at, last_seen_at), last_seen_at), ${to.toISOString()}::timestamptz)
                                             - greatest(created_at, ${from.toISOString()}::timestamptz))))) as seconds
          from sessions where member_id = ${memberId} and last_seen_at > ${from.toISOString()}::timestamptz
           and created_at < ${to.toISOString()}::timestamptz`,
  );
  return Math.floor(Number(row?.seconds ?? 0) / 60);
}
