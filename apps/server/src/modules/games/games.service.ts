import { type AdminMerchantVendor, type GameCategory, type GameVendor, gameCategories } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { localText } from '../../platform/http.ts';
import {
  findMerchantOffersVendor,
  findVendorCategory,
  listMerchantVendorSettings,
  listMerchantVendors,
  listTransferVendors,
  offeredVendorsSubquery,
  updateMerchantVendorEnabled,
} from './games.repository.ts';

/** Whether the merchant offers the vendor and has it switched on (the seamless wallet refuses plays of others). */
export const merchantOffersVendor = findMerchantOffersVendor;
/** The vendors a merchant offers and has switched on, as a subquery (code, launchable) for the lobby's statements to join. */
export const offeredVendors = offeredVendorsSubquery;
/** A vendor's game category. */
export const vendorCategory = findVendorCategory;

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

/**
 * Vendors whose cards the game menus show as e-sports and cockfight (spec §9: e-sport codes IMES, TF,
 * IA; cockfight SV388), whatever category their provider files them under (usually SPORTS).
 */
export const esportVendorCodes: ReadonlySet<string> = new Set(['IMES', 'TF', 'IA']);
export const cockfightVendorCodes: ReadonlySet<string> = new Set(['SV388']);
/** Vendors the game menus leave out of a category (spec: BGS is removed from RNG). */
export const vendorsLeftOut: Readonly<Partial<Record<GameCategory, ReadonlySet<string>>>> = { RNG: new Set(['BGS']) };

/** The menu category of a vendor: e-sport and cockfight vendors split out of their own category. */
export function menuCategoryOf(vendor: Pick<GameVendor, 'vassalage' | 'gameType'>): GameCategory {
  if (esportVendorCodes.has(vendor.vassalage)) return 'ESPORTS';
  if (cockfightVendorCodes.has(vendor.vassalage)) return 'COCKFIGHT';
  return vendor.gameType;
}

/**
 * The merchant's vendors (offered and switched on) grouped as the game menus show them: categories in
 * the spec's order (ESPORTS and COCKFIGHT right after SPORTS), each vendor in the category the re-split
 * gives it, in the merchant's order, BGS left out of RNG, and no category without a vendor.
 */
export async function menuVendorsOf(db: Db, merchantId: number): Promise<{ category: GameCategory; vendors: GameVendor[] }[]> {
  const rows = await listMerchantVendors(db, merchantId);
  const byCategory = new Map<GameCategory, GameVendor[]>();
  for (const r of rows.sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code))) {
    if (!categoryOrder.has(r.gameType)) continue;
    const v: GameVendor = { vassalage: r.code, name: r.name, gameType: r.gameType as GameCategory, launchable: r.launchable };
    const category = menuCategoryOf(v);
    if (vendorsLeftOut[category]?.has(v.vassalage)) continue;
    byCategory.set(category, [...(byCategory.get(category) ?? []), v]);
  }
  return gameCategories.flatMap((category) => {
    const list = byCategory.get(category);
    return list ? [{ category, vendors: list }] : [];
  });
}

/** Category names in the site's languages (the same words as the site's dictionaries). */
const categoryTitles: Record<GameCategory, Record<string, string>> = {
  ELOTT: {
    EN: 'E-lottery',
    PT: 'Loteria eletrônica',
    FR: 'Loterie électronique',
    CN: '电子彩票',
    VI: 'Xổ số điện tử',
    ID: 'Lotere elektronik',
  },
  LOTT: { EN: 'Lottery', PT: 'Loteria', FR: 'Loterie', CN: '彩票', VI: 'Xổ số', ID: 'Lotere' },
  LIVE: {
    EN: 'Live casino',
    PT: 'Cassino ao vivo',
    FR: 'Casino en direct',
    CN: '真人娱乐',
    VI: 'Sòng bài trực tiếp',
    ID: 'Kasino langsung',
  },
  SPORTS: { EN: 'Sports', PT: 'Esportes', FR: 'Sports', CN: '体育', VI: 'Thể thao', ID: 'Olahraga' },
  ESPORTS: { EN: 'E-sports', PT: 'E-sports', FR: 'E-sport', CN: '电竞', VI: 'Thể thao điện tử', ID: 'E-sport' },
  COCKFIGHT: { EN: 'Cockfight', PT: 'Rinha de galo', FR: 'Combats de coqs', CN: '斗鸡', VI: 'Đá gà', ID: 'Sabung ayam' },
  FISH: { EN: 'Fishing', PT: 'Pescaria', FR: 'Pêche', CN: '捕鱼', VI: 'Bắn cá', ID: 'Tembak ikan' },
  RNG: { EN: 'Slots', PT: 'Slots', FR: 'Machines à sous', CN: '老虎机', VI: 'Slot', ID: 'Slot' },
  PVP: { EN: 'Card games', PT: 'Jogos de cartas', FR: 'Jeux de cartes', CN: '棋牌', VI: 'Game bài', ID: 'Permainan kartu' },
};

/** A category's name in the reader's language, English when the language has none. */
export const categoryTitle = (category: GameCategory, lang: string): string => localText(categoryTitles[category], lang, ['EN']);

/** Every vendor the merchant offers, on or off, for the operators. */
export async function merchantVendorSettings(db: Db, merchantId: number): Promise<AdminMerchantVendor[]> {
  const rows = await listMerchantVendorSettings(db, merchantId);
  return rows
    .filter((r) => categoryOrder.has(r.gameType))
    .map((r) => ({
      vendor: r.code,
      name: r.name,
      gameType: r.gameType as GameCategory,
      launchable: r.launchable,
      enabled: r.enabled,
      wallet: r.wallet === 'transfer' ? 'transfer' : 'seamless',
    }));
}

/**
 * Turns a vendor the merchant offers on or off. Off, its category leaves the navigation once no other
 * vendor is on there, and its games leave the lobbies, hot lists and searches (they all join the
 * offered vendors). A vendor the merchant does not offer is refused at the field.
 */
export async function switchMerchantVendor(db: Db, merchantId: number, vendorCode: string, enabled: boolean): Promise<void> {
  const found = await updateMerchantVendorEnabled(db, merchantId, vendorCode.toUpperCase(), enabled);
  if (!found) throw new AppError('APP_ERR_VENDOR_NOT_OFFERED', [{ field: 'vendor', message: 'error.vendor_not_offered' }]);
}
