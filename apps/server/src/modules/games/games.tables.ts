import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/merchants.tables.ts';

/** A game vendor (provider) and the category its games belong to. */
export const gameVendors = pgTable('game_vendors', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  gameType: text('game_type').notNull(),
  /** False until the vendor's contract is configured: shown, not launchable. */
  launchable: boolean('launchable').notNull().default(false),
});

/** Which vendors a merchant offers, in which order. */
export const merchantVendors = pgTable(
  'merchant_vendors',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    vendorCode: text('vendor_code')
      .notNull()
      .references(() => gameVendors.code),
    enabled: boolean('enabled').notNull().default(true),
    /** seamless (the vendor calls our wallet) or transfer (money is moved into a wallet of the vendor's before play). */
    wallet: text('wallet').notNull().default('seamless'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.vendorCode] })],
);
