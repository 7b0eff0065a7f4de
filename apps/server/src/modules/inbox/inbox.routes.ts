import {
  envelopeOf,
  idParamSchema,
  inboxMessageSchema,
  inboxPageSchema,
  inboxPaths,
  inboxQuerySchema,
  messageIdParamsSchema,
  sendMessageBodySchema,
  sentMessageSchema,
  sentMessagesQuerySchema,
  sentMessagesSchema,
  unreadCountSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { operatorOf, scopeOf } from '../operators/operators.guard.ts';
import {
  memberMessages,
  merchantOfMessage,
  openMessage,
  readAllMessages,
  readMessage,
  removeMessage,
  sendOperatorMessage,
  sentMessages,
  unreadCount,
  withdrawMessage,
} from './inbox.service.ts';

const tags = ['messages'];
const params = z.object({ id: idParamSchema });
const done = envelopeOf(z.null());

/**
 * Platform messages (messageV2): the member's list, unread count, read and delete; operators send
 * messages to a player, a segment or everyone, and see those of the merchants in their scope.
 */
export const inboxRoutes: FastifyPluginAsyncZod<{ db: Db; directory: MerchantDirectory }> = async (app, { db, directory }) => {
  const reader = (r: { lang: string; merchant: { langList: string[] } }) => ({ lang: r.lang, langList: r.merchant.langList });

  app.get(
    inboxPaths.messages,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'My platform messages, newest first',
        querystring: inboxQuerySchema,
        response: { 200: envelopeOf(inboxPageSchema), ...failures(400, 401) },
      },
    },
    async (request) => ok(await memberMessages(db, memberOf(request).id, reader(request), request.query)),
  );

  app.get(
    inboxPaths.unreadCount,
    {
      config: { auth: 'member' },
      schema: { tags, summary: 'How many of my messages are unread', response: { 200: envelopeOf(unreadCountSchema), ...failures(401) } },
    },
    async (request) => ok({ unReadCount: await unreadCount(db, memberOf(request).id) }),
  );

  app.post(
    inboxPaths.readAll,
    {
      config: { auth: 'member' },
      schema: { tags, summary: 'Mark all my messages read', response: { 200: envelopeOf(unreadCountSchema), ...failures(401) } },
    },
    async (request) => {
      await readAllMessages(db, memberOf(request).id);
      return ok({ unReadCount: 0 });
    },
  );

  app.get(
    inboxPaths.message,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'One of my messages (marks it read)',
        params,
        response: { 200: envelopeOf(inboxMessageSchema), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await openMessage(db, memberOf(request).id, request.params.id, reader(request))),
  );

  app.post(
    inboxPaths.messageRead,
    {
      config: { auth: 'member' },
      schema: { tags, summary: 'Mark one of my messages read', params, response: { 200: done, ...failures(400, 401, 404) } },
    },
    async (request) => {
      await readMessage(db, memberOf(request).id, request.params.id);
      return ok(null);
    },
  );

  app.delete(
    inboxPaths.message,
    {
      config: { auth: 'member' },
      schema: { tags, summary: 'Delete one of my messages', params, response: { 200: done, ...failures(400, 401, 404) } },
    },
    async (request) => {
      await removeMessage(db, memberOf(request).id, request.params.id);
      return ok(null);
    },
  );

  const admin = ['operator'];
  app.post(
    inboxPaths.adminMessages,
    {
      preHandler: app.requireOperator('messages.send', (request) => {
        const body = request.body as { audience?: string; merchant?: string } | undefined;
        return body?.audience === 'all' ? 'platform' : { code: String(body?.merchant ?? '') };
      }),
      schema: {
        tags: admin,
        summary: 'Send a platform message to a player, a segment of a merchant, or every player',
        body: sendMessageBodySchema,
        response: { 200: envelopeOf(sentMessageSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await sendOperatorMessage(db, directory, operatorOf(request).account, request.body)),
  );

  app.get(
    inboxPaths.adminMessages,
    {
      preHandler: app.requireOperator('messages.read', (request) => {
        const merchant = (request.query as { merchant?: string }).merchant;
        return merchant ? { code: merchant } : 'any';
      }),
      schema: {
        tags: admin,
        summary: 'Messages sent, within my merchants',
        querystring: sentMessagesQuerySchema,
        response: { 200: envelopeOf(sentMessagesSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await sentMessages(db, directory, scopeOf(request), request.query)),
  );

  app.delete(
    inboxPaths.adminMessage,
    {
      preHandler: app.requireOperator('messages.send', async (request) => {
        const found = await merchantOfMessage(db, Number((request.params as { id?: string }).id) || 0);
        if (!found) return { id: null };
        return found.id === null ? 'platform' : found;
      }),
      schema: {
        tags: admin,
        summary: 'Withdraw a message from every player',
        params: messageIdParamsSchema.extend({ id: idParamSchema }),
        response: { 200: done, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await withdrawMessage(db, operatorOf(request).account, request.params.id);
      return ok(null);
    },
  );
};
