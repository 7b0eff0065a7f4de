import {
  type AdminBillQuery,
  type Bill,
  type BillKind,
  type BillPage,
  type BillQuery,
  type CommissionLine,
  type CommissionPage,
  type CommissionQuery,
  type ContractTerms,
  type Income,
  type IncomeQuery,
  type Recompute,
  type RecomputeQuery,
  type SettledBill,
  toAmount,
} from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { periodAt } from '../../platform/periods.ts';
import { presetRange } from '../../platform/time.ts';
import { accountsOf, type MemberRow, memberByAccount } from '../members/members.service.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { playTotals } from '../statistics/statistics.service.ts';
import { playTotalsFromLedger } from '../wallet/wallet.service.ts';
import { isInTeam, requireAgent, teamMember } from './agents.service.ts';
import type { AgentBillRow, AgentCommissionLineRow } from './agents.tables.ts';
import {
  type BillFilter,
  billTotals,
  findBillPage,
  findBills,
  findCarried,
  findContractsInForce,
  findLinePage,
  findLinesOf,
  findPeriodBills,
} from './settlement.repository.ts';
import { type ComputedBill, computeBills, daysOf, type FiguresSource } from './settlement.service.ts';

// What agents and operators read of the settlement: bills, their commission lines, an agent's income,
// and the recomputation of a settled period from the raw ledger. An agent reads its own bills and
// those of members below it, nothing else (a bill outside answers 'unknown', whether it exists or not).

/** Settlement reads the daily statistics the ledger feed keeps. */
export const statisticsFigures: FiguresSource = (db, merchant, period) => {
  const { fromDay, toDay } = daysOf(period, merchant.timeZone);
  return playTotals(db, merchant.id, fromDay, toDay);
};

/** Recomputation reads the ledger's own entries. */
export const ledgerFigures: FiguresSource = (db, merchant, period) => playTotalsFromLedger(db, merchant.id, period.start, period.end);

const billUnknown = () => new AppError('APP_ERR_AGENT_BILL_UNKNOWN', [{ field: 'billId', message: 'error.agent_bill_unknown' }]);

function billView(b: AgentBillRow, names: Map<number, string>, currency: string): Bill {
  const money = (minor: number) => toAmount(minor, currency);
  return {
    id: b.id,
    kind: b.kind as BillKind,
    period: b.period,
    periodStart: b.periodStart.getTime(),
    periodEnd: b.periodEnd.getTime(),
    contractId: b.contractId,
    account: names.get(b.memberId) ?? '',
    payer: b.payerId === null ? '' : (names.get(b.payerId) ?? ''),
    teamTurnover: money(b.teamTurnover),
    teamLoss: money(b.teamLoss),
    activeMembers: b.activeMembers,
    carriedIn: money(b.carriedIn),
    carriedOut: money(b.carriedOut),
    tier: b.tier,
    ratioBp: b.ratioBp,
    base: money(b.base),
    amount: money(b.amount),
    paid: money(b.paid),
    downlineAmount: money(b.downlineAmount),
    downlinePaid: money(b.downlinePaid),
    net: money(b.paid - b.downlinePaid),
    status: b.status as Bill['status'],
    settledAt: b.settledAt.getTime(),
  };
}

async function billPage(db: Db, merchant: Merchant, f: BillFilter, q: { pageNo: number; pageSize: number }): Promise<BillPage> {
  const [rows, totals] = await Promise.all([findBillPage(db, f, q.pageSize, (q.pageNo - 1) * q.pageSize), billTotals(db, f)]);
  const names = await accountsOf(
    db,
    rows.flatMap((r) => [r.memberId, ...(r.payerId ? [r.payerId] : [])]),
  );
  const money = (minor: number) => toAmount(minor, merchant.currency);
  return {
    content: rows.map((r) => billView(r, names, merchant.currency)),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalPages: Math.max(1, Math.ceil(totals.count / q.pageSize)),
    totalElements: totals.count,
    totals: {
      amount: money(totals.amount),
      paid: money(totals.paid),
      downlinePaid: money(totals.downlinePaid),
      net: money(totals.paid - totals.downlinePaid),
    },
  };
}

const rangeOf = (merchant: Merchant, q: { period: BillQuery['period']; from?: number; to?: number }, now: Date) =>
  presetRange(q.period, merchant.timeZone, { from: q.from, to: q.to }, now);

/** The caller's bills (mine), or those of its team below it or of one member of it (team). */
export async function agentBills(db: Db, merchant: Merchant, caller: MemberRow, q: BillQuery, now = new Date()): Promise<BillPage> {
  const agent = requireAgent(caller);
  const { from, to } = rangeOf(merchant, q, now);
  const base = { merchantId: merchant.id, kind: q.kind, status: q.status, from, to };
  if (q.account) {
    const member = await teamMember(db, agent, q.account, { self: true });
    return billPage(db, merchant, { ...base, memberIds: [member.id] }, q);
  }
  return billPage(db, merchant, q.side === 'mine' ? { ...base, memberIds: [agent.id] } : { ...base, teamOf: agent.id }, q);
}

async function linePage(
  db: Db,
  merchant: Merchant,
  bills: AgentBillRow[],
  q: { pageNo: number; pageSize: number },
): Promise<CommissionPage> {
  const byId = new Map(bills.map((b) => [b.id, b]));
  const page = await findLinePage(
    db,
    bills.map((b) => b.id),
    q.pageSize,
    (q.pageNo - 1) * q.pageSize,
  );
  const names = await accountsOf(db, [
    ...page.rows.flatMap((l) => [l.memberId, ...(l.viaId ? [l.viaId] : [])]),
    ...page.rows.map((l) => byId.get(l.billId)?.memberId ?? 0),
  ]);
  return {
    content: page.rows.map((l) => {
      const bill = byId.get(l.billId) as AgentBillRow;
      return {
        billId: l.billId,
        kind: bill.kind as BillKind,
        period: bill.period,
        agent: names.get(bill.memberId) ?? '',
        ...lineView(l, bill.ratioBp, names, merchant.currency),
      };
    }),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalPages: Math.max(1, Math.ceil(page.count / q.pageSize)),
    totalElements: page.count,
    total: toAmount(page.total, merchant.currency),
  };
}

function lineView(l: Omit<AgentCommissionLineRow, 'billId'>, ratioBp: number, names: Map<number, string>, currency: string) {
  return {
    account: names.get(l.memberId) ?? '',
    level: l.level,
    via: l.viaId ? (names.get(l.viaId) ?? '') : '',
    turnover: toAmount(l.turnover, currency),
    loss: toAmount(l.loss, currency),
    ratioBp,
    amount: toAmount(l.amount, currency),
  } satisfies Omit<CommissionLine, 'billId' | 'kind' | 'period' | 'agent'>;
}

/** One bill's commission lines (a bill of the caller or of a member below it), or those of the caller's bills in the range. */
export async function agentCommissions(
  db: Db,
  merchant: Merchant,
  caller: MemberRow,
  q: CommissionQuery,
  now = new Date(),
): Promise<CommissionPage> {
  const agent = requireAgent(caller);
  if (q.billId !== undefined) {
    const [bill] = await findBillPage(db, { merchantId: merchant.id, id: q.billId }, 1, 0);
    if (!bill || !(bill.memberId === agent.id || (await isInTeam(db, agent.id, bill.memberId)))) throw billUnknown();
    return linePage(db, merchant, [bill], q);
  }
  const { from, to } = rangeOf(merchant, q, now);
  return linePage(db, merchant, await findBills(db, { merchantId: merchant.id, memberIds: [agent.id], kind: q.kind, from, to }), q);
}

/** What the agent kept of its salary and dividend (received less paid on to its downlines), per local day a period ended. */
export async function agentIncome(db: Db, merchant: Merchant, caller: MemberRow, q: IncomeQuery, now = new Date()): Promise<Income> {
  const agent = requireAgent(caller);
  const { from, to } = rangeOf(merchant, q, now);
  const days = new Map<string, { salary: number; dividend: number }>();
  for (const b of await findBills(db, { merchantId: merchant.id, memberIds: [agent.id], from, to })) {
    const day = periodAt('day', merchant.timeZone, new Date(b.periodEnd.getTime() - 1)).key;
    const sum = days.get(day) ?? { salary: 0, dividend: 0 };
    if (b.kind === 'dividend') sum.dividend += b.paid - b.downlinePaid;
    else sum.salary += b.paid - b.downlinePaid;
    days.set(day, sum);
  }
  const money = (minor: number) => toAmount(minor, merchant.currency);
  let salary = 0;
  let dividend = 0;
  const out = [...days].map(([day, s]) => {
    salary += s.salary;
    dividend += s.dividend;
    return { day, salary: money(s.salary), dividend: money(s.dividend), total: money(s.salary + s.dividend) };
  });
  return { days: out, total: { salary: money(salary), dividend: money(dividend), total: money(salary + dividend) } };
}

// Operators

async function merchantNamed(db: Db, code: string): Promise<Merchant> {
  const merchant = await merchantByCode(db, code.toUpperCase());
  if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
  return merchant;
}

/** Bills of a merchant: all, one agent's, or (team) those of every member below it. */
export async function adminBills(db: Db, code: string, q: AdminBillQuery, now = new Date()): Promise<BillPage> {
  const merchant = await merchantNamed(db, code);
  const { from, to } = rangeOf(merchant, q, now);
  const base: BillFilter = { merchantId: merchant.id, kind: q.kind, status: q.status, from, to };
  if (!q.account) return billPage(db, merchant, base, q);
  const member = await memberByAccount(db, merchant.id, q.account);
  if (!member) throw new AppError('APP_ERR_NOT_FOUND', [{ field: 'account', message: 'error.not_found' }]);
  return billPage(db, merchant, q.team ? { ...base, teamOf: member.id } : { ...base, memberIds: [member.id] }, q);
}

export async function adminCommissions(
  db: Db,
  code: string,
  q: { billId: number; pageNo: number; pageSize: number },
): Promise<CommissionPage> {
  const merchant = await merchantNamed(db, code);
  const [bill] = await findBillPage(db, { merchantId: merchant.id, id: q.billId }, 1, 0);
  if (!bill) throw billUnknown();
  return linePage(db, merchant, [bill], q);
}

/** The dividend schedule a period key belongs to (2026-11-24 D, 2026-W48 W, 2026-11-H1 H, 2026-11 M). */
const scheduleOfKey = (key: string) => (key.includes('W') ? 'W' : key.includes('-H') ? 'H' : key.length === 7 ? 'M' : 'D');

async function settledView(
  db: Db,
  currency: string,
  bills: Omit<SettledBill, 'account' | 'payer' | 'lines'>[],
  ids: { memberId: number; payerId: number | null; lines: Omit<AgentCommissionLineRow, 'billId'>[] }[],
): Promise<SettledBill[]> {
  const names = await accountsOf(
    db,
    ids.flatMap((b) => [
      b.memberId,
      ...(b.payerId ? [b.payerId] : []),
      ...b.lines.flatMap((l) => [l.memberId, ...(l.viaId ? [l.viaId] : [])]),
    ]),
  );
  return bills
    .map((b, i) => {
      const x = ids[i] as (typeof ids)[number];
      return {
        ...b,
        account: names.get(x.memberId) ?? '',
        payer: x.payerId ? (names.get(x.payerId) ?? '') : '',
        lines: [...x.lines].sort((p, q) => p.memberId - q.memberId).map((l) => lineView(l, b.ratioBp, names, currency)),
      };
    })
    .sort((a, b) => a.contractId - b.contractId);
}

/**
 * A settled period recomputed from the raw ledger (the same contracts in force at its end, the same
 * carry-over read from the period before), beside the bills and lines stored when it was settled.
 */
export async function recomputePeriod(db: Db, merchant: Merchant, q: RecomputeQuery): Promise<Recompute> {
  const stored = await findPeriodBills(db, merchant.id, q.kind, q.period);
  const first = stored[0];
  if (!first) throw new AppError('APP_ERR_NOT_FOUND', [{ field: 'period', message: 'error.not_found' }]);
  const period = { key: q.period, start: first.periodStart, end: first.periodEnd };
  let contracts = await findContractsInForce(db, merchant.id, q.kind, period.end);
  if (q.kind === 'dividend')
    contracts = contracts.filter((c) => (c.terms as ContractTerms & { period?: string }).period === scheduleOfKey(q.period));
  const carried =
    q.kind === 'dividend'
      ? await findCarried(
          db,
          contracts.map((c) => c.memberId),
          period.start,
        )
      : new Map<number, number>();
  const computed = await computeBills(db, merchant.currency, contracts, await ledgerFigures(db, merchant, period), carried);
  const money = (minor: number) => toAmount(minor, merchant.currency);
  const figures = (b: {
    contractId: number;
    teamTurnover: number;
    teamLoss: number;
    activeMembers: number;
    carriedIn: number;
    carriedOut: number;
    tier: number | null;
    ratioBp: number;
    base: number;
    amount: number;
    downlineAmount: number;
  }) => ({
    kind: q.kind,
    period: q.period,
    contractId: b.contractId,
    teamTurnover: money(b.teamTurnover),
    teamLoss: money(b.teamLoss),
    activeMembers: b.activeMembers,
    carriedIn: money(b.carriedIn),
    carriedOut: money(b.carriedOut),
    tier: b.tier,
    ratioBp: b.ratioBp,
    base: money(b.base),
    amount: money(b.amount),
    downlineAmount: money(b.downlineAmount),
  });
  const storedLines = await findLinesOf(
    db,
    stored.map((b) => b.id),
  );
  const storedView = await settledView(
    db,
    merchant.currency,
    stored.map(figures),
    stored.map((b) => ({ memberId: b.memberId, payerId: b.payerId, lines: storedLines.filter((l) => l.billId === b.id) })),
  );
  const flat = (b: ComputedBill) => ({
    contractId: b.contract.id,
    teamTurnover: b.team.turnover,
    teamLoss: b.team.loss,
    activeMembers: b.team.active,
    ...b.outcome,
    downlineAmount: b.downlineAmount,
  });
  const recomputed = await settledView(
    db,
    merchant.currency,
    computed.map((b) => figures(flat(b))),
    computed.map((b) => ({ memberId: b.contract.memberId, payerId: b.contract.uplineId, lines: b.lines })),
  );
  return { stored: storedView, recomputed, same: JSON.stringify(storedView) === JSON.stringify(recomputed) };
}

export async function adminRecompute(db: Db, code: string, q: RecomputeQuery): Promise<Recompute> {
  return recomputePeriod(db, await merchantNamed(db, code), q);
}
