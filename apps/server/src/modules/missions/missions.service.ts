import type {
  AdminMission,
  CheckinRulesBody,
  CheckinState,
  MissionKind,
  MissionPeriod,
  MissionStatus,
  MissionView,
  NewMissionBody,
  RewardView,
} from '@platform/contract';
import { toAmount } from '@platform/contract';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { localText } from '../../platform/http.ts';
import { periodAt } from '../../platform/periods.ts';
import { type Merchant, merchantByCode, merchantById } from '../merchants/merchants.service.ts';
import { POINTS_CURRENCY, pointsKinds } from '../points/points.service.ts';
import { mayOffer } from '../promotions/market-rules.ts';
import { grantBonus } from '../promotions/wagering.service.ts';
import { dailyStatistics } from '../statistics/statistics.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import {
  type CheckinRulesRow,
  checkinRulesOf,
  checkinsAround,
  claimsOf,
  type DayFigures,
  insertCheckin,
  insertClaim,
  insertMission,
  type MissionRow,
  memberDays,
  missionById,
  missionsOfMerchant,
  setMissionEnabled,
  upsertCheckinRules,
} from './missions.repository.ts';
import type { StoredReward } from './missions.tables.ts';

// The reward centre (decision 0038). Progress is read from the daily member statistics that the
// statistics consumer of the ledger feed keeps (bets, valid stake and deposits per local day and
// category): nothing is added to the staking path. A claim or a check-in is one transaction: the
// claim's (or day's) unique row, then the reward through the ledger under a key naming it, so a
// repeat, concurrent or not, pays nothing more.

const DAY = 86_400_000;
/** Days a bonus reward may take to be wagered. */
const WAGER_DAYS = 7;

/** The reward centre's clock: the wall clock, or a test clock (tests, the browser journey). */
let clock: () => Date = () => new Date();
export const rewardsNow = (): Date => clock();
export function setRewardsClock(now: (() => Date) | null): void {
  clock = now ?? (() => new Date());
}

type Owner = { id: number; merchantId: number };

/** Whether the merchant's market allows an advantage before any bet (Brazil does not): deposits then count for missions and check-ins. */
const depositsCount = (merchant: Pick<Merchant, 'country'>) => mayOffer(merchant, 'reload');

/**
 * Brings the daily statistics up to the movements committed before the call, so a player who just
 * played sees it counted; held up by a long transaction elsewhere, the page shows what is counted
 * (the feed runner adds the rest within a second) rather than waiting.
 */
async function freshStatistics(db: Db): Promise<void> {
  try {
    await catchUp(db, dailyStatistics, { timeoutMs: 500 });
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'APP_ERR_SYSTEM_BUSY')) throw err;
  }
}

/** The local days [from, to] a period spans. */
function daysOf(period: MissionPeriod, timeZone: string, now: Date): { key: string; from: string; to: string; end: Date } {
  const p = periodAt(period, timeZone, now);
  return {
    key: p.key,
    from: periodAt('day', timeZone, p.start).key,
    to: periodAt('day', timeZone, new Date(p.end.getTime() - 1)).key,
    end: p.end,
  };
}

/** What a mission has counted over its days. */
export function progressOf(m: Pick<MissionRow, 'kind' | 'category'>, rows: DayFigures[], from: string, to: string): number {
  let total = 0;
  for (const r of rows) {
    if (r.day < from || r.day > to) continue;
    if (m.kind === 'deposit') total += r.deposits;
    else if (m.category === null || m.category === r.category) total += m.kind === 'bet_count' ? r.bets : r.validStake;
  }
  return total;
}

const isMoney = (kind: string) => kind !== 'bet_count';

export function rewardView(r: StoredReward, currency: string): RewardView {
  return {
    kind: r.kind,
    amount: r.kind === 'points' ? r.amount : toAmount(r.amount, currency),
    multiple: r.kind === 'bonus' ? r.multiple : 0,
  };
}

/** A mission the merchant shows: switched on, and of a kind its market allows. */
const shown = (merchant: Merchant, m: MissionRow) => m.enabled && (m.kind !== 'deposit' || depositsCount(merchant));

function view(merchant: Merchant, lang: string, m: MissionRow, progress: number, claimed: boolean, end: Date): MissionView {
  const status: MissionStatus = claimed ? 'claimed' : progress >= m.target ? 'claimable' : 'in_progress';
  const money = (n: number) => (isMoney(m.kind) ? toAmount(n, merchant.currency) : n);
  return {
    id: m.id,
    title: localText(m.title, lang, merchant.langList),
    period: m.period as MissionPeriod,
    kind: m.kind as MissionKind,
    category: m.category,
    target: money(m.target),
    progress: money(Math.min(progress, m.target)),
    status,
    reward: rewardView(m.reward, merchant.currency),
    endsAt: end.getTime(),
  };
}

/** The merchant's missions with the member's progress in each one's current period (a visitor sees them at zero). */
export async function missionsOf(db: Db, merchant: Merchant, memberId: number | null, lang: string, now = rewardsNow()) {
  const list = (await missionsOfMerchant(db, merchant.id)).filter((m) => shown(merchant, m));
  if (memberId && list.length > 0) await freshStatistics(db);
  const day = daysOf('day', merchant.timeZone, now);
  const week = daysOf('week', merchant.timeZone, now);
  const spans = { day, week };
  const [rows, claims] = memberId
    ? await Promise.all([
        memberDays(db, merchant.id, memberId, week.from < day.from ? week.from : day.from, day.to),
        claimsOf(db, memberId, [day.key, week.key]),
      ])
    : [[], []];
  const missions = list.map((m) => {
    const span = spans[m.period as MissionPeriod] ?? day;
    const claimed = claims.some((c) => c.missionId === m.id && c.periodKey === span.key);
    return view(merchant, lang, m, progressOf(m, rows, span.from, span.to), claimed, span.end);
  });
  return { currency: merchant.currency, open: missions.filter((m) => m.status === 'claimable').length, missions };
}

/**
 * Pays a reward through the ledger under `key`: points from the house's issued points, or bonus money
 * with its wagering (missions, check-in, leaderboards' prizes).
 */
export async function payReward(tx: Db, merchant: Merchant, memberId: number, reward: StoredReward, key: string, title: string, now: Date) {
  if (reward.kind === 'points') {
    const res = await post(tx, {
      merchantId: merchant.id,
      type: 'points_reward',
      idempotencyKey: `points:${key}`,
      reference: { reward: key },
      postings: [
        { accountId: await houseAccount(tx, merchant.id, pointsKinds.issued, POINTS_CURRENCY), amount: -reward.amount },
        { accountId: await memberAccount(tx, merchant.id, memberId, pointsKinds.points, POINTS_CURRENCY), amount: reward.amount },
      ],
    });
    return res.members;
  }
  const res = await grantBonus(tx, {
    merchant,
    memberId,
    grantKey: key,
    title,
    amount: reward.amount,
    required: reward.amount * reward.multiple,
    contributions: { '*': 100 },
    maxBet: null,
    expiresAt: new Date(now.getTime() + WAGER_DAYS * DAY),
    reference: { reward: key },
  });
  return res.members;
}

/**
 * Claims a mission's reward for its current period: the statistics are brought up to every movement
 * committed before the call, the target checked, then in one transaction the claim row (unique per
 * mission, member and period) and the reward. A second claim, concurrent or not, is refused.
 */
export async function claimMission(db: Db, merchant: Merchant, member: Owner, missionId: number, lang: string, now = rewardsNow()) {
  const m = await missionById(db, missionId);
  if (!m || m.merchantId !== merchant.id || !shown(merchant, m)) throw new AppError('APP_ERR_MISSION_UNKNOWN');
  const span = daysOf(m.period as MissionPeriod, merchant.timeZone, now);
  const counted = async () => progressOf(m, await memberDays(db, merchant.id, member.id, span.from, span.to), span.from, span.to);
  // Reached as counted already: no need to wait for the feed. Short of it: the statistics are
  // brought up to every movement committed before the call, then counted again.
  let progress = await counted();
  if (progress < m.target) {
    await catchUp(db, dailyStatistics);
    progress = await counted();
  }
  if (progress < m.target) throw new AppError('APP_ERR_MISSION_NOT_COMPLETE');
  const key = `mission:${m.id}:${member.id}:${span.key}`;
  const members = await inTransaction(db, async (tx) => {
    const claim = await insertClaim(tx, { missionId: m.id, memberId: member.id, periodKey: span.key, progress, reward: m.reward });
    if (claim === undefined) throw new AppError('APP_ERR_MISSION_ALREADY_CLAIMED');
    return payReward(tx, merchant, member.id, m.reward, key, localText(m.title, 'EN', merchant.langList), now);
  });
  return { mission: view(merchant, lang, m, progress, true, span.end), reference: key, members };
}

// --- Check-in ---------------------------------------------------------------------------------

const noRules = (merchantId: number): CheckinRulesRow => ({
  merchantId,
  enabled: false,
  days: [],
  weekBonus: null,
  minDeposit: 0,
  updatedAt: new Date(0),
});

/** The rewards of streak day `streak` (1, 2, ...): the table's day (it starts again after 7), and the week bonus on every 7th day. */
export function checkinRewards(rules: Pick<CheckinRulesRow, 'days' | 'weekBonus'>, streak: number): StoredReward[] {
  const day = rules.days[(streak - 1) % 7];
  const out = day ? [day] : [];
  if (streak % 7 === 0 && rules.weekBonus) out.push(rules.weekBonus);
  return out;
}

async function checkinFacts(db: Db, merchant: Merchant, member: Owner, now: Date) {
  const rules = (await checkinRulesOf(db, merchant.id)) ?? noRules(merchant.id);
  const today = periodAt('day', merchant.timeZone, now).key;
  const yesterday = periodAt('day', merchant.timeZone, new Date(periodAt('day', merchant.timeZone, now).start.getTime() - 1)).key;
  const [{ today: done, last }, rows] = await Promise.all([
    checkinsAround(db, member.id, today),
    memberDays(db, merchant.id, member.id, today, today),
  ]);
  const before = last && last.day === yesterday ? last.streak : 0;
  const bet = rows.some((r) => r.bets > 0);
  const deposited = rows.reduce((s, r) => s + r.deposits, 0);
  const eligible = bet || (depositsCount(merchant) && deposited > 0 && deposited >= rules.minDeposit);
  return { rules, today, done, before, eligible };
}

function stateOf(merchant: Merchant, f: Awaited<ReturnType<typeof checkinFacts>>): CheckinState {
  const cur = merchant.currency;
  return {
    enabled: f.rules.enabled && f.rules.days.length === 7,
    currency: cur,
    today: f.today,
    checkedInToday: f.done !== undefined,
    streak: f.done ? f.done.streak : f.before,
    eligible: f.eligible,
    minDeposit: toAmount(f.rules.minDeposit, cur),
    days: f.rules.days.map((r) => rewardView(r, cur)),
    weekBonus: f.rules.weekBonus ? rewardView(f.rules.weekBonus, cur) : null,
    nextDay: (f.before % 7) + 1,
  };
}

/** The member's check-in today (the merchant's local day), the streak and the table. */
export async function checkinState(db: Db, merchant: Merchant, member: Owner, now = rewardsNow()): Promise<CheckinState> {
  return stateOf(merchant, await checkinFacts(db, merchant, member, now));
}

/**
 * Checks the member in for today: needs a bet today (or a deposit where the market allows it); the
 * streak goes on from yesterday's check-in or starts again at 1. One transaction: the day's row
 * (the key refuses a second, concurrent ones too) and the day's rewards through the ledger.
 */
export async function checkIn(db: Db, merchant: Merchant, member: Owner, now = rewardsNow()) {
  const rules = await checkinRulesOf(db, merchant.id);
  if (!rules?.enabled || rules.days.length !== 7) throw new AppError('APP_ERR_CHECKIN_DISABLED');
  let f = await checkinFacts(db, merchant, member, now);
  if (!f.done && !f.eligible) {
    // Today's bet may not be counted yet: bring the statistics up to the call, then look again.
    await catchUp(db, dailyStatistics);
    f = await checkinFacts(db, merchant, member, now);
  }
  if (f.done) throw new AppError('APP_ERR_CHECKIN_DONE');
  if (!f.eligible) throw new AppError('APP_ERR_CHECKIN_NOT_ELIGIBLE');
  const streak = f.before + 1;
  const rewards = checkinRewards(rules, streak);
  const members = await inTransaction(db, async (tx) => {
    const fresh = await insertCheckin(tx, { memberId: member.id, merchantId: merchant.id, day: f.today, streak, rewards });
    if (!fresh) throw new AppError('APP_ERR_CHECKIN_DONE');
    const touched: number[] = [];
    for (const [i, r] of rewards.entries()) {
      touched.push(...(await payReward(tx, merchant, member.id, r, `checkin:${member.id}:${f.today}:${i}`, 'Check-in', now)));
    }
    return touched;
  });
  const state = await checkinState(db, merchant, member, now);
  return { state, reward: rewards.map((r) => rewardView(r, merchant.currency)), members };
}

// --- Operators --------------------------------------------------------------------------------

async function merchantOf(db: Db, code: string): Promise<Merchant> {
  const merchant = await merchantByCode(db, code);
  if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
  return merchant;
}

function toAdmin(m: MissionRow, code: string): AdminMission {
  return {
    id: m.id,
    merchant: code,
    title: m.title,
    period: m.period as MissionPeriod,
    kind: m.kind as MissionKind,
    category: m.category,
    target: m.target,
    reward: { kind: m.reward.kind, amount: m.reward.amount, multiple: m.reward.multiple },
    enabled: m.enabled,
    sort: m.sort,
  };
}

export async function merchantOfMission(db: Db, id: number): Promise<number | null> {
  return (await missionById(db, id))?.merchantId ?? null;
}

export async function adminMissions(db: Db, code: string): Promise<AdminMission[]> {
  const merchant = await merchantOf(db, code);
  return (await missionsOfMerchant(db, merchant.id)).map((m) => toAdmin(m, merchant.code));
}

/** Creates a mission (the seed and operators). A deposit mission where the market forbids an advantage before a bet is refused. */
export async function createMission(db: Db, merchant: Merchant, body: Omit<NewMissionBody, 'merchant'>): Promise<MissionRow> {
  if (body.kind === 'deposit' && !depositsCount(merchant)) throw new AppError('APP_ERR_REWARD_MARKET_BANNED');
  return insertMission(db, {
    merchantId: merchant.id,
    title: body.title as Record<string, string>,
    period: body.period,
    kind: body.kind,
    category: body.kind === 'deposit' ? null : body.category,
    target: body.target,
    reward: { kind: body.reward.kind, amount: body.reward.amount, multiple: body.reward.kind === 'bonus' ? body.reward.multiple : 0 },
    enabled: body.enabled,
    sort: body.sort,
  });
}

export async function addMission(db: Db, operator: string, body: NewMissionBody): Promise<AdminMission> {
  const merchant = await merchantOf(db, body.merchant);
  const row = await inTransaction(db, async (tx) => {
    const created = await createMission(tx, merchant, body);
    await appendAudit(tx, {
      operator,
      action: 'promotions.manage',
      merchantId: merchant.id,
      target: `mission:${created.id}`,
      reason: '',
      details: { kind: body.kind, period: body.period, target: body.target, reward: body.reward },
    });
    return created;
  });
  return toAdmin(row, merchant.code);
}

export async function switchMission(db: Db, operator: string, id: number, enabled: boolean): Promise<AdminMission> {
  const row = await missionById(db, id);
  const merchant = row ? await merchantById(db, row.merchantId) : undefined;
  if (!row || !merchant) throw new AppError('APP_ERR_MISSION_UNKNOWN');
  if (enabled && row.kind === 'deposit' && !depositsCount(merchant)) throw new AppError('APP_ERR_REWARD_MARKET_BANNED');
  await inTransaction(db, async (tx) => {
    await setMissionEnabled(tx, id, enabled);
    await appendAudit(tx, {
      operator,
      action: 'promotions.manage',
      merchantId: merchant.id,
      target: `mission:${id}`,
      reason: '',
      details: { enabled },
    });
  });
  return toAdmin({ ...row, enabled }, merchant.code);
}

const storedReward = (r: { kind: 'points' | 'bonus'; amount: number; multiple: number }): StoredReward => ({
  kind: r.kind,
  amount: r.amount,
  multiple: r.kind === 'bonus' ? r.multiple : 0,
});

/** Sets a merchant's check-in rules (the seed and operators). */
export async function setCheckinRules(db: Db, merchantId: number, body: Omit<CheckinRulesBody, 'merchant'>): Promise<void> {
  await upsertCheckinRules(db, {
    merchantId,
    enabled: body.enabled,
    days: body.days.map(storedReward),
    weekBonus: body.weekBonus ? storedReward(body.weekBonus) : null,
    minDeposit: body.minDeposit,
  });
}

export async function adminCheckinRules(db: Db, code: string) {
  const merchant = await merchantOf(db, code);
  const rules = (await checkinRulesOf(db, merchant.id)) ?? noRules(merchant.id);
  return { merchant: merchant.code, enabled: rules.enabled, days: rules.days, weekBonus: rules.weekBonus, minDeposit: rules.minDeposit };
}

export async function putCheckinRules(db: Db, operator: string, body: CheckinRulesBody) {
  const merchant = await merchantOf(db, body.merchant);
  await inTransaction(db, async (tx) => {
    await setCheckinRules(tx, merchant.id, body);
    await appendAudit(tx, {
      operator,
      action: 'promotions.manage',
      merchantId: merchant.id,
      target: 'checkin',
      reason: '',
      details: { ...body },
    });
  });
  return adminCheckinRules(db, merchant.code);
}
