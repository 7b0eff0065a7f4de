import { randomBytes } from 'node:crypto';
import type { AdminEnvelopeRound, EnvelopeRounds, EnvelopeRoundView, NewEnvelopeRoundBody } from '@platform/contract';
import { toAmount } from '@platform/contract';
import { fair } from '@platform/games';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError, failField } from '../../platform/errors.ts';
import { periodAt } from '../../platform/periods.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { grantBonus } from '../promotions/wagering.service.ts';
import { dailyStatistics } from '../statistics/statistics.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import {
  addPaid,
  betOnDay,
  closedRounds,
  currentRound,
  type EnvelopeOpenRow,
  type EnvelopeRoundRow,
  insertOpen,
  insertRounds,
  opensOf,
  roundById,
  roundsOfMerchant,
  takeIndex,
} from './envelopes.repository.ts';

// Envelope rain (decision 0044). A round commits to its server seed (SHA-256 published before the
// window) and reveals it once the window has closed; every envelope's amount comes from the seed and
// its index through the games package's envelopeAmounts, which the site's verify view runs too. An
// open is one transaction: the next index under the round row's lock (never past the count, so
// never past the budget), the member's unique open row, and the payout through the ledger under
// `envelope:<round>:<member>`.

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Rounds may be scheduled this far ahead at most. */
const AHEAD_DAYS = 30;
/** Closed rounds a player sees with their seeds. */
const CLOSED_SHOWN = 5;

/** The module's clock: the wall clock, or a test clock (tests, the browser journey). */
let clock: () => Date = () => new Date();
export const envelopesNow = (): Date => clock();
export function setEnvelopesClock(now: (() => Date) | null): void {
  clock = now ?? (() => new Date());
}

// A round's amounts cost one HMAC per envelope: kept for the rounds seen lately.
const drawn = new Map<number, number[]>();
function amountsOf(round: EnvelopeRoundRow): number[] {
  let amounts = drawn.get(round.id);
  if (!amounts) {
    amounts = fair.envelopeAmounts(round.serverSeed, round.clientSeed, {
      budget: round.budget,
      count: round.count,
      minAmount: round.minAmount,
    });
    if (drawn.size >= 100) drawn.delete(drawn.keys().next().value as number);
    drawn.set(round.id, amounts);
  }
  return amounts;
}

const stateOf = (r: EnvelopeRoundRow, now: Date) => (now < r.startsAt ? 'upcoming' : now < r.endsAt ? 'live' : 'closed');

function view(merchant: Merchant, r: EnvelopeRoundRow, mine: EnvelopeOpenRow | undefined, now: Date): EnvelopeRoundView {
  const money = (n: number) => toAmount(n, merchant.currency);
  const state = stateOf(r, now);
  return {
    id: r.id,
    state,
    startsAt: r.startsAt.getTime(),
    endsAt: r.endsAt.getTime(),
    budget: money(r.budget),
    count: r.count,
    minAmount: money(r.minAmount),
    opened: r.opened,
    serverSeedHash: r.serverSeedHash,
    clientSeed: r.clientSeed,
    // Never while the seed can still decide an envelope.
    serverSeed: state === 'closed' ? r.serverSeed : null,
    mine: mine ? { index: mine.idx, amount: money(mine.amount) } : null,
  };
}

const today = (merchant: Merchant, now: Date) => periodAt('day', merchant.timeZone, now).key;

/** The live or next round, the last closed ones with their seeds, the member's envelopes and whether they may open one. */
export async function roundsFor(db: Db, merchant: Merchant, memberId: number | null, now = envelopesNow()): Promise<EnvelopeRounds> {
  const [current, closed] = await Promise.all([currentRound(db, merchant.id, now), closedRounds(db, merchant.id, now, CLOSED_SHOWN)]);
  const rounds = [...(current ? [current] : []), ...closed];
  const [opens, eligible] = memberId
    ? await Promise.all([
        opensOf(
          db,
          memberId,
          rounds.map((r) => r.id),
        ),
        betOnDay(db, merchant.id, memberId, today(merchant, now)),
      ])
    : [[], false];
  const mine = (r: EnvelopeRoundRow) => opens.find((o) => o.roundId === r.id);
  return {
    currency: merchant.currency,
    now: now.getTime(),
    eligible,
    current: current ? view(merchant, current, mine(current), now) : null,
    closed: closed.map((r) => view(merchant, r, mine(r), now)),
  };
}

/**
 * Opens one envelope of a live round for the member: needs a bet today (the statistics are brought
 * up to the call when none is counted yet), one per member and round. A repeat, concurrent or not,
 * rolls its whole transaction back, index included, and pays nothing.
 */
export async function openEnvelope(db: Db, merchant: Merchant, memberId: number, roundId: number, ip: string, now = envelopesNow()) {
  const round = await roundById(db, roundId);
  if (!round || round.merchantId !== merchant.id) throw new AppError('APP_ERR_ENVELOPE_ROUND_UNKNOWN');
  if (stateOf(round, now) !== 'live') throw new AppError('APP_ERR_ENVELOPE_CLOSED');
  if ((await opensOf(db, memberId, [round.id])).length > 0) throw new AppError('APP_ERR_ENVELOPE_ALREADY_OPENED');
  const day = today(merchant, now);
  if (!(await betOnDay(db, merchant.id, memberId, day))) {
    await catchUp(db, dailyStatistics);
    if (!(await betOnDay(db, merchant.id, memberId, day))) throw new AppError('APP_ERR_ENVELOPE_NOT_ELIGIBLE');
  }
  const amounts = amountsOf(round);
  const key = `envelope:${round.id}:${memberId}`;
  const res = await inTransaction(db, async (tx) => {
    const index = await takeIndex(tx, round.id, now);
    if (index === undefined) {
      const fresh = await roundById(tx, round.id);
      throw new AppError(fresh && fresh.opened >= fresh.count ? 'APP_ERR_ENVELOPE_EMPTY' : 'APP_ERR_ENVELOPE_CLOSED');
    }
    const amount = amounts[index] as number;
    if (!(await insertOpen(tx, { roundId: round.id, memberId, idx: index, amount, ip })))
      throw new AppError('APP_ERR_ENVELOPE_ALREADY_OPENED');
    await addPaid(tx, round.id, amount);
    // Cash, no wagering: an incentive after a bet (Brazil allows it; decision 0044).
    const paid = await grantBonus(tx, {
      merchant,
      memberId,
      grantKey: key,
      title: 'Envelope rain',
      amount,
      required: 0,
      contributions: { '*': 100 },
      maxBet: null,
      expiresAt: new Date(now.getTime() + DAY),
      reference: { envelopeRound: round.id, index },
    });
    return { index, amount, members: paid.members };
  });
  const fresh = (await roundById(db, round.id)) as EnvelopeRoundRow;
  const mine = { roundId: round.id, memberId, idx: res.index, amount: res.amount, ip, createdAt: now };
  return {
    round: view(merchant, fresh, mine, now),
    index: res.index,
    amount: toAmount(res.amount, merchant.currency),
    reference: key,
    members: res.members,
  };
}

// --- Scheduling (the seed and operators) ---------------------------------------------------------

/**
 * Schedules rounds, each with a fresh CSPRNG server seed whose SHA-256 is public from now on and a
 * public client seed of its own; one statement for all of them.
 */
export async function scheduleRounds(
  db: Db,
  merchant: Merchant,
  bodies: Omit<NewEnvelopeRoundBody, 'merchant'>[],
  createdBy: string,
): Promise<EnvelopeRoundRow[]> {
  for (const body of bodies) fair.assertEnvelopeTerms(body);
  return insertRounds(
    db,
    bodies.map((body) => {
      const serverSeed = randomBytes(32).toString('hex');
      return {
        merchantId: merchant.id,
        startsAt: new Date(body.startsAt),
        endsAt: new Date(body.startsAt + body.minutes * MINUTE),
        budget: body.budget,
        count: body.count,
        minAmount: body.minAmount,
        serverSeed,
        serverSeedHash: fair.hashServerSeed(serverSeed),
        clientSeed: `envelope-${randomBytes(8).toString('hex')}`,
        createdBy,
      };
    }),
  );
}

/** Schedules one round (see scheduleRounds). */
export async function scheduleRound(
  db: Db,
  merchant: Merchant,
  body: Omit<NewEnvelopeRoundBody, 'merchant'>,
  createdBy: string,
): Promise<EnvelopeRoundRow> {
  const [row] = await scheduleRounds(db, merchant, [body], createdBy);
  return row as EnvelopeRoundRow;
}

async function merchantOf(db: Db, code: string): Promise<Merchant> {
  const merchant = await merchantByCode(db, code);
  if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
  return merchant;
}

function toAdmin(r: EnvelopeRoundRow, code: string, now: Date): AdminEnvelopeRound {
  return {
    id: r.id,
    merchant: code,
    startsAt: r.startsAt.getTime(),
    endsAt: r.endsAt.getTime(),
    budget: r.budget,
    count: r.count,
    minAmount: r.minAmount,
    opened: r.opened,
    paid: r.paid,
    serverSeedHash: r.serverSeedHash,
    serverSeed: stateOf(r, now) === 'closed' ? r.serverSeed : null,
    createdBy: r.createdBy,
  };
}

export async function adminRounds(db: Db, code: string, now = envelopesNow()): Promise<AdminEnvelopeRound[]> {
  const merchant = await merchantOf(db, code);
  return (await roundsOfMerchant(db, merchant.id, new Date(now.getTime() - DAY), 200)).map((r) => toAdmin(r, merchant.code, now));
}

/** An operator schedules a round of their merchant: not in the past, at most 30 days ahead; audited with it. */
export async function addRound(db: Db, operator: string, body: NewEnvelopeRoundBody, now = envelopesNow()): Promise<AdminEnvelopeRound> {
  const merchant = await merchantOf(db, body.merchant);
  if (body.startsAt < now.getTime() - MINUTE) failField('startsAt', 'validation.too_small');
  if (body.startsAt > now.getTime() + AHEAD_DAYS * DAY) failField('startsAt', 'validation.too_big');
  const row = await inTransaction(db, async (tx) => {
    const created = await scheduleRound(tx, merchant, body, operator);
    await appendAudit(tx, {
      operator,
      action: 'promotions.manage',
      merchantId: merchant.id,
      target: `envelope-round:${created.id}`,
      reason: '',
      details: { startsAt: body.startsAt, minutes: body.minutes, budget: body.budget, count: body.count, minAmount: body.minAmount },
    });
    return created;
  });
  return toAdmin(row, merchant.code, now);
}
