import { apiPaths, envelopeOf } from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { escapeHtml, ok } from '../../platform/http.ts';
import { latestOutboxOfAll, readOutbox } from './messaging.service.ts';

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
 * The demo's window on the outbox: the latest SMS and emails of the merchant. Registered only in the
 * development and demo modes (config `mode`), since it shows live codes.
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

  // The same outbox as a page a person reads while trying the demo: every merchant, newest first.
  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await latestOutboxOfAll(db, 50);
    const cells = rows
      .map(
        (r) =>
          `<tr><td>${escapeHtml(r.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(r.merchant ?? '')}</td>` +
          `<td>${escapeHtml(r.channel)}</td><td>${escapeHtml(r.to)}</td><td>${escapeHtml(r.subject)}</td><td>${escapeHtml(r.body)}</td></tr>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Outbox (demo)</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;background:#0a0c1d;color:#e8eaf6}table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid #2a2f55;padding:6px 8px;text-align:left;vertical-align:top}th{color:#9aa3d6}td:last-child{white-space:pre-wrap}</style></head>
<body><h1>Outbox</h1><p>The SMS and e-mails the demo sent instead of a real provider, newest first (refreshes every 5 s). Never served in production.</p>
<table><thead><tr><th>Time (UTC)</th><th>Merchant</th><th>Channel</th><th>To</th><th>Subject</th><th>Message</th></tr></thead><tbody>${cells || '<tr><td colspan="6">Nothing sent yet.</td></tr>'}</tbody></table></body></html>`;
  });
};
