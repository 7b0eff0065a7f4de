import type { Game, GameCategory } from '@platform/contract';
import { gameList } from './catalog-api.ts';

/** The vendor whose first game the lottery category opens (the spec: the first TCG_SEA game). */
export const lotteryVendor = 'TCG_SEA';

/**
 * The game a category's entry launches straight into: for LOTT the first game of TCG_SEA, otherwise
 * the first game of the vendor (or of the category) that can be played now. Null when every listed
 * game waits for its vendor's contract or is in maintenance.
 */
export async function categoryGame(category: GameCategory, vendor?: string): Promise<Game | null> {
  const vassalage = vendor ?? (category === 'LOTT' ? lotteryVendor : undefined);
  const { games } = await gameList(category, vassalage, 1, {});
  return games.find((g) => g.isGame === 'GAME' && g.launchable && g.available) ?? null;
}

/** Our lottery games open on the lottery page itself, with no launch call: anyone may look at the boards. */
export function lotteryPath(game: Game): string | null {
  if (game.gameClassify !== 'LOTTERY') return null;
  const query = new URLSearchParams({ gameCode: game.gameCode });
  if (game.defaultPlayType) query.set('playType', game.defaultPlayType);
  return `/lottery?${query}`;
}
