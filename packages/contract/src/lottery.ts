import { z } from 'zod';

/** The lottery gateway: games with their current draw, and results. */
export const lotteryPaths = {
  games: '/lgw/lottery/games',
  results: '/lgw/lottery/games/:code/results',
} as const;

export const drawSchema = z.object({
  issue: z.string(),
  opensAt: z.string(),
  /** Betting on the issue ends here. */
  closesAt: z.string(),
  drawAt: z.string(),
  /** SHA-256 of the seed the result will come from (our own draws), published before betting closes. */
  seedHash: z.string().nullable(),
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

export const lotteryGameSchema = z.object({
  code: z.string(),
  family: z.string(),
  name: z.string(),
  resultSource: z.enum(['rng', 'official']),
  /** Seconds between draws for fast games, null for daily draws. */
  intervalSeconds: z.number().nullable(),
  current: drawSchema.nullable(),
  last: drawResultSchema.nullable(),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

export const lotteryResultsQuerySchema = z.object({
  pageNo: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const lotteryResultsSchema = z.object({ list: z.array(drawResultSchema), totalPages: z.number() });
