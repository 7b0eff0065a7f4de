import { apiPaths, envelopeOf } from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { ok } from '../../platform/http.ts';
import { readOutbox } from './messaging.service.ts';

const outboxQuerySchema = z.object({
  /** Only messages to this number (E.164) or address. */
  to: z.string().max(254).optional(),
  channel: z.enum(['sms', 'email']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const outboxMessageSchema = z.object({
  id: z.number(),
  channel: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Epoch ms. */
  createdAt: z.number(),
});

/**
 * The demo's window on the outbox: the latest SMS and emails of the merchant. Registered only when
 * DEMO_OUTBOX=1 or outside production (NODE_ENV !== 'production'), since it shows live codes.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    apiPaths.devOutbox,
    {
      schema: {
        tags: ['dev'],
        summary: 'Latest SMS and emails of the merchant (demo only, never in production)',
        querystring: outboxQuerySchema,
        response: { 200: envelopeOf(z.array(outboxMessageSchema)) },
      },
    },
    async (request) => {
      const rows = await readOutbox(db, request.merchant.id, request.query);
      return ok(rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() })));
    },
  );
};

/** Whether the dev outbox route is served: DEMO_OUTBOX=1, or any environment but production. */
export function outboxRouteEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DEMO_OUTBOX === '1' || env.NODE_ENV !== 'production';
}
