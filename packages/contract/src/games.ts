import { z } from 'zod';

/** Game categories in navigation order. */
export const gameCategories = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'FISH', 'RNG', 'PVP'] as const;
export type GameCategory = (typeof gameCategories)[number];

/** Lobby route of each category that has one. */
export const categoryRoutes: Record<GameCategory, string> = {
  ELOTT: '/elott',
  LOTT: '/lottery',
  LIVE: '/live',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  COCKFIGHT: '/cockfight',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
};

export const gameVendorSchema = z.object({
  /** Vendor code, e.g. PG or TCG_SEA. */
  vassalage: z.string(),
  name: z.string(),
  gameType: z.enum(gameCategories),
  /** True when the vendor's contract is configured and its games can launch. */
  launchable: z.boolean(),
});
export type GameVendor = z.infer<typeof gameVendorSchema>;

/** A vendor's card in the game menus. */
export const gameMenuCardSchema = z.object({
  /** Vendor code, e.g. PG or SV388. */
  vassalage: z.string(),
  name: z.string(),
  /** The catalog category the vendor's games are listed and launched under (may differ from the menu's). */
  gameType: z.enum(gameCategories),
  /** 1 when one of the vendor's games the merchant offers is hot. */
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** True when the vendor's contract is configured and its games can launch. */
  launchable: z.boolean(),
});
export type GameMenuCard = z.infer<typeof gameMenuCardSchema>;

/** One category of the game menus with its vendors' cards, in the merchant's order. */
export const gameMenuSchema = z.object({
  gameCategory: z.enum(gameCategories),
  /** The category's name in the reader's language. */
  title: z.string(),
  /** Kinds of game (SLOT, LIVE...) the category's cards offer, for the lobby's filter. */
  gameClassify: z.array(z.string()),
  cards: z.array(gameMenuCardSchema),
  /** The cards' vendor codes, in the same order. */
  vendors: z.array(z.string()),
});
export type GameMenu = z.infer<typeof gameMenuSchema>;

/**
 * The spec's game vendor response: the categories that have a vendor, in menu order, with e-sport and
 * cockfight vendors split out of SPORTS (inserted after it) and BGS left out of RNG.
 */
export const gameMenusSchema = z.object({
  /** The categories shown, in menu order. */
  lanes: z.array(z.enum(gameCategories)),
  categories: z.array(gameMenuSchema),
});
export type GameMenus = z.infer<typeof gameMenusSchema>;
