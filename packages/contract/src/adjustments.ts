import { z } from 'zod';
import { reasonSchema } from './admin.ts';
import { merchantFilterSchema, pageSchema, pageSizeSchema, withinRowCap } from './backoffice.ts';
import { idParamSchema } from './input.ts';

/**
 * Maker-checker of manual adjustments (decision 0047): an adjustment (`apiPaths.adminAdjustment`) at
 * or above the merchant's threshold is not posted but becomes a request, which another operator with
 * `ledger.adjust` in its merchant approves (posted then) or rejects with a reason. The maker never
 * approves their own request.
 */
export const adjustmentPaths = {
  /** GET: a page of requests in the operator's merchants, pending first. */
  requests: '/admin/v1/adjustment-requests',
  approve: '/admin/v1/adjustment-requests/:id/approve',
  reject: '/admin/v1/adjustment-requests/:id/reject',
} as const;

export const adjustmentStatuses = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof adjustmentStatuses)[number];

/** A request as operators see it (amounts in the currency's units). */
export const adjustmentRequestSchema = z.object({
  id: z.number(),
  merchant: z.string(),
  memberId: z.number(),
  /** The player's account name. */
  account: z.string(),
  currency: z.string(),
  /** Positive credits the player's main wallet, negative debits it. */
  amount: z.number(),
  /** The maker's reason. */
  reason: z.string(),
  /** The operator who asked (the maker): their id, to tell their own requests apart, and account. */
  makerId: z.number(),
  maker: z.string(),
  status: z.enum(adjustmentStatuses),
  /** The operator who approved or rejected it (the checker), and their reason. */
  checker: z.string().nullable(),
  checkerReason: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
  /** The ledger movement of an approved request. */
  transactionId: z.number().nullable(),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;

/**
 * What an adjustment did: `posted` (below the threshold: the movement is in the ledger) or
 * `requested` (at or above it: a request waits for a second operator; its status says where it is
 * now). `replayed`: the request id was seen before, and this answer is the first one's.
 */
export const adjustmentAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('posted'), transactionId: z.number(), replayed: z.boolean() }),
  z.object({ outcome: z.literal('requested'), request: adjustmentRequestSchema, replayed: z.boolean() }),
]);
export type AdjustmentAnswer = z.infer<typeof adjustmentAnswerSchema>;

export const adjustmentRequestPageQuerySchema = z
  .object({
    merchant: merchantFilterSchema,
    /** One status; without it every status, pending first (oldest first), then the decided ones newest first. */
    status: z.enum(adjustmentStatuses, { error: 'validation.unknown_value' }).optional(),
    /** One player's requests (the player dialog). */
    memberId: idParamSchema.optional(),
    page: pageSchema,
    pageSize: pageSizeSchema,
  })
  .refine(withinRowCap, { message: 'validation.too_big', path: ['page'] });
export type AdjustmentRequestPageQuery = z.infer<typeof adjustmentRequestPageQuerySchema>;

export const adjustmentRequestPageSchema = z.object({
  list: z.array(adjustmentRequestSchema),
  /** Rows that match, counted up to `countLimitOf` the page (`capped` when there are at least that many). */
  total: z.number(),
  capped: z.boolean(),
});

export const adjustmentRequestParamsSchema = z.object({ id: idParamSchema });
/** Approving may say why; the audit line keeps it. */
export const approveAdjustmentBodySchema = z.object({ reason: z.string().trim().max(500, 'validation.too_big').default('') }).default({
  reason: '',
});
/** Rejecting must say why. */
export const rejectAdjustmentBodySchema = z.object({ reason: reasonSchema });
