import { z } from 'zod';
import { digitIdSchema, freeJsonSchema } from './input.ts';

/**
 * The seamless-wallet API that game providers call: the player's money stays with us and the
 * provider asks for every debit and credit. Every call is a POST of JSON signed with the provider's
 * secret (`X-Provider` names the provider, `X-Signature` is `sha256=` + hex HMAC-SHA256 of the raw body).
 */
export const seamlessPaths = {
  player: '/seamless/v1/player',
  balance: '/seamless/v1/balance',
  bet: '/seamless/v1/bet',
  win: '/seamless/v1/win',
  rollback: '/seamless/v1/rollback',
  closeRound: '/seamless/v1/round/close',
} as const;

export const SEAMLESS_PROVIDER_HEADER = 'x-provider';
export const SEAMLESS_SIGNATURE_HEADER = 'x-signature';

/** A provider's money: at most two decimals, never negative. */
const money = z
  .number()
  .refine((v) => Number.isFinite(v) && v >= 0, 'validation.amount_positive')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'validation.amount_decimals')
  .refine((v) => v <= 1_000_000_000, 'validation.amount_too_large');
/** A provider-side id: their transaction, round or request id. */
const providerId = z.string().regex(/^[\w.:-]{1,100}$/, 'validation.invalid');
const playerId = digitIdSchema;
const launchToken = z.string().regex(/^[\w-]{20,100}$/, 'validation.invalid');
const currency = z.string().regex(/^[A-Z]{3}$/, 'validation.invalid');
const gameCode = z.string().regex(/^[\w.-]{1,64}$/, 'validation.invalid');
/** What a provider keeps with a round to replay it: a few levels of JSON, a few kilobytes. */
const detail = freeJsonSchema({ maxDepth: 10, maxBytes: 32_768 });

export const seamlessPlayerBodySchema = z.object({ token: launchToken });
export const seamlessBalanceBodySchema = z.object({ playerId });

export const seamlessBetBodySchema = z.object({
  playerId,
  /** The launch token of the game session: a bet needs a live one. */
  token: launchToken,
  transactionId: providerId,
  roundId: providerId,
  gameCode,
  amount: money.refine((v) => v > 0, 'validation.amount_positive'),
  currency,
  /** What the provider needs to replay the round (in-house games store their outcome here). */
  detail: detail.optional(),
});
export type SeamlessBetBody = z.infer<typeof seamlessBetBodySchema>;

export const seamlessWinBodySchema = z.object({
  playerId,
  transactionId: providerId,
  roundId: providerId,
  gameCode,
  /** Zero is a losing round's closing call. */
  amount: money,
  currency,
  /** The round ends with this win. */
  roundClosed: z.boolean().default(true),
  detail: detail.optional(),
});
export type SeamlessWinBody = z.infer<typeof seamlessWinBodySchema>;

export const seamlessRollbackBodySchema = z.object({
  playerId,
  transactionId: providerId,
  /** The provider's id of the bet to undo; it may be one we never received. */
  betTransactionId: providerId,
  roundId: providerId.optional(),
  gameCode: gameCode.optional(),
});
export type SeamlessRollbackBody = z.infer<typeof seamlessRollbackBodySchema>;

export const seamlessCloseRoundBodySchema = z.object({ playerId, roundId: providerId });

export const seamlessPlayerSchema = z.object({
  playerId: z.string(),
  account: z.string(),
  nickname: z.string(),
  currency: z.string(),
  balance: z.number(),
  language: z.string(),
  merchant: z.string(),
  gameCode: z.string(),
});
export type SeamlessPlayer = z.infer<typeof seamlessPlayerSchema>;

export const seamlessBalanceSchema = z.object({ balance: z.number(), currency: z.string() });
export type SeamlessBalance = z.infer<typeof seamlessBalanceSchema>;

export const seamlessMoveSchema = z.object({
  balance: z.number(),
  currency: z.string(),
  /** Our id of the movement (0 when nothing moved, as for a zero win or the rollback of an unseen bet). */
  walletTransactionId: z.number(),
});
export type SeamlessMove = z.infer<typeof seamlessMoveSchema>;

export const seamlessRoundSchema = z.object({
  roundId: z.string(),
  status: z.enum(['open', 'closed']),
  stake: z.number(),
  win: z.number(),
});
export type SeamlessRound = z.infer<typeof seamlessRoundSchema>;
