import type { ContractTerms } from '@platform/contract';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { type Period, periodAt } from '../../platform/periods.ts';
import { accountsOf } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { PlayTotals } from '../statistics/statistics.service.ts';
import { balanceOf, houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import { publishBalances } from '../wallet/wallet.service.ts';
import type { AgentBillRow, AgentCommissionLineRow, AgentContractRow } from './agents.tables.ts';
import { noticeBill } from './bill-notices.ts';
import {
  addDownlinePaid,
  findCarried,
  findContractsInForce,
  findDepths,
  findMemberBill,
  findTeamRows,
  insertBills,
  insertLines,
  lockUnpaidBills,
  type NewLine,
  updateBill,
  updateBills,
} from './settlement.repository.ts';
import { apportion, dividendOutcome, type Figures, type Outcome, salaryOutcome, type TeamFigures } from './settlement.rules.ts';

// Settlement of salary and dividend contracts (decision 0028). For a period, every contract in force
// at its end gets one bill: the team's figures (the holder and everyone below it), the tier reached,
// the amount, and one commission line per member who played, the lines adding up to the amount.
// Difference payments: the platform pays the bill of the top of each line; every other bill is paid
// by the contract's upline from its main wallet, which was paid its own bill first (bills are paid
// from the top down), so each agent keeps its amount less its direct downlines' amounts. When the
// upline's balance is short, the bill is partly paid and the rest follows as funds arrive
// (completeUnpaid), never dropped.

export type SettledKind = 'daily' | 'dividend';
const DAY_MS = 86_400_000;

/** The ledger movement type of a kind's payments. */
const movementType = (kind: SettledKind) => (kind === 'daily' ? 'salary' : 'dividend');

/** A bill as computed, before it is written or paid. */
export interface ComputedBill {
  contract: AgentContractRow;
  depth: number;
  team: TeamFigures;
  outcome: Outcome;
  downlineAmount: number;
  lines: NewLine[];
}

/** The local days [fromDay, toDay] a period spans, for the daily statistics. */
export function daysOf(period: Period, timeZone: string): { fromDay: string; toDay: string } {
  return { fromDay: periodAt('day', timeZone, period.start).key, toDay: periodAt('day', timeZone, new Date(period.end.getTime() - 1)).key };
}

/**
 * The dividend period of a contract's schedule (D, W, H, M) that ends with `day`, if one does: every
 * day ends a D period, a Sunday a week, the 15th and the month's last day a half month, the last day
 * a month.
 */
export function dividendPeriodEnding(schedule: 'D' | 'W' | 'H' | 'M', day: Period, timeZone: string): Period | undefined {
  if (schedule === 'D') return day;
  if (schedule === 'W') {
    const week = periodAt('week', timeZone, day.start);
    return week.end.getTime() === day.end.getTime() ? week : undefined;
  }
  const month = periodAt('month', timeZone, day.start);
  if (schedule === 'M') return month.end.getTime() === day.end.getTime() ? month : undefined;
  // The first half ends with the 15th (found from the month's start, clear of any DST hour).
  const fifteenth = periodAt('day', timeZone, new Date(month.start.getTime() + 14 * DAY_MS + 12 * 3_600_000));
  if (fifteenth.end.getTime() === day.end.getTime()) return { key: `${month.key}-H1`, start: month.start, end: fifteenth.end };
  if (month.end.getTime() === day.end.getTime()) return { key: `${month.key}-H2`, start: fifteenth.end, end: month.end };
  return undefined;
}

/**
 * The bills of `contracts` for a period from members' figures (the daily statistics when settling,
 * the raw ledger when recomputing). `carried` is each holder's team win carried in (dividend).
 */
export async function computeBills(
  db: Db,
  currency: string,
  contracts: AgentContractRow[],
  totals: PlayTotals[],
  carried: Map<number, number>,
): Promise<ComputedBill[]> {
  if (contracts.length === 0) return [];
  const figures = new Map<number, Figures>(
    totals.map((t) => [t.memberId, { turnover: t.turnover, loss: t.turnover - t.payout - t.bonuses }]),
  );
  const holders = contracts.map((c) => c.memberId);
  const [rows, depths] = await Promise.all([findTeamRows(db, holders, [...figures.keys()]), findDepths(db, holders)]);
  const teams = new Map<number, { memberId: number; level: number }[]>();
  for (const r of rows) {
    if (!figures.has(r.descendantId)) continue;
    const team = teams.get(r.ancestorId);
    if (team) team.push({ memberId: r.descendantId, level: r.depth });
    else teams.set(r.ancestorId, [{ memberId: r.descendantId, level: r.depth }]);
  }
  // Each holder's direct downlines under contract, and which of their teams each member is in.
  const via = new Map<number, Map<number, number>>();
  for (const c of contracts) {
    if (c.uplineId === null) continue;
    const below = via.get(c.uplineId) ?? new Map<number, number>();
    for (const m of teams.get(c.memberId) ?? []) below.set(m.memberId, c.memberId);
    via.set(c.uplineId, below);
  }
  const bills = contracts.map((contract): ComputedBill => {
    const members = (teams.get(contract.memberId) ?? []).sort((a, b) => a.memberId - b.memberId);
    const team: TeamFigures = { turnover: 0, loss: 0, active: 0 };
    for (const m of members) {
      const f = figures.get(m.memberId) as Figures;
      team.turnover += f.turnover;
      team.loss += f.loss;
      if (f.turnover > 0) team.active++;
    }
    const terms = contract.terms as ContractTerms;
    const outcome =
      terms.kind === 'dividend'
        ? dividendOutcome(terms, team, carried.get(contract.memberId) ?? 0, currency)
        : terms.kind === 'daily' || terms.kind === 'hourly'
          ? salaryOutcome(terms, team, currency)
          : undefined;
    if (!outcome) throw new Error(`contract ${contract.id} of kind ${terms.kind} is not settled by periods`);
    const weights = members.map((m) => {
      const f = figures.get(m.memberId) as Figures;
      return terms.kind === 'dividend' ? f.loss : f.turnover;
    });
    const parts = apportion(outcome.amount, weights);
    const lines = members.map((m, i) => {
      const f = figures.get(m.memberId) as Figures;
      return {
        memberId: m.memberId,
        level: m.level,
        viaId: via.get(contract.memberId)?.get(m.memberId) ?? null,
        turnover: f.turnover,
        loss: f.loss,
        amount: parts[i] ?? 0,
      };
    });
    return { contract, depth: depths.get(contract.memberId) ?? 0, team, outcome, downlineAmount: 0, lines };
  });
  const amountOf = new Map(bills.map((b) => [b.contract.memberId, b.outcome.amount]));
  const owedBy = new Map<number, number>();
  for (const b of bills) {
    if (b.contract.uplineId !== null)
      owedBy.set(b.contract.uplineId, (owedBy.get(b.contract.uplineId) ?? 0) + (amountOf.get(b.contract.memberId) ?? 0));
  }
  for (const b of bills) b.downlineAmount = owedBy.get(b.contract.memberId) ?? 0;
  return bills;
}

/** A bill's status from its figures: owing downlines first, then short itself, then nothing earned. */
export function statusOf(b: Pick<AgentBillRow, 'tier' | 'amount' | 'paid' | 'downlineAmount' | 'downlinePaid'>): AgentBillRow['status'] {
  if (b.downlinePaid < b.downlineAmount) return 'insufficient_balance';
  if (b.paid < b.amount) return 'partly_paid';
  return b.tier === null ? 'below_threshold' : 'paid';
}

/**
 * Pays up to `owed` of a bill now: the platform in full, an upline as far as its main balance goes.
 * The key names the contract, the period and what was paid before, so a repeat of an installment
 * moves nothing; a balance spent between the read and the debit pays nothing this time.
 */
async function payInstallment(tx: Db, merchant: Merchant, bill: AgentBillRow, owed: number): Promise<number> {
  if (owed <= 0) return 0;
  const to = await memberAccount(tx, merchant.id, bill.memberId, 'main', merchant.currency);
  let from: number;
  let amount = owed;
  if (bill.payerId === null) {
    from = await houseAccount(tx, merchant.id, 'agent_pay', merchant.currency, bill.memberId);
  } else {
    from = await memberAccount(tx, merchant.id, bill.payerId, 'main', merchant.currency);
    amount = Math.min(owed, await balanceOf(tx, from));
    if (amount <= 0) return 0;
  }
  const key = `${bill.kind}:${bill.contractId}:${bill.period}${bill.paid > 0 ? `:${bill.paid}` : ''}`;
  try {
    await inTransaction(tx, (sp) =>
      post(sp, {
        merchantId: merchant.id,
        type: movementType(bill.kind as SettledKind),
        idempotencyKey: key,
        request: { bill: bill.id, amount },
        reference: { kind: bill.kind, period: bill.period, contract: bill.contractId },
        postings: [
          { accountId: from, amount: -amount },
          { accountId: to, amount },
        ],
      }),
    );
  } catch (err) {
    if (err instanceof AppError && err.code === 'APP_ERR_WALLET_INSUFFICIENT_FUNDS') return 0;
    throw err;
  }
  return amount;
}

/**
 * Writes and pays a period's bills in the caller's transaction (the period job's): bills and lines,
 * then payments from the top of each line down, then each bill's status. Answers the bills written.
 */
async function settle(tx: Db, merchant: Merchant, kind: SettledKind, period: Period, computed: ComputedBill[], now: Date): Promise<number> {
  if (computed.length === 0) return 0;
  const written = await insertBills(
    tx,
    computed.map((b) => ({
      merchantId: merchant.id,
      kind,
      period: period.key,
      periodStart: period.start,
      periodEnd: period.end,
      contractId: b.contract.id,
      memberId: b.contract.memberId,
      payerId: b.contract.uplineId,
      teamTurnover: b.team.turnover,
      teamLoss: b.team.loss,
      activeMembers: b.team.active,
      carriedIn: b.outcome.carriedIn,
      carriedOut: b.outcome.carriedOut,
      tier: b.outcome.tier,
      ratioBp: b.outcome.ratioBp,
      base: b.outcome.base,
      amount: b.outcome.amount,
      downlineAmount: b.downlineAmount,
      status: 'partly_paid',
      settledAt: now,
    })),
  );
  const byContract = new Map(written.map((w) => [w.contractId, w]));
  await insertLines(
    tx,
    computed.flatMap((b) => {
      const billId = (byContract.get(b.contract.id) as AgentBillRow).id;
      return b.lines.map((l): AgentCommissionLineRow => ({ billId, ...l }));
    }),
  );
  const bills = computed
    .map((b) => ({ depth: b.depth, row: byContract.get(b.contract.id) as AgentBillRow }))
    .sort((a, b) => a.depth - b.depth || a.row.id - b.row.id)
    .map((b) => b.row);
  const byMember = new Map(bills.map((b) => [b.memberId, b]));
  for (const bill of bills) {
    bill.paid = await payInstallment(tx, merchant, bill, bill.amount);
    const payer = bill.payerId === null ? undefined : byMember.get(bill.payerId);
    if (payer) payer.downlinePaid += bill.paid;
  }
  await updateBills(
    tx,
    bills.map((b) => ({ id: b.id, paid: b.paid, downlinePaid: b.downlinePaid, status: statusOf(b) })),
  );
  const short = bills.filter((b) => b.paid < b.amount);
  if (short.length) {
    const names = await accountsOf(
      tx,
      short.map((b) => b.memberId),
    );
    for (const b of short) await noticeBill(tx, b, 'short', { currency: merchant.currency, account: names.get(b.memberId) ?? '', now });
  }
  // Every node's sockets of the agents paid show their new balance once this commits.
  await publishBalances(tx, [...new Set(bills.filter((b) => b.paid > 0).flatMap((b) => [b.memberId, ...(b.payerId ? [b.payerId] : [])]))]);
  return bills.length;
}

/** Every member's game figures of a period, read by settlement from the daily statistics. */
export type FiguresSource = (db: Db, merchant: Merchant, period: Period) => Promise<PlayTotals[]>;

/** The daily-salary bills of one day: every daily contract in force at its end. */
export async function settleDailySalary(
  tx: Db,
  merchant: Merchant,
  day: Period,
  figures: FiguresSource,
  now = new Date(),
): Promise<number> {
  const contracts = await findContractsInForce(tx, merchant.id, 'daily', day.end);
  if (contracts.length === 0) return 0;
  const computed = await computeBills(tx, merchant.currency, contracts, await figures(tx, merchant, day), new Map());
  return settle(tx, merchant, 'daily', day, computed, now);
}

/** The dividend bills of every dividend period ending with `day` (contracts of one line share a schedule). */
export async function settleDividends(tx: Db, merchant: Merchant, day: Period, figures: FiguresSource, now = new Date()): Promise<number> {
  const contracts = await findContractsInForce(tx, merchant.id, 'dividend', day.end);
  let written = 0;
  for (const schedule of ['D', 'W', 'H', 'M'] as const) {
    const group = contracts.filter((c) => (c.terms as ContractTerms & { period?: string }).period === schedule);
    const period = group.length ? dividendPeriodEnding(schedule, day, merchant.timeZone) : undefined;
    if (!period) continue;
    const carried = await findCarried(
      tx,
      group.map((c) => c.memberId),
      period.start,
    );
    const computed = await computeBills(tx, merchant.currency, group, await figures(tx, merchant, period), carried);
    written += await settle(tx, merchant, 'dividend', period, computed, now);
  }
  return written;
}

/**
 * Pays what uplines still owe on partly paid bills, as far as their balances now go, oldest first:
 * each installment a ledger movement keyed by what was paid before it, the bill and the upline's own
 * bill of the period updated with it. Answers the installments paid.
 */
export async function completeUnpaid(db: Db, merchant: Merchant): Promise<number> {
  return inTransaction(db, async (tx) => {
    let paid = 0;
    for (const bill of await lockUnpaidBills(tx, merchant.id)) {
      const amount = await payInstallment(tx, merchant, bill, bill.amount - bill.paid);
      if (amount === 0) continue;
      bill.paid += amount;
      await updateBill(tx, bill.id, { paid: bill.paid, status: statusOf(bill) });
      if (bill.paid === bill.amount) await noticeBill(tx, bill, 'completed', { currency: merchant.currency, account: '', now: new Date() });
      await publishBalances(tx, bill.payerId === null ? [bill.memberId] : [bill.memberId, bill.payerId]);
      if (bill.payerId !== null) {
        await addDownlinePaid(tx, bill.payerId, bill.kind, bill.period, amount);
        const own = await findMemberBill(tx, bill.payerId, bill.kind, bill.period);
        if (own) await updateBill(tx, own.id, { status: statusOf(own) });
      }
      paid++;
    }
    return paid;
  });
}
