import {
  catalogPaths,
  type FavouriteBody,
  type Game,
  type GameCategory,
  type GameList,
  type LaunchAnswer,
  type LaunchBody,
} from '@platform/contract';
import { apiGetAt, apiSend } from '../../api/client.ts';

/** The spec's lobby page size. */
export const lobbyPageSize = 42;

export interface GameFilters {
  gameName?: string;
  gameClassify?: string;
  minBet?: number;
  minLineNum?: number;
}

export const gameList = (gameType: GameCategory, vassalage: string | undefined, pageNo: number, filters: GameFilters) =>
  apiGetAt<GameList>(catalogPaths.gameList, {
    query: { gameType, vassalage, pageNo, pageSize: lobbyPageSize, ...filters },
  });

export const hotGames = (gameType: GameCategory) => apiGetAt<{ list: Game[] }>(catalogPaths.hotGames, { query: { gameType } });

export const recentGames = (pageNo: number) =>
  apiGetAt<{ list: Game[]; totalPages: number }>(catalogPaths.recentGames, { query: { pageNo, pageSize: lobbyPageSize } });

export const favouriteGames = (gameType: GameCategory, pageNo: number) =>
  apiGetAt<{ content: Game[]; totalPages: number }>(catalogPaths.favouriteGames, {
    query: { gameType, pageNo, pageSize: lobbyPageSize },
  });

export const favouriteIds = () => apiGetAt<number[]>(catalogPaths.favouriteIds);

export const setFavourite = (game: Game, on: boolean) => {
  const body: FavouriteBody = { nodeId: game.nodeId, vendor: game.vendor, gameType: game.gameType };
  return apiSend<number[]>(on ? catalogPaths.addFavourite : catalogPaths.removeFavourite, body);
};

export const launchGame = (body: Pick<LaunchBody, 'nodeId' | 'launchMode' | 'language'> & { gameId: string; vassalage: string }) =>
  apiSend<LaunchAnswer>(catalogPaths.launchGame, {
    ...body,
    accountType: 1,
    confirmTrans: 0,
    platform: 'html5-desktop',
    clientType: 3,
  });

/** Where a launch answer leads: one of our own pages (the lottery), or a game address for the /game frame. */
export function launchTarget(answer: LaunchAnswer): { page: string } | { frame: string } {
  const url = new URL(answer.game_url, window.location.origin);
  if (url.origin === window.location.origin && !url.pathname.startsWith('/play/')) return { page: `${url.pathname}${url.search}` };
  return { frame: url.href };
}
