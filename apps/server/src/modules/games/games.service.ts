import { type GameCategory, type GameVendor, gameCategories } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { listMerchantVendors, listTransferVendors } from './games.repository.ts';

const categoryOrder = new Map<string, number>(gameCategories.map((c, i) => [c, i]));

/** The vendors a merchant offers, in category order then the merchant's order. */
export async function vendorsOf(db: Db, merchantId: number): Promise<GameVendor[]> {
  const rows = await listMerchantVendors(db, merchantId);
  return rows
    .filter((r) => categoryOrder.has(r.gameType))
    .sort((a, b) => (categoryOrder.get(a.gameType) ?? 0) - (categoryOrder.get(b.gameType) ?? 0) || a.sort - b.sort)
    .map((r) => ({ vassalage: r.code, name: r.name, gameType: r.gameType as GameCategory, launchable: r.launchable }));
}

/** The merchant's transfer-wallet vendors (the spec's merchantWallet): each has a sub-wallet per member. */
export function transferWalletVendors(db: Db, merchantId: number): Promise<{ code: string; name: string; gameType: string }[]> {
  return listTransferVendors(db, merchantId);
}
