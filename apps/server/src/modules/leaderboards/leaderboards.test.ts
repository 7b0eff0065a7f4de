import { leaderboardPaths } from '@platform/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from '../../../test/operators.ts';
import { newPlayer } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { type Db, queryRows } from '../../platform/db.ts';
import { periodAt } from '../../platform/periods.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { dailyStatistics } from '../statistics/statistics.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { balanceOf, checkLedger, memberAccount } from '../wallet/ledger.service.ts';
import { topStandings } from './leaderboards.repository.ts';
import { awards, createBoard, rankOf, refreshBoard, runLeaderboardPayouts, spanOf } from './leaderboards.service.ts';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let brazil: Merchant;
let uemoa: Merchant;
let admin: Record<string, string>;
let uemoaAdmin: Record<string, string>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.database.db;
  brazil = (await merchantByCode(db, 'BRAZIL')) as Merchant;
  uemoa = (await merchantByCode(db, 'UEMOA')) as Merchant;
  const op = await makeOperator(db, { account: 'leaderboards-content', role: 'content', merchants: ['BRAZIL'] });
  admin = { authorization: `Bearer ${op.key}` };
  const op2 = await makeOperator(db, { account: 'leaderboards-uemoa', role: 'content', merchants: ['UEMOA'] });
  uemoaAdmin = { authorization: `Bearer ${op2.key}` };
});
afterAll(() => t.close());

/** What the statistics consumer keeps for a member's bets on a day (tests write days the clock moved to). */
async function stats(merchant: Merchant, memberId: number, day: string, category: string, validStake: number, bets: number) {
  await db.execute(sql`insert into daily_member_stats (merchant_id, member_id, day, category, bets, stake, valid_stake)
    values (${merchant.id}, ${memberId}, ${day}::date, ${category}, ${bets}, ${validStake}, ${validStake})
    on conflict (merchant_id, member_id, day, category) do update
      set bets = daily_member_stats.bets + excluded.bets, stake = daily_member_stats.stake + excluded.stake,
          valid_stake = daily_member_stats.valid_stake + excluded.valid_stake`);
}

/** Competition ranks recomputed from scratch: 1 + the members strictly ahead on (score, bets). */
function recompute(totals: Map<number, { score: number; bets: number }>): Map<number, number> {
  const all = [...totals.values()];
  const out = new Map<number, number>();
  for (const [id, me] of totals) {
    out.set(id, 1 + all.filter((o) => o.score > me.score || (o.score === me.score && o.bets > me.bets)).length);
  }
  return out;
}

let seq = 0;
/** A deterministic pseudo-random source (so a failure repeats). */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('demo data', () => {
  it('seeds a weekly board on each demo merchant whose rivals’ bets rank, two of them tied', async () => {
    await catchUp(db, dailyStatistics);
    for (const code of ['BRAZIL', 'UEMOA']) {
      const res = await app.inject({ method: 'GET', url: leaderboardPaths.list, headers: { merchant: code, language: 'PT' } });
      expect(res.statusCode).toBe(200);
      const [board] = res.json().value.boards;
      expect(board).toMatchObject({ period: 'week', category: null, mine: null });
      expect(board.title).toMatch(/Ranking semanal/);
      expect(board.prizes).toHaveLength(5);
      const rank = (name: string) => board.top.find((s: { name: string }) => s.name === name)?.rank;
      // luckyana (3 bets of 40) ahead of tigre77 and sortudo9 (2 of 50 each: tied, one rank), then reidaroleta, marisol.
      expect(rank('ti***7')).toBe(rank('so***9'));
      expect(rank('lu***a')).toBeLessThan(rank('ti***7'));
      expect(rank('re***a')).toBeGreaterThan(rank('ti***7') + 1);
      expect(rank('ma***l')).toBeGreaterThan(rank('re***a'));
    }
  });
});

describe('ranks', () => {
  it('match a recomputation on random data with ties, live scores included, as a snapshot probe', async () => {
    const now = new Date();
    const category = `LBR${String.fromCharCode(65 + (seq++ % 26))}`;
    const board = await createBoard(db, brazil, {
      title: { EN: 'Random board' },
      period: 'week',
      category,
      prizes: [{ kind: 'points', amount: 10, multiple: 0 }],
      enabled: false,
    });
    const span = spanOf('week', brazil.timeZone, now);
    const random = rng(42);
    const totals = new Map<number, { score: number; bets: number }>();
    for (let i = 0; i < 400; i++) {
      const id = 900_000_000 + i;
      // Few distinct values so that ties on score, and on score and bets, are frequent.
      const score = 100 * Math.floor(random() * 20);
      const bets = 1 + Math.floor(random() * 3);
      await stats(brazil, id, span.from, category, score, bets);
      totals.set(id, { score, bets });
    }
    // Another category and another merchant do not count.
    await stats(brazil, 900_000_000, span.from, 'OTHER', 1_000_000, 5);
    await stats(uemoa, 900_000_001, span.from, category, 1_000_000, 5);
    await refreshBoard(db, board, brazil, now, 'force');
    const expected = recompute(totals);
    for (const [id, rank] of expected) expect((await rankOf(db, board, id, span)).rank).toBe(rank);
    const top = await topStandings(db, board.id, span.key, 400);
    expect(top.map((s) => [s.memberId, s.rank])).toEqual(
      [...expected].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([id, rank]) => [id, rank]),
    );
    // Live: a member's new bets count at once against the snapshot (everyone else as snapshotted).
    const last = [...expected].sort((a, b) => b[1] - a[1])[0] as [number, number];
    await stats(brazil, last[0], span.to, category, 1_050, 1);
    const mine = totals.get(last[0]) as { score: number; bets: number };
    const live = { score: mine.score + 1_050, bets: mine.bets + 1 };
    const ahead = [...totals].filter(
      ([id, o]) => id !== last[0] && (o.score > live.score || (o.score === live.score && o.bets > live.bets)),
    );
    expect(await rankOf(db, board, last[0], span)).toEqual({ rank: ahead.length + 1, ...live });
    // Someone without a bet has no rank.
    expect((await rankOf(db, board, 899_999_999, span)).rank).toBeNull();
  });

  it('shares the prizes of the places a tied group holds', () => {
    const prizes = [1000, 600, 300, 100].map((amount) => ({ kind: 'bonus' as const, amount, multiple: 1 }));
    const standings = [
      { memberId: 5, score: 900, bets: 3, rank: 1 },
      { memberId: 9, score: 500, bets: 2, rank: 2 },
      { memberId: 7, score: 500, bets: 2, rank: 2 },
      { memberId: 8, score: 400, bets: 1, rank: 4 },
      { memberId: 3, score: 400, bets: 1, rank: 4 },
    ];
    expect(awards(prizes, standings)).toEqual([
      { place: 1, memberId: 5, rewards: [{ kind: 'bonus', amount: 1000, multiple: 1 }] },
      { place: 2, memberId: 7, rewards: [{ kind: 'bonus', amount: 450, multiple: 1 }] },
      { place: 3, memberId: 9, rewards: [{ kind: 'bonus', amount: 450, multiple: 1 }] },
      { place: 4, memberId: 3, rewards: [{ kind: 'bonus', amount: 50, multiple: 1 }] },
      { place: 5, memberId: 8, rewards: [{ kind: 'bonus', amount: 50, multiple: 1 }] },
    ]);
  });
});

describe('payout at period end', () => {
  it('pays each place once through the ledger with three concurrent runs, ties sharing', async () => {
    const now = new Date();
    const lastWeek = periodAt('week', brazil.timeZone, new Date(periodAt('week', brazil.timeZone, now).start.getTime() - 1));
    const day = periodAt('day', brazil.timeZone, new Date(lastWeek.start.getTime() + DAY)).key;
    const category = 'LBPAY';
    const board = await createBoard(db, brazil, {
      title: { EN: 'Paid board' },
      period: 'week',
      category,
      prizes: [5_000, 3_000, 1_000].map((amount) => ({ kind: 'bonus' as const, amount, multiple: 0 })),
      enabled: true,
    });
    const players = await Promise.all([0, 1, 2, 3].map(() => newPlayer(app, db)));
    const [a, b, c, d] = players.map((p) => p.id) as [number, number, number, number];
    await stats(brazil, a, day, category, 9_000, 3);
    await stats(brazil, b, day, category, 4_000, 2);
    await stats(brazil, c, day, category, 4_000, 2);
    await stats(brazil, d, day, category, 100, 1);
    const main = async (id: number) => balanceOf(db, await memberAccount(db, brazil.id, id, 'main', brazil.currency));
    const before = await Promise.all([a, b, c, d].map(main));
    const runs = await Promise.all([0, 1, 2].map(() => runLeaderboardPayouts(db, now)));
    const ran = runs.flat().filter((o) => o.period === lastWeek.key && o.outcome === 'ran');
    expect(ran.length).toBeGreaterThanOrEqual(1);
    await runLeaderboardPayouts(db, now);
    const after = await Promise.all([a, b, c, d].map(main));
    expect(after.map((v, i) => v - (before[i] ?? 0))).toEqual([5_000, 2_000, 2_000, 0]);
    const keys = await queryRows<{ key: string }>(
      db,
      sql`select idempotency_key as key from ledger_transactions where idempotency_key like ${`bonus:leaderboard:${board.id}:%`} order by 1`,
    );
    expect(keys.map((k) => k.key)).toEqual([2, 3, 1].map((p) => `bonus:leaderboard:${board.id}:${lastWeek.key}:${p}`).sort());
    expect(await checkLedger(db)).toMatchObject({ ok: true });
  });
});

describe('operators and merchants', () => {
  it('creates and lists boards within the operator’s merchants, audited; bad input at its field', async () => {
    const body = {
      merchant: 'BRAZIL',
      title: { PT: 'Ranking do dia: slots' },
      period: 'day',
      category: 'SLOT',
      prizes: [{ kind: 'points', amount: 100 }],
    };
    const created = await app.inject({ method: 'POST', url: leaderboardPaths.admin, headers: admin, payload: body });
    expect(created.statusCode).toBe(200);
    expect(created.json().value).toMatchObject({ merchant: 'BRAZIL', period: 'day', category: 'SLOT', enabled: true });
    const [audit] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from operator_audit where target = ${`leaderboard:${created.json().value.id}`}`,
    );
    expect(audit?.n).toBe(1);
    const list = await app.inject({ method: 'GET', url: `${leaderboardPaths.admin}?merchant=BRAZIL`, headers: admin });
    expect(list.json().value.some((b: { id: number }) => b.id === created.json().value.id)).toBe(true);
    const other = await app.inject({ method: 'POST', url: leaderboardPaths.admin, headers: uemoaAdmin, payload: body });
    expect(other.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `${leaderboardPaths.admin}?merchant=BRAZIL`, headers: uemoaAdmin })).statusCode).toBe(
      403,
    );
    const bad = await app.inject({
      method: 'POST',
      url: leaderboardPaths.admin,
      headers: admin,
      payload: { ...body, prizes: [], period: 'year' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/prizes/);
    expect(JSON.stringify(bad.json())).toMatch(/period/);
    const badTop = await app.inject({ method: 'GET', url: `${leaderboardPaths.list}?top=0`, headers: { merchant: 'BRAZIL' } });
    expect(badTop.statusCode).toBe(400);
  });

  it('shows a merchant only its own boards, and a player their own rank', async () => {
    const p = await newPlayer(app, db, 'UEMOA');
    const week = spanOf('week', uemoa.timeZone, new Date());
    await stats(uemoa, p.id, week.from, 'SLOT', 50_000, 4);
    const res = (await app.inject({ method: 'GET', url: leaderboardPaths.list, headers: { ...p.headers, merchant: 'UEMOA' } })).json()
      .value;
    const brazilIds = (await app.inject({ method: 'GET', url: leaderboardPaths.list, headers: { merchant: 'BRAZIL' } }))
      .json()
      .value.boards.map((b: { id: number }) => b.id);
    expect(res.currency).toBe('XOF');
    for (const b of res.boards) expect(brazilIds).not.toContain(b.id);
    expect(res.boards[0].mine).toEqual({ rank: 1, score: 50_000, bets: 4 });
  });
});
