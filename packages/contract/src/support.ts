import { z } from 'zod';
import { inboxLanguages } from './inbox.ts';
import { idParamSchema, idSchema } from './input.ts';
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
  /** POST: the player has seen the messages up to `seq` (idempotent, only moves forward). */
  read: '/wps/support/read',
  /** POST: the player is typing (throttled; nothing stored). */
  typing: '/wps/support/typing',
  /** POST: the player's rating of a closed conversation, once. */
  rating: '/wps/support/rating',
  /** GET: a plain-text transcript of one of the player's conversations. */
  transcript: '/wps/support/transcript/:conversationId',
  adminConversations: '/admin/v1/support/conversations',
  adminConversation: '/admin/v1/support/conversations/:id',
  adminTake: '/admin/v1/support/conversations/:id/take',
  adminClose: '/admin/v1/support/conversations/:id/close',
  adminMessages: '/admin/v1/support/conversations/:id/messages',
  adminImage: '/admin/v1/support/conversations/:id/images/:seq',
  /** POST: operators have seen the conversation up to `seq`. */
  adminRead: '/admin/v1/support/conversations/:id/read',
  adminTyping: '/admin/v1/support/conversations/:id/typing',
  /** GET, POST: private notes, never shown to the player. */
  adminNotes: '/admin/v1/support/conversations/:id/notes',
  /** POST: hand the conversation to another operator, or back to the queue. */
  adminTransfer: '/admin/v1/support/conversations/:id/transfer',
  /** GET: the operators who could take the conversation over. */
  adminTransferTargets: '/admin/v1/support/conversations/:id/operators',
  /** GET (a merchant's or every merchant in scope), POST. */
  adminCanned: '/admin/v1/support/canned',
  /** PUT, DELETE. */
  adminCannedOne: '/admin/v1/support/canned/:id',
  /** GET, PUT: a merchant's support settings (open conversations per operator). */
  adminSettings: '/admin/v1/support/settings/:code',
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
  /** The player has seen the messages up to this number (0: none). */
  playerReadSeq: z.number(),
  /** Operators have seen the messages up to this number; an operator's answer counts as seen up to it. */
  operatorReadSeq: z.number(),
  /** The player's satisfaction, 1 to 5, once the conversation is closed and rated. */
  rating: z.number().nullable(),
  /** The player's comment with the rating: plain text, shown as text. */
  ratingComment: z.string().nullable(),
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

export const supportReadBodySchema = z.object({
  conversationId: idSchema,
  seq: z.number({ error: 'validation.invalid' }).int().min(0).max(2_000_000_000),
});
export type SupportReadBody = z.infer<typeof supportReadBodySchema>;
export const supportOperatorReadBodySchema = supportReadBodySchema.pick({ seq: true });

/** Whether the read mark moved (false: it was already there or further). */
export const supportReadSchema = z.object({ seq: z.number(), moved: z.boolean() });
/** Whether the typing signal went out (false: one went out a moment ago, this one is folded into it). */
export const supportTypingSchema = z.object({ sent: z.boolean() });

export const SUPPORT_RATING_COMMENT_MAX = 500;
export const supportRatingBodySchema = z.object({
  conversationId: idSchema,
  score: z.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(5, 'validation.invalid'),
  comment: z
    .string()
    .max(SUPPORT_RATING_COMMENT_MAX * 2, 'validation.too_big')
    .optional(),
});
export type SupportRatingBody = z.infer<typeof supportRatingBodySchema>;
export const supportTranscriptParamsSchema = z.object({ conversationId: idParamSchema });

/** A private note of operators on a conversation: never sent to the player, never in their history or transcript. */
export const supportNoteSchema = z.object({
  id: z.number(),
  conversationId: z.number(),
  operatorName: z.string(),
  /** Plain text: shown as text. */
  content: z.string(),
  createdAt: z.number(),
});
export type SupportNote = z.infer<typeof supportNoteSchema>;
export const supportNoteBodySchema = z.object({ content: z.string().max(SUPPORT_TEXT_MAX * 2, 'validation.too_big') });
export type SupportNoteBody = z.infer<typeof supportNoteBodySchema>;
export const supportNotesSchema = z.object({ list: z.array(supportNoteSchema) });

/** `operatorId`: the operator to hand the conversation to; null puts it back in the queue. */
export const supportTransferBodySchema = z.object({ operatorId: idSchema.nullable() });
export type SupportTransferBody = z.infer<typeof supportTransferBodySchema>;
export const supportTransferTargetSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Conversations the operator holds now. */
  holding: z.number(),
  /** Whether they can take one more (their merchant's capacity per operator). */
  free: z.boolean(),
});
export type SupportTransferTarget = z.infer<typeof supportTransferTargetSchema>;
export const supportTransferTargetsSchema = z.object({ list: z.array(supportTransferTargetSchema) });

export const SUPPORT_CANNED_TITLE_MAX = 80;
/** A canned answer of a merchant: a title, the text, and the text per language where written. */
export const supportCannedSchema = z.object({
  id: z.number(),
  merchant: z.string(),
  title: z.string(),
  /** Plain text, inserted into the answer box as written. */
  content: z.string(),
  translations: z.partialRecord(z.enum(inboxLanguages), z.string()),
  updatedAt: z.number(),
});
export type SupportCanned = z.infer<typeof supportCannedSchema>;
const cannedText = z.string().trim().min(1, 'validation.required').max(SUPPORT_TEXT_MAX, 'validation.too_big');
export const supportCannedBodySchema = z.object({
  merchant: z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, 'validation.invalid'),
  title: z.string().trim().min(1, 'validation.required').max(SUPPORT_CANNED_TITLE_MAX, 'validation.too_big'),
  content: cannedText,
  translations: z.partialRecord(z.enum(inboxLanguages), cannedText).default({}),
});
export type SupportCannedBody = z.infer<typeof supportCannedBodySchema>;
export const supportCannedUpdateSchema = supportCannedBodySchema.omit({ merchant: true });
export type SupportCannedUpdate = z.infer<typeof supportCannedUpdateSchema>;
export const supportCannedQuerySchema = z.object({
  merchant: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, 'validation.invalid')
    .optional(),
});
export const supportCannedListSchema = z.object({ list: z.array(supportCannedSchema) });

/** Open conversations an operator may hold at once, when the merchant sets none. */
export const SUPPORT_DEFAULT_CAPACITY = 5;
export const supportSettingsSchema = z.object({ merchant: z.string(), capacity: z.number() });
export type SupportSettings = z.infer<typeof supportSettingsSchema>;
export const supportSettingsBodySchema = z.object({
  capacity: z
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.too_small')
    .max(50, 'validation.too_big'),
});
export const supportMerchantParamsSchema = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, 'validation.invalid') });

/**
 * What both live channels push: `ready` once the socket is in (the client then asks the history for
 * what came after its last number, so nothing falls between), a new message, or a conversation whose
 * state changed.
 */
export type SupportEvent =
  | { type: 'support.ready' }
  | { type: 'support.message'; message: SupportMessage; conversation: SupportConversation }
  | { type: 'support.conversation'; conversation: SupportConversation }
  /** A side's read mark moved (only ever forward). */
  | { type: 'support.read'; conversationId: number; side: 'player' | 'operator'; seq: number }
  /** The other side is typing: show it for a few seconds. */
  | { type: 'support.typing'; conversationId: number; side: 'player' | 'operator' }
  /** A private note (operators' channel only). */
  | { type: 'support.note'; note: SupportNote };
