import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/merchants.tables.ts';
import type { StoredReward } from '../missions/missions.tables.ts';

/** A prize as stored: a mission's kind of reward (points, or bonus money wagered `multiple` times; 0: cash). */
export type StoredPrize = StoredReward;

/**
 * A merchant's leaderboard (decision 0043): members ranked by valid stake over a period of the
 * merchant's time zone, in one game category or all, read from the daily member statistics; prizes
 * by rank paid once at period end. Terms are not edited: an operator switches a board off and creates
 * another.
 */
export const leaderboards = pgTable(
  'leaderboards',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Per language (EN, PT, FR, CN, VI, ID). */
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    /** day, week or month. */
    period: text('period').notNull(),
    /** Only bets of this game category count; null: every category. */
    category: text('category'),
    /** The prize of ranks 1, 2, ... */
    prizes: jsonb('prizes').$type<StoredPrize[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leaderboards_merchant_idx').on(t.merchantId, t.id)],
);

/**
 * The standings of a board's period as of `refreshed_at`: a snapshot rebuilt from the statistics (one
 * transaction), so the top list is its first rows and a live score's rank one probe of the
 * (board, period, score, bets) index (decision 0043).
 */
export const leaderboardStandings = pgTable(
  'leaderboard_standings',
  {
    boardId: integer('board_id')
      .notNull()
      .references(() => leaderboards.id),
    periodKey: text('period_key').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    score: bigint('score', { mode: 'number' }).notNull(),
    bets: bigint('bets', { mode: 'number' }).notNull(),
    /** Competition rank: 1 + the members strictly ahead (score, then bets). */
    rank: integer('rank').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.periodKey, t.memberId] }),
    index('leaderboard_standings_order_idx').on(t.boardId, t.periodKey, t.score, t.bets),
    index('leaderboard_standings_rank_idx').on(t.boardId, t.periodKey, t.rank),
    check('leaderboard_standings_rank_positive', sql`${t.rank} > 0`),
  ],
);

/** When a board's period was last refreshed, and how many members it ranked. */
export const leaderboardRefreshes = pgTable(
  'leaderboard_refreshes',
  {
    boardId: integer('board_id')
      .notNull()
      .references(() => leaderboards.id),
    periodKey: text('period_key').notNull(),
    members: integer('members').notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.periodKey] })],
);
