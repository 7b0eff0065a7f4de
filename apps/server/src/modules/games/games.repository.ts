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

/** Vendors a merchant offers through a transfer wallet (money moved into the vendor's wallet before play). */
export function listTransferVendors(db: Db, merchantId: number) {
  return db
    .select({ code: gameVendors.code, name: gameVendors.name, gameType: gameVendors.gameType })
    .from(merchantVendors)
    .innerJoin(gameVendors, eq(gameVendors.code, merchantVendors.vendorCode))
    .where(and(eq(merchantVendors.merchantId, merchantId), eq(merchantVendors.enabled, true), eq(merchantVendors.wallet, 'transfer')))
    .orderBy(merchantVendors.sort);
}
