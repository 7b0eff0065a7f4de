import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/merchants.tables.ts';

/**
 * A bonus's wagering obligation (decision 0025): the bonus money sits in the member's `bonus` wallet
 * (never staked: cash is spent first and only) until the member has wagered `required` in valid bets,
 * each counted at its category's contribution; then the bonus becomes cash. Expiry or an explicit
 * forfeit before that sends the bonus back to the house. `wagered` is moved only by the wagering
 * consumer of the ledger feed, so each settled bet counts exactly once.
 */
export const wageringObligations = pgTable(
  'wagering_obligations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** Unique per merchant: whoever grants the bonus names it, so a repeat grants nothing more. */
    grantKey: text('grant_key').notNull(),
    /** What the bonus is, for the member's eyes (a promotion's title key or a type: deposit_match, registration...). */
    title: text('title').notNull(),
    /** Minor units held in the bonus wallet for this obligation. */
    bonusAmount: bigint('bonus_amount', { mode: 'number' }).notNull(),
    /** Valid bets (minor units, after contribution) owed before the bonus becomes cash. */
    required: bigint('required', { mode: 'number' }).notNull(),
    wagered: bigint('wagered', { mode: 'number' }).notNull().default(0),
    /** Percent each game category counts for (0–100); `*` for any category not named. */
    contributions: jsonb('contributions').$type<Record<string, number>>().notNull(),
    /** The largest stake allowed while this obligation is active (minor units); null: no cap. */
    maxBet: bigint('max_bet', { mode: 'number' }),
    /** active, completed, forfeited (given up before a withdrawal), expired. */
    status: text('status').notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wagering_obligations_grant_uq').on(t.merchantId, t.grantKey),
    index('wagering_obligations_active_idx').on(t.memberId, t.id).where(sql`${t.status} = 'active'`),
    index('wagering_obligations_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'active'`),
    check('wagering_obligations_progress', sql`${t.wagered} >= 0 and ${t.wagered} <= ${t.required} and ${t.bonusAmount} >= 0`),
  ],
);
