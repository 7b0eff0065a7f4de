import { z } from 'zod';
import { idParamSchema } from './input.ts';
import { pageOf, pageQuerySchema } from './pagination.ts';

/**
 * The live customer-service chat (decision 0031): a player's conversation with the support of their
 * merchant, its messages with a per-conversation sequence number, and the operators' console.
 */
export const supportPaths = {
  /** GET: the player's current (or latest) conversation and a page of its messages. */
  messages: '/wps/support/messages',
  /** POST, multipart: `clientId` and one png/jpg `image`. */
  images: '/wps/support/images',
  image: '/wps/support/images/:conversationId/:seq',
  /** The player's live channel. */
  live: '/wps/support/live',
  adminConversations: '/admin/v1/support/conversations',
  adminConversation: '/admin/v1/support/conversations/:id',
  adminTake: '/admin/v1/support/conversations/:id/take',
  adminClose: '/admin/v1/support/conversations/:id/close',
  adminMessages: '/admin/v1/support/conversations/:id/messages',
  adminImage: '/admin/v1/support/conversations/:id/images/:seq',
  /** The operators' live channel: outside /admin/v1 (every route there takes its credential from a header, which a browser's WebSocket cannot send). */
  operatorLive: '/admin-live/support',
} as const;

/** The longest text message, in characters (it travels whole in a NOTIFY, whose payload is under 8,000 bytes). */
export const SUPPORT_TEXT_MAX = 1000;
export const SUPPORT_IMAGE_MAX_MB = 5;
export const supportStates = ['waiting', 'taken', 'closed'] as const;
export type SupportState = (typeof supportStates)[number];

export const supportMessageSchema = z.object({
  conversationId: z.number(),
  /** 1, 2, 3... within the conversation: a client that reconnects asks for what came after the last one it has. */
  seq: z.number(),
  author: z.enum(['player', 'operator']),
  /** The operator's display name on their messages. */
  operatorName: z.string().nullable(),
  /** Plain text: shown as text, never as HTML. */
  content: z.string(),
  /** 'image/png' or 'image/jpeg' when the message is an image. */
  image: z.string().nullable(),
  /** The sender's own id for the message: sending it again returns the same message. */
  clientId: z.string(),
  createdAt: z.number(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportConversationSchema = z.object({
  id: z.number(),
  merchant: z.string(),
  account: z.string(),
  /** The player's VIP level as the site shows it (rank minus 1). */
  vipLevel: z.number(),
  state: z.enum(supportStates),
  operatorId: z.number().nullable(),
  operatorName: z.string().nullable(),
  lastSeq: z.number(),
  createdAt: z.number(),
  takenAt: z.number().nullable(),
  firstAnswerAt: z.number().nullable(),
  closedAt: z.number().nullable(),
  lastMessageAt: z.number(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.invalid');

export const supportTextBodySchema = z.object({
  clientId: clientIdSchema,
  content: z.string().max(SUPPORT_TEXT_MAX * 2, 'validation.too_big'),
});
export type SupportTextBody = z.infer<typeof supportTextBodySchema>;
export const supportClientIdSchema = clientIdSchema;

/** A page of history: `before` a sequence number (older, newest first page when absent) or everything `after` one (what a reconnecting client missed). */
export const supportHistoryQuerySchema = z.object({
  before: z.coerce.number().int().min(1).max(2_000_000_000).optional(),
  after: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type SupportHistoryQuery = z.infer<typeof supportHistoryQuerySchema>;

export const supportHistorySchema = z.object({
  conversation: supportConversationSchema.nullable(),
  /** Oldest first. */
  messages: z.array(supportMessageSchema),
  /** Whether older messages than the first of `messages` exist. */
  hasMore: z.boolean(),
});
export type SupportHistory = z.infer<typeof supportHistorySchema>;

export const supportConversationsQuerySchema = pageQuerySchema.extend({
  state: z.enum(supportStates).default('waiting'),
  merchant: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, 'validation.invalid')
    .optional(),
});
export const supportConversationPageSchema = pageOf(supportConversationSchema);
export const supportIdParamsSchema = z.object({ id: idParamSchema });
export const supportImageParamsSchema = z.object({ id: idParamSchema, seq: idParamSchema });
export const supportPlayerImageParamsSchema = z.object({ conversationId: idParamSchema, seq: idParamSchema });

/**
 * What both live channels push: `ready` once the socket is in (the client then asks the history for
 * what came after its last number, so nothing falls between), a new message, or a conversation whose
 * state changed.
 */
export type SupportEvent =
  | { type: 'support.ready' }
  | { type: 'support.message'; message: SupportMessage; conversation: SupportConversation }
  | { type: 'support.conversation'; conversation: SupportConversation };
