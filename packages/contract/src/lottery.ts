import { z } from 'zod';

/** The lottery gateway: games with their current draw, and results. */
export const lotteryPaths = {
  games: '/lgw/lottery/games',
  results: '/lgw/lottery/games/:code/results',
  /** WebSocket: pushes a `LotteryEvent` whenever a draw is drawn, settled or cancelled. */
  live: '/lgw/lottery/live',
  /** The spec's VN lottery menus: the Vietnamese games grouped by region. */
  vnMenu: '/lgw/vn/games/game_menu',
} as const;

/** What the lottery socket pushes: refetch the game's menu, results and the player's tickets. */
export const lotteryEventSchema = z.object({
  type: z.literal('draw'),
  value: z.object({ gameCode: z.string(), issue: z.string(), status: z.enum(['drawn', 'settled', 'cancelled']) }),
});
export type LotteryEvent = z.infer<typeof lotteryEventSchema>;

export const drawSchema = z.object({
  issue: z.string(),
  opensAt: z.string(),
  /** Betting on the issue ends here. */
  closesAt: z.string(),
  drawAt: z.string(),
  /** SHA-256 of the seed the result will come from (our own draws), published before betting closes. */
  seedHash: z.string().nullable(),
  /** Mark Six: animal of the draw's lunar year (RAT…PIG), which 生肖 selections must name; null for other games. */
  yearAnimal: z.string().nullable(),
});

export const drawResultSchema = z.object({
  issue: z.string(),
  drawAt: z.string(),
  status: z.enum(['open', 'drawn', 'settled', 'cancelled']),
  /** The game family's result (digits, numbers, order or prizes), null for a cancelled draw. */
  result: z.unknown(),
  /** The revealed seed (our own draws): HMAC-SHA256 stream of it gives the result. */
  seed: z.string().nullable(),
  seedHash: z.string().nullable(),
});
export type DrawResult = z.infer<typeof drawResultSchema>;

export const vietnamRegionSchema = z.enum(['NORTH', 'CENTRAL', 'SOUTH']);
export type VietnamRegion = z.infer<typeof vietnamRegionSchema>;

/** The spec's prize modes (§9), as packages/games prices them. */
export const prizeModes = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export type PrizeMode = (typeof prizeModes)[number];
/** The spec's device types: the web site is WEB. */
export const deviceTypes = ['WEB'] as const;

export const vnGameMenuQuerySchema = z.object({
  /** The prize mode of the menu; bets are priced in Lott today (the merchants' mode). */
  prizeMode: z.enum(prizeModes, { error: 'validation.invalid' }).default('Lott'),
  device: z.enum(deviceTypes, { error: 'validation.invalid' }).default('WEB'),
});
export type VnGameMenuQuery = z.infer<typeof vnGameMenuQuerySchema>;

export const vnMenuGameSchema = z.object({
  gameCode: z.string(),
  /** The game's name in the reader's language (province names stay Vietnamese). */
  labelName: z.string(),
  /** Local weekdays it draws on (0 = Sunday), null when it draws every day. */
  weekdays: z.array(z.number().int().min(0).max(6)).nullable(),
  /** The issue taking bets, when the next draw is scheduled. */
  issue: z.string().nullable(),
  closesAt: z.string().nullable(),
  drawAt: z.string().nullable(),
});

/** One region of the VN lottery menus: North, Centre or South, as the /vnlottery page groups them. */
export const vnGameMenuSchema = z.object({
  gameGroupCode: vietnamRegionSchema,
  /** The region's name in the reader's language. */
  labelName: z.string(),
  games: z.array(vnMenuGameSchema),
});
export const vnGameMenusSchema = z.object({
  prizeMode: z.enum(prizeModes),
  device: z.enum(deviceTypes),
  /** The three regions in the page's order, each with its games (none in a mode they are not played in). */
  gameMenus: z.array(vnGameMenuSchema),
});
export type VnGameMenus = z.infer<typeof vnGameMenusSchema>;

export const lotteryGameSchema = z.object({
  code: z.string(),
  family: z.string(),
  name: z.string(),
  resultSource: z.enum(['rng', 'official']),
  /** Seconds between draws for fast games, null for daily and weekly draws. */
  intervalSeconds: z.number().nullable(),
  /** Vietnamese games: the region (a southern or central game is one province), null for others. */
  region: vietnamRegionSchema.nullable(),
  /** Local weekdays the game draws on (0 = Sunday), null when it draws every day. */
  weekdays: z.array(z.number().int().min(0).max(6)).nullable(),
  current: drawSchema.nullable(),
  last: drawResultSchema.nullable(),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

export const lotteryResultsQuerySchema = z.object({
  pageNo: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const lotteryResultsSchema = z.object({ list: z.array(drawResultSchema), totalPages: z.number() });

export const lotteryBetPaths = {
  place: '/lgw/lottery/bets',
  mine: '/lgw/lottery/bets/mine',
} as const;

export const lotteryBetSchema = z.object({
  /** Play type id of packages/games (SSC_5_DIRECT, VN_LO2...). */
  playType: z.string().regex(/^[A-Z0-9_]{2,40}$/, 'validation.invalid'),
  /** The numbers picked, in the play type's shape. */
  selection: z.unknown(),
  /** Minor units one price unit is worth: 100 (1), 10 (0.1) or 1 (0.01) in a two-decimal currency. */
  unit: z.union([z.literal(100), z.literal(10), z.literal(1)]),
  multiple: z.number().int().min(1).max(10_000),
  /** The 注 count the slip shows; refused when it is not the selection's. */
  betCount: z.number().int().min(1),
});

/** Most issues a chase may follow. */
export const MAX_CHASE_ISSUES = 50;

export const chaseSchema = z.object({
  /** How many issues, the slip's issue first. */
  issues: z.number().int().min(2, 'validation.too_small').max(MAX_CHASE_ISSUES, 'lottery.chase_too_long'),
  /** Refund the remaining issues once one of them wins. */
  stopOnWin: z.boolean().default(true),
  /** Multiply the multiple by `factor` every `every` issues (翻倍追号). */
  doubling: z.object({ every: z.number().int().min(1).max(MAX_CHASE_ISSUES), factor: z.number().int().min(1).max(10) }).optional(),
});

export const placeLotteryBetsBodySchema = z.object({
  /** Chosen by the slip; a repeat with the same id places nothing twice. */
  requestId: z.string().regex(/^[\w-]{8,64}$/, 'validation.invalid'),
  gameCode: z.string().regex(/^[\w-]{1,20}$/, 'validation.invalid'),
  issue: z.string().regex(/^[\d-]{8,16}$/, 'validation.invalid'),
  bets: z.array(lotteryBetSchema).min(1).max(50),
  /** Follow the same bets over the next issues too. */
  chase: chaseSchema.optional(),
});
export type PlaceLotteryBetsBody = z.infer<typeof placeLotteryBetsBodySchema>;

export const lotteryTicketSchema = z.object({
  id: z.number(),
  gameCode: z.string(),
  issue: z.string(),
  playType: z.string(),
  selection: z.unknown(),
  unit: z.number(),
  multiple: z.number(),
  betCount: z.number(),
  amount: z.number(),
  status: z.enum(['pending', 'won', 'lost', 'refunded', 'cancelled']),
  payout: z.number(),
  /** The chase the ticket belongs to, if any. */
  chaseId: z.number().nullable(),
  result: z.unknown(),
  placedAt: z.string(),
});
export type LotteryTicket = z.infer<typeof lotteryTicketSchema>;

export const placedLotteryBetsSchema = z.object({ tickets: z.array(lotteryTicketSchema), amount: z.number(), balance: z.number() });
export const myLotteryBetsQuerySchema = z.object({
  gameCode: z
    .string()
    .regex(/^[\w-]{1,20}$/, 'validation.invalid')
    .optional(),
  pageNo: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const myLotteryBetsSchema = z.object({ list: z.array(lotteryTicketSchema), totalPages: z.number() });

/** Operators' entry of official results: one enters, another confirms the same result. */
export const lotteryAdminPaths = {
  enterResult: '/admin/v1/lottery/:gameCode/draws/:issue/result',
  confirmResult: '/admin/v1/lottery/:gameCode/draws/:issue/confirm',
  /** The back office's list of official draws: those awaiting a result, or those already drawn. */
  officialDraws: '/admin/v1/lottery/official-draws',
} as const;
export const officialDrawsQuerySchema = z.object({
  state: z.enum(['awaiting', 'drawn'], { error: 'validation.invalid' }).default('awaiting'),
  gameCode: z
    .string()
    .regex(/^[\w-]{1,20}$/, 'validation.invalid')
    .optional(),
});
/**
 * One official draw as the lottery operators see it. The first operator's entered result is never
 * shown to others: the second operator confirms by entering the result again on their own.
 */
export const officialDrawSchema = z.object({
  gameCode: z.string(),
  gameName: z.record(z.string(), z.string()),
  /** VN_NORTH or VN_SOUTH: the layout of the result (prizes, counts, digits). */
  family: z.string(),
  issue: z.string(),
  drawAt: z.string(),
  status: z.string(),
  enteredBy: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  /** The drawn result; null until confirmed. */
  result: z.unknown(),
  drawnAt: z.string().nullable(),
  /** When the draw's winners were paid: the end of its settlement. */
  paidAt: z.string().nullable(),
  tickets: z.number(),
  pendingTickets: z.number(),
});
export const officialDrawsSchema = z.object({ list: z.array(officialDrawSchema) });
export type OfficialDraw = z.infer<typeof officialDrawSchema>;
export const officialResultBodySchema = z.object({ result: z.unknown() });
export const officialResultAnswerSchema = z.object({
  gameCode: z.string(),
  issue: z.string(),
  status: z.string(),
  enteredBy: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  result: z.unknown(),
});

/**
 * The lottery gateway's home group: popular games, the latest opened numbers, the winner board,
 * Vietnamese number statistics and the member's favourite lottery games.
 */
export const lotteryBoardPaths = {
  popular: '/lgw/lottery/popular',
  openedNumbers: '/lgw/lottery/openedNumero',
  winnerBoard: '/lgw/lottery/winnerBoard',
  vnNumbers: '/lgw/lottery/vnNumero',
  /** GET: the member's favourite game codes. */
  favourites: '/lgw/lottery/favourites',
  /** PUT adds the game to the favourites, DELETE removes it; both answer the favourite codes. */
  favourite: '/lgw/lottery/favourites/:gameCode',
} as const;

/** Hours of bets the popular list counts. */
export const POPULAR_WINDOW_HOURS = 24;

export const popularLotteryQuerySchema = z.object({
  /** The spec's counts: 20 (hot lottery) or 100. */
  count: z.coerce
    .number({ error: 'validation.invalid' })
    .int()
    .refine((n) => n === 20 || n === 100, 'validation.invalid')
    .default(20),
});
export const popularLotterySchema = z.object({
  list: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      family: z.string(),
      /** Tickets on the game's draws of the last POPULAR_WINDOW_HOURS (the merchant's players). */
      bets: z.number(),
      /** Distinct players among them. */
      players: z.number(),
    }),
  ),
});
export type PopularLottery = z.infer<typeof popularLotterySchema>;

export const openedNumbersSchema = z.object({
  /** The latest drawn result of every game, the most recent draw first. */
  list: z.array(
    z.object({ code: z.string(), name: z.string(), family: z.string(), issue: z.string(), drawAt: z.string(), result: z.unknown() }),
  ),
});
export type OpenedNumbers = z.infer<typeof openedNumbersSchema>;

export const winnerBoardQuerySchema = z.object({
  /** latest: the newest wins; top: the biggest wins of the window. */
  order: z.enum(['latest', 'top']).default('latest'),
  count: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100).default(20),
});
export const winnerSchema = z.object({
  /** The winner's account, masked (de***r). */
  username: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  issue: z.string(),
  playType: z.string(),
  /** Amount paid, in the merchant's currency. */
  payout: z.number(),
  wonAt: z.string(),
});
export const winnerBoardSchema = z.object({ list: z.array(winnerSchema) });
export type Winner = z.infer<typeof winnerSchema>;

export const vnNumbersQuerySchema = z.object({
  gameCode: z
    .string()
    .regex(/^[\w-]{1,20}$/, 'validation.invalid')
    .optional(),
  /** How many of the latest draws to count. */
  draws: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100).default(30),
});
export const vnNumbersSchema = z.object({
  gameCode: z.string(),
  /** Draws counted (fewer than asked while the game is young). */
  draws: z.number(),
  /** The 100 lô numbers 00–99. */
  numbers: z.array(
    z.object({
      number: z.string(),
      /** Times the number ended a prize over the draws counted. */
      hits: z.number(),
      /** Draws since it last came out (0: in the latest), null when it did not come out in the window. */
      since: z.number().nullable(),
    }),
  ),
});
export type VnNumbers = z.infer<typeof vnNumbersSchema>;

export const lotteryFavouriteParamsSchema = z.object({ gameCode: z.string().regex(/^[\w-]{1,20}$/, 'validation.invalid') });
export const lotteryFavouritesSchema = z.array(z.string());
