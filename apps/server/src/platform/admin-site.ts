import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** The back office's pages live under this prefix; its API under `/admin/v1/`, which they never shadow. */
export const adminPrefix = '/admin';
const adminApi = /^\/admin\/v1(\/|$)/;

/**
 * Serves the built back office (apps/admin/dist, built with Vite's base `/admin/`) under `/admin`:
 * its hashed assets from `/admin/assets/`, and its shell for every other page below `/admin`, so a
 * deep link (`/admin/operators`) opens the page. Paths under `/admin/v1/` are the admin API: the
 * API's own routes answer them first, and an unknown one is the API's not-found envelope, never
 * the shell. Without a build nothing is registered (an API-only node).
 */
export async function adminSite(app: FastifyInstance, dir: string | undefined): Promise<void> {
  if (!dir || !existsSync(join(dir, 'index.html'))) return;
  // Read once: the build does not change under a running server (a deploy restarts it).
  const shell = readFileSync(join(dir, 'index.html'));
  await app.register(fastifyStatic, {
    root: join(dir, 'assets'),
    prefix: `${adminPrefix}/assets/`,
    decorateReply: false,
    wildcard: false,
    // Hashed names never change.
    maxAge: '365d',
    immutable: true,
  });
  const page = async (request: { url: string }, reply: import('fastify').FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (adminApi.test(path) || /\.[a-z0-9]+$/i.test(path)) throw new AppError('APP_ERR_ROUTE_NOT_FOUND');
    return reply.type('text/html').header('cache-control', 'no-cache').send(shell);
  };
  app.get(adminPrefix, { schema: { hide: true } }, page);
  app.get(`${adminPrefix}/*`, { schema: { hide: true } }, page);
}
