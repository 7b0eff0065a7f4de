import { z } from 'zod';
import { epochMsParamSchema, idParamSchema } from './input.ts';
import { pageOf, pageQuerySchema } from './pagination.ts';
import { datePresets } from './wallet.ts';

/** The agent centre's API paths (the spec names none but the agent login and the affiliate check). */
export const agentPaths = {
  profile: '/wps/agent/profile',
  team: '/wps/agent/team',
  openAccount: '/wps/agent/team/account',
  prizeGroup: '/wps/agent/team/prizeGroup',
  promoLinks: '/wps/agent/promoLinks',
  promoLink: '/wps/agent/promoLinks/:id',
  overview: '/wps/agent/overview',
  profit: '/wps/agent/profit',
} as const;

/**
 * Prize groups: the odds a member plays at and its rebate in one number, 20 units = 1 rebate point
 * (public lottery platforms' rule). The lowest group earns no rebate; nobody is above the highest.
 */
export const prizeGroups = { min: 1700, max: 1960, unitsPerPoint: 20 } as const;

/** The rebate of a prize group, in basis points (1 unit = 5 bp). */
export const rebateBpOf = (prizeGroup: number): number =>
  Math.max(0, prizeGroup - prizeGroups.min) * (10_000 / 100 / prizeGroups.unitsPerPoint);

export const prizeGroupSchema = z
  .number({ error: 'validation.invalid' })
  .int('validation.not_integer')
  .min(prizeGroups.min, 'validation.too_small')
  .max(prizeGroups.max, 'validation.too_big');

/** Who a downline account or promo link registers: a player or a (level-1) agent. */
export const downlineTypeSchema = z.enum(['player', 'agent'], { error: 'validation.unknown_value' });
export type DownlineType = z.infer<typeof downlineTypeSchema>;

export const agentProfileSchema = z.object({
  account: z.string(),
  isAgent: z.number(),
  prizeGroup: z.number(),
  /** Basis points: 150 = 1.5 %. */
  rebateBp: z.number(),
  /** The upline's account, empty at the top of a line. */
  upline: z.string(),
  /** Every member below the agent, at any depth. */
  teamSize: z.number(),
  directCount: z.number(),
});
export type AgentProfile = z.infer<typeof agentProfileSchema>;

export const teamOverviewQuerySchema = z.object({
  /** Local days of the merchant's time zone: the presets of the records, or from/to for a custom range. */
  period: z.enum(datePresets, { error: 'validation.unknown_value' }).default('past7'),
  from: epochMsParamSchema.optional(),
  to: epochMsParamSchema.optional(),
});
export type TeamOverviewQuery = z.infer<typeof teamOverviewQuerySchema>;

/** What a team (every member below the agent, the agent excluded) did in a range or a day; amounts in major units. */
export const teamFiguresSchema = z.object({
  /** Members who joined the team. */
  newMembers: z.number(),
  /** Members with a valid bet. */
  activeMembers: z.number(),
  /** Members who deposited. */
  depositors: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
  /** Valid bets: stakes less refunds. */
  bets: z.number(),
  payouts: z.number(),
  bonuses: z.number(),
  /** The team's result: payouts and bonuses less valid bets (negative: the team lost). */
  profit: z.number(),
});
export type TeamFigures = z.infer<typeof teamFiguresSchema>;

export const teamOverviewSchema = z.object({
  teamSize: z.number(),
  directCount: z.number(),
  total: teamFiguresSchema,
  /** Each local day of the range with any figure, oldest first. */
  days: z.array(teamFiguresSchema.extend({ day: z.string() })),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

export const teamProfitQuerySchema = teamOverviewQuerySchema.extend(pageQuerySchema.shape).extend({
  /** One member of the team (and nobody else); the whole team when absent. */
  account: z.string().trim().max(64).optional(),
});
export type TeamProfitQuery = z.infer<typeof teamProfitQuerySchema>;

/** User profit and loss: a team member's figures over the range (its own play, not its team's). */
export const memberProfitSchema = z.object({
  account: z.string(),
  isAgent: z.number(),
  /** Levels below the agent: 1 = direct downline. */
  level: z.number(),
  bets: z.number(),
  payouts: z.number(),
  bonuses: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
  /** Payouts and bonuses less valid bets: the member's result (negative: it lost). */
  profit: z.number(),
});
export type MemberProfit = z.infer<typeof memberProfitSchema>;
export const teamProfitPageSchema = pageOf(memberProfitSchema);
export type TeamProfitPage = z.infer<typeof teamProfitPageSchema>;

export const teamQuerySchema = pageQuerySchema.extend({
  /** Whose direct downlines to list (a member of the agent's team); the agent itself when absent. */
  parent: z.string().trim().max(64).optional(),
  /** Searches the whole team for accounts containing this text instead of listing one level. */
  account: z.string().trim().max(64).optional(),
});
export type TeamQuery = z.infer<typeof teamQuerySchema>;

export const teamMemberSchema = z.object({
  account: z.string(),
  isAgent: z.number(),
  prizeGroup: z.number(),
  rebateBp: z.number(),
  /** Levels below the agent: 1 = direct downline. */
  level: z.number(),
  upline: z.string(),
  /** Members below this one. */
  teamSize: z.number(),
  createdAt: z.number(),
  lastLoginAt: z.number().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamPageSchema = pageOf(teamMemberSchema).extend({
  /** Accounts from the agent down to the listed parent (the tree browser's breadcrumb). */
  breadcrumb: z.array(z.string()),
});
export type TeamPage = z.infer<typeof teamPageSchema>;

export const openAccountBodySchema = z.object({
  type: downlineTypeSchema,
  account: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(64),
  prizeGroup: prizeGroupSchema,
});
export type OpenAccountBody = z.infer<typeof openAccountBodySchema>;

export const openedAccountSchema = z.object({
  account: z.string(),
  isAgent: z.number(),
  prizeGroup: z.number(),
  /** Shown once to the agent: a random password the new member must change at first login. */
  initialPassword: z.string(),
});
export type OpenedAccount = z.infer<typeof openedAccountSchema>;

export const prizeGroupBodySchema = z.object({
  account: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(64),
  prizeGroup: prizeGroupSchema,
});
export type PrizeGroupBody = z.infer<typeof prizeGroupBodySchema>;

/** At most this many links per agent. */
export const maxPromoLinks = 20;

export const promoLinkBodySchema = z.object({
  type: downlineTypeSchema,
  prizeGroup: prizeGroupSchema,
  /** Days the link stays valid; absent = no expiry. */
  validDays: z
    .number({ error: 'validation.invalid' })
    .int('validation.not_integer')
    .min(1, 'validation.too_small')
    .max(3650, 'validation.too_big')
    .optional(),
});
export type PromoLinkBody = z.infer<typeof promoLinkBodySchema>;

export const promoLinkParamsSchema = z.object({ id: idParamSchema });
export const promoLinkSwitchSchema = z.object({ enabled: z.boolean({ error: 'validation.invalid' }) });

export const promoLinkSchema = z.object({
  id: z.number(),
  code: z.string(),
  isAgent: z.number(),
  prizeGroup: z.number(),
  rebateBp: z.number(),
  expiresAt: z.number().nullable(),
  registrations: z.number(),
  enabled: z.boolean(),
  /** Still usable now (enabled and not expired). */
  valid: z.boolean(),
  createdAt: z.number(),
});
export type PromoLink = z.infer<typeof promoLinkSchema>;

// Contracts

export const contractPaths = {
  contracts: '/wps/agent/contracts',
  contractAction: '/wps/agent/contracts/:id/:action',
} as const;

export const contractKinds = ['daily', 'hourly', 'realtime', 'dividend'] as const;
export const contractKindSchema = z.enum(contractKinds, { error: 'validation.unknown_value' });
export type ContractKind = z.infer<typeof contractKindSchema>;

/** A ratio in basis points: 150 = 1.5 %; at most 100 %. */
const ratioBpSchema = z
  .number({ error: 'validation.invalid' })
  .int('validation.not_integer')
  .min(1, 'validation.too_small')
  .max(10_000, 'validation.too_big');
const countSchema = z
  .number({ error: 'validation.invalid' })
  .int('validation.not_integer')
  .min(0, 'validation.too_small')
  .max(1_000_000, 'validation.too_big');
/** A threshold in major units of the merchant's currency (0 allowed). */
const thresholdSchema = z
  .number({ error: 'validation.invalid' })
  .min(0, 'validation.too_small')
  .max(1_000_000_000_000, 'validation.too_big')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'validation.amount_decimals');

/** A salary tier: the team's turnover and active members (and for daily salary optionally its loss) reached → ratio of turnover. */
export const salaryTierSchema = z.object({
  turnover: thresholdSchema,
  activeMembers: countSchema,
  /** Daily salary only: the team must also have lost at least this much. */
  loss: thresholdSchema.optional(),
  ratioBp: ratioBpSchema,
});
/** A dividend tier: the team's loss (or turnover, by the basis) and active members reached → ratio of the loss. */
export const dividendTierSchema = z.object({ threshold: thresholdSchema, activeMembers: countSchema, ratioBp: ratioBpSchema });

const tiers = <T extends z.ZodType>(tier: T) => z.array(tier).min(1, 'validation.required').max(10, 'validation.too_big');

export const contractTermsSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('daily'), tiers: tiers(salaryTierSchema) }),
    z.object({ kind: z.literal('hourly'), tiers: tiers(salaryTierSchema) }),
    z.object({
      kind: z.literal('realtime'),
      /** Paid on the team's turnover of a 5-minute window when the team won. */
      profitRateBp: ratioBpSchema,
      /** Paid on the team's turnover of a 5-minute window when the team lost. */
      lossRateBp: ratioBpSchema,
      /** The window's team turnover must reach this. */
      minBet: thresholdSchema,
    }),
    z.object({
      kind: z.literal('dividend'),
      /** D daily, W weekly, H semi-monthly, M monthly. */
      period: z.enum(['D', 'W', 'H', 'M'], { error: 'validation.unknown_value' }),
      basis: z.enum(['loss', 'turnover'], { error: 'validation.unknown_value' }),
      /** What a period the team won does to the next: none, carried until offset, or carried one period only. */
      carryOver: z.enum(['none', 'permanent', 'previous'], { error: 'validation.unknown_value' }),
      tiers: tiers(dividendTierSchema),
    }),
  ],
  { error: 'validation.unknown_value' },
);
export type ContractTerms = z.infer<typeof contractTermsSchema>;

export const offerContractBodySchema = z.object({
  account: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(64),
  terms: contractTermsSchema,
});
export type OfferContractBody = z.infer<typeof offerContractBodySchema>;

export const contractActions = ['sign', 'reject', 'withdraw', 'terminate'] as const;
export const contractActionParamsSchema = z.object({
  id: idParamSchema,
  action: z.enum(contractActions, { error: 'validation.unknown_value' }),
});

export const contractQuerySchema = z.object({
  kind: contractKindSchema.optional(),
  /** mine: contracts the agent holds or was offered; team: those it offered to its downlines. */
  side: z.enum(['mine', 'team'], { error: 'validation.unknown_value' }).default('mine'),
});

export const contractStatuses = ['offered', 'active', 'rejected', 'withdrawn', 'terminated'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

export const contractEventSchema = z.object({
  /** offered, signed, rejected, withdrawn, termination_requested, terminated, superseded, auto_terminated. */
  event: z.string(),
  at: z.number(),
  /** Who caused it: an account, or empty for the platform. */
  by: z.string(),
  note: z.string(),
});

export const contractSchema = z.object({
  id: z.number(),
  kind: contractKindSchema,
  status: z.enum(contractStatuses),
  /** The offering upline's account; empty when the platform gave it. */
  upline: z.string(),
  account: z.string(),
  terms: contractTermsSchema,
  /** The highest ratio of the terms, in basis points. */
  topRatioBp: z.number(),
  /** The other side asked to end it; the named side confirms with terminate. */
  terminationRequestedBy: z.string().nullable(),
  offeredAt: z.number(),
  signedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  history: z.array(contractEventSchema),
});
export type AgentContract = z.infer<typeof contractSchema>;

// Operators

export const agentAdminPaths = {
  tree: '/admin/v1/merchants/:code/agents/tree',
  contracts: '/admin/v1/merchants/:code/agents/contracts',
  prizeGroup: '/admin/v1/merchants/:code/agents/prizeGroup',
} as const;

export const adminTreeQuerySchema = teamQuerySchema.extend({
  /** The member whose team to show. */
  root: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(64),
});
export const adminContractsQuerySchema = contractQuerySchema.extend({
  account: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(64),
});
/** The platform's contract for an agent at the top of a line. */
export const grantContractBodySchema = offerContractBodySchema;
export const adminPrizeGroupBodySchema = prizeGroupBodySchema;
