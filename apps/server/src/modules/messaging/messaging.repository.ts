import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { outbox } from './messaging.tables.ts';

export type OutboxRow = typeof outbox.$inferSelect;

export async function insertOutbox(db: Db, row: typeof outbox.$inferInsert): Promise<void> {
  await db.insert(outbox).values(row);
}

/** The merchant's latest messages, newest first, optionally to one address. */
export function latestOutbox(db: Db, merchantId: number, opts: { to?: string; channel?: string; limit: number }): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.merchantId, merchantId),
        opts.to ? eq(outbox.to, opts.to) : undefined,
        opts.channel ? eq(outbox.channel, opts.channel) : undefined,
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(opts.limit);
}

/** The latest messages of every merchant: the dev page's list. */
export function latestOutboxAll(db: Db, limit: number) {
  return db
    .select({
      id: outbox.id,
      merchantId: outbox.merchantId,
      channel: outbox.channel,
      to: outbox.to,
      subject: outbox.subject,
      body: outbox.body,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(limit);
}
