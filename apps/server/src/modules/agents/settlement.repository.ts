import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import {
  type AgentBillRow,
  type AgentCommissionLineRow,
  type AgentContractRow,
  agentBills,
  agentCommissionLines,
  agentContracts,
  memberTree,
} from './agents.tables.ts';

// The settlement's SQL: which contracts a period settles, the team rows of their holders, the bills
// and lines written once per contract and period, and their payment as installments arrive.

/** The merchant's contracts of a kind in force at `at` (signed before it, not ended by then). */
export function findContractsInForce(db: Db, merchantId: number, kind: string, at: Date): Promise<AgentContractRow[]> {
  return db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.merchantId, merchantId),
        eq(agentContracts.kind, kind),
        lt(agentContracts.signedAt, at),
        or(isNull(agentContracts.endedAt), gt(agentContracts.endedAt, at)),
      ),
    )
    .orderBy(asc(agentContracts.id));
}

/** The closure rows from the holders down to the members who played (the holders' own rows included). */
export async function findTeamRows(
  db: Db,
  holders: number[],
  members: number[],
): Promise<{ ancestorId: number; descendantId: number; depth: number }[]> {
  if (holders.length === 0) return [];
  const rows = await queryRows<{ ancestor_id: number; descendant_id: number; depth: number }>(
    db,
    sql`select ancestor_id, descendant_id, depth from member_tree
         where ancestor_id = any(${`{${holders.join(',')}}`}::int[])
           and (descendant_id = any(${`{${members.join(',')}}`}::int[]) or descendant_id = any(${`{${holders.join(',')}}`}::int[]))`,
  );
  return rows.map((r) => ({ ancestorId: Number(r.ancestor_id), descendantId: Number(r.descendant_id), depth: Number(r.depth) }));
}

/** Each member's depth below the top of its line. */
export async function findDepths(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: memberTree.descendantId, depth: sql<number>`max(${memberTree.depth})` })
    .from(memberTree)
    .where(inArray(memberTree.descendantId, ids))
    .groupBy(memberTree.descendantId);
  return new Map(rows.map((r) => [r.id, Number(r.depth)]));
}

/** The team win each member's last dividend bill before `before` carried on. */
export async function findCarried(db: Db, memberIds: number[], before: Date): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([agentBills.memberId], { memberId: agentBills.memberId, carriedOut: agentBills.carriedOut })
    .from(agentBills)
    .where(and(inArray(agentBills.memberId, memberIds), eq(agentBills.kind, 'dividend'), lte(agentBills.periodEnd, before)))
    .orderBy(agentBills.memberId, desc(agentBills.periodEnd));
  return new Map(rows.map((r) => [r.memberId, r.carriedOut]));
}

export type NewBill = typeof agentBills.$inferInsert;
export type NewLine = Omit<AgentCommissionLineRow, 'billId'>;

/** Writes a period's bills; the unique (contract, period) index refuses a second settlement of one. */
export async function insertBills(tx: Db, rows: NewBill[]): Promise<AgentBillRow[]> {
  const out: AgentBillRow[] = [];
  for (let i = 0; i < rows.length; i += 1000)
    out.push(
      ...(await tx
        .insert(agentBills)
        .values(rows.slice(i, i + 1000))
        .returning()),
    );
  return out;
}

/** Writes a period's commission lines in one statement of arrays (hundreds of thousands on a large tree). */
export async function insertLines(tx: Db, rows: AgentCommissionLineRow[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(pick: (r: AgentCommissionLineRow) => T) => `{${rows.map((r) => pick(r) ?? 'NULL').join(',')}}`;
  await tx.execute(sql`
    insert into agent_commission_lines (bill_id, member_id, level, via_id, turnover, loss, amount)
    select * from unnest(${col((r) => r.billId)}::int[], ${col((r) => r.memberId)}::int[], ${col((r) => r.level)}::int[],
                         ${col((r) => r.viaId)}::int[], ${col((r) => r.turnover)}::bigint[], ${col((r) => r.loss)}::bigint[],
                         ${col((r) => r.amount)}::bigint[])`);
}

/** Sets each bill's payment figures and status, in one statement. */
export async function updateBills(tx: Db, rows: Pick<AgentBillRow, 'id' | 'paid' | 'downlinePaid' | 'status'>[]): Promise<void> {
  if (rows.length === 0) return;
  const col = (pick: (r: (typeof rows)[number]) => string | number) => `{${rows.map(pick).join(',')}}`;
  await tx.execute(sql`
    update agent_bills b set paid = x.paid, downline_paid = x.downline_paid, status = x.status
      from unnest(${col((r) => r.id)}::int[], ${col((r) => r.paid)}::bigint[], ${col((r) => r.downlinePaid)}::bigint[],
                  ${col((r) => r.status)}::text[]) as x(id, paid, downline_paid, status)
     where b.id = x.id`);
}

export async function updateBill(tx: Db, id: number, set: Partial<Pick<AgentBillRow, 'paid' | 'downlinePaid' | 'status'>>): Promise<void> {
  await tx.update(agentBills).set(set).where(eq(agentBills.id, id));
}

/** Adds what an agent paid on to its downline to its bill of the same contract kind and period. */
export async function addDownlinePaid(tx: Db, memberId: number, kind: string, period: string, amount: number): Promise<void> {
  await tx
    .update(agentBills)
    .set({ downlinePaid: sql`${agentBills.downlinePaid} + ${amount}` })
    .where(and(eq(agentBills.memberId, memberId), eq(agentBills.kind, kind), eq(agentBills.period, period)));
}

/** Bills an upline has not paid in full, oldest first, locked (skipping those another node holds). */
export function lockUnpaidBills(tx: Db, merchantId: number, limit = 200): Promise<AgentBillRow[]> {
  return tx
    .select()
    .from(agentBills)
    .where(and(eq(agentBills.merchantId, merchantId), lt(agentBills.paid, agentBills.amount), sql`${agentBills.payerId} is not null`))
    .orderBy(asc(agentBills.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export interface BillFilter {
  merchantId: number;
  memberIds?: number[];
  /** Bills of members in this agent's team below it. */
  teamOf?: number;
  kind?: string;
  status?: string;
  from?: Date;
  to?: Date;
  id?: number;
}

function billWhere(f: BillFilter): SQL | undefined {
  return and(
    eq(agentBills.merchantId, f.merchantId),
    f.id !== undefined ? eq(agentBills.id, f.id) : undefined,
    f.memberIds ? inArray(agentBills.memberId, f.memberIds.length ? f.memberIds : [0]) : undefined,
    f.teamOf !== undefined
      ? sql`exists (select 1 from member_tree t where t.ancestor_id = ${f.teamOf} and t.descendant_id = ${agentBills.memberId} and t.depth > 0)`
      : undefined,
    f.kind ? eq(agentBills.kind, f.kind) : undefined,
    f.status ? eq(agentBills.status, f.status) : undefined,
    f.from ? gt(agentBills.periodEnd, f.from) : undefined,
    f.to ? lte(agentBills.periodEnd, f.to) : undefined,
  );
}

export async function findBillPage(db: Db, f: BillFilter, limit: number, offset: number): Promise<AgentBillRow[]> {
  return db
    .select()
    .from(agentBills)
    .where(billWhere(f))
    .orderBy(desc(agentBills.periodEnd), asc(agentBills.id))
    .limit(limit)
    .offset(offset);
}

export async function billTotals(db: Db, f: BillFilter): Promise<{ count: number; amount: number; paid: number; downlinePaid: number }> {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      amount: sql<string>`coalesce(sum(${agentBills.amount}), 0)`,
      paid: sql<string>`coalesce(sum(${agentBills.paid}), 0)`,
      downlinePaid: sql<string>`coalesce(sum(${agentBills.downlinePaid}), 0)`,
    })
    .from(agentBills)
    .where(billWhere(f));
  return {
    count: Number(row?.count ?? 0),
    amount: Number(row?.amount ?? 0),
    paid: Number(row?.paid ?? 0),
    downlinePaid: Number(row?.downlinePaid ?? 0),
  };
}

/** Every bill of the filter, for sums per day (an agent's income over at most 93 days). */
export function findBills(db: Db, f: BillFilter): Promise<AgentBillRow[]> {
  return db.select().from(agentBills).where(billWhere(f)).orderBy(asc(agentBills.periodEnd)).limit(10_000);
}

export async function findLinePage(
  db: Db,
  billIds: number[],
  limit: number,
  offset: number,
): Promise<{ rows: AgentCommissionLineRow[]; count: number; total: number }> {
  if (billIds.length === 0) return { rows: [], count: 0, total: 0 };
  const where = inArray(agentCommissionLines.billId, billIds);
  const [rows, [sum]] = await Promise.all([
    db
      .select()
      .from(agentCommissionLines)
      .where(where)
      .orderBy(desc(agentCommissionLines.billId), asc(agentCommissionLines.level), asc(agentCommissionLines.memberId))
      .limit(limit)
      .offset(offset),
    db
      .select({ count: sql<string>`count(*)`, total: sql<string>`coalesce(sum(${agentCommissionLines.amount}), 0)` })
      .from(agentCommissionLines)
      .where(where),
  ]);
  return { rows, count: Number(sum?.count ?? 0), total: Number(sum?.total ?? 0) };
}

export function findLinesOf(db: Db, billIds: number[]): Promise<AgentCommissionLineRow[]> {
  if (billIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(agentCommissionLines)
    .where(inArray(agentCommissionLines.billId, billIds))
    .orderBy(asc(agentCommissionLines.billId), asc(agentCommissionLines.memberId));
}

/** A settled period's bills (what recompute compares against). */
export function findPeriodBills(db: Db, merchantId: number, kind: string, period: string): Promise<AgentBillRow[]> {
  return db
    .select()
    .from(agentBills)
    .where(and(eq(agentBills.merchantId, merchantId), eq(agentBills.kind, kind), eq(agentBills.period, period)))
    .orderBy(asc(agentBills.contractId));
}

/** Merchants with a contract ever signed: the only ones with anything to settle. */
export async function findSettlingMerchants(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: agentContracts.merchantId })
    .from(agentContracts)
    .where(sql`${agentContracts.signedAt} is not null`)
    .orderBy(asc(agentContracts.merchantId));
  return rows.map((r) => r.id);
}

/** A member's bill of a kind and period (its contract of the kind in force then), if it has one. */
export async function findMemberBill(db: Db, memberId: number, kind: string, period: string): Promise<AgentBillRow | undefined> {
  const [row] = await db
    .select()
    .from(agentBills)
    .where(and(eq(agentBills.memberId, memberId), eq(agentBills.kind, kind), eq(agentBills.period, period)));
  return row;
}

/** The sum of amount − paid over the bills `memberId` pays that are not paid in full (minor units). */
export async function owedOnBills(db: Db, memberId: number): Promise<number> {
  const [row] = await queryRows<{ owed: string | number | null }>(
    db,
    sql`select coalesce(sum(amount - paid), 0) as owed from agent_bills where payer_id = ${memberId} and paid < amount`,
  );
  return Number(row?.owed ?? 0);
}
