import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { gameVendors, merchantVendors } from './games.tables.ts';

export function listMerchantVendors(db: Db, merchantId: number) {
  return db
    .select({
      code: gameVendors.code,
      name: gameVendors.name,
      gameType: gameVendors.gameType,
      launchable: gameVendors.launchable,
      sort: merchantVendors.sort,
    })
    .from(merchantVendors)
    .innerJoin(gameVendors, eq(gameVendors.code, merchantVendors.vendorCode))
    .where(and(eq(merchantVendors.merchantId, merchantId), eq(merchantVendors.enabled, true)));
}

/**
 * The vendors a merchant offers and has switched on, as a subquery (code, launchable) that other
 * modules' statements join on: the games module decides what "offered" means, in one statement.
 */
export function offeredVendorsSubquery(db: Db, merchantId: number) {
  return db
    .select({ code: merchantVendors.vendorCode, launchable: gameVendors.launchable })
    .from(merchantVendors)
    .innerJoin(gameVendors, eq(gameVendors.code, merchantVendors.vendorCode))
    .where(and(eq(merchantVendors.merchantId, merchantId), eq(merchantVendors.enabled, true)))
    .as('offered_vendors');
}

/** Whether the merchant offers the vendor and has it switched on. */
export async function findMerchantOffersVendor(db: Db, merchantId: number, vendorCode: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: merchantVendors.enabled })
    .from(merchantVendors)
    .where(and(eq(merchantVendors.merchantId, merchantId), eq(merchantVendors.vendorCode, vendorCode)))
    .limit(1);
  return row?.enabled === true;
}

/** A vendor's game category (its game type). */
export async function findVendorCategory(db: Db, vendorCode: string): Promise<string | undefined> {
  const [row] = await db.select({ gameType: gameVendors.gameType }).from(gameVendors).where(eq(gameVendors.code, vendorCode)).limit(1);
  return row?.gameType;
}

/** Vendors a merchant offers through a transfer wallet (money moved into the vendor's wallet before play). */
export function listTransferVendors(db: Db, merchantId: number) {
  return db
    .select({ code: gameVendors.code, name: gameVendors.name, gameType: gameVendors.gameType })
    .from(merchantVendors)
    .innerJoin(gameVendors, eq(gameVendors.code, merchantVendors.vendorCode))
    .where(and(eq(merchantVendors.merchantId, merchantId), eq(merchantVendors.enabled, true), eq(merchantVendors.wallet, 'transfer')))
    .orderBy(merchantVendors.sort);
}
