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
