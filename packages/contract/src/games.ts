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
