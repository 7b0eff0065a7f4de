import type { AdminLeaderboard, LeaderboardList, LeaderboardPeriod, LeaderboardView, NewLeaderboardBody } from '@platform/contract';
import { toAmount } from '@platform/contract';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { localText } from '../../platform/http.ts';
import { type PeriodJob, type RunOutcome, runDuePeriods } from '../../platform/jobs.ts';
import { type Period, periodAt } from '../../platform/periods.ts';
import { maskAccount } from '../lottery/lottery.board.ts';
import { accountsOf } from '../members/members.service.ts';
import { type Merchant, merchantByCode, merchantById } from '../merchants/merchants.service.ts';
import { payReward, rewardsNow, rewardView } from '../missions/missions.service.ts';
import { dailyStatistics } from '../statistics/statistics.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import {
  type BoardRow,
  boardById,
  boardsOfMerchant,
  enabledBoards,
  insertBoard,
  liveRank,
  refreshOf,
  refreshStandings,
  type Span,
  type StandingRow,
  standingsUpTo,
  topStandings,
} from './leaderboards.repository.ts';
import type { StoredPrize } from './leaderboards.tables.ts';

// Leaderboards (decision 0043). Scores are read from the daily member statistics (valid stake per
// local day and category, kept by the statistics consumer of the ledger feed): nothing is added to the
// staking path. The top list is a snapshot per board and period; a player's own rank is their live
// score probed against it. Prizes are paid by a period job per board, each place under its own ledger key,
// as missions pay their rewards (`payReward`).

/** A board's snapshot is rebuilt on read when older than this (the job does it on larger boards). */
export const REFRESH_MS = 30_000;
/** Boards up to this many members are refreshed on read; larger ones only by the job. */
const INLINE_REFRESH_MAX = 20_000;

/** The local days [from, to] of the board's period at `now`. */
export function spanOf(period: LeaderboardPeriod, timeZone: string, now: Date): Span & { end: Date } {
  return spanOfPeriod(periodAt(period, timeZone, now), timeZone);
}

function spanOfPeriod(p: Period, timeZone: string): Span & { end: Date } {
  return {
    key: p.key,
    from: periodAt('day', timeZone, p.start).key,
    to: periodAt('day', timeZone, new Date(p.end.getTime() - 1)).key,
    end: p.end,
  };
}

/**
 * Rebuilds a board's current snapshot when it is stale: on read only small boards (up to
 * INLINE_REFRESH_MAX members); by the job any board, a large one less often (REFRESH_MS per
 * INLINE_REFRESH_MAX members it ranked: a million-player board every 25 minutes, its rebuild taking
 * tens of seconds); `force` at once.
 */
export async function refreshBoard(
  db: Db,
  board: BoardRow,
  merchant: Merchant,
  now = rewardsNow(),
  mode: 'read' | 'job' | 'force' = 'read',
): Promise<void> {
  const span = spanOf(board.period as LeaderboardPeriod, merchant.timeZone, now);
  const last = await refreshOf(db, board.id, span.key);
  if (last && mode !== 'force') {
    if (mode === 'read' && last.members > INLINE_REFRESH_MAX) return;
    const minAge = REFRESH_MS * Math.max(1, Math.ceil(last.members / INLINE_REFRESH_MAX));
    if (Date.now() - last.refreshedAt.getTime() < minAge) return;
  }
  await inTransaction(db, (tx) => refreshStandings(tx, board, span));
}

/** A member's live rank on a board: their score from their own statistics, probed against the snapshot (null: no bet yet). */
export async function rankOf(db: Db, board: BoardRow, memberId: number, span: Span) {
  const { rank, score, bets } = await liveRank(db, board, memberId, span);
  return { rank, score, bets };
}

function prizeList(board: BoardRow, currency: string) {
  return board.prizes.map((r, i) => ({ rank: i + 1, reward: rewardView(r, currency) }));
}

async function view(db: Db, merchant: Merchant, board: BoardRow, memberId: number | null, lang: string, top: number, now: Date) {
  const span = spanOf(board.period as LeaderboardPeriod, merchant.timeZone, now);
  const [rows, last, mine] = await Promise.all([
    topStandings(db, board.id, span.key, top),
    refreshOf(db, board.id, span.key),
    memberId ? rankOf(db, board, memberId, span) : Promise.resolve(null),
  ]);
  const accounts = await accountsOf(
    db,
    rows.map((r) => r.memberId),
  );
  const money = (n: number) => toAmount(n, merchant.currency);
  const out: LeaderboardView = {
    id: board.id,
    title: localText(board.title, lang, merchant.langList),
    period: board.period as LeaderboardPeriod,
    category: board.category,
    periodKey: span.key,
    endsAt: span.end.getTime(),
    prizes: prizeList(board, merchant.currency),
    members: last?.members ?? 0,
    refreshedAt: last?.refreshedAt.getTime() ?? 0,
    top: rows.map((r) => ({
      rank: r.rank,
      name: maskAccount(accounts.get(r.memberId) ?? ''),
      score: money(r.score),
      bets: r.bets,
      me: r.memberId === memberId,
    })),
    mine: mine ? { rank: mine.rank, score: money(mine.score), bets: mine.bets } : null,
  };
  return out;
}

/** The merchant's enabled boards in their current period: top list, prizes, and the member's own live rank. */
export async function leaderboardsOf(
  db: Db,
  merchant: Merchant,
  memberId: number | null,
  lang: string,
  top = 10,
  now = rewardsNow(),
): Promise<LeaderboardList> {
  const boards = (await boardsOfMerchant(db, merchant.id)).filter((b) => b.enabled);
  const out: LeaderboardView[] = [];
  for (const b of boards) {
    await refreshBoard(db, b, merchant, now);
    out.push(await view(db, merchant, b, memberId, lang, top, now));
  }
  return { currency: merchant.currency, boards: out };
}

// --- Prizes -------------------------------------------------------------------------------------

/**
 * Who gets what: each tied group (equal score and bets) holding places r..r+k-1 shares the prizes of
 * those places equally, per kind, floored; member i of the group (by member id) takes place r+i, whose
 * ledger key names their share.
 */
export function awards(prizes: StoredPrize[], standings: StandingRow[]): { place: number; memberId: number; rewards: StoredPrize[] }[] {
  const out: { place: number; memberId: number; rewards: StoredPrize[] }[] = [];
  const groups = new Map<number, StandingRow[]>();
  for (const s of standings) groups.set(s.rank, [...(groups.get(s.rank) ?? []), s]);
  for (const [rank, members] of [...groups].sort((a, b) => a[0] - b[0])) {
    if (rank > prizes.length) continue;
    const held = prizes.slice(rank - 1, rank - 1 + members.length);
    const sum = (kind: 'points' | 'bonus') => held.filter((p) => p.kind === kind).reduce((s, p) => s + p.amount, 0);
    const multiple = Math.max(0, ...held.filter((p) => p.kind === 'bonus').map((p) => p.multiple));
    const points = Math.floor(sum('points') / members.length);
    const bonus = Math.floor(sum('bonus') / members.length);
    const sorted = [...members].sort((a, b) => a.memberId - b.memberId);
    sorted.forEach((m, i) => {
      const rewards: StoredPrize[] = [];
      if (bonus > 0) rewards.push({ kind: 'bonus', amount: bonus, multiple });
      if (points > 0) rewards.push({ kind: 'points', amount: points, multiple: 0 });
      if (rewards.length) out.push({ place: rank + i, memberId: m.memberId, rewards });
    });
  }
  return out;
}

/** Members paid by the payout runs (the caller publishes their balances). */
export type Paid = { members: number[] };

/** The period job of a board: the ended period's final standings from the statistics, then each place's prize under its key. */
export const payoutJob = (board: BoardRow, merchant: Merchant, paid: Paid = { members: [] }): PeriodJob => ({
  name: `leaderboards.payout:${board.id}`,
  every: board.period as LeaderboardPeriod,
  timeZone: merchant.timeZone,
  catchUp: 8,
  run: async (tx, period) => {
    const span = spanOfPeriod(period, merchant.timeZone);
    await refreshStandings(tx, board, span, { wait: true });
    const list = awards(board.prizes, await standingsUpTo(tx, board.id, span.key, board.prizes.length));
    const title = `Leaderboard: ${localText(board.title, 'EN', merchant.langList)}`;
    for (const a of list) {
      for (const r of a.rewards) {
        const key = `leaderboard:${board.id}:${span.key}:${a.place}${r.kind === 'points' ? ':points' : ''}`;
        paid.members.push(...(await payReward(tx, merchant, a.memberId, r, key, title, period.end)));
      }
    }
    return list.length;
  },
});

/** Pays every enabled board's ended periods not yet paid as of `now`, the statistics caught up first; each period once across nodes. */
export async function runLeaderboardPayouts(db: Db, now = rewardsNow(), paid: Paid = { members: [] }): Promise<RunOutcome[]> {
  await catchUp(db, dailyStatistics);
  const outcomes: RunOutcome[] = [];
  for (const board of await enabledBoards(db)) {
    const merchant = await merchantById(db, board.merchantId);
    if (merchant) outcomes.push(...(await runDuePeriods(db, payoutJob(board, merchant, paid), now)));
  }
  return outcomes;
}

/** Rebuilds every enabled board's current snapshot (the job, every REFRESH_MS; one node per board at a time). */
export async function refreshAll(db: Db, now = rewardsNow()): Promise<void> {
  for (const board of await enabledBoards(db)) {
    const merchant = await merchantById(db, board.merchantId);
    if (merchant) await refreshBoard(db, board, merchant, now, 'job');
  }
}

// --- Operators ----------------------------------------------------------------------------------

async function merchantOf(db: Db, code: string): Promise<Merchant> {
  const merchant = await merchantByCode(db, code);
  if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
  return merchant;
}

function toAdmin(b: BoardRow, code: string): AdminLeaderboard {
  return {
    id: b.id,
    merchant: code,
    title: b.title,
    period: b.period as LeaderboardPeriod,
    category: b.category,
    prizes: b.prizes,
    enabled: b.enabled,
  };
}

export async function adminLeaderboards(db: Db, code: string): Promise<AdminLeaderboard[]> {
  const merchant = await merchantOf(db, code);
  return (await boardsOfMerchant(db, merchant.id)).map((b) => toAdmin(b, merchant.code));
}

/** Creates a board (the seed and operators). */
export function createBoard(db: Db, merchant: Merchant, body: Omit<NewLeaderboardBody, 'merchant'>): Promise<BoardRow> {
  return insertBoard(db, {
    merchantId: merchant.id,
    title: body.title as Record<string, string>,
    period: body.period,
    category: body.category,
    prizes: body.prizes.map((p) => ({ kind: p.kind, amount: p.amount, multiple: p.kind === 'bonus' ? p.multiple : 0 })),
    enabled: body.enabled,
  });
}

export async function addLeaderboard(db: Db, operator: string, body: NewLeaderboardBody): Promise<AdminLeaderboard> {
  const merchant = await merchantOf(db, body.merchant);
  const row = await inTransaction(db, async (tx) => {
    const created = await createBoard(tx, merchant, body);
    await appendAudit(tx, {
      operator,
      action: 'promotions.manage',
      merchantId: merchant.id,
      target: `leaderboard:${created.id}`,
      reason: '',
      details: { period: body.period, category: body.category, prizes: body.prizes },
    });
    return created;
  });
  return toAdmin(row, merchant.code);
}

export { boardById };
