import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';

/**
 * The closure of members.upline_id: one row per (ancestor, descendant) pair, the member itself at
 * depth 0. "My team" is the rows of one ancestor (the primary key's prefix), "my direct downlines"
 * those at depth 1, "my uplines" the rows of one descendant. A trigger on members (migration
 * 0021_agents) writes the rows in the statement that inserts a member or changes its upline, so the
 * closure can never disagree with upline_id, whoever writes the member.
 */
export const memberTree = pgTable(
  'member_tree',
  {
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => members.id),
    descendantId: integer('descendant_id')
      .notNull()
      .references(() => members.id),
    depth: integer('depth').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.descendantId] }), index('member_tree_descendant_idx').on(t.descendantId, t.depth)],
);

/**
 * A member's prize group (the odds it plays at and the rebate it earns: 20 units = 1 rebate point;
 * agents-rules.ts). A member without a row is at the lowest group (no rebate). A downline's group
 * never exceeds its upline's: the agents service checks it on every write.
 */
export const agentLevels = pgTable('agent_levels', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  prizeGroup: integer('prize_group').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An agent's promotion link: a code the register page takes, which registers an agent or a player
 * under the link's owner at the link's prize group, until it expires or is switched off. The counter
 * moves in the registration's transaction.
 */
export const promoLinks = pgTable(
  'promo_links',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => members.id),
    code: text('code').notNull(),
    /** The member type of who registers through it (the spec's isAgent: 0 player, 1 agent). */
    memberType: smallint('member_type').notNull(),
    prizeGroup: integer('prize_group').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    registrations: integer('registrations').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promo_links_merchant_code_uq').on(t.merchantId, sql`lower(${t.code})`), index('promo_links_agent_idx').on(t.agentId)],
);

export type PromoLinkRow = typeof promoLinks.$inferSelect;
