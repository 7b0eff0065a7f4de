import {
  type ExclusionBody,
  type LimitChangeBody,
  type LimitKind,
  type LimitPeriod,
  limitPeriods,
  type RegistrationLimit,
  type ResponsibleGaming,
  type SetLimitBody,
  toAmount,
} from '@platform/contract';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError, failField, fieldError } from '../../platform/errors.ts';
import { minorOf } from '../../platform/money.ts';
import { periodAt } from '../../platform/periods.ts';
import { closeOtherSessions } from '../auth/sessions.ts';
import type { MemberRow } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { INDEFINITE, writeExclusion, writeStakeLimits } from '../staking/stake-limits.service.ts';
import { memberTotals } from '../statistics/statistics.service.ts';
import {
  activeExclusion,
  addLimitEvent,
  deleteLimit,
  insertExclusion,
  type LimitRow,
  limitEvents,
  limitsOf,
  minutesLoggedIn,
  registryMatch,
  settingsOf,
  upsertLimit,
} from './rg.repository.ts';

const HOUR = 3_600_000;

/**
 * The responsible-gaming routes' clock: the wall clock, or a test clock (tests, the browser journey
 * that lets a cooling period pass). The stake gate keeps the database's own clock.
 */
let clock: () => Date = () => new Date();
export const rgNow = (): Date => clock();
export function setResponsibleGamingClock(now: (() => Date) | null): void {
  clock = now ?? (() => new Date());
}

/** Money limits are amounts at the edge and minor units inside; session limits are minutes both sides. */
const toInside = (kind: LimitKind, amount: number, currency: string) => (kind === 'session' ? amount : minorOf(amount, currency));
const toEdge = (kind: LimitKind, value: number, currency: string) => (kind === 'session' ? value : toAmount(value, currency));

/**
 * Copies the member's loss and wager limits in force to the stake gate's row, in the transaction that
 * changed them: the gate enforces exactly what the player sees.
 */
async function syncGate(tx: Db, memberId: number, rows: LimitRow[]): Promise<void> {
  const of = (kind: 'loss' | 'wager') =>
    Object.fromEntries(limitPeriods.map((p) => [p, rows.find((r) => r.kind === kind && r.period === p)?.amount ?? null])) as Record<
      LimitPeriod,
      number | null
    >;
  await writeStakeLimits(tx, memberId, { loss: of('loss'), wager: of('wager') });
}

/**
 * Sets, lowers, raises or removes one of the player's limits. A new or lower limit applies at once
 * (and drops a pending raise); a higher one or a removal is recorded as pending, confirmable after the
 * merchant's cooling period. The member's limits are locked meanwhile, so two changes never cross.
 */
export async function setLimit(db: Db, merchant: Merchant, member: MemberRow, body: SetLimitBody, now = new Date()): Promise<void> {
  const { coolingHours } = await settingsOf(db, merchant.id);
  const wanted = body.amount === null ? null : toInside(body.kind, body.amount, merchant.currency);
  await inTransaction(db, async (tx) => {
    const rows = await limitsOf(tx, member.id, true);
    const current = rows.find((r) => r.kind === body.kind && r.period === body.period);
    const event = { memberId: member.id, kind: body.kind, period: body.period, at: now };
    const pendingFrom = new Date(now.getTime() + coolingHours * HOUR);
    if (!current) {
      if (wanted === null) return;
      await upsertLimit(tx, { memberId: member.id, kind: body.kind, period: body.period, amount: wanted, updatedAt: now });
      await addLimitEvent(tx, { ...event, action: 'set', amount: wanted });
    } else if (wanted === null) {
      await upsertLimit(tx, { ...current, pendingAmount: null, pendingRemove: true, pendingFrom, updatedAt: now });
      await addLimitEvent(tx, { ...event, action: 'removal_asked', amount: null });
    } else if (wanted <= current.amount) {
      await upsertLimit(tx, { ...current, amount: wanted, pendingAmount: null, pendingRemove: false, pendingFrom: null, updatedAt: now });
      await addLimitEvent(tx, { ...event, action: 'lowered', amount: wanted });
    } else {
      await upsertLimit(tx, { ...current, pendingAmount: wanted, pendingRemove: false, pendingFrom, updatedAt: now });
      await addLimitEvent(tx, { ...event, action: 'raise_asked', amount: wanted });
    }
    await syncGate(tx, member.id, await limitsOf(tx, member.id));
  });
}

/**
 * The limits a player chose at registration (where the market asks for them), in the transaction that
 * creates the member: written as set, with their history line, and copied to the stake gate's row.
 * Null: the player chose no limit of that kind.
 */
export async function setRegistrationLimits(
  tx: Db,
  merchant: Merchant,
  memberId: number,
  chosen: { loss: RegistrationLimit | undefined; session: RegistrationLimit | undefined },
  now = new Date(),
): Promise<void> {
  let written = false;
  for (const kind of ['loss', 'session'] as const) {
    const limit = chosen[kind];
    if (!limit) continue;
    const amount = toInside(kind, limit.amount, merchant.currency);
    await upsertLimit(tx, { memberId, kind, period: limit.period, amount, updatedAt: now });
    await addLimitEvent(tx, { memberId, kind, period: limit.period, action: 'set', amount, at: now });
    written = true;
  }
  if (written) await syncGate(tx, memberId, await limitsOf(tx, memberId));
}

/**
 * Applies a pending raise or removal once its cooling period has passed; before that it is refused
 * with the instant it may be confirmed (APP_ERR_RG_COOLING), and nothing changes.
 */
export async function confirmLimitChange(db: Db, member: MemberRow, body: LimitChangeBody, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    const rows = await limitsOf(tx, member.id, true);
    const current = rows.find((r) => r.kind === body.kind && r.period === body.period);
    if (!current?.pendingFrom) failField('period', 'validation.limit_nothing_pending', undefined, 'APP_ERR_NOT_FOUND');
    if (current.pendingFrom > now) {
      throw new AppError('APP_ERR_RG_COOLING', [{ field: 'period', message: 'validation.limit_cooling' }], {
        from: current.pendingFrom.getTime(),
      });
    }
    const event = { memberId: member.id, kind: body.kind, period: body.period, at: now };
    if (current.pendingRemove) {
      await deleteLimit(tx, member.id, body.kind, body.period);
      await addLimitEvent(tx, { ...event, action: 'removed', amount: null });
    } else {
      const amount = current.pendingAmount ?? current.amount;
      await upsertLimit(tx, { ...current, amount, pendingAmount: null, pendingFrom: null, updatedAt: now });
      await addLimitEvent(tx, { ...event, action: 'raised', amount });
    }
    await syncGate(tx, member.id, await limitsOf(tx, member.id));
  });
}

/** Drops a pending raise or removal; the limit in force stays. */
export async function cancelLimitChange(db: Db, member: MemberRow, body: LimitChangeBody, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    const rows = await limitsOf(tx, member.id, true);
    const current = rows.find((r) => r.kind === body.kind && r.period === body.period);
    if (!current?.pendingFrom) failField('period', 'validation.limit_nothing_pending', undefined, 'APP_ERR_NOT_FOUND');
    await upsertLimit(tx, { ...current, pendingAmount: null, pendingRemove: false, pendingFrom: null, updatedAt: now });
    await addLimitEvent(tx, { memberId: member.id, kind: body.kind, period: body.period, action: 'cancelled', amount: null, at: now });
  });
}

/** Refuses while the member is cooling off or self-excluded: until when (null: indefinite). */
async function refuseExcluded(db: Db, memberId: number, now: Date): Promise<void> {
  const exclusion = await activeExclusion(db, memberId, now);
  if (!exclusion) return;
  throw new AppError('APP_ERR_RG_EXCLUDED', undefined, { kind: exclusion.kind, until: exclusion.endsAt?.getTime() ?? null });
}

/**
 * Whether the member may deposit `amount` (minor units) now: not excluded, and every deposit limit
 * holds with it, counting what `deposited(since)` says was deposited (pending or credited) since a
 * period began. The caller holds the member's lock and writes the deposit in the same transaction.
 */
export async function admitDeposit(
  tx: Db,
  merchant: Merchant,
  memberId: number,
  amount: number,
  deposited: (since: Date) => Promise<number>,
  now = new Date(),
): Promise<void> {
  await refuseExcluded(tx, memberId, now);
  const limits = (await limitsOf(tx, memberId)).filter((r) => r.kind === 'deposit');
  let binding: { period: LimitPeriod; remaining: number; resetsAt: Date } | undefined;
  for (const l of limits) {
    const period = periodAt(l.period as LimitPeriod, merchant.timeZone, now);
    const remaining = Math.max(0, l.amount - (await deposited(period.start)));
    if (remaining < amount && (!binding || remaining < binding.remaining))
      binding = { period: l.period as LimitPeriod, remaining, resetsAt: period.end };
  }
  if (binding) {
    throw new AppError('APP_ERR_RG_DEPOSIT_LIMIT', [{ field: 'amount', message: 'validation.deposit_limit' }], {
      limit: 'deposit',
      period: binding.period,
      remaining: toAmount(binding.remaining, merchant.currency),
      resetsAt: binding.resetsAt.toISOString(),
    });
  }
}

/**
 * Whether the member may start a session now: not cooling off or excluded (nor, by the exclusion
 * registry, excluded under the same e-mail, mobile or identity number in another merchant of this
 * jurisdiction), and no session-time limit used up. Called wherever a session starts.
 */
export async function admitLogin(db: Db, merchant: Merchant, member: MemberRow, now = new Date()): Promise<void> {
  await refuseExcluded(db, member.id, now);
  const listed = await registryMatch(db, merchant.country, { email: member.email, mobile: member.mobile, idNumber: member.idNumber }, now);
  if (listed) throw new AppError('APP_ERR_RG_EXCLUDED', undefined, { kind: 'self_exclusion', until: listed.endsAt?.getTime() ?? null });
  for (const l of (await limitsOf(db, member.id)).filter((r) => r.kind === 'session')) {
    const period = periodAt(l.period as LimitPeriod, merchant.timeZone, now);
    if ((await minutesLoggedIn(db, member.id, period.start, now)) >= l.amount) {
      throw new AppError('APP_ERR_RG_SESSION_LIMIT', undefined, {
        limit: 'session',
        period: l.period,
        remaining: 0,
        resetsAt: period.end.toISOString(),
      });
    }
  }
}

/** The registration form's field of each key the exclusion registry matches by, and what it says there. */
const registryFields = {
  idNumber: fieldError('cpf', 'validation.cpf_self_excluded'),
  mobile: fieldError('mobileNum', 'validation.contact_self_excluded'),
  email: fieldError('email', 'validation.contact_self_excluded'),
};

/**
 * Whether a registration must be refused: the same e-mail, mobile or identity number self-excluded in
 * this jurisdiction. The refusal names the fields that matched, so the form says which one is listed.
 */
export async function admitRegistration(
  db: Db,
  merchant: Merchant,
  who: { email?: string | null; mobile?: string | null; idNumber?: string | null },
  now = new Date(),
): Promise<void> {
  const listed = await registryMatch(db, merchant.country, who, now);
  if (listed) {
    throw new AppError(
      'APP_ERR_RG_EXCLUDED',
      listed.by.map((key) => registryFields[key]),
      { kind: 'self_exclusion', until: listed.endsAt?.getTime() ?? null },
    );
  }
}

/**
 * Starts a cool-off or a self-exclusion at once: the stake gate refuses every stake until it ends,
 * deposits and logins are refused, and every session of the member is revoked. Withdrawals already
 * asked for go on, and the balance stays the member's (withdrawable through support while logged
 * out). A second exclusion while one runs adds a record; the longest wins.
 */
export async function exclude(
  db: Db,
  merchant: Merchant,
  member: MemberRow,
  body: ExclusionBody,
  now = new Date(),
): Promise<{ until: number | null }> {
  const endsAt =
    body.kind === 'cool_off'
      ? new Date(now.getTime() + body.hours * HOUR)
      : body.months === null
        ? null
        : new Date(
            Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + body.months, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes()),
          );
  await inTransaction(db, async (tx) => {
    await limitsOf(tx, member.id, true);
    const longest = await activeExclusion(tx, member.id, now);
    // The registry keys are the member's at this moment.
    await insertExclusion(tx, {
      merchantId: merchant.id,
      memberId: member.id,
      kind: body.kind,
      startsAt: now,
      endsAt,
      jurisdiction: merchant.country,
      email: member.email,
      mobile: member.mobile,
      idNumber: member.idNumber,
    });
    const until = longest && (longest.endsAt === null || (endsAt !== null && longest.endsAt > endsAt)) ? longest.endsAt : endsAt;
    await writeExclusion(tx, member.id, until ?? INDEFINITE);
  });
  // Once the gate refuses the member's stakes, every session ends (and its sockets close).
  await closeOtherSessions(db, member.id, null, now);
  return { until: endsAt?.getTime() ?? null };
}

/** The player's page: limits with what is used and pending, the history, what was spent, the exclusion. */
export async function overview(db: Db, merchant: Merchant, member: MemberRow, now = new Date()): Promise<ResponsibleGaming> {
  const [rows, events, settings, exclusion] = await Promise.all([
    limitsOf(db, member.id),
    limitEvents(db, member.id, 50),
    settingsOf(db, merchant.id),
    activeExclusion(db, member.id, now),
  ]);
  const spentIn = async (period: LimitPeriod) => {
    const p = periodAt(period, merchant.timeZone, now);
    const lastDay = periodAt('day', merchant.timeZone, new Date(p.end.getTime() - 1)).key;
    const t = await memberTotals(db, merchant.id, member.id, periodAt('day', merchant.timeZone, p.start).key, lastDay);
    return {
      period: p,
      deposited: t.deposits,
      wagered: t.stake,
      lost: t.stake - t.payout,
      minutes: await minutesLoggedIn(db, member.id, p.start, now),
    };
  };
  const spent = { day: await spentIn('day'), week: await spentIn('week'), month: await spentIn('month') };
  const usedOf = (kind: LimitKind, s: (typeof spent)['day']) =>
    kind === 'session' ? s.minutes : kind === 'deposit' ? s.deposited : kind === 'wager' ? s.wagered : Math.max(0, s.lost);
  const edgeSpent = (s: (typeof spent)['day']) => ({
    deposited: toAmount(s.deposited, merchant.currency),
    wagered: toAmount(s.wagered, merchant.currency),
    lost: toAmount(s.lost, merchant.currency),
    minutes: s.minutes,
  });
  return {
    limits: rows.map((r) => {
      const kind = r.kind as LimitKind;
      const s = spent[r.period as LimitPeriod];
      const used = usedOf(kind, s);
      return {
        kind,
        period: r.period as LimitPeriod,
        amount: toEdge(kind, r.amount, merchant.currency),
        used: toEdge(kind, used, merchant.currency),
        remaining: toEdge(kind, Math.max(0, r.amount - used), merchant.currency),
        resetsAt: s.period.end.getTime(),
        pending: r.pendingFrom
          ? {
              amount: r.pendingRemove || r.pendingAmount === null ? null : toEdge(kind, r.pendingAmount, merchant.currency),
              from: r.pendingFrom.getTime(),
              ready: r.pendingFrom <= now,
            }
          : null,
      };
    }),
    history: events.map((e) => ({
      kind: e.kind as LimitKind,
      period: e.period as LimitPeriod,
      action: e.action,
      amount: e.amount === null ? null : toEdge(e.kind as LimitKind, e.amount, merchant.currency),
      at: e.at.getTime(),
    })),
    spent: { day: edgeSpent(spent.day), week: edgeSpent(spent.week), month: edgeSpent(spent.month) },
    coolingHours: settings.coolingHours,
    exclusion: exclusion ? { kind: exclusion.kind as 'cool_off' | 'self_exclusion', until: exclusion.endsAt?.getTime() ?? null } : null,
    helpLinks: settings.helpLinks,
  };
}
