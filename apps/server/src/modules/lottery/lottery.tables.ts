import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalText } from '../content/content.tables.ts';
import { members } from '../members/members.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';
import type { Schedule } from './lottery.schedule.ts';

/** A lottery game: its family's rules (SSC, 11X5, PK10, LHC, VN_NORTH...), its schedule and its result source. */
export const lotteryGames = pgTable('lottery_games', {
  code: text('code').primaryKey(),
  /** The rules in packages/games (GameCode). */
  family: text('family').notNull(),
  name: jsonb('name').$type<LocalText>().notNull(),
  schedule: jsonb('schedule').$type<Schedule>().notNull(),
  /** Betting closes this long before each draw. */
  closeSeconds: integer('close_seconds').notNull(),
  /** rng: our CSPRNG with commit-reveal; official: entered by an operator and confirmed by a second one. */
  resultSource: text('result_source').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/**
 * One draw (issue) of a game. For our own draws the seed is made when the draw is created and only
 * its hash is shown until the draw; the result is the seed's, so anyone can check it afterwards.
 */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: serial('id').primaryKey(),
    gameCode: text('game_code')
      .notNull()
      .references(() => lotteryGames.code),
    issue: text('issue').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    /** open (betting until closesAt), drawn, settled or cancelled. */
    status: text('status').notNull().default('open'),
    seed: text('seed'),
    seedHash: text('seed_hash'),
    result: jsonb('result'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** When the draw's winners (or, for a cancelled draw, its tickets) were paid: the end of its settlement. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Official draws: the result as the first operator entered it, waiting for a second one's confirmation. */
    enteredResult: jsonb('entered_result'),
    enteredBy: text('entered_by'),
    confirmedBy: text('confirmed_by'),
  },
  (t) => [
    uniqueIndex('lottery_draws_issue_idx').on(t.gameCode, t.issue),
    index('lottery_draws_game_time_idx').on(t.gameCode, t.drawAt),
    index('lottery_draws_due_idx').on(t.status, t.drawAt),
    index('lottery_draws_unpaid_idx').on(t.drawAt).where(sql`${t.status} in ('drawn', 'cancelled') and ${t.paidAt} is null`),
  ],
);

/** The same bets followed over consecutive issues; with stopOnWin, a win refunds the issues still to come. */
export const lotteryChases = pgTable('lottery_chases', {
  id: serial('id').primaryKey(),
  memberId: integer('member_id').notNull(),
  gameCode: text('game_code').notNull(),
  issues: integer('issues').notNull(),
  stopOnWin: boolean('stop_on_win').notNull(),
  /** running, stopped (won with stopOnWin: the rest refunded) or done. */
  status: text('status').notNull().default('running'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A lottery ticket: one play type's selection on one draw, its stake, and what it paid. */
export const lotteryBets = pgTable(
  'lottery_bets',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    memberId: integer('member_id').notNull(),
    /** The member's main wallet account, credited at settlement. */
    accountId: integer('account_id').notNull(),
    drawId: integer('draw_id')
      .notNull()
      .references(() => lotteryDraws.id),
    gameCode: text('game_code').notNull(),
    issue: text('issue').notNull(),
    playType: text('play_type').notNull(),
    selection: jsonb('selection').notNull(),
    unit: integer('unit').notNull(),
    multiple: integer('multiple').notNull(),
    betCount: integer('bet_count').notNull(),
    /** Minor units debited. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    prizeMode: text('prize_mode').notNull(),
    /**
     * pending, won, lost, refunded (its draw was cancelled) or cancelled (a chase stopped before its
     * issue; the stake went back with the stop). No index holds it, so settling a ticket is a HOT
     * update (the table leaves half of each page free for it: fillfactor 50).
     */
    status: text('status').notNull().default('pending'),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** The slip's request id: the ledger movement of the slip is keyed by it. */
    requestId: text('request_id').notNull(),
    chaseId: integer('chase_id').references(() => lotteryChases.id),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('lottery_bets_draw_idx').on(t.drawId, t.id),
    index('lottery_bets_member_idx').on(t.memberId, t.placedAt),
    index('lottery_bets_slip_idx').on(t.memberId, t.requestId),
    index('lottery_bets_chase_idx').on(t.chaseId),
  ],
);

/** A member's favourite lottery games (the star in the lottery menu), kept per account. */
export const lotteryFavourites = pgTable(
  'lottery_favourites',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameCode: text('game_code')
      .notNull()
      .references(() => lotteryGames.code),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.gameCode] })],
);

/** A merchant's lottery risk settings; a merchant without a row gets DEFAULT_NUMBER_CAP. */
export const lotterySettings = pgTable('lottery_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  /** The most the house may owe on one number of one play on one issue (minor units). */
  numberCap: bigint('number_cap', { mode: 'number' }).notNull(),
  /** The most the house may owe on one issue, every ticket's largest payout added up (minor units). */
  drawCap: bigint('draw_cap', { mode: 'number' }).notNull(),
});

/**
 * What the house would pay on each number of each play of a draw, should it come out: the sum of the
 * exposures of the tickets sold on it (see lottery.numberExposure); and, on the line of play and
 * number `*`, the draw's whole liability (every ticket's largest payout, lottery.maxTicketPayout).
 * Kept under the merchant's caps when slips are placed; a stopped chase gives its cancelled tickets'
 * share back.
 */
export const lotteryNumberExposure = pgTable(
  'lottery_number_exposure',
  {
    drawId: integer('draw_id')
      .notNull()
      .references(() => lotteryDraws.id),
    merchantId: integer('merchant_id').notNull(),
    playType: text('play_type').notNull(),
    number: text('number').notNull(),
    payout: bigint('payout', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.drawId, t.merchantId, t.playType, t.number] })],
);
