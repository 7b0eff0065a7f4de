import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';

// The back office's agent directory: find a merchant's agents and open one with the line above it.
// Its tree, contracts and bills come from agentAdminPaths and settlementAdminPaths.

export const agentDirectoryPaths = {
  list: '/admin/v1/merchants/:code/agents',
  profile: '/admin/v1/merchants/:code/agents/profile',
} as const;

export const adminAgentListQuerySchema = pageQuerySchema.extend({
  /** Agents whose account contains this text (any case); every agent of the merchant when absent. */
  account: z.string().trim().max(64).optional(),
});
export type AdminAgentListQuery = z.infer<typeof adminAgentListQuerySchema>;

export const adminAgentSchema = z.object({
  account: z.string(),
  /** isAgent: 1, 2, 41 or 42. */
  isAgent: z.number(),
  prizeGroup: z.number(),
  /** Basis points: 150 = 1.5 %. */
  rebateBp: z.number(),
  /** The direct upline's account, empty at the top of a line. */
  upline: z.string(),
  /** Every member below the agent, at any depth. */
  teamSize: z.number(),
  directCount: z.number(),
  createdAt: z.number(),
  lastLoginAt: z.number().nullable(),
});
export type AdminAgent = z.infer<typeof adminAgentSchema>;
export const adminAgentPageSchema = pageOf(adminAgentSchema);
export type AdminAgentPage = z.infer<typeof adminAgentPageSchema>;

export const adminAgentProfileQuerySchema = z.object({
  account: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(64),
});

export const adminAgentProfileSchema = adminAgentSchema.extend({
  /** The accounts above the agent, the top of the line first, its direct upline last. */
  uplinePath: z.array(z.string()),
});
export type AdminAgentProfile = z.infer<typeof adminAgentProfileSchema>;
