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

/** Every vendor a merchant offers, switched on or off, in the merchant's order (the operators' view). */
export function listMerchantVendorSettings(db: Db, merchantId: number) {
  return db
    .select({
      code: gameVendors.code,
      name: gameVendors.name,
      gameType: gameVendors.gameType,
      launchable: gameVendors.launchable,
      enabled: merchantVendors.enabled,
      wallet: merchantVendors.wallet,
    })
    .from(merchantVendors)
    .innerJoin(gameVendors, eq(gameVendors.code, merchantVendors.vendorCode))
    .where(eq(merchantVendors.merchantId, merchantId))
    .orderBy(merchantVendors.sort, merchantVendors.vendorCode);
}

/** Switches a vendor the merchant offers on or off; false when the merchant does not offer it. */
export async function updateMerchantVendorEnabled(db: Db, merchantId: number, vendorCode: string, enabled: boolean): Promise<boolean> {
  const rows = await db
    .update(merchantVendors)
    .set({ enabled })
    .where(and(eq(merchantVendors.merchantId, merchantId), eq(merchantVendors.vendorCode, vendorCode)))
    .returning({ code: merchantVendors.vendorCode });
  return rows.length > 0;
}
