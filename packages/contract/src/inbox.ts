import { z } from 'zod';
import { idSchema } from './input.ts';
import { pageOf, pageQuerySchema } from './pagination.ts';

/**
 * Platform messages (the member centre's messageV2): messages to one player, a segment of players or
 * everyone, with a read state per player. Not to be confused with the messaging module (SMS and
 * e-mail providers and their outbox).
 */
export const inboxPaths = {
  messages: '/wps/messages',
  message: '/wps/messages/:id',
  messageRead: '/wps/messages/:id/read',
  readAll: '/wps/messages/read',
  /** The spec's unread message count call (header, drop-down menu, side menu). */
  unreadCount: '/wps/messages/unreadCount',
  live: '/wps/messages/live',
  adminMessages: '/admin/v1/messages',
  adminMessage: '/admin/v1/messages/:id',
} as const;

export const inboxLanguages = ['EN', 'PT', 'FR', 'CN', 'VI', 'ID'] as const;

/** Text per language: at least one language; the reader gets theirs, then the merchant's, then any. */
const localTextSchema = (max: number) =>
  z
    .partialRecord(z.enum(inboxLanguages), z.string().trim().min(1, 'validation.required').max(max, 'validation.too_big'))
    .refine((t) => Object.keys(t).length > 0, 'validation.required');

/** Who a message reaches. */
export const audienceKinds = ['member', 'merchant', 'vip', 'team', 'country', 'all'] as const;
export type AudienceKind = (typeof audienceKinds)[number];

export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_CONTENT_MAX = 2000;

export const inboxMessageSchema = z.object({
  id: z.number(),
  /** 'system': sent by the platform (a paid withdrawal, an answered feedback); 'notice': written by an operator. */
  kind: z.enum(['system', 'notice']),
  /** Plain text: the site shows it as text, never as HTML. */
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  /** When it was published, ms since the epoch. */
  timestamp: z.number(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxQuerySchema = pageQuerySchema.extend({
  unread: z
    .enum(['0', '1'])
    .optional()
    .transform((v) => v === '1'),
});
export const inboxPageSchema = pageOf(inboxMessageSchema);
export const unreadCountSchema = z.object({ unReadCount: z.number() });

/** What the live channel pushes: the unread count, and the message that made it change, if one did. */
export const inboxEventSchema = z.object({ type: z.literal('inbox'), unread: z.number(), message: inboxMessageSchema.optional() });
export type InboxEvent = z.infer<typeof inboxEventSchema>;

export const sendMessageBodySchema = z
  .object({
    audience: z.enum(audienceKinds),
    /** The merchant (code) of every audience but 'all'. */
    merchant: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,20}$/, 'validation.invalid')
      .optional(),
    /** audience 'member': the player's account. */
    account: z.string().trim().min(1).max(64).optional(),
    /** audience 'vip': players of this VIP rank or above. */
    minRank: z.number().int().min(1).max(100).optional(),
    /** audience 'team': the agent (account) whose direct team gets it. */
    agent: z.string().trim().min(1).max(64).optional(),
    /** audience 'country': players whose bound mobile has this dialling code, e.g. +55. */
    countryDialingCode: z
      .string()
      .regex(/^\+\d{1,4}$/, 'validation.invalid')
      .optional(),
    title: localTextSchema(MESSAGE_TITLE_MAX),
    content: localTextSchema(MESSAGE_CONTENT_MAX),
    /** When it appears (ms since the epoch); now when absent. */
    publishAt: z.number().int().min(0).max(8_640_000_000_000).optional(),
    expiresAt: z.number().int().min(0).max(8_640_000_000_000).optional(),
  })
  .superRefine((b, ctx) => {
    const need = (field: 'merchant' | 'account' | 'minRank' | 'agent' | 'countryDialingCode') => {
      if (b[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    };
    if (b.audience !== 'all') need('merchant');
    if (b.audience === 'member') need('account');
    if (b.audience === 'vip') need('minRank');
    if (b.audience === 'team') need('agent');
    if (b.audience === 'country') need('countryDialingCode');
    if (b.expiresAt !== undefined && b.expiresAt <= (b.publishAt ?? Date.now())) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'validation.invalid' });
    }
  });
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

export const sentMessageSchema = z.object({
  id: z.number(),
  kind: z.enum(['system', 'notice']),
  audience: z.enum(audienceKinds),
  merchant: z.string().nullable(),
  target: z.string().nullable(),
  title: z.record(z.string(), z.string()),
  content: z.record(z.string(), z.string()),
  publishAt: z.number(),
  expiresAt: z.number().nullable(),
  createdBy: z.string(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;
export const sentMessagesQuerySchema = pageQuerySchema.extend({
  merchant: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, 'validation.invalid')
    .optional(),
});
export const sentMessagesSchema = pageOf(sentMessageSchema);
export const messageIdParamsSchema = z.object({ id: idSchema });
