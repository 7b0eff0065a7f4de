import {
  type Consolidated,
  type PaymentPasswordBody,
  type PersonalProfit,
  type TransactionHistory,
  type TransactionHistoryQuery,
  type TransferFundBody,
  type TransferUplineBody,
  toAmount,
  type WalletBalance,
} from '@platform/contract';
import { reserveAttempt } from '../../platform/attempts.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { minorOf } from '../../platform/money.ts';
import { presetRange } from '../../platform/time.ts';
import { refuseWhileOwing } from '../agents/owed.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { transferWalletVendors } from '../games/games.service.ts';
import { type MemberRow, memberByAccount, setPaymentPassword } from '../members/members.service.ts';
import type { PaymentSettings } from '../merchants/merchants.service.ts';
import { findTransactionByKey } from './ledger.repository.ts';
import { balanceOf, lockAccounts, memberAccount, type PostResult, post, replayOf } from './ledger.service.ts';
import {
  historyPage,
  historyTotals,
  memberAccounts,
  notifyBalance,
  playSince,
  playTotalsFromLedger,
  profitLines,
  turnoverOf,
} from './wallet.repository.ts';

/** An account history's page and totals, also the operators' view of a member's ledger (payments' admin). */
/** Members' game figures over a span straight from the ledger (agents recompute settled periods with it). */
export { historyPage, historyTotals, playSince, playTotalsFromLedger };

/** A member's account kinds: the main wallet, funds held by withdrawals, bonus money, and one per transfer-wallet vendor. */
export const walletKinds = { main: 'main', locked: 'locked', bonus: 'bonus' } as const;
export const vendorKind = (code: string) => `vendor:${code}`;

type Owner = Pick<MemberRow, 'id' | 'merchantId'>;

export function walletAccount(db: Db, member: Owner, kind: string, currency: string): Promise<number> {
  return memberAccount(db, member.merchantId, member.id, kind, currency);
}

/** Tells every node's open sessions of these members that their balance changed (call once the work is committed). */
export const publishBalances = notifyBalance;

/**
 * Balance notices for busy paths, sent together every `intervalMs`: one NOTIFY for all the members
 * whose money moved meanwhile, after their work committed. A NOTIFY holds a cluster-wide lock while
 * its transaction commits, so one in every money statement would line their commits up one behind
 * another; sent apart, the statements commit together and the notice is at most `intervalMs` later.
 */
export class BalanceNotices {
  private readonly pending = new Set<number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly intervalMs = 20,
  ) {}

  /** Members whose balance changed in work that has committed. */
  add(memberIds: Iterable<number>): void {
    for (const id of memberIds) this.pending.add(id);
    if (this.timer || this.pending.size === 0) return;
    this.timer = setTimeout(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Sends what is pending now. */
  async flush(): Promise<void> {
    this.timer = undefined;
    const ids = [...this.pending];
    this.pending.clear();
    if (ids.length === 0) return;
    try {
      await notifyBalance(this.db, ids);
    } catch (err) {
      // A lost notice costs an open page a refresh, never money: the balance itself is committed.
      console.error(JSON.stringify({ level: 40, msg: 'balance notice not sent', err: (err as Error).message }));
    }
  }
}

/** The header balance and every wallet of the member. */
export async function walletBalance(db: Db, member: Owner, currency: string): Promise<WalletBalance> {
  const [accounts, vendors] = await Promise.all([memberAccounts(db, member.id), transferWalletVendors(db, member.merchantId)]);
  const byKind = new Map(accounts.map((a) => [a.kind, a.balance]));
  const main = byKind.get(walletKinds.main) ?? 0;
  const bonus = byKind.get(walletKinds.bonus) ?? 0;
  const wallets = vendors.map((v) => ({ vendor: v.code, name: v.name, balance: byKind.get(vendorKind(v.code)) ?? 0 }));
  const sum = main + bonus + wallets.reduce((s, w) => s + w.balance, 0);
  return {
    sumBalance: toAmount(sum, currency),
    main: toAmount(main, currency),
    bonus: toAmount(bonus, currency),
    locked: toAmount(byKind.get(walletKinds.locked) ?? 0, currency),
    currency,
    wallets: wallets.map((w) => ({ ...w, balance: toAmount(w.balance, currency) })),
  };
}

/** Wagering still owed before a withdrawal, in the edge's units. */
export async function turnoverStatus(db: Db, memberId: number, multiplier: number, currency: string) {
  const t = await turnoverOf(db, memberId);
  return {
    required: toAmount(t.required, currency),
    wagered: toAmount(t.wagered, currency),
    remaining: toAmount(Math.max(0, t.required - t.wagered), currency),
    multiplier,
  };
}

export async function consolidated(db: Db, member: Owner, currency: string, settings: PaymentSettings): Promise<Consolidated> {
  const [balance, turnover] = await Promise.all([
    walletBalance(db, member, currency),
    turnoverStatus(db, member.id, settings.turnoverMultiplier, currency),
  ]);
  return { balance, turnover, dailysalreqtype: 0, divtypereq: 0, contracthoursalreq: 0, realtimesalreqtype: 0 };
}

/** An overdraft reported at the amount field, as the form shows it. */
function atAmountField(err: unknown): unknown {
  if (err instanceof AppError && err.code === 'APP_ERR_WALLET_INSUFFICIENT_FUNDS') {
    return new AppError('APP_ERR_WALLET_INSUFFICIENT_FUNDS', [{ field: 'amount', message: 'error.insufficient_funds' }]);
  }
  return err;
}

/** Posts a member-initiated movement, turning an overdraft into a field error and pushing the new balances. */
async function postForMember(db: Db, req: Parameters<typeof post>[1]): Promise<PostResult> {
  try {
    const res = await post(db, req);
    await publishBalances(db, res.members);
    return res;
  } catch (err) {
    throw atAmountField(err);
  }
}

/** Moves money between the main wallet and a transfer-wallet vendor's wallet: an amount, or all of the source. */
export async function transferFund(db: Db, member: Owner, currency: string, body: TransferFundBody) {
  const vendors = await transferWalletVendors(db, member.merchantId);
  const vendor = vendors.find((v) => v.code.toUpperCase() === body.vendor.toUpperCase());
  if (!vendor) throw new AppError('APP_ERR_WALLET_VENDOR_UNKNOWN', [{ field: 'vendor', message: 'error.wallet_vendor_unknown' }]);
  const main = await walletAccount(db, member, walletKinds.main, currency);
  const sub = await walletAccount(db, member, vendorKind(vendor.code), currency);
  const [from, to] = body.direction === 'in' ? [main, sub] : [sub, main];
  const idempotencyKey = `transfer:${member.id}:${body.requestId}`;
  const request = {
    member: member.id,
    vendor: vendor.code,
    direction: body.direction,
    amount: body.amount ?? null,
    all: body.all === true,
  };
  let amount = body.all ? await balanceOf(db, from) : minorOf(body.amount ?? 0, currency);
  if (amount <= 0) {
    // A repeated "all" finds the source empty: answer what the first one did.
    const first = await replayOf(db, member.merchantId, idempotencyKey, request);
    if (first)
      return {
        transactionId: first.transactionId,
        amount: toAmount(first.amount, currency),
        balance: await walletBalance(db, member, currency),
      };
    throw new AppError('APP_ERR_WALLET_INSUFFICIENT_FUNDS', [{ field: 'amount', message: 'error.insufficient_funds' }]);
  }
  const res = await postForMember(db, {
    merchantId: member.merchantId,
    type: 'transfer',
    idempotencyKey,
    request,
    reference: { vendor: vendor.code, direction: body.direction },
    postings: [
      { accountId: from, amount: -amount },
      { accountId: to, amount },
    ],
  });
  if (res.replayed) amount = (await replayOf(db, member.merchantId, idempotencyKey, request))?.amount ?? amount;
  return { transactionId: res.transactionId, amount: toAmount(amount, currency), balance: await walletBalance(db, member, currency) };
}

const PAY_PW_FAILURES = 5;
const PAY_PW_WINDOW_MS = 15 * 60_000;

/**
 * Checks the payment password before money leaves the wallet. Each try takes its place among the
 * member's 5 in 15 minutes before the password is verified (counted across nodes), so a burst verifies
 * at most 5; the 5th wrong one locks money-out for 15 minutes, so a stolen session cannot guess it.
 * The right one clears the count.
 */
export async function checkPaymentPassword(db: Db, hasher: PasswordHasher, member: MemberRow, given: string | undefined, now = new Date()) {
  if (!member.paymentPasswordHash) throw new AppError('APP_ERR_WALLET_PAYMENT_PASSWORD_NOT_SET');
  const attempt = await reserveAttempt(
    db,
    [
      {
        key: `paypw:fail:${member.id}`,
        windowMs: PAY_PW_WINDOW_MS,
        max: PAY_PW_FAILURES,
        refuse: 'APP_ERR_AUTH_ACCOUNT_LOCKED',
        lock: { key: `paypw:lock:${member.id}`, ms: PAY_PW_WINDOW_MS },
        resetOnSuccess: true,
      },
    ],
    now,
  );
  if (given && (await hasher.verify(member.paymentPasswordHash, given))) return attempt.succeed();
  if (await attempt.fail()) throw new AppError('APP_ERR_AUTH_ACCOUNT_LOCKED');
  throw new AppError('APP_ERR_WALLET_PAYMENT_PASSWORD_WRONG', [{ field: 'paymentPassword', message: 'error.payment_password_wrong' }]);
}

/** Sets the payment password (6 digits), or changes it with the old one. */
export async function changePaymentPassword(db: Db, hasher: PasswordHasher, member: MemberRow, body: PaymentPasswordBody): Promise<void> {
  if (body.newPaymentPassword !== body.confirmPaymentPassword) {
    throw new AppError('APP_ERR_VALIDATION', [{ field: 'confirmPaymentPassword', message: 'validation.confirm_mismatch' }]);
  }
  if (member.paymentPasswordHash) {
    if (!body.oldPaymentPassword)
      throw new AppError('APP_ERR_VALIDATION', [{ field: 'oldPaymentPassword', message: 'validation.required' }]);
    try {
      await checkPaymentPassword(db, hasher, member, body.oldPaymentPassword);
    } catch (err) {
      if (err instanceof AppError && err.code === 'APP_ERR_WALLET_PAYMENT_PASSWORD_WRONG') {
        throw new AppError(err.code, [{ field: 'oldPaymentPassword', message: 'error.payment_password_wrong' }]);
      }
      throw err;
    }
  }
  await setPaymentPassword(db, member.id, await hasher.hash(body.newPaymentPassword));
}

/**
 * Sends money between a player and its agent: to the sender's direct upline, or from an agent to one
 * of its direct downlines, where the merchant allows it. Trial accounts take no part; the payment
 * password is required.
 */
export async function transferUpline(
  db: Db,
  hasher: PasswordHasher,
  member: MemberRow,
  currency: string,
  settings: PaymentSettings,
  body: TransferUplineBody,
) {
  if (!settings.uplineTransfer) throw new AppError('APP_ERR_WALLET_TRANSFER_NOT_ALLOWED');
  const receiver = await memberByAccount(db, member.merchantId, body.account);
  const related = receiver && (receiver.id === member.uplineId || receiver.uplineId === member.id);
  if (!receiver || !related || receiver.type === 4 || receiver.id === member.id) {
    throw new AppError('APP_ERR_WALLET_TRANSFER_NOT_ALLOWED', [{ field: 'account', message: 'error.transfer_not_allowed' }]);
  }
  await checkPaymentPassword(db, hasher, member, body.paymentPassword);
  const amount = minorOf(body.amount, currency);
  const from = await walletAccount(db, member, walletKinds.main, currency);
  const to = await walletAccount(db, receiver, walletKinds.main, currency);
  const idempotencyKey = `upline:${member.id}:${body.requestId}`;
  // The sender's account locked first (both in id order, as every movement locks them): settlement
  // debits it too, so what the sender owes its downlines is read as it stands at the debit.
  const res = await inTransaction(db, async (tx) => {
    await lockAccounts(
      tx,
      [from, to].sort((a, b) => a - b),
    );
    if (!(await findTransactionByKey(tx, member.merchantId, idempotencyKey))) await refuseWhileOwing(tx, member.id, currency);
    return post(tx, {
      merchantId: member.merchantId,
      type: 'upline_transfer',
      idempotencyKey,
      request: { member: member.id, to: receiver.id, amount },
      reference: { from: member.account, to: receiver.account, direction: receiver.id === member.uplineId ? 'up' : 'down' },
      postings: [
        { accountId: from, amount: -amount },
        { accountId: to, amount },
      ],
    });
  }).catch((err) => {
    throw atAmountField(err);
  });
  await publishBalances(db, res.members);
  return { transactionId: res.transactionId, amount: body.amount, balance: await walletBalance(db, member, currency) };
}

/**
 * What names a movement in the player's account record, in no one language: the deposit or
 * withdrawal reference, the vendor, the other account of an agent transfer, the game category, an
 * operator's reason for an adjustment. Directions and internal reasons stay out: the site says them,
 * translated, through the type and the amount's sign.
 */
const describe = (type: string, reference: Record<string, unknown>, amount: number): string => {
  const counterpart = type === 'upline_transfer' ? (amount < 0 ? reference.to : reference.from) : undefined;
  const reason = type === 'adjustment' ? reference.reason : undefined;
  return [reference.reference, reference.vendor, counterpart, reference.category, reason]
    .filter((v) => typeof v === 'string' && v !== '')
    .join(' ');
};

/** The account record: the member's entries in a period, filtered by type, paged, with totals over the whole filter. */
export async function transactionHistory(
  db: Db,
  member: Owner,
  { timeZone, currency }: { timeZone: string; currency: string },
  q: TransactionHistoryQuery,
  now = new Date(),
): Promise<TransactionHistory> {
  const { from, to } = presetRange(q.period, timeZone, { from: q.from, to: q.to }, now);
  const filter = { memberId: member.id, types: q.types ? q.types.split(',') : [], from, to };
  const [rows, totals] = await Promise.all([historyPage(db, filter, q.pageSize, (q.pageNo - 1) * q.pageSize), historyTotals(db, filter)]);
  return {
    content: rows.map((r) => ({
      ...r,
      amount: toAmount(r.amount, currency),
      balanceAfter: toAmount(r.balanceAfter, currency),
      reference: describe(r.type, r.reference, r.amount),
    })),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalPages: Math.max(1, Math.ceil(totals.count / q.pageSize)),
    totalElements: totals.count,
    totals: { in: toAmount(totals.in, currency), out: toAmount(totals.out, currency), net: toAmount(totals.in - totals.out, currency) },
  };
}

/** Personal profit and loss per local day and per game category, from the ledger's game movements. */
export async function personalProfit(
  db: Db,
  member: Owner,
  { timeZone, currency }: { timeZone: string; currency: string },
  q: { period: 'today' | 'yesterday' | 'past7' | 'past30' | 'custom'; from?: number; to?: number },
  now = new Date(),
): Promise<PersonalProfit> {
  const { from, to } = presetRange(q.period, timeZone, { from: q.from, to: q.to }, now);
  const lines = await profitLines(db, member.id, from, to, timeZone);
  type Sum = { bets: number; wins: number; rebates: number };
  const add = (map: Map<string, Sum>, key: string, l: Sum) => {
    const s = map.get(key) ?? { bets: 0, wins: 0, rebates: 0 };
    s.bets += l.bets;
    s.wins += l.wins;
    s.rebates += l.rebates;
    map.set(key, s);
  };
  const days = new Map<string, Sum>();
  const categories = new Map<string, Sum>();
  const total = { bets: 0, wins: 0, rebates: 0 };
  for (const l of lines) {
    add(days, l.day, l);
    add(categories, l.category, l);
    total.bets += l.bets;
    total.wins += l.wins;
    total.rebates += l.rebates;
  }
  const shape = (s: Sum) => ({
    bets: toAmount(s.bets, currency),
    wins: toAmount(s.wins, currency),
    rebates: toAmount(s.rebates, currency),
    profit: toAmount(s.wins + s.rebates - s.bets, currency),
  });
  return {
    days: [...days].map(([day, s]) => ({ day, ...shape(s) })),
    categories: [...categories].map(([category, s]) => ({ category, ...shape(s) })),
    total: shape(total),
  };
}
