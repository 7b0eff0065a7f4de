import { z } from 'zod';
import { gameCategories } from './games.ts';
import { epochMsParamSchema, idSchema } from './input.ts';

/** API paths of the game catalog, favourites, recent games and launching. */
export const catalogPaths = {
  gameList: '/wps/relay/games',
  hotGames: '/wps/relay/hotGames',
  recentGames: '/wps/relay/recentGames',
  favouriteGames: '/wps/relay/favouriteGames',
  favouriteIds: '/wps/relay/favouriteGames/ids',
  addFavourite: '/wps/relay/addFavGameV2',
  removeFavourite: '/wps/relay/removeFavGameV2',
  launchGame: '/wps/game/launchGame',
  /** The spec's game menus: categories with their vendors' cards. */
  gameMenus: '/lgw/games/game_menus',
} as const;

/** Kinds of game inside a category, for the lobby's filter. */
export const gameClassifies = ['SLOT', 'TABLE', 'CRASH', 'INSTANT', 'FISHING', 'LIVE', 'SPORTBOOK', 'LOTTERY', 'CARD'] as const;

/** A game card as the lobbies show it. */
export const gameSchema = z.object({
  nodeId: z.number(),
  /** Vendor code. */
  vassalage: z.string(),
  gameType: z.enum(gameCategories),
  /** 'GAME' opens the game; 'VASSALAGE' opens a popup list of the vendor's games. */
  isGame: z.enum(['GAME', 'VASSALAGE']),
  code: z.string(),
  gameCode: z.string(),
  name: z.string(),
  defaultPlayType: z.string(),
  accountTypeName: z.string(),
  vendor: z.string(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  gameClassify: z.string(),
  /** Smallest stake, in the merchant's currency. */
  minBet: z.number(),
  /** Paylines (0 where the game has none). */
  lines: z.number(),
  image: z.string(),
  /** False while the vendor's contract is not configured: shown, not launchable. */
  launchable: z.boolean(),
  /** False while the game or its vendor is switched off: 'Game maintenance'. */
  available: z.boolean(),
});
export type Game = z.infer<typeof gameSchema>;

const optionalText = (max: number) => z.string().trim().max(max).optional();
const page = z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(10_000).default(1);

export const gameListQuerySchema = z.object({
  gameType: z.enum(gameCategories).optional(),
  vassalage: optionalText(32),
  gameClassify: optionalText(32),
  gameName: optionalText(64),
  /** Only games whose smallest stake is at least this. */
  minBet: z.coerce.number().min(0).max(1_000_000).optional(),
  /** Only games with at least this many lines. */
  minLineNum: z.coerce.number().int().min(0).max(1024).optional(),
  pageNo: page,
  pageSize: z.coerce.number().int().min(1).max(100).default(42),
});
export type GameListQuery = z.infer<typeof gameListQuerySchema>;

export const gameListSchema = z.object({ games: z.array(gameSchema), totalPages: z.number(), total: z.number() });
export type GameList = z.infer<typeof gameListSchema>;

export const hotGamesQuerySchema = z.object({ vassalage: optionalText(32), gameType: z.enum(gameCategories).optional() });
export const hotGamesSchema = z.object({ list: z.array(gameSchema) });

export const recentGamesQuerySchema = z.object({ pageNo: page, pageSize: z.coerce.number().int().min(1).max(100).default(42) });
export const recentGamesSchema = z.object({ list: z.array(gameSchema), totalPages: z.number() });

export const favouriteGamesQuerySchema = z.object({
  gameType: z.enum(gameCategories).optional(),
  pageNo: page,
  pageSize: z.coerce.number().int().min(1).max(100).default(42),
});
export const favouriteGamesSchema = z.object({ content: z.array(gameSchema), totalPages: z.number() });

export const favouriteBodySchema = z.object({
  nodeId: idSchema,
  vendor: z.string().trim().min(1).max(32),
  gameType: z.enum(gameCategories),
});
export type FavouriteBody = z.infer<typeof favouriteBodySchema>;

export const launchBodySchema = z
  .object({
    gameId: z.string().trim().max(64).optional(),
    roomId: z.string().trim().max(64).optional(),
    nodeId: idSchema,
    accountType: z.number().int().default(1),
    confirmTrans: z.number().int().default(0),
    vassalage: z.string().trim().max(32).optional(),
    /** GLS plays for money; DEMO plays with demo money and makes no wallet calls. */
    launchMode: z.enum(['GLS', 'DEMO']).default('GLS'),
    platform: z.string().trim().max(40).default('html5-desktop'),
    clientType: z.number().int().default(3),
    language: z.string().trim().max(8).optional(),
  })
  .refine((b) => b.gameId || b.roomId || b.nodeId, { message: 'validation.required', path: ['gameId'] });
export type LaunchBody = z.infer<typeof launchBodySchema>;

export const launchAnswerSchema = z.object({
  game_url: z.string(),
  /** A second address through another launch CDN, when the merchant has one. */
  game_url2: z.string().optional(),
  demo: z.boolean(),
});
export type LaunchAnswer = z.infer<typeof launchAnswerSchema>;

/** What 'Game maintenance' offers instead: other games of the same category. */
export const gameMaintenanceSchema = z.object({ recommendations: z.array(gameSchema) });

/** personalHistoryCopy (betting record): every bet from any provider and the lottery, newest first. */
export const bettingRecordPaths = {
  list: '/wps/member/bettingRecord',
  detail: '/wps/member/bettingRecord/:kind/:id',
} as const;

export const bettingRecordQuerySchema = z.object({
  /** Game category (RNG, LIVE, LOTT...); empty: all. */
  category: z
    .string()
    .regex(/^[A-Z]{3,10}$/, 'validation.invalid')
    .optional(),
  period: z.enum(['today', 'yesterday', 'past7', 'past30', 'custom']).default('past7'),
  from: epochMsParamSchema.optional(),
  to: epochMsParamSchema.optional(),
  pageNo: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type BettingRecordQuery = z.infer<typeof bettingRecordQuerySchema>;

export const bettingRecordRowSchema = z.object({
  /** 'round' (a provider's game round) or 'lottery' (a lottery ticket). */
  kind: z.enum(['round', 'lottery']),
  id: z.number(),
  category: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  /** The catalog's name of the game in the reader's language (its code when the catalog has none). */
  gameName: z.string(),
  /** The catalog's kind of game (SLOT, INSTANT, CRASH, LOTTERY...): mini-games are INSTANT or CRASH; empty when unknown. */
  classify: z.string(),
  /** The provider's round id, or the lottery issue. */
  round: z.string(),
  stake: z.number(),
  win: z.number(),
  /** open / closed for rounds; pending / won / lost / refunded for tickets. */
  status: z.string(),
  time: z.number(),
  /** True when the round can be replayed (our in-house games). */
  replayable: z.boolean(),
});
export const bettingRecordSchema = z.object({
  content: z.array(bettingRecordRowSchema),
  totalPages: z.number(),
  totals: z.object({ stake: z.number(), win: z.number(), net: z.number() }),
});
export type BettingRecord = z.infer<typeof bettingRecordSchema>;
export const bettingRecordDetailSchema = z.object({
  row: bettingRecordRowSchema,
  /** In-house rounds: what replays the round; lottery: selection, play type and the draw's result. */
  detail: z.record(z.string(), z.unknown()),
  /** In-house rounds: the server seed, once the seed pair is revealed. */
  serverSeed: z.string().nullable(),
});
