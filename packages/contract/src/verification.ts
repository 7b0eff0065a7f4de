import { z } from 'zod';
import { idParamSchema } from './input.ts';
import { pageOf, pageQuerySchema } from './pagination.ts';

/**
 * Identity verification (KYC, issue 18 item 5): the player uploads identity documents from the
 * security centre, sends them for review, an operator approves or rejects them with a reason. A
 * merchant whose market has `kycBeforeWithdrawal` refuses withdrawals until the member is verified.
 */
export const verificationPaths = {
  /** GET: my verification state and documents. */
  mine: '/wps/member/verification',
  /** POST, multipart: `kind` then one png/jpg `image` (it replaces my earlier document of that kind). */
  documents: '/wps/member/verification/documents',
  document: '/wps/member/verification/documents/:id',
  /** POST: send my documents for review. */
  submit: '/wps/member/verification/submit',
  adminList: '/admin/v1/verifications',
  adminMember: '/admin/v1/verifications/:memberId',
  adminDocument: '/admin/v1/verifications/:memberId/documents/:id',
  adminDecision: '/admin/v1/verifications/:memberId/decision',
} as const;

/** none (nothing sent) → pending (sent, waiting for an operator) → approved, or rejected (with a reason; the player may send again). */
export const verificationStatuses = ['none', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** What a player can upload; the first three are needed before sending for review. */
export const documentKinds = ['id_front', 'id_back', 'selfie', 'address'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const requiredDocumentKinds: readonly DocumentKind[] = ['id_front', 'id_back', 'selfie'];
export const VERIFICATION_IMAGE_MAX_MB = 5;
export const VERIFICATION_REASON_MAX = 300;

export const verificationDocumentSchema = z.object({
  id: z.number(),
  kind: z.enum(documentKinds),
  /** 'image/png' or 'image/jpeg', from the file's first bytes. */
  contentType: z.string(),
  size: z.number(),
  createdAt: z.number(),
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;

export const verificationSchema = z.object({
  status: z.enum(verificationStatuses),
  /** The operator's reason when rejected. */
  reason: z.string().nullable(),
  submittedAt: z.number().nullable(),
  reviewedAt: z.number().nullable(),
  /** The merchant requires a verified identity before a withdrawal. */
  requiredForWithdrawal: z.boolean(),
  documents: z.array(verificationDocumentSchema),
});
export type Verification = z.infer<typeof verificationSchema>;

export const documentKindBodySchema = z.object({ kind: z.enum(documentKinds, { error: 'validation.unknown_value' }) });
export const verificationDocumentParamsSchema = z.object({ id: idParamSchema });

// Operators

export const adminVerificationSchema = verificationSchema.omit({ requiredForWithdrawal: true }).extend({
  memberId: z.number(),
  merchant: z.string(),
  account: z.string(),
  reviewedBy: z.string().nullable(),
});
export type AdminVerification = z.infer<typeof adminVerificationSchema>;
export const adminVerificationPageSchema = pageOf(adminVerificationSchema);

export const verificationQueueQuerySchema = pageQuerySchema.extend({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  merchant: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, 'validation.invalid')
    .optional(),
});
export type VerificationQueueQuery = z.infer<typeof verificationQueueQuerySchema>;

export const verificationMemberParamsSchema = z.object({ memberId: idParamSchema });
export const verificationAdminDocumentParamsSchema = z.object({ memberId: idParamSchema, id: idParamSchema });

export const verificationDecisionBodySchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'validation.unknown_value' }),
    reason: z.string().trim().max(VERIFICATION_REASON_MAX, 'validation.too_big').default(''),
  })
  .refine((b) => b.decision === 'approve' || b.reason.length > 0, { path: ['reason'], message: 'validation.required' });
export type VerificationDecisionBody = z.infer<typeof verificationDecisionBodySchema>;
