import { z } from 'zod';
import { idParamSchema } from './input.ts';
import { pageOf, pageQuerySchema } from './pagination.ts';

/** The paths of promotions, bonuses and their wagering (decision 0025). */
export const promotionPaths = {
  /** The member's bonuses with their wagering progress (the bonusDetails page). */
  bonusDetails: '/wps/promotion/bonusDetails',
  /** The member gives up every bonus still wagering (after the warning), so cash may be withdrawn. */
  forfeitBonuses: '/wps/promotion/bonusDetails/forfeit',
  /** The merchant's promotions that pay money, with the reader's state in each (decision 0030). */
  activities: '/wps/promotion/activities',
  /** Claims one: pays its reward into the bonus wallet with its wagering, once per member and period. */
  claimActivity: '/wps/promotion/activities/:id/claim',
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

/** The kinds of promotion the engine pays (decision 0030). */
export const offerTypes = ['first_deposit', 'reload', 'daily_rebate'] as const;
export type OfferType = (typeof offerTypes)[number];

const category = z.string().regex(/^(\*|[A-Z]{2,16})$/);

/** What every bonus carries: its wagering (stake × contribution owed = reward × multiple) and its limits. */
const wageringTerms = {
  /** Times the wagering base to be wagered; 0 pays the reward as cash. */
  multiple: z.number().int().min(0).max(50),
  /** Percent each game category counts for; `*` for the others. */
  contributions: z.record(category, z.number().int().min(0).max(100)),
  /** Largest stake while wagering, minor units; null: none. */
  maxBet: z.number().int().positive().nullable(),
  /** Days the wagering may take before the bonus goes back. */
  wagerDays: z.number().int().min(1).max(90),
};

/** A match of the member's first deposit: percent of it up to a cap, claimable for `claimDays` after it. */
export const firstDepositTermsSchema = z.object({
  type: z.literal('first_deposit'),
  percent: z.number().int().min(1).max(500),
  /** Minor units. */
  cap: z.number().int().positive(),
  minDeposit: z.number().int().positive(),
  /** deposit_and_bonus: (deposit + bonus) × multiple; bonus: bonus × multiple. */
  base: z.enum(['deposit_and_bonus', 'bonus']),
  claimDays: z.number().int().min(1).max(90),
  ...wageringTerms,
});

/** A fixed bonus on a deposit of at least `minDeposit`, once a day (the merchant's day). */
export const reloadTermsSchema = z.object({
  type: z.literal('reload'),
  amount: z.number().int().positive(),
  minDeposit: z.number().int().positive(),
  ...wageringTerms,
});

/** A share of the day's valid bets per category (basis points), capped per day, paid the next day by a job. */
export const dailyRebateTermsSchema = z.object({
  type: z.literal('daily_rebate'),
  ratesBp: z.record(category, z.number().int().min(0).max(300)),
  capPerDay: z.number().int().positive(),
  ...wageringTerms,
});

export const offerTermsSchema = z.discriminatedUnion('type', [firstDepositTermsSchema, reloadTermsSchema, dailyRebateTermsSchema]);
export type OfferTerms = z.infer<typeof offerTermsSchema>;

/**
 * The reader's state in a promotion, in the spec's activity statuses: join (a deposit or a login
 * first), claim, claimed, process (paid automatically, accruing), rejected (not eligible), closed
 * (its window has passed), coming (not started).
 */
export const activityStatuses = ['join', 'claim', 'claimed', 'process', 'rejected', 'closed', 'coming'] as const;
export type ActivityStatus = (typeof activityStatuses)[number];

/** One promotion as the site shows it: its terms in major units and what it means for the reader now. */
export const activitySchema = z.object({
  id: z.number(),
  type: z.enum(offerTypes),
  title: z.string(),
  /** The content page that presents it (promoDetail), if any. */
  promotionId: z.number().nullable(),
  status: z.enum(activityStatuses),
  /** Why it is not claimable: deposit_needed, deposit_too_small, claim_window_passed, login_needed, automatic. */
  reason: z.string().nullable(),
  /** What a claim pays now and the wagering it carries (major units), when claimable. */
  reward: z.number().nullable(),
  wagering: z.number().nullable(),
  /** The last payment to the reader, if any. */
  paid: z.object({ amount: z.number(), at: z.number(), period: z.string() }).nullable(),
  terms: z.object({
    percent: z.number().nullable(),
    cap: z.number().nullable(),
    amount: z.number().nullable(),
    minDeposit: z.number().nullable(),
    rates: z.record(z.string(), z.number()).nullable(),
    capPerDay: z.number().nullable(),
    multiple: z.number(),
    base: z.enum(['deposit_and_bonus', 'bonus']),
    contributions: z.record(z.string(), z.number()),
    maxBet: z.number().nullable(),
    wagerDays: z.number(),
    claimDays: z.number().nullable(),
  }),
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

export const claimActivityParamsSchema = z.object({ id: idParamSchema });
export const claimActivityBodySchema = z.object({}).strict();
export const claimedActivitySchema = z.object({ amount: z.number(), wagering: z.number(), status: z.enum(activityStatuses) });
export type ClaimedActivity = z.infer<typeof claimedActivitySchema>;

/** The operators' paths of promotion offers (decision 0030). */
export const promotionAdminPaths = {
  /** A merchant's offers (GET ?merchant=CODE), and creating one (POST). */
  offers: '/admin/v1/promotions/offers',
  /** Switching an offer on or off. */
  offerSwitch: '/admin/v1/promotions/offers/:id/switch',
} as const;

const langCode = z.enum(['EN', 'PT', 'FR', 'CN', 'VI', 'ID']);
const merchantCode = z.string().regex(/^[A-Z0-9_]{2,32}$/, { error: 'validation.invalid' });

export const adminOffersQuerySchema = z.object({ merchant: merchantCode });

/** A new offer: its merchant, its title per language, its terms (amounts in minor units) and schedule. */
export const newOfferBodySchema = z
  .object({
    merchant: merchantCode,
    /** The content promotion that presents it, if any. */
    promotionId: idParamSchema.nullable().default(null),
    title: z
      .partialRecord(langCode, z.string().trim().min(1).max(120))
      .refine((t) => Object.keys(t).length > 0, { error: 'validation.required' }),
    terms: offerTermsSchema,
    enabled: z.boolean().default(true),
    startsAt: z.number().int().positive().nullable().default(null),
    endsAt: z.number().int().positive().nullable().default(null),
    sort: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((b) => b.startsAt === null || b.endsAt === null || b.endsAt > b.startsAt, { error: 'validation.invalid', path: ['endsAt'] });
export type NewOfferBody = z.infer<typeof newOfferBodySchema>;

export const offerSwitchBodySchema = z.object({ enabled: z.boolean() });
export const offerIdParamsSchema = z.object({ id: idParamSchema });

/** An offer as operators see it: its stored terms (minor units). */
export const adminOfferSchema = z.object({
  id: z.number(),
  merchant: z.string(),
  promotionId: z.number().nullable(),
  type: z.enum(offerTypes),
  title: z.record(z.string(), z.string()),
  terms: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
  sort: z.number(),
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;
