import { z } from 'zod';

/**
 * Our in-house games. The game page holds the launch token of its game session (money play) or none
 * (demo play, no wallet calls). Outcomes are provably fair: HMAC-SHA256(server seed, client seed:nonce).
 */
export const inhousePaths = {
  seeds: '/wps/inhouse/seeds',
  rotateSeeds: '/wps/inhouse/seeds/rotate',
  slotSpin: '/wps/inhouse/slots/spin',
  diceRoll: '/wps/inhouse/dice/roll',
  plinkoDrop: '/wps/inhouse/plinko/drop',
  minesPlay: '/wps/inhouse/mines/play',
  round: '/wps/inhouse/rounds/:roundId',
} as const;

const launchToken = z.string().regex(/^[\w-]{20,100}$/, 'validation.invalid');
/** Stakes at the edge: the merchant's currency, at most two decimals. */
const stake = z
  .number({ error: 'validation.amount_invalid' })
  .refine((v) => Number.isFinite(v) && v > 0, 'validation.amount_positive')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'validation.amount_decimals')
  .refine((v) => v <= 100_000, 'validation.amount_too_large');

export const clientSeedSchema = z.string().regex(/^[\x20-\x39\x3b-\x7e]{1,64}$/, 'validation.client_seed');

export const seedsBodySchema = z.object({ token: launchToken });
export const rotateSeedsBodySchema = z.object({ token: launchToken, clientSeed: clientSeedSchema.optional() });

export const publicSeedsSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next round will use. */
  nonce: z.number(),
});
export const revealedSeedsSchema = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Rounds played with the pair: nonces 0 .. betCount - 1. */
  betCount: z.number(),
});
export const seedsSchema = z.object({ current: publicSeedsSchema, previous: revealedSeedsSchema.nullable() });
export type Seeds = z.infer<typeof seedsSchema>;

const play = { token: launchToken.optional() };
export const slotSpinBodySchema = z.object({
  ...play,
  gameCode: z.string().regex(/^[\w-]{1,40}$/, 'validation.invalid'),
  betPerLine: stake,
});
export const diceRollBodySchema = z.object({
  ...play,
  amount: stake,
  /** 0.00 .. 99.99: over wins above it, under below it. */
  target: z.number().min(0).max(99.99),
  direction: z.enum(['over', 'under']),
});
export const plinkoDropBodySchema = z.object({
  ...play,
  amount: stake,
  rows: z.number().int().min(8).max(16),
  risk: z.enum(['low', 'medium', 'high']),
});
export const minesPlayBodySchema = z.object({
  ...play,
  amount: stake,
  mines: z.number().int().min(1).max(24),
  /** Cells 0..24 revealed in order; the round cashes out after the last. */
  picks: z.array(z.number().int().min(0).max(24)).min(1).max(24),
});

/** Every in-house round answers the same frame around its game's own outcome. */
export const roundAnswerSchema = z.object({
  roundId: z.string(),
  demo: z.boolean(),
  stake: z.number(),
  win: z.number(),
  /** The balance after the round (money play), or null in demo play. */
  balance: z.number().nullable(),
  seeds: publicSeedsSchema,
  outcome: z.record(z.string(), z.unknown()),
});
export type RoundAnswer = z.infer<typeof roundAnswerSchema>;

export const roundRecordSchema = z.object({
  roundId: z.string(),
  gameCode: z.string(),
  stake: z.number(),
  win: z.number(),
  status: z.string(),
  openedAt: z.string(),
  /** What it takes to replay the round: the bet, the seeds' public part and the outcome. */
  detail: z.record(z.string(), z.unknown()),
  /** Revealed once the player rotates the seed pair of the round. */
  serverSeed: z.string().nullable(),
});
export type RoundRecord = z.infer<typeof roundRecordSchema>;

/** Crash: one round for everybody; bet while betting is open, cash out while the multiplier runs. */
export const crashPaths = {
  state: '/wps/inhouse/crash',
  bet: '/wps/inhouse/crash/bet',
  cashOut: '/wps/inhouse/crash/cashout',
  /** WebSocket: pushes the round state whenever it changes. */
  live: '/wps/inhouse/crash/live',
} as const;

export const crashRoundSchema = z.object({
  sequence: z.number(),
  seedHash: z.string(),
  bettingOpensAt: z.string(),
  /** The multiplier runs from here: multiplier(t) = floor(100 × e^(0.00006 × ms since start)) hundredths. */
  startsAt: z.string(),
  phase: z.enum(['waiting', 'betting', 'running', 'crashed']),
  /** Known once the round has crashed: the crash point (hundredths) and the seed that proves it. */
  crashPoint: z.number().nullable(),
  seed: z.string().nullable(),
  bets: z.array(z.object({ player: z.string(), stake: z.number(), cashOut: z.number().nullable(), payout: z.number() })),
});
export type CrashRound = z.infer<typeof crashRoundSchema>;
export const crashStateSchema = z.object({
  current: crashRoundSchema.nullable(),
  previous: z.array(crashRoundSchema),
  serverTime: z.string(),
});
export type CrashState = z.infer<typeof crashStateSchema>;

export const crashBetBodySchema = z.object({
  token: launchToken,
  amount: stake,
  /** Cash out by itself at this multiplier (1.01 .. 1000000). */
  autoCashOut: z.number().min(1.01).max(1_000_000).optional(),
});
export const crashCashOutBodySchema = z.object({ token: launchToken });
export const crashBetAnswerSchema = z.object({
  sequence: z.number(),
  stake: z.number(),
  status: z.enum(['open', 'cashed', 'lost']),
  cashOut: z.number().nullable(),
  payout: z.number(),
  balance: z.number().nullable(),
});
export type CrashBetAnswer = z.infer<typeof crashBetAnswerSchema>;
