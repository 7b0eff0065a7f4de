import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { operatorAudit } from './audit.tables.ts';
import { type Db, inTransaction, queryRows } from './db.ts';

/** One line of the audit log: the operator, the action, its target (a reference, an issue...) and the reason given. */
export type AuditEntry = Omit<typeof operatorAudit.$inferInsert, 'id' | 'at' | 'prevHash' | 'hash'>;
export type AuditRow = typeof operatorAudit.$inferSelect;

/** Appends take this advisory lock for their transaction: one appender at a time reads the chain's end. */
const AUDIT_CHAIN_LOCK = 0x0a0d17;

/**
 * A row's hash, computed by the database over the row as stored: SHA-256 of the JSON array of the
 * previous row's hash and every column (the time as epoch seconds with microseconds). jsonb's text
 * form is canonical, so the same row always gives the same hash, on PostgreSQL and PGlite alike.
 */
const rowHash = (t: string) =>
  sql.raw(
    `encode(sha256(convert_to(jsonb_build_array(${t}.prev_hash, extract(epoch from ${t}.at)::text, ${t}.operator, ${t}.action, ${t}.merchant_id, ${t}.target, ${t}.reason, ${t}.details)::text, 'UTF8')), 'hex')`,
  );

/**
 * Records what an operator did. Pass the transaction of the action itself, so the action and its
 * line commit or vanish together. Append only, and hash-chained: under a transaction-long advisory
 * lock the new row reads the hash of the last one, so appends that race still form one chain (the
 * lock is held until the caller's transaction ends; operator actions are clicks, not a hot path).
 * The unique prev_hash refuses a fork even if the lock were bypassed.
 */
export async function appendAudit(db: Db, entry: AuditEntry): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
    await tx.execute(sql`
      insert into operator_audit (at, operator, action, merchant_id, target, reason, details, prev_hash, hash)
      select r.at, r.operator, r.action, r.merchant_id, r.target, r.reason, r.details, r.prev_hash, ${rowHash('r')}
      from (
        select now() as at, ${entry.operator}::text as operator, ${entry.action}::text as action,
          ${entry.merchantId ?? null}::int as merchant_id, ${entry.target}::text as target, ${entry.reason}::text as reason,
          ${JSON.stringify(entry.details ?? {})}::jsonb as details,
          coalesce((select hash from operator_audit order by id desc limit 1), '') as prev_hash
      ) r`);
  });
}

/** The last `limit` lines of the audit log, newest first. */
export function auditTrail(db: Db, limit: number): Promise<AuditRow[]> {
  return db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(limit);
}

export interface AuditFilter {
  operator?: string;
  action?: string;
  merchantIds?: number[] | 'all';
  target?: string;
  from?: Date;
  to?: Date;
}

/** One page of the log, newest first, with the number of lines the filter matches. */
export async function auditPage(db: Db, filter: AuditFilter, page: number, pageSize: number, ascending = false) {
  const where: SQL[] = [];
  if (filter.operator) where.push(eq(operatorAudit.operator, filter.operator));
  if (filter.action) where.push(sql`${operatorAudit.action} like ${`${filter.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (filter.target) where.push(eq(operatorAudit.target, filter.target));
  if (filter.from) where.push(gte(operatorAudit.at, filter.from));
  if (filter.to) where.push(lt(operatorAudit.at, filter.to));
  // An operator of some merchants reads the lines of those merchants only (platform lines have none).
  if (filter.merchantIds !== undefined && filter.merchantIds !== 'all')
    where.push(filter.merchantIds.length ? sql`${operatorAudit.merchantId} in ${filter.merchantIds}` : sql`false`);
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(operatorAudit)
      .where(condition)
      .orderBy(ascending ? operatorAudit.id : desc(operatorAudit.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ n: count() }).from(operatorAudit).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface ChainBreak {
  id: number;
  /** `edited`: the row's contents no longer give its hash; `unlinked`: it does not follow the row before it (a row was deleted, inserted or re-hashed). */
  problem: 'edited' | 'unlinked';
}

export interface ChainVerification {
  ok: boolean;
  rows: number;
  /** Hash of the last row: kept outside the database, it also shows a deletion of the newest rows. */
  headHash: string;
  headId: number | null;
  breaks: ChainBreak[];
}

const VERIFY_BATCH = 5_000;
const MAX_BREAKS = 100;

/**
 * Walks the whole log in id order, recomputing every hash in the database and following the links:
 * any edit of a row, and any deletion or insertion inside the chain, is reported at the row where it
 * shows. Read in batches, so a long log never sits in memory at once.
 */
export async function verifyAuditChain(db: Db): Promise<ChainVerification> {
  let prev = '';
  let lastId = 0;
  let rows = 0;
  let headId: number | null = null;
  const breaks: ChainBreak[] = [];
  for (;;) {
    const batch = await queryRows<{ id: string | number; prev_hash: string; hash: string; computed: string }>(
      db,
      sql`select a.id, a.prev_hash, a.hash, ${rowHash('a')} as computed from operator_audit a where a.id > ${lastId} order by a.id limit ${VERIFY_BATCH}`,
    );
    for (const row of batch) {
      const id = Number(row.id);
      rows++;
      if (row.computed !== row.hash && breaks.length < MAX_BREAKS) breaks.push({ id, problem: 'edited' });
      if (row.prev_hash !== prev && breaks.length < MAX_BREAKS) breaks.push({ id, problem: 'unlinked' });
      prev = row.hash;
      lastId = id;
      headId = id;
    }
    if (batch.length < VERIFY_BATCH) break;
  }
  return { ok: breaks.length === 0, rows, headHash: prev, headId, breaks };
}
