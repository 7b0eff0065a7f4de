import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalText } from '../content/content.tables.ts';
import { gameVendors } from '../games/games.tables.ts';
import { members } from '../members/members.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';

/** A game of a vendor. Its id is the spec's nodeId. */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    vendorCode: text('vendor_code')
      .notNull()
      .references(() => gameVendors.code),
    /** Category (RNG, LIVE, ...): the lobby it appears in. */
    gameType: text('game_type').notNull(),
    /** The vendor's own code for the game, sent to it at launch. */
    gameCode: text('game_code').notNull(),
    name: jsonb('name').$type<LocalText>().notNull(),
    /** GAME, or VASSALAGE for a card that opens a popup list of the vendor's games. */
    isGame: text('is_game').notNull().default('GAME'),
    defaultPlayType: text('default_play_type').notNull().default(''),
    accountTypeName: text('account_type_name').notNull().default(''),
    gameClassify: text('game_classify').notNull(),
    /** Smallest stake in minor units. */
    minBet: bigint('min_bet', { mode: 'number' }).notNull().default(0),
    lines: integer('lines').notNull().default(0),
    hot: boolean('hot').notNull().default(false),
    /** Image path per language (EN at least); the site puts it behind the merchant's image CDN. */
    images: jsonb('images').$type<LocalText>().notNull(),
    /** Countries where the game may be offered (ISO codes); empty for everywhere. */
    countries: text('countries').array().notNull().default([]),
    /** Off: the game shows 'Game maintenance'. */
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('games_vendor_code_idx').on(t.vendorCode, t.gameCode), index('games_type_idx').on(t.gameType, t.sort)],
);

/** Games a merchant has switched off although it offers their vendor. */
export const merchantGamesOff = pgTable(
  'merchant_games_off',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.gameId] })],
);

/** A member's favourite games. */
export const favouriteGames = pgTable(
  'favourite_games',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.gameId] })],
);

/** Each launch of a game by a member: the recent-games list, and how often a game is played. */
export const gameLaunches = pgTable(
  'game_launches',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    demo: boolean('demo').notNull().default(false),
    launchedAt: timestamp('launched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('game_launches_member_idx').on(t.memberId, t.launchedAt)],
);
