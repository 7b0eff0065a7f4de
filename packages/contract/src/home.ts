import { z } from 'zod';

/** What the home page reads beside the catalog and the lottery: the recent big wins of the merchant. */
export const homePaths = {
  bigWins: '/wps/relay/bigWins',
} as const;

export const bigWinSchema = z.object({
  /** The winner's account, masked (de***r). */
  username: z.string(),
  /** round (a game of the catalog) or lottery (a ticket). */
  kind: z.enum(['round', 'lottery']),
  vendor: z.string(),
  gameCode: z.string(),
  /** The game's name in the reader's language. */
  gameName: z.string(),
  /** The game's tile (a path under the site's images). */
  image: z.string(),
  /** What was won, in the merchant's currency (major units). */
  win: z.number(),
  /** The win as a multiple of the stake, one decimal. */
  multiplier: z.number(),
  wonAt: z.string(),
});
export type BigWin = z.infer<typeof bigWinSchema>;
export const bigWinsSchema = z.object({ currency: z.string(), list: z.array(bigWinSchema) });
export type BigWins = z.infer<typeof bigWinsSchema>;
