import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';

/** The paths of promotions, bonuses and their wagering (decision 0025). */
export const promotionPaths = {
  /** The member's bonuses with their wagering progress (the bonusDetails page). */
  bonusDetails: '/wps/promotion/bonusDetails',
  /** The member gives up every bonus still wagering (after the warning), so cash may be withdrawn. */
  forfeitBonuses: '/wps/promotion/bonusDetails/forfeit',
} as const;

export const bonusStatuses = ['active', 'completed', 'forfeited', 'expired'] as const;

/** One bonus and its wagering: amounts in major units, as every amount at the edge. */
export const bonusDetailSchema = z.object({
  id: z.number(),
  title: z.string(),
  bonus: z.number(),
  required: z.number(),
  wagered: z.number(),
  /** What is still owed before the bonus becomes cash (0 once completed). */
  remaining: z.number(),
  /** 0–100, whole percent, for the progress bar. */
  progress: z.number(),
  /** Percent each game category counts for; `*` for the others. */
  contributions: z.record(z.string(), z.number()),
  maxBet: z.number().nullable(),
  status: z.enum(bonusStatuses),
  expiresAt: z.number(),
  createdAt: z.number(),
  settledAt: z.number().nullable(),
});
export type BonusDetail = z.infer<typeof bonusDetailSchema>;

export const bonusDetailsQuerySchema = pageQuerySchema;

export const bonusDetailsSchema = pageOf(bonusDetailSchema).extend({
  /** Wagering still owed over the active bonuses, and the bonus money they hold. */
  remaining: z.number(),
  held: z.number(),
  /** The order of spending stated in the terms: cash only; a bonus becomes cash when its wagering is met. */
  spendingOrder: z.literal('cash_only'),
});
export type BonusDetails = z.infer<typeof bonusDetailsSchema>;

/** Forfeiting needs the member's explicit yes, given after the warning. */
export const forfeitBonusesBodySchema = z.object({ confirm: z.literal(true) });
export const forfeitedSchema = z.object({ forfeited: z.number(), amount: z.number() });
