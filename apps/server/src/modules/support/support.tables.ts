import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';
import { operators } from '../operators/operators.tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * A player's customer-service chat with the support of their merchant: waiting in the queue, taken
 * by one operator, then closed. A player has at most one that is not closed.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** 'waiting', 'taken' or 'closed'. */
    state: text('state').notNull().default('waiting'),
    operatorId: integer('operator_id').references(() => operators.id),
    /** The sequence number of the conversation's last message; the next one is this plus one (the row's lock orders them). */
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    firstAnswerAt: timestamp('first_answer_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The player has seen the messages up to this number; it only moves forward. */
    playerReadSeq: integer('player_read_seq').notNull().default(0),
    /** Operators have seen the messages up to this number (an answer counts as seen up to it); only forward. */
    operatorReadSeq: integer('operator_read_seq').notNull().default(0),
    /** The player's satisfaction (1 to 5) once closed; set once. */
    rating: smallint('rating'),
    ratingComment: text('rating_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
  },
  (t) => [
    check('support_conversations_state', sql`${t.state} in ('waiting', 'taken', 'closed')`),
    check('support_conversations_rating', sql`${t.rating} between 1 and 5`),
    index('support_conversations_operator_idx').on(t.operatorId).where(sql`${t.state} = 'taken'`),
    uniqueIndex('support_conversations_open_member').on(t.memberId).where(sql`${t.state} <> 'closed'`),
    index('support_conversations_queue_idx').on(t.merchantId, t.state, t.createdAt),
    index('support_conversations_member_idx').on(t.memberId, t.createdAt),
  ],
);

/** The messages of a conversation, numbered 1, 2, 3... within it. Text is plain text, shown as text. */
export const supportMessages = pgTable(
  'support_messages',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    seq: integer('seq').notNull(),
    /** 'player' or 'operator'. */
    author: text('author').notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    /** The sender's id for the message: the same id sent again is the same message (idempotent send). */
    clientId: text('client_id').notNull(),
    content: text('content').notNull().default(''),
    /** 'image/png' or 'image/jpeg' when the message is an image (its bytes in support_images). */
    imageType: text('image_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.seq] }),
    uniqueIndex('support_messages_client_id').on(t.conversationId, t.author, t.clientId),
  ],
);

/** The bytes of image messages (png or jpg by their first bytes, at most 5 MB), apart so history reads never carry them. */
export const supportImages = pgTable(
  'support_images',
  {
    conversationId: integer('conversation_id').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.seq] }),
    foreignKey({ columns: [t.conversationId, t.seq], foreignColumns: [supportMessages.conversationId, supportMessages.seq] }),
  ],
);

/** Operators' private notes on a conversation: never sent to the player, never in their history or transcript. */
export const supportNotes = pgTable(
  'support_notes',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_notes_conversation_idx').on(t.conversationId, t.id)],
);

/** A merchant's canned answers for the console: a title, the text, and the text per language where written. */
export const supportCanned = pgTable(
  'support_canned',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Language code → text, for the languages it is written in. */
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    deleted: boolean('deleted').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_canned_merchant_idx').on(t.merchantId)],
);

/** A merchant's support settings; a merchant without a row has the defaults. */
export const supportSettings = pgTable('support_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  /** Open conversations one operator may hold at once. */
  capacity: integer('capacity').notNull(),
});
