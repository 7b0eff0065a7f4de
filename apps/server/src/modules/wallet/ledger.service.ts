import type { ErrorCode } from '@platform/contract';
import { type Db, inTransaction, rootDb } from '../../platform/db.ts';
import { isRetryable, sqlState, sqlStates } from '../../platform/db-errors.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { AppError } from '../../platform/errors.ts';
import { passGate, type Stake, stakeTypes } from '../staking/stake-gate.ts';
import {
  type AccountKey,
  accountFacts,
  accountViolations,
  type BatchAlongside,
  type BatchShape,
  balanceOf,
  ensureAccount,
  entriesOf,
  findTransactionByKey,
  lockAccounts,
  type PairMovement,
  type PairRow,
  postMovement,
  postPairs,
  type TurnoverDelta,
  transactionViolations,
} from './ledger.repository.ts';

/** One leg of a movement: a signed amount in minor units on one account. */
export interface Posting {
  accountId: number;
  amount: number;
}

export interface PostRequest {
  merchantId: number;
  type: string;
  postings: Posting[];
  /** Given when something outside triggers the movement: a repeat returns the first result. */
  idempotencyKey?: string;
  /** What was asked, hashed to tell a repeat from a different request under the same key. */
  request?: unknown;
  reference?: Record<string, unknown>;
  /** A credited deposit's wagering obligation (amount times the merchant's multiplier) for its member. */
  turnoverRequired?: { memberId: number; amount: number };
}

/** Movement types that count as wagering: the stake a member's accounts lose in them adds to `wagered`. */
export const wageringTypes: ReadonlySet<string> = new Set(['bet']);
/** Movement types that undo wagering: the stake they give back to a member comes off `wagered`. */
export const unwageringTypes: ReadonlySet<string> = new Set(['rollback']);

export interface PostResult {
  transactionId: number;
  /** True when this was a repeat of an earlier request and nothing moved now. */
  replayed: boolean;
  /** Each touched account's balance right after the movement. */
  balances: Record<number, number>;
  /** Members whose accounts the movement touched (for balance pushes once it is committed). */
  members: number[];
}

const hashRequest = (request: unknown) => sha256Hex(JSON.stringify(request ?? null));

function checkPostings(postings: Posting[]): Posting[] {
  if (postings.length < 2) throw new Error('a ledger movement needs at least two postings');
  let total = 0;
  const seen = new Set<number>();
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`posting amount must be a non-zero integer: ${p.amount}`);
    if (seen.has(p.accountId)) throw new Error('one posting per account in a movement');
    seen.add(p.accountId);
    total += p.amount;
  }
  if (total !== 0) throw new Error(`postings must sum to zero, got ${total}`);
  // Locks are taken in account id order by every movement, so two movements cannot deadlock.
  return [...postings].sort((a, b) => a.accountId - b.accountId);
}

type Facts = { merchantId: number; memberId: number | null; kind: string; currency: string; house: boolean };
/** Per database (a test process has several), shared by its transactions: an account's facts never change. */
const factsCache = new WeakMap<Db, Map<number, Facts>>();

/** The facts known of a database's accounts, with those of `ids` not known yet read in one query. */
async function knownFacts(db: Db, ids: number[]): Promise<Map<number, Facts>> {
  const root = rootDb(db);
  let known = factsCache.get(root);
  if (!known) {
    known = new Map();
    factsCache.set(root, known);
  }
  const missing = [...new Set(ids.filter((id) => !known.has(id)))];
  if (missing.length > 0) for (const f of await accountFacts(db, missing)) known.set(f.id, f);
  return known;
}

/** Checks the accounts exist and share the movement's merchant and one currency (facts that never change, so cached). */
async function checkAccounts(db: Db, merchantId: number, postings: Posting[]): Promise<Map<number, Facts>> {
  const known = await knownFacts(
    db,
    postings.map((p) => p.accountId),
  );
  let currency: string | undefined;
  for (const p of postings) {
    const f = known.get(p.accountId);
    if (!f) throw new Error(`posting to an unknown ledger account ${p.accountId}`);
    if (f.merchantId !== merchantId) throw new Error('posting across merchants');
    if (currency !== undefined && f.currency !== currency) throw new Error('posting across currencies');
    currency = f.currency;
  }
  return known;
}

/**
 * The wagering change of a movement, per member account: a deposit's obligation on the account it
 * credits; the stake a member account loses in a wagering type (bet); the refunded stake of a
 * rollback, taken off again.
 */
function turnoverOf(req: PostRequest, postings: Posting[], facts: Map<number, Facts>): Map<number, TurnoverDelta> {
  const deltas = new Map<number, TurnoverDelta>();
  const owed = req.turnoverRequired;
  if (owed && owed.amount > 0) {
    const credited = postings.find((p) => p.amount > 0 && facts.get(p.accountId)?.memberId === owed.memberId);
    if (credited) deltas.set(credited.accountId, { required: owed.amount, wagered: 0 });
    return deltas;
  }
  const sign = wageringTypes.has(req.type) ? -1 : unwageringTypes.has(req.type) ? 1 : 0;
  if (sign === 0) return deltas;
  for (const p of postings) {
    if (facts.get(p.accountId)?.memberId == null || Math.sign(p.amount) !== sign) continue;
    deltas.set(p.accountId, { required: 0, wagered: -p.amount });
  }
  return deltas;
}

/**
 * The only way money moves. Invariants:
 * - the postings sum to zero and are written, in one statement, as entries with the balances they
 *   leave, together with the balance updates;
 * - a member account never goes below zero (the table CHECK aborts the statement:
 *   APP_ERR_WALLET_INSUFFICIENT_FUNDS, nothing written);
 * - with an idempotency key, a repeat of the same request returns the first result and moves
 *   nothing; the same key with a different request is refused (APP_ERR_LEDGER_DUPLICATE);
 * - the wagering of the member accounts (a deposit's obligation, a bet's stake, a rollback's refund)
 *   moves in the same UPDATE as their balances, so it is counted exactly once too.
 */
/**
 * The stake in a movement, if it is one: a bet's debit of a member account, or a transfer from a
 * member's wallet into one of its vendor wallets. Every stake passes the stake gate.
 */
function stakeOf(req: PostRequest, postings: Posting[], facts: Map<number, Facts>): Stake | undefined {
  const debit = postings.find((p) => p.amount < 0 && facts.get(p.accountId)?.memberId != null);
  const memberId = debit ? facts.get(debit.accountId)?.memberId : undefined;
  if (!debit || memberId == null) return undefined;
  const intoVendor = req.type === 'transfer' && postings.some((p) => p.amount > 0 && facts.get(p.accountId)?.kind.startsWith('vendor:'));
  if (!stakeTypes.includes(req.type) && !intoVendor) return undefined;
  return { merchantId: req.merchantId, memberId, amount: -debit.amount };
}

/**
 * A stake's movement: in one transaction, the accounts locked (in id order, as every movement locks
 * them), the stake gate passed (its reservations made), then the movement written. A key used
 * already leaves nothing of this attempt behind: the transaction is undone and the first answer
 * given (the caller finds it).
 */
async function postStake(
  db: Db,
  stake: Stake,
  movement: Parameters<typeof postMovement>[1],
  postings: Posting[],
  turnover: Map<number, TurnoverDelta>,
): Promise<Awaited<ReturnType<typeof postMovement>>> {
  const repeat = Symbol('repeat');
  try {
    return await inTransaction(db, async (tx) => {
      await lockAccounts(
        tx,
        postings.map((p) => p.accountId),
      );
      await passGate(tx, stake);
      const row = await postMovement(tx, movement, postings, turnover);
      if (row.transactionId === undefined) throw repeat;
      return row;
    });
  } catch (err) {
    if (err === repeat) return { transactionId: undefined, balances: {} };
    throw err;
  }
}

export async function post(db: Db, req: PostRequest): Promise<PostResult> {
  const postings = checkPostings(req.postings);
  const facts = await checkAccounts(db, req.merchantId, postings);
  const turnover = turnoverOf(req, postings, facts);
  const members = [...new Set(postings.map((p) => facts.get(p.accountId)?.memberId).filter((m): m is number => m != null))];
  const requestHash = req.idempotencyKey ? hashRequest(req.request ?? { type: req.type, postings }) : null;
  const movement = {
    merchantId: req.merchantId,
    type: req.type,
    idempotencyKey: req.idempotencyKey ?? null,
    requestHash,
    reference: req.reference ?? {},
  };
  const stake = stakeOf(req, postings, facts);
  for (let attempt = 1; ; attempt++) {
    try {
      const row = stake ? await postStake(db, stake, movement, postings, turnover) : await postMovement(db, movement, postings, turnover);
      if (row.transactionId !== undefined) {
        return { transactionId: row.transactionId, replayed: false, balances: row.balances, members };
      }
      const first = await findTransactionByKey(db, req.merchantId, req.idempotencyKey as string);
      if (!first) throw new Error('idempotency key conflict without a transaction');
      if (first.requestHash !== requestHash) throw new AppError('APP_ERR_LEDGER_DUPLICATE');
      const entries = await entriesOf(db, first.id);
      return {
        transactionId: first.id,
        replayed: true,
        balances: Object.fromEntries(entries.map((e) => [e.accountId, e.balanceAfter])),
        members,
      };
    } catch (err) {
      if (sqlState(err) === sqlStates.checkViolation) throw new AppError('APP_ERR_WALLET_INSUFFICIENT_FUNDS');
      if (isRetryable(err) && attempt < 5) continue;
      throw err;
    }
  }
}

/** One movement of postMany(): money between a member account and a house account. */
export interface PairRequest {
  merchantId: number;
  type: string;
  memberAccountId: number;
  houseAccountId: number;
  /** To the member account, in minor units (negative takes from it); the house gets the opposite. */
  amount: number;
  idempotencyKey: string;
  request: unknown;
  reference?: Record<string, unknown>;
}

/** What postMany() did with one movement. */
export type PairResult =
  /** Moved now. */
  | { status: 'posted'; transactionId: number; balance: number; alongside: unknown }
  /** Nothing moved: its key was used before, or the caller's own records skipped it (see replayOf). */
  | { status: 'seen' }
  /** Nothing moved: the member account cannot afford it (its balance as it stands). */
  | { status: 'short'; balance: number }
  /** Nothing moved: the stake gate refused the stake (see modules/staking/stake-gate.ts). */
  | { status: 'refused'; code: ErrorCode }
  /** An amount of zero: nothing moves by design, what goes alongside is written (the balance as it stands). */
  | { status: 'still'; balance: number; alongside: unknown };

/**
 * Many movements between member and house accounts in one statement, each with the invariants of
 * post(): its entries sum to zero and carry the balances they leave, a member account never goes
 * below zero (that movement alone is refused), a key moves money once, and a bet's stake counts as
 * wagering. For group commit under load (see GroupWriter): one statement, one commit, for many
 * callers. A movement of zero moves nothing and claims no key, but what the caller writes alongside
 * is written for it (a zero win still closes its round). Each member account may appear once per
 * call. The whole call fails when a key is taken concurrently; the caller then writes the movements
 * one by one (each a call of its own).
 */
export async function postMany(db: Db, reqs: PairRequest[], alongside?: BatchAlongside): Promise<PairResult[]> {
  const members = new Set<number>();
  const items: PairMovement[] = [];
  // One read for the batch's accounts not known yet, not one per movement.
  await knownFacts(
    db,
    reqs.flatMap((r) => [r.memberAccountId, r.houseAccountId]),
  );
  for (const r of reqs) {
    if (!Number.isSafeInteger(r.amount)) throw new Error(`movement amount must be an integer: ${r.amount}`);
    if (members.has(r.memberAccountId)) throw new Error('a member account may appear once in a batch');
    members.add(r.memberAccountId);
    const facts = await checkAccounts(db, r.merchantId, [
      { accountId: r.memberAccountId, amount: r.amount },
      { accountId: r.houseAccountId, amount: -r.amount },
    ]);
    if (facts.get(r.memberAccountId)?.house !== false || facts.get(r.houseAccountId)?.house !== true) {
      throw new Error('a batched movement is between a member account and a house account');
    }
    const sign = wageringTypes.has(r.type) ? -1 : unwageringTypes.has(r.type) ? 1 : 0;
    items.push({
      merchantId: r.merchantId,
      type: r.type,
      idempotencyKey: r.idempotencyKey,
      requestHash: hashRequest(r.request),
      reference: r.reference ?? {},
      memberAccountId: r.memberAccountId,
      houseAccountId: r.houseAccountId,
      amount: r.amount,
      wagered: sign !== 0 && Math.sign(r.amount) === sign ? -r.amount : 0,
    });
  }
  const rows: PairRow[] = await postPairs(db, items, alongside);
  return rows.map((row, i): PairResult => {
    if (row.transactionId !== null)
      return { status: 'posted', transactionId: row.transactionId, balance: row.balance, alongside: row.alongside };
    if (row.seen) return { status: 'seen' };
    if (row.refused) return { status: 'refused', code: row.refused as ErrorCode };
    return items[i]?.amount === 0
      ? { status: 'still', balance: row.balance, alongside: row.alongside }
      : { status: 'short', balance: row.balance };
  });
}

/**
 * The movement an idempotency key already made, when it was made by the same request: its id and
 * the amount it moved (the sum of its credits). A different request under the key is refused.
 */
export async function replayOf(
  db: Db,
  merchantId: number,
  idempotencyKey: string,
  request: unknown,
): Promise<{ transactionId: number; amount: number } | undefined> {
  const first = await findTransactionByKey(db, merchantId, idempotencyKey);
  if (!first) return undefined;
  if (first.requestHash !== hashRequest(request)) throw new AppError('APP_ERR_LEDGER_DUPLICATE');
  const entries = await entriesOf(db, first.id);
  return { transactionId: first.id, amount: entries.reduce((s, e) => s + Math.max(0, e.amount), 0) };
}

/** House accounts are spread over this many rows per kind, so one hot account does not serialise every movement. */
export const houseShards = 16;

const accountIds = new WeakMap<Db, Map<string, number>>();

/**
 * An account's id, opened on first use. Ids never change, so each database handle keeps those it
 * has seen (a transaction's handle dies with it, so an account opened in a rolled-back transaction is
 * never remembered).
 */
async function accountId(db: Db, key: AccountKey): Promise<number> {
  let known = accountIds.get(db);
  if (!known) {
    known = new Map();
    accountIds.set(db, known);
  }
  const name = `${key.merchantId}:${key.memberId ?? 0}:${key.kind}`;
  const cached = known.get(name);
  if (cached !== undefined) return cached;
  const id = await ensureAccount(db, key);
  known.set(name, id);
  return id;
}

/** The id of a member's account of a kind (main, bonus, vendor:<code>...), opened on first use. */
export function memberAccount(db: Db, merchantId: number, memberId: number, kind: string, currency: string): Promise<number> {
  return accountId(db, { merchantId, memberId, kind, currency });
}

/**
 * The id of a merchant's house account of a kind (cash_in, cash_out, games, bonuses, fees): one of
 * its shards, picked by `spreadBy` (the member id of the movement), each a row named `<kind>#<n>`.
 */
export function houseAccount(db: Db, merchantId: number, kind: string, currency: string, spreadBy = 0): Promise<number> {
  return accountId(db, { merchantId, memberId: null, kind: `${kind}#${Math.abs(spreadBy) % houseShards}`, currency });
}

export type { AccountKey, BatchAlongside, BatchShape };
export { balanceOf, lockAccounts };

export interface LedgerCheck {
  ok: boolean;
  accountViolations: { id: number; balance: number; entriesSum: number }[];
  transactionViolations: { id: number; total: number; entries: number }[];
}

/** The ledger invariants: each balance equals the sum of its entries and is not negative for a member; each transaction sums to zero. */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  const [accounts, transactions] = await Promise.all([accountViolations(db), transactionViolations(db)]);
  return {
    ok: accounts.length === 0 && transactions.length === 0,
    accountViolations: accounts.map((a) => ({ id: Number(a.id), balance: Number(a.balance), entriesSum: Number(a.entries_sum) })),
    transactionViolations: transactions.map((t) => ({ id: Number(t.id), total: Number(t.total), entries: Number(t.n) })),
  };
}
