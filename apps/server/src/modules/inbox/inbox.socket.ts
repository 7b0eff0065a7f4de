import { type InboxEvent, inboxPaths } from '@platform/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { type InboxNotice, messageForReader, unreadCounts } from './inbox.service.ts';

const CHANNEL = 'inbox';

/**
 * Live platform messages: the `inbox` channel of the hub at `/wps/messages/live`, for members. A
 * socket gets its unread count once in, then a push whenever a message reaches it: the inbox NOTIFYs
 * each message that became visible (sent now, or a scheduled one fallen due), on whichever node, and
 * each node counts the unread messages of its own sockets' members that the message reaches (one
 * grouped query per message, not one per socket) and pushes the count with the message.
 */
export const inboxSocket: FastifyPluginAsync<{ db: Db; directory: MerchantDirectory }> = async (app, { db, directory }) => {
  const hub = app.realtime;
  /** Members with a socket of the channel on this node, by merchant (pruned as their sockets close). */
  const connected = new Map<number, number>();

  const readerOf = async (merchantId: number) => {
    const merchant = (await directory.list()).find((m) => m.id === merchantId);
    return { lang: merchant?.langList[0] ?? 'EN', langList: merchant?.langList ?? [] };
  };

  const push = async (notice: InboxNotice) => {
    const targets: number[] = [];
    if ('memberId' in notice) {
      if (hub.member(CHANNEL, notice.memberId)) targets.push(notice.memberId);
    } else {
      for (const [memberId, merchantId] of connected) {
        if (!hub.member(CHANNEL, memberId)) connected.delete(memberId);
        else if (notice.merchantId === null || notice.merchantId === merchantId) targets.push(memberId);
      }
    }
    if (targets.length === 0) return;
    const counts = await unreadCounts(db, targets, new Date());
    const byMerchant = new Map<number, Awaited<ReturnType<typeof messageForReader>>>();
    for (const memberId of targets) {
      const merchantId = connected.get(memberId) ?? hub.member(CHANNEL, memberId)?.merchantId;
      if (merchantId === undefined) continue;
      if (!byMerchant.has(merchantId)) byMerchant.set(merchantId, await messageForReader(db, notice.id, await readerOf(merchantId)));
      const event: InboxEvent = { type: 'inbox', unread: counts.get(memberId) ?? 0, message: byMerchant.get(merchantId) };
      hub.sendTo(CHANNEL, memberId, event);
    }
  };

  hub.channel(app, CHANNEL, {
    path: inboxPaths.live,
    access: 'member',
    greet: async (member) => {
      if (!member) return undefined;
      connected.set(member.id, member.merchantId);
      const counts = await unreadCounts(db, [member.id], new Date());
      return { type: 'inbox', unread: counts.get(member.id) ?? 0 } satisfies InboxEvent;
    },
  });
  await hub.listen(CHANNEL, (payload) => {
    let notice: InboxNotice;
    try {
      notice = JSON.parse(payload) as InboxNotice;
    } catch {
      return;
    }
    push(notice).catch((err) => app.log.warn({ err }, 'inbox push failed'));
  });
};
