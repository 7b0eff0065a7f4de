import { z } from 'zod';

/**
 * Responsible gaming: the player's own limits, cool-off and self-exclusion. Money limits are amounts
 * of the merchant's currency at the edge (minor units inside); session limits are minutes.
 */
export const limitKinds = ['deposit', 'loss', 'wager', 'session'] as const;
export const limitPeriods = ['day', 'week', 'month'] as const;
export type LimitKind = (typeof limitKinds)[number];
export type LimitPeriod = (typeof limitPeriods)[number];

export const responsibleGamingPaths = {
  overview: '/wps/member/responsibleGaming',
  limit: '/wps/member/responsibleGaming/limit',
  confirm: '/wps/member/responsibleGaming/limit/confirm',
  cancel: '/wps/member/responsibleGaming/limit/cancel',
  exclusion: '/wps/member/responsibleGaming/exclusion',
  realityCheck: '/wps/member/responsibleGaming/realityCheck',
} as const;

/**
 * The reality check of the current session: every `minutes` minutes of play (the player's choice
 * within the market's bounds) the site shows the time played and the session's result, from the
 * ledger. Amounts in the merchant's currency; times epoch ms.
 */
export const realityCheckSchema = z.object({
  minutes: z.number().int(),
  minMinutes: z.number().int(),
  maxMinutes: z.number().int(),
  /** When this session (login) began. */
  sessionStartedAt: z.number(),
  playedMinutes: z.number().int(),
  /** What the player bet in this session. */
  staked: z.number(),
  /** What came back: wins, refunds, rollbacks. */
  returned: z.number(),
  /** returned - staked: negative is a loss. */
  net: z.number(),
  /** When the next check is due. */
  nextAt: z.number(),
});
export type RealityCheck = z.infer<typeof realityCheckSchema>;

export const realityCheckBodySchema = z.object({
  minutes: z.number({ error: 'validation.invalid' }).int('validation.not_integer'),
});

/** The most a limit may be: money as amountSchema allows, session time a whole month of minutes. */
export const LIMIT_MAX_AMOUNT = 1_000_000_000;
export const LIMIT_MAX_MINUTES = 31 * 24 * 60;

/**
 * Sets a limit (`amount` null: remove it). A lower limit applies at once; a higher one, or a removal,
 * waits the merchant's cooling period and then the player's confirmation.
 */
export const setLimitBodySchema = z
  .object({
    kind: z.enum(limitKinds, { error: 'validation.unknown_value' }),
    period: z.enum(limitPeriods, { error: 'validation.unknown_value' }),
    amount: z
      .number({ error: 'validation.amount_invalid' })
      .refine((v) => Number.isFinite(v) && v >= 0, 'validation.limit_negative')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'validation.amount_decimals')
      .nullable(),
  })
  .superRefine((b, ctx) => {
    if (b.amount === null) return;
    if (b.kind === 'session' && (!Number.isInteger(b.amount) || b.amount > LIMIT_MAX_MINUTES)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'validation.limit_minutes' });
    }
    if (b.kind !== 'session' && b.amount > LIMIT_MAX_AMOUNT)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'validation.limit_too_large' });
  });
export type SetLimitBody = z.infer<typeof setLimitBodySchema>;

export const limitChangeBodySchema = z.object({
  kind: z.enum(limitKinds, { error: 'validation.unknown_value' }),
  period: z.enum(limitPeriods, { error: 'validation.unknown_value' }),
});
export type LimitChangeBody = z.infer<typeof limitChangeBodySchema>;

/** Cool-off: 24 hours to 6 weeks. Self-exclusion: 6 to 60 months, or indefinite (months null). */
export const COOL_OFF_HOURS = { min: 24, max: 6 * 7 * 24 } as const;
export const EXCLUSION_MONTHS = { min: 6, max: 60 } as const;

export const exclusionBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('cool_off'),
      hours: z
        .number({ error: 'validation.invalid' })
        .int('validation.not_integer')
        .min(COOL_OFF_HOURS.min, 'validation.cool_off_range')
        .max(COOL_OFF_HOURS.max, 'validation.cool_off_range'),
    }),
    z.object({
      kind: z.literal('self_exclusion'),
      months: z
        .number({ error: 'validation.invalid' })
        .int('validation.not_integer')
        .min(EXCLUSION_MONTHS.min, 'validation.exclusion_range')
        .max(EXCLUSION_MONTHS.max, 'validation.exclusion_range')
        .nullable(),
    }),
  ],
  { error: 'validation.unknown_value' },
);
export type ExclusionBody = z.infer<typeof exclusionBodySchema>;

export const limitViewSchema = z.object({
  kind: z.enum(limitKinds),
  period: z.enum(limitPeriods),
  /** Amount of the currency, or minutes for a session limit. */
  amount: z.number(),
  /** Used in the current period, in the same unit. */
  used: z.number(),
  remaining: z.number(),
  /** When the current period ends (epoch ms). */
  resetsAt: z.number(),
  /**
   * A raise (amount) or removal (amount null) waiting: confirmable from `from` (epoch ms); `ready`
   * when that instant has passed by the server's clock (a device's clock may be wrong).
   */
  pending: z.object({ amount: z.number().nullable(), from: z.number(), ready: z.boolean() }).nullable(),
});
export type LimitView = z.infer<typeof limitViewSchema>;

export const limitEventSchema = z.object({
  kind: z.enum(limitKinds),
  period: z.enum(limitPeriods),
  /** set, lowered, raise_asked, raised, removal_asked, removed, cancelled. */
  action: z.string(),
  amount: z.number().nullable(),
  at: z.number(),
});

const spentSchema = z.object({ deposited: z.number(), wagered: z.number(), lost: z.number(), minutes: z.number() });

export const responsibleGamingSchema = z.object({
  limits: z.array(limitViewSchema),
  history: z.array(limitEventSchema),
  /** Money (amounts) and time (minutes) this day, ISO week and month, in the merchant's time zone. */
  spent: z.object({ day: spentSchema, week: spentSchema, month: spentSchema }),
  coolingHours: z.number(),
  exclusion: z.object({ kind: z.enum(['cool_off', 'self_exclusion']), until: z.number().nullable() }).nullable(),
  helpLinks: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type ResponsibleGaming = z.infer<typeof responsibleGamingSchema>;
