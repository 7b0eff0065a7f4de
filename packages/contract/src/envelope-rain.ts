import { z } from 'zod';

/** Envelope rain (decision 0044): timed rounds of envelopes drawn from a committed, later revealed seed. */
export const envelopePaths = {
  /** The merchant's rounds around now: the live or next one, and the last ones closed (seed revealed). */
  rounds: '/wps/reward/envelope-rounds',
  /** Opens one envelope of a live round (once per member and round; needs a bet today). */
  open: '/wps/reward/envelope-rounds/:id/open',
  adminRounds: '/admin/v1/rewards/envelope-rounds',
} as const;

const merchantCode = z.string().regex(/^[A-Z0-9_]{2,32}$/, { error: 'validation.invalid' });

export const envelopeRoundIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A round to schedule (operators; minor units). The budget must cover every envelope at its minimum. */
export const newEnvelopeRoundBodySchema = z
  .object({
    merchant: merchantCode,
    /** When the window opens (ms since the epoch); at most 30 days ahead. */
    startsAt: z.number().int().positive(),
    /** Length of the window, 1 to 60 minutes. */
    minutes: z.number().int().min(1).max(60),
    budget: z.number().int().positive().max(1_000_000_000),
    count: z.number().int().min(1).max(10_000),
    minAmount: z.number().int().positive().max(1_000_000_000),
  })
  .refine((b) => b.budget >= b.count * b.minAmount, { path: ['budget'], error: 'validation.envelope_budget' });
export type NewEnvelopeRoundBody = z.infer<typeof newEnvelopeRoundBodySchema>;
export const adminEnvelopeRoundsQuerySchema = z.object({ merchant: merchantCode });

/** upcoming → live (window open) → closed (seed revealed). */
export const envelopeRoundStates = ['upcoming', 'live', 'closed'] as const;
export type EnvelopeRoundState = (typeof envelopeRoundStates)[number];

/** A round as the player sees it (money in major units). */
export const envelopeRoundViewSchema = z.object({
  id: z.number(),
  state: z.enum(envelopeRoundStates),
  startsAt: z.number(),
  endsAt: z.number(),
  budget: z.number(),
  count: z.number(),
  minAmount: z.number(),
  opened: z.number(),
  /** SHA-256 of the server seed, published before the round. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The server seed, once the round has closed. */
  serverSeed: z.string().nullable(),
  /** The member's envelope in this round, if opened: its index and amount (major units). */
  mine: z.object({ index: z.number(), amount: z.number() }).nullable(),
});
export type EnvelopeRoundView = z.infer<typeof envelopeRoundViewSchema>;

export const envelopeRoundsSchema = z.object({
  currency: z.string(),
  /** The server's clock (ms), so the countdown does not trust the device's. */
  now: z.number(),
  /** Whether the member bet today (an envelope needs it); false for a visitor. */
  eligible: z.boolean(),
  /** The live round, else the next one. */
  current: envelopeRoundViewSchema.nullable(),
  /** The last rounds closed, newest first. */
  closed: z.array(envelopeRoundViewSchema),
});
export type EnvelopeRounds = z.infer<typeof envelopeRoundsSchema>;

export const envelopeOpenAnswerSchema = z.object({ round: envelopeRoundViewSchema, index: z.number(), amount: z.number() });
export type EnvelopeOpenAnswer = z.infer<typeof envelopeOpenAnswerSchema>;

/** A round as operators see it (minor units; the seed only once closed). */
export const adminEnvelopeRoundSchema = z.object({
  id: z.number(),
  merchant: z.string(),
  startsAt: z.number(),
  endsAt: z.number(),
  budget: z.number(),
  count: z.number(),
  minAmount: z.number(),
  opened: z.number(),
  paid: z.number(),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  createdBy: z.string(),
});
export type AdminEnvelopeRound = z.infer<typeof adminEnvelopeRoundSchema>;
