import { bigint, boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One round of crash, shared by every player: betting opens, the multiplier runs from `startsAt` and
 * busts at `crashesAt` (from the crash point). The seed is committed (its hash shown) before betting
 * opens and revealed at the crash; the crash point is that of HMAC-SHA256(seed, "crash-<sequence>:0").
 */
export const crashRounds = pgTable('crash_rounds', {
  id: serial('id').primaryKey(),
  /** Consecutive round numbers: the unique sequence lets any node create the next round, one wins. */
  sequence: integer('sequence').notNull().unique(),
  seed: text('seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  /** Hundredths (2.00x = 200). */
  crashPoint: integer('crash_point').notNull(),
  bettingOpensAt: timestamp('betting_opens_at', { withTimezone: true }).notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  crashesAt: timestamp('crashes_at', { withTimezone: true }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

/** A player's bet in a round: open until cashed out or lost at the crash; `paid` once the wallet has the result. */
export const crashBets = pgTable(
  'crash_bets',
  {
    id: serial('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => crashRounds.id),
    memberId: integer('member_id').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** Hundredths, or null to cash out by hand. */
    autoCashOut: integer('auto_cash_out'),
    /** open, cashed or lost. */
    status: text('status').notNull().default('open'),
    /** The multiplier cashed out at, in hundredths. */
    cashOut: integer('cash_out'),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    paid: boolean('paid').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('crash_bets_round_member_idx').on(t.roundId, t.memberId)],
);
