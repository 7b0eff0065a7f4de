import { type FieldError, type LotteryTicket, type PlaceLotteryBetsBody, toAmount } from '@platform/contract';
import { lottery } from '@platform/games';
import { type Db, inTransaction } from '../../platform/db.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberRow } from '../members/members.service.ts';
import type { Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import { publishBalances, walletKinds } from '../wallet/wallet.service.ts';
import { releaseExposure, reserveExposure } from './lottery.limits.ts';
import { type DrawRow, drawByIssue, enabledGames, type LotteryGameRow, notifyDraw } from './lottery.repository.ts';
import { checkDrawContext, issuesFrom } from './lottery.service.ts';
import {
  type BetRow,
  betsOfRequest,
  cancelChaseRest,
  drawsToSettle,
  hasPendingTicket,
  insertBets,
  insertChase,
  lockChaseRest,
  lockDraw,
  markDrawPaid,
  memberBetsPage,
  type NewBetRow,
  owedOfDraw,
  pendingTicketKinds,
  refundPendingTickets,
  settleTicketsByKind,
  stopRunningChase,
} from './lottery-bets.repository.ts';

export { drawsToSettle };

/** Prize mode of every merchant until merchants choose their own (official plays at prize group 1960). */
export const LOTTERY_PRIZE_MODE: lottery.PrizeMode = 'Lott';

/** A ticket as the API shows it, its amounts in major units of the merchant's currency. */
function ticketOf(b: BetRow, result: unknown, currency: string): LotteryTicket {
  return {
    id: b.id,
    gameCode: b.gameCode,
    issue: b.issue,
    playType: b.playType,
    selection: b.selection,
    unit: b.unit,
    multiple: b.multiple,
    betCount: b.betCount,
    amount: toAmount(b.amount, currency),
    status: b.status as LotteryTicket['status'],
    payout: toAmount(b.payout, currency),
    chaseId: b.chaseId,
    result: result ?? null,
    placedAt: b.placedAt.toISOString(),
  };
}

/** The package's chase plan; a doubling that takes a multiple over the limit is the player's error. */
function chasePlanOrRefuse(...args: Parameters<typeof lottery.chasePlan>): lottery.ChasePlan {
  try {
    return lottery.chasePlan(...args);
  } catch (err) {
    if (err instanceof RangeError)
      throw new AppError('APP_ERR_VALIDATION', [{ field: 'chase.doubling', message: 'lottery.too_many_picks' }]);
    throw err;
  }
}

/** Checks every bet of a slip against its play type; all problems at once, at their fields. */
function priceSlip(family: string, body: PlaceLotteryBetsBody) {
  const fields: FieldError[] = [];
  const priced = body.bets.map((bet, i) => {
    const play = lottery.findPlayType(bet.playType);
    if (!play || play.game !== family) {
      fields.push({ field: `bets.${i}.playType`, message: 'validation.unknown_value' });
      return undefined;
    }
    const problem = play.validate(bet.selection);
    if (problem) {
      fields.push({ field: `bets.${i}.selection${problem.field ? `.${problem.field}` : ''}`, message: problem.message });
      return undefined;
    }
    const count = play.betCount(bet.selection);
    if (count !== bet.betCount) {
      fields.push({ field: `bets.${i}.betCount`, message: 'lottery.bet_count_mismatch' });
      return undefined;
    }
    const stake = { unit: bet.unit, multiple: bet.multiple };
    return { bet, play, amount: lottery.orderAmount(play, bet.selection, stake, LOTTERY_PRIZE_MODE) };
  });
  if (fields.length > 0) throw new AppError('APP_ERR_VALIDATION', fields);
  return priced.filter((p) => p !== undefined);
}

/** A slip checked and priced, with what writing it needs; nothing written yet. */
export interface PreparedSlip {
  merchant: Merchant;
  member: MemberRow;
  body: PlaceLotteryBetsBody;
  now: Date;
  game: { code: string };
  /** The issue bet on, if it exists. */
  draw: DrawRow | undefined;
  /** The issues a chase buys, from the slip's own; empty without a draw. */
  issues: DrawRow[];
  priced: ReturnType<typeof priceSlip>;
  plans: lottery.ChasePlan[];
  /** Minor units debited for the whole slip. */
  total: number;
  main: number;
  house: number;
  requestHash: string;
}

/** Where a slip's game and draw are read from: the database, or a node's short-lived cache of it. */
export interface SlipReads {
  games(): Promise<LotteryGameRow[]>;
  draw(gameCode: string, issue: string): Promise<DrawRow | undefined>;
}

const readsOf = (db: Db): SlipReads => ({ games: () => enabledGames(db), draw: (code, issue) => drawByIssue(db, code, issue) });

/**
 * Checks and prices a slip: the game, the draw's rules, every bet at its field, and a chase's plan.
 * Reads only; whether the issue still takes bets is decided again when the slip is written.
 */
export async function prepareSlip(
  db: Db,
  merchant: Merchant,
  member: MemberRow,
  body: PlaceLotteryBetsBody,
  now = new Date(),
  reads: SlipReads = readsOf(db),
): Promise<PreparedSlip> {
  const game = (await reads.games()).find((g) => g.code === body.gameCode);
  if (!game) throw new AppError('APP_ERR_VALIDATION', [{ field: 'gameCode', message: 'validation.unknown_value' }]);
  // The draw's year animal (Mark Six zodiac) is a rule of the draw, checked before the slip's own.
  await checkDrawContext(db, body);
  const draw = await reads.draw(game.code, body.issue);
  const priced = priceSlip(game.family, body);
  // A chase buys the same bets for the next issues too, its multiples raised by the plan's doubling.
  const issues = body.chase && draw ? await issuesFrom(db, game, draw, body.chase.issues) : draw ? [draw] : [];
  const plans = priced.map((p) =>
    chasePlanOrRefuse(p.play, p.bet.selection, { unit: p.bet.unit, multiple: p.bet.multiple }, LOTTERY_PRIZE_MODE, {
      issues: issues.length > 0 ? issues.map((d) => d.issue) : [body.issue],
      stopOnWin: body.chase?.stopOnWin ?? false,
      ...(body.chase?.doubling ? { doubling: body.chase.doubling } : {}),
    }),
  );
  const total = plans.reduce((s, plan) => s + plan.totalAmount, 0);
  const main = await memberAccount(db, merchant.id, member.id, walletKinds.main, merchant.currency);
  const house = await houseAccount(db, merchant.id, 'lottery', merchant.currency, member.id);
  const requestHash = sha256Hex(JSON.stringify(body));
  return { merchant, member, body, now, game, draw, issues, priced, plans, total, main, house, requestHash };
}

/** Whether the slip's issue takes bets at the slip's time (the draw as read when the slip was prepared). */
export function issueOpen(slip: PreparedSlip): boolean {
  return slip.draw?.status === 'open' && slip.draw.closesAt > slip.now;
}

/** The slip's debit as the ledger writes it: keyed by the member and the slip's request id. */
export function slipMovement(slip: PreparedSlip) {
  return {
    idempotencyKey: `lottery:${slip.member.id}:${slip.body.requestId}`,
    request: slip.requestHash,
    reference: { category: 'LOTT', gameCode: slip.game.code, issue: slip.body.issue },
  };
}

/** The slip's tickets, one per bet and chased issue, with the slip's bet each came from. */
export function slipTickets(slip: PreparedSlip, chaseId: number | null): { bet: number; row: NewBetRow & { placedAt: Date } }[] {
  const { merchant, member, body, priced, plans, issues, draw, main, now } = slip;
  return priced.flatMap((p, i) =>
    (plans[i]?.steps ?? []).map((step, k) => {
      const target = (issues[k] ?? draw) as DrawRow;
      return {
        bet: i,
        row: {
          merchantId: merchant.id,
          memberId: member.id,
          accountId: main,
          drawId: target.id,
          gameCode: slip.game.code,
          issue: target.issue,
          playType: p.play.id,
          selection: p.bet.selection as object,
          unit: p.bet.unit,
          multiple: step.multiple,
          betCount: p.bet.betCount,
          amount: step.amount,
          prizeMode: LOTTERY_PRIZE_MODE,
          requestId: body.requestId,
          chaseId,
          placedAt: now,
        },
      };
    }),
  );
}

export interface PlacedSlip {
  tickets: LotteryTicket[];
  amount: number;
  balance: number;
}

/** A placed slip as the API answers it. */
export function placedSlip(slip: PreparedSlip, rows: BetRow[], balance: number): PlacedSlip {
  const currency = slip.merchant.currency;
  return {
    tickets: rows.map((r) => ticketOf(r, null, currency)),
    amount: toAmount(slip.total, currency),
    balance: toAmount(balance, currency),
  };
}

/**
 * Writes a prepared slip alone: the whole amount debited in one ledger movement keyed by the slip's
 * request id, and the tickets and their liability written in the same transaction. A repeat of the
 * request id gives back the same tickets and debits nothing.
 */
export async function writeSlip(db: Db, slip: PreparedSlip): Promise<PlacedSlip> {
  const { merchant, member, body, issues, now } = slip;
  return inTransaction(db, async (tx) => {
    const moved = await post(tx, {
      merchantId: merchant.id,
      type: 'bet',
      postings: [
        { accountId: slip.main, amount: -slip.total },
        { accountId: slip.house, amount: slip.total },
      ],
      ...slipMovement(slip),
    });
    const balance = moved.balances[slip.main] ?? 0;
    if (moved.replayed) return placedSlip(slip, await betsOfRequest(tx, member.id, body.requestId), balance);
    // Checked inside the movement's transaction, so a slip racing the close either lands before it or not at all.
    if (!issueOpen(slip)) throw new AppError('APP_ERR_LOTTERY_CLOSED', [{ field: 'issue', message: 'error.lottery_issue_closed' }]);
    if (body.chase && issues.length < body.chase.issues)
      throw new AppError('APP_ERR_VALIDATION', [{ field: 'chase.issues', message: 'lottery.chase_too_long' }]);
    const chase = body.chase
      ? await insertChase(tx, {
          memberId: member.id,
          gameCode: slip.game.code,
          issues: issues.length,
          stopOnWin: body.chase.stopOnWin,
          createdAt: now,
        })
      : undefined;
    const planned = slipTickets(slip, chase?.id ?? null);
    const rows = await insertBets(
      tx,
      planned.map((p) => p.row),
    );
    await publishBalances(tx, [member.id]);
    // What the house would owe on each number and on the issue: over the merchant's caps, the slip is
    // refused here. Last, so the issue's liability line (one row every slip of the issue updates) is
    // locked only until the commit.
    await reserveExposure(
      tx,
      merchant.id,
      planned.map(({ bet, row }) => ({ ...row, bet })),
    );
    return placedSlip(slip, rows, balance);
  });
}

/**
 * Places a slip on the issue taking bets (see writeSlip); through `slips`, when given, written
 * together with other slips arriving at the same time (lottery.slips.ts).
 */
export async function placeLotteryBets(
  db: Db,
  merchant: Merchant,
  member: MemberRow,
  body: PlaceLotteryBetsBody,
  now = new Date(),
  slips?: { reads: SlipReads; place(slip: PreparedSlip): Promise<PlacedSlip> },
): Promise<PlacedSlip> {
  const slip = await prepareSlip(db, merchant, member, body, now, slips?.reads);
  return slips ? slips.place(slip) : writeSlip(db, slip);
}

/** The member's tickets, newest first, with their draw's result. */
export async function myLotteryBets(
  db: Db,
  member: MemberRow,
  currency: string,
  q: { gameCode?: string | undefined; pageNo: number; pageSize: number },
) {
  const { rows, total } = await memberBetsPage(db, member.id, q);
  return { list: rows.map((r) => ticketOf(r.bet, r.result, currency)), totalPages: Math.ceil(total / q.pageSize) };
}

/**
 * Settles a drawn (or refunds a cancelled) draw, on any node, any number of times.
 *
 * First its tickets, set-based, in one database transaction that holds the draw's row (nodes take
 * turns on a draw): the prize maths run once per kind of pending ticket (play, selection, stake and
 * prize mode: a million tickets are a few hundred kinds), and one statement marks every pending
 * ticket of each kind won or lost with its payout (a cancelled draw's tickets: refunded, their stake
 * as payout); a winning ticket of a chase that stops on a win stops the chase. Then, once no ticket
 * is pending, the payout (see payDraw): one ledger movement per merchant (in chunks) crediting each
 * player the sum of its tickets. A re-run finds nothing pending and a paid draw, and pays nothing twice.
 */
export async function settleDraw(
  db: Db,
  directory: MerchantDirectory,
  draw: DrawRow,
  now = new Date(),
): Promise<{ tickets: number; paid: number }> {
  const games = await enabledGames(db);
  const family = games.find((g) => g.code === draw.gameCode)?.family;
  const merchants = new Map((await directory.list()).map((m) => [m.id, m]));
  const tickets = await inTransaction(db, async (tx) => {
    // Taken first: a second node waits here, then finds nothing pending (two updates of the same
    // tickets in different orders could otherwise deadlock).
    await lockDraw(tx, draw.id);
    if (draw.status === 'cancelled') return refundPendingTickets(tx, draw.id, now);
    const kinds = (await pendingTicketKinds(tx, draw.id)).map((k) => {
      const play = lottery.findPlayType(k.playType);
      if (!play || play.game !== family) throw new Error(`tickets of play ${k.playType} are not of ${family}`);
      const stake = { unit: k.unit, multiple: k.multiple };
      return { ...k, payout: lottery.settle(play, k.selection, draw.result, stake, k.prizeMode as lottery.PrizeMode).payout };
    });
    const { settled, wonChases } = await settleTicketsByKind(tx, draw.id, kinds, now);
    // A winning ticket of a chase that stops on a win cancels the chase's issues still to come.
    const members = new Set<number>();
    for (const chaseId of wonChases) {
      for (const m of await stopChase(tx, merchants, chaseId, draw.id, now)) members.add(m);
    }
    if (members.size > 0) await publishBalances(tx, [...members]);
    return settled;
  });
  const paid = await payDraw(db, merchants, draw, now);
  return { tickets, paid };
}

/** Postings per ledger movement of a payout: the statement's parameters stay well under PostgreSQL's 65,535. */
const PAYOUT_CHUNK = 5000;

/**
 * Pays a draw whose tickets are all settled, once: its row is locked so nodes take turns, a paid
 * draw is left alone, and a draw with a ticket still pending (another node's batch) is left for
 * later. Each merchant's players get the sum of their won (or, for a cancelled draw, refunded)
 * tickets in movements of up to PAYOUT_CHUNK players, keyed by the draw, merchant and chunk; then
 * the draw is marked paid (and settled) and open pages hear of it. Returns the amount paid.
 */
async function payDraw(db: Db, merchants: Map<number, Merchant>, draw: DrawRow, now: Date): Promise<number> {
  const refund = draw.status === 'cancelled';
  const { paid, settled } = await inTransaction(db, async (tx) => {
    const row = await lockDraw(tx, draw.id);
    if (!row || row.paidAt) return { paid: 0, settled: false };
    if (await hasPendingTicket(tx, draw.id)) return { paid: 0, settled: false };
    const owed = await owedOfDraw(tx, draw.id, refund ? 'refunded' : 'won');
    let total = 0;
    for (const merchantId of new Set(owed.map((o) => o.merchantId))) {
      const merchant = merchants.get(merchantId);
      if (!merchant) throw new Error(`ticket of unknown merchant ${merchantId}`);
      const theirs = owed.filter((o) => o.merchantId === merchantId && Number(o.amount) > 0);
      const house = await houseAccount(tx, merchantId, 'lottery', merchant.currency, draw.id);
      for (let i = 0; i < theirs.length; i += PAYOUT_CHUNK) {
        const chunk = theirs.slice(i, i + PAYOUT_CHUNK);
        const sum = chunk.reduce((s, o) => s + Number(o.amount), 0);
        await post(tx, {
          merchantId,
          type: refund ? 'lottery_refund' : 'win',
          postings: [{ accountId: house, amount: -sum }, ...chunk.map((o) => ({ accountId: o.accountId, amount: Number(o.amount) }))],
          idempotencyKey: `lottery-payout:${draw.id}:${merchantId}:${i / PAYOUT_CHUNK}`,
          reference: { category: 'LOTT', gameCode: draw.gameCode, issue: draw.issue },
        });
        total += sum;
      }
    }
    await markDrawPaid(tx, draw.id, refund, now);
    if (owed.length > 0) await publishBalances(tx, [...new Set(owed.map((o) => o.memberId))]);
    return { paid: total, settled: !refund };
  });
  if (settled) await notifyDraw(db, { gameCode: draw.gameCode, issue: draw.issue, status: 'settled' });
  return paid;
}

/**
 * Stops a chase that won (once: only the update that finds it running goes on) and cancels its
 * tickets on later issues that are still pending, giving their stakes back in one ledger movement
 * keyed by the chase.
 */
async function stopChase(tx: Db, merchants: Map<number, Merchant>, chaseId: number, drawId: number, now: Date): Promise<number[]> {
  const chase = await stopRunningChase(tx, chaseId);
  if (!chase) return [];
  const rest = await lockChaseRest(tx, chaseId, drawId);
  const first = rest[0];
  if (!first) return [];
  const merchant = merchants.get(first.merchantId);
  if (!merchant) throw new Error(`chase of unknown merchant ${first.merchantId}`);
  const sum = rest.reduce((s, b) => s + b.amount, 0);
  await post(tx, {
    merchantId: first.merchantId,
    type: 'lottery_refund',
    postings: [
      { accountId: await houseAccount(tx, first.merchantId, 'lottery', merchant.currency, first.memberId), amount: -sum },
      { accountId: first.accountId, amount: sum },
    ],
    idempotencyKey: `lottery-chase-stop:${chaseId}`,
    reference: { category: 'LOTT', chaseId },
  });
  await releaseExposure(tx, first.merchantId, rest);
  await cancelChaseRest(tx, chaseId, drawId, now);
  return [first.memberId];
}

/**
 * The settlement job: settles whatever is due, on any node, any number of times. Each draw is tried
 * once per run: one whose tickets another node is still settling is paid by that node, or the next run.
 */
export async function settleDue(db: Db, directory: MerchantDirectory, now = new Date(), maxDraws = 500): Promise<number> {
  let tickets = 0;
  const tried: number[] = [];
  while (tried.length < maxDraws) {
    const due = await drawsToSettle(db, tried);
    if (due.length === 0) break;
    for (const draw of due) {
      tried.push(draw.id);
      tickets += (await settleDraw(db, directory, draw, now)).tickets;
    }
  }
  return tickets;
}
