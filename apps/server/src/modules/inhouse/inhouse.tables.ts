import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables.ts';

/**
 * A member's provably fair seed pair. The server seed stays secret while the pair is active (only its
 * hash is shown); rotating reveals it and starts a new pair. The nonce counts the pair's rounds.
 */
export const fairSeedPairs = pgTable(
  'fair_seed_pairs',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce the next round takes. */
    nonce: integer('nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fair_seed_pairs_active_idx').on(t.memberId).where(sql`${t.active}`),
    index('fair_seed_pairs_member_idx').on(t.memberId, t.createdAt),
  ],
);
