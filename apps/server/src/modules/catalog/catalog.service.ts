import { randomInt } from 'node:crypto';
import {
  type FavouriteBody,
  type Game,
  type GameCategory,
  type GameList,
  type GameListQuery,
  type GameMenus,
  type LaunchAnswer,
  type LaunchBody,
  toAmount,
  toMinor,
} from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { localText } from '../../platform/http.ts';
import { categoryTitle, menuVendorsOf } from '../games/games.service.ts';
import type { MemberRow } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { openGameSession } from '../seamless/seamless.service.ts';
import {
  addFavourite,
  favouriteIds,
  findGames,
  findOfferedGame,
  type OfferedGame,
  playableGameCodes,
  recentGameIds,
  recordLaunch,
  removeFavourite,
  vendorGameFacts,
} from './catalog.repository.ts';

const fallbacks = ['EN'] as const;

/** A game as the lobby shows it; its smallest stake in major units of the reader's merchant's currency. */
export function toGame(g: OfferedGame, lang: string, currency: string): Game {
  return {
    nodeId: g.id,
    vassalage: g.vendorCode,
    gameType: g.gameType as GameCategory,
    isGame: g.isGame === 'VASSALAGE' ? 'VASSALAGE' : 'GAME',
    code: g.gameCode,
    gameCode: g.gameCode,
    name: localText(g.name, lang, fallbacks),
    defaultPlayType: g.defaultPlayType,
    accountTypeName: g.accountTypeName,
    vendor: g.vendorCode,
    isHot: g.hot ? 1 : 0,
    gameClassify: g.gameClassify,
    minBet: toAmount(g.minBet, currency),
    lines: g.lines,
    image: localText(g.images, lang, fallbacks),
    launchable: g.launchable,
    available: g.available,
  };
}

interface Reader {
  merchant: Merchant;
  lang: string;
  country: string;
}

/** The lobby's game grid: filtered, searched, hot first, in pages. */
export async function gameList(db: Db, r: Reader, q: GameListQuery): Promise<GameList> {
  const name = q.gameName ? { text: q.gameName, lang: r.lang } : undefined;
  const { games, total } = await findGames(
    db,
    {
      merchantId: r.merchant.id,
      country: r.country,
      gameType: q.gameType,
      vendorCode: q.vassalage,
      gameClassify: q.gameClassify,
      name,
      minBet: q.minBet === undefined ? undefined : toMinor(q.minBet, r.merchant.currency),
      minLines: q.minLineNum,
    },
    { limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize },
  );
  return { games: games.map((g) => toGame(g, r.lang, r.merchant.currency)), total, totalPages: Math.ceil(total / q.pageSize) };
}

export async function hotGames(db: Db, r: Reader, q: { vassalage?: string | undefined; gameType?: string | undefined }): Promise<Game[]> {
  const { games } = await findGames(
    db,
    { merchantId: r.merchant.id, country: r.country, vendorCode: q.vassalage, gameType: q.gameType, hot: true },
    { limit: 30, offset: 0 },
  );
  return games.map((g) => toGame(g, r.lang, r.merchant.currency));
}

/** Games by id in the given order (those the merchant no longer offers are left out). */
async function gamesInOrder(db: Db, r: Reader, ids: number[]): Promise<Game[]> {
  const { games } = await findGames(db, { merchantId: r.merchant.id, country: '', ids }, { limit: ids.length || 1, offset: 0 });
  const byId = new Map(games.map((g) => [g.id, g]));
  return ids.flatMap((id) => {
    const g = byId.get(id);
    return g ? [toGame(g, r.lang, r.merchant.currency)] : [];
  });
}

const RECENT_LIMIT = 60;

export async function recentGames(db: Db, r: Reader, member: MemberRow, page: { pageNo: number; pageSize: number }) {
  const all = await gamesInOrder(db, r, await recentGameIds(db, member.id, RECENT_LIMIT));
  const start = (page.pageNo - 1) * page.pageSize;
  return { list: all.slice(start, start + page.pageSize), totalPages: Math.ceil(all.length / page.pageSize) };
}

export async function favourites(
  db: Db,
  r: Reader,
  member: MemberRow,
  q: { gameType?: string | undefined; pageNo: number; pageSize: number },
) {
  const all = (await gamesInOrder(db, r, await favouriteIds(db, member.id))).filter((g) => !q.gameType || g.gameType === q.gameType);
  const start = (q.pageNo - 1) * q.pageSize;
  return { content: all.slice(start, start + q.pageSize), totalPages: Math.ceil(all.length / q.pageSize) };
}

export const memberFavouriteIds = (db: Db, member: MemberRow) => favouriteIds(db, member.id);

/** The game a favourite call names, when it is one the merchant offers under that vendor and category. */
async function favouriteTarget(db: Db, merchant: Merchant, body: FavouriteBody) {
  const game = await findOfferedGame(db, merchant.id, body.nodeId);
  if (!game || game.vendorCode !== body.vendor || game.gameType !== body.gameType) throw new AppError('APP_ERR_GAME_NOT_FOUND');
  return game;
}

export async function addFavouriteGame(db: Db, merchant: Merchant, member: MemberRow, body: FavouriteBody): Promise<number[]> {
  await addFavourite(db, member.id, (await favouriteTarget(db, merchant, body)).id);
  return favouriteIds(db, member.id);
}

export async function removeFavouriteGame(db: Db, merchant: Merchant, member: MemberRow, body: FavouriteBody): Promise<number[]> {
  await removeFavourite(db, member.id, (await favouriteTarget(db, merchant, body)).id);
  return favouriteIds(db, member.id);
}

/** Other games of the category a player can open instead of one in maintenance. */
async function recommendations(db: Db, r: Reader, game: OfferedGame): Promise<Game[]> {
  const { games } = await findGames(
    db,
    { merchantId: r.merchant.id, country: r.country, gameType: game.gameType },
    { limit: 12, offset: 0 },
  );
  return games
    .filter((g) => g.id !== game.id && g.available && g.launchable)
    .slice(0, 6)
    .map((g) => toGame(g, r.lang, r.merchant.currency));
}

/** Where each launchable vendor's games are played. */
function gamePath(game: OfferedGame): string {
  if (game.vendorCode === 'TCG_SEA' || game.vendorCode === 'TCG_ELOTT') {
    return `/lottery?gameCode=${encodeURIComponent(game.gameCode)}${game.defaultPlayType ? `&playType=${encodeURIComponent(game.defaultPlayType)}` : ''}`;
  }
  return `/play/${encodeURIComponent(game.vendorCode.toLowerCase())}/${encodeURIComponent(game.gameCode)}`;
}

/**
 * Opens a game. Money play needs a member (a trial account always gets demo money) and opens a game
 * session whose token the provider exchanges through the seamless wallet; demo play makes no wallet
 * calls. A game switched off answers 'Game maintenance' with other games to try.
 */
export async function launchGame(db: Db, r: Reader, member: MemberRow | null, body: LaunchBody, now = new Date()): Promise<LaunchAnswer> {
  const game = await findOfferedGame(db, r.merchant.id, body.nodeId);
  if (!game) throw new AppError('APP_ERR_GAME_NOT_FOUND');
  if (!game.available) throw new AppError('APP_ERR_GAME_MAINTENANCE', undefined, { recommendations: await recommendations(db, r, game) });
  if (!game.launchable) throw new AppError('APP_ERR_GAME_NOT_CONFIGURED');
  const demo = body.launchMode === 'DEMO' || member?.type === 4;
  if (!demo && !member) throw new AppError('APP_ERR_AUTH_NOT_LOGGED_IN');
  const params = new URLSearchParams({ lang: body.language ?? r.lang, mode: demo ? 'demo' : 'real' });
  if (!demo && member) params.set('token', (await openGameSession(db, member, game.vendorCode, game.gameCode, now)).token);
  if (member) await recordLaunch(db, member.id, game.id, demo, now);
  const path = gamePath(game);
  const url = `${path}${path.includes('?') ? '&' : '?'}${params}`;
  const cdns = r.merchant.launchGameCdns.filter((c) => c !== '');
  if (cdns.length === 0) return { game_url: url, demo };
  const first = cdns[randomInt(cdns.length)] as string;
  const second = cdns.find((c) => c !== first);
  return { game_url: `${first}${url}`, ...(second ? { game_url2: `${second}${url}` } : {}), demo };
}

/**
 * The spec's game menus: each category that has a vendor, in menu order, with its vendors' cards (the
 * e-sport and cockfight split and BGS left out of RNG are the games module's rules). A card is hot when
 * one of the vendor's games the visitor can play is.
 */
export async function gameMenus(db: Db, r: Reader): Promise<GameMenus> {
  const [groups, facts] = await Promise.all([menuVendorsOf(db, r.merchant.id), vendorGameFacts(db, r.merchant.id, r.country)]);
  const factsOf = new Map(facts.map((f) => [f.vendorCode, f]));
  const categories = groups.map(({ category, vendors }) => ({
    gameCategory: category,
    title: categoryTitle(category, r.lang),
    gameClassify: [...new Set(vendors.flatMap((v) => factsOf.get(v.vassalage)?.classifies ?? []))].sort(),
    cards: vendors.map((v) => ({
      vassalage: v.vassalage,
      name: v.name,
      gameType: v.gameType,
      isHot: factsOf.get(v.vassalage)?.hot ? (1 as const) : (0 as const),
      launchable: v.launchable,
    })),
    vendors: vendors.map((v) => v.vassalage),
  }));
  return { lanes: categories.map((c) => c.gameCategory), categories };
}

/** Codes of the vendor's games the merchant offers and has not switched off. */
export const playableGamesOf = (db: Db, merchant: Merchant, vendorCode: string): Promise<string[]> =>
  playableGameCodes(db, merchant.id, vendorCode);
