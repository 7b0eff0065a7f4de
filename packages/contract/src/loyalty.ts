import { z } from 'zod';

// VIP levels and the invite-friends programme (issue 19 items 5 and 6, decision 0036).

export const loyaltyPaths = {
  /** The merchant's VIP levels, the member's level, progress to the next and the upgrades paid. */
  vip: '/wps/vip',
  /** The member's invite code and link, the programme's terms and the friends invited. */
  referral: '/wps/referral',
} as const;

/** What a level gives beyond its upgrade bonus, shown on the VIP page. */
export const vipPrivilegesSchema = z.object({
  /** The VIP customer-service line (the spec: above rank 4). */
  vipService: z.boolean(),
});
export type VipPrivileges = z.infer<typeof vipPrivilegesSchema>;

export const vipLevelSchema = z.object({
  /** The club rank; the site shows rank − 1. */
  rank: z.number().int(),
  level: z.number().int(),
  name: z.string(),
  /** Cumulative valid bets and deposits needed (major units; 0: not counted). */
  validBets: z.number(),
  deposits: z.number(),
  /** Paid once when the member reaches the level; null when none. */
  upgradeBonus: z.number().nullable(),
  /** Valid bets owed on the bonus (× the bonus); 0: paid as cash. */
  wageringMultiple: z.number().int(),
  privileges: vipPrivilegesSchema,
});
export type VipLevel = z.infer<typeof vipLevelSchema>;

export const vipStatusSchema = z.object({
  rank: z.number().int(),
  level: z.number().int(),
  /** The member's cumulative valid bets and deposits (major units). */
  validBets: z.number(),
  deposits: z.number(),
  /** The next level and how far the member is towards each of its thresholds (0–100). */
  next: z.object({ rank: z.number().int(), level: z.number().int(), validBetsPercent: z.number(), depositsPercent: z.number() }).nullable(),
  levels: z.array(vipLevelSchema),
  upgrades: z.array(z.object({ rank: z.number().int(), level: z.number().int(), amount: z.number(), at: z.number() })),
  /** Whether this market counts deposits towards a level (Brazil: valid bets only). */
  depositsCount: z.boolean(),
});
export type VipStatus = z.infer<typeof vipStatusSchema>;

export const referralFriendStates = ['registered', 'deposited', 'qualified'] as const;

export const referralStatusSchema = z.object({
  enabled: z.boolean(),
  code: z.string(),
  /** The registration link with the code (query referralCode). */
  link: z.string(),
  /** The programme: the friend's deposits that qualify and what the member then gets (major units). */
  minDeposit: z.number(),
  reward: z.number(),
  wageringMultiple: z.number().int(),
  friends: z.array(
    z.object({
      account: z.string(),
      registeredAt: z.number(),
      state: z.enum(referralFriendStates),
      reward: z.number().nullable(),
      rewardedAt: z.number().nullable(),
    }),
  ),
  /** Rewards paid to the member in total. */
  earned: z.number(),
});
export type ReferralStatus = z.infer<typeof referralStatusSchema>;
