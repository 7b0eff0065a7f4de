import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { agentsAdminRoutes } from './modules/agents/agents.admin.routes.ts';
import { agentsRoutes } from './modules/agents/agents.routes.ts';
import { agentsJobs } from './modules/agents/settlement.jobs.ts';
import { teamRollupJobs } from './modules/agents/team-overview.jobs.ts';
import { accounts } from './modules/auth/accounts.ts';
import { loadAuthConfig } from './modules/auth/auth.config.ts';
import { PasswordHasher } from './modules/auth/passwords.ts';
import { socketSessions } from './modules/auth/socket-sessions.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { contentAdminRoutes } from './modules/content/content.admin.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { crashJobs } from './modules/crash/crash.jobs.ts';
import { crashRoutes } from './modules/crash/crash.routes.ts';
import { crashSocket } from './modules/crash/crash.socket.ts';
import { envelopesRoutes } from './modules/envelopes/envelopes.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { gamesAdminRoutes } from './modules/games/games.admin.routes.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import { inboxJobs } from './modules/inbox/inbox.jobs.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { inboxSocket } from './modules/inbox/inbox.socket.ts';
import { inhouseJobs } from './modules/inhouse/inhouse.jobs.ts';
import { inhouseRoutes } from './modules/inhouse/inhouse.routes.ts';
import { INHOUSE, type WalletCall } from './modules/inhouse/inhouse.service.ts';
import { leaderboardsJobs } from './modules/leaderboards/leaderboards.jobs.ts';
import { leaderboardsRoutes } from './modules/leaderboards/leaderboards.routes.ts';
import { lotteryAdminRoutes } from './modules/lottery/lottery.admin.routes.ts';
import { lotteryJobs } from './modules/lottery/lottery.jobs.ts';
import { lotteryRoutes } from './modules/lottery/lottery.routes.ts';
import { lotterySocket } from './modules/lottery/lottery.socket.ts';
import { membersAdminRoutes } from './modules/members/members.admin.routes.ts';
import { playerRiskRoutes } from './modules/members/player-risk.routes.ts';
import { merchantContext } from './modules/merchants/merchant-context.ts';
import { MerchantDirectory } from './modules/merchants/merchants.service.ts';
import { OutboxSender } from './modules/messaging/messaging.service.ts';
import { missionsRoutes } from './modules/missions/missions.routes.ts';
import { operators } from './modules/operators/operators.ts';
import { paymentsJobs } from './modules/payments/payments.jobs.ts';
import { payments, paymentsWiring } from './modules/payments/payments.ts';
import { pointsJobs } from './modules/points/points.jobs.ts';
import { pointsRoutes } from './modules/points/points.routes.ts';
import { promotionsJobs } from './modules/promotions/promotions.jobs.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { wageringRoutes } from './modules/promotions/wagering.routes.ts';
import { bigWinsRoutes } from './modules/records/big-wins.routes.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { referralJobs } from './modules/referral/referral.jobs.ts';
import { referralRoutes } from './modules/referral/referral.routes.ts';
import { responsibleGamingRoutes } from './modules/responsible-gaming/rg.routes.ts';
import { findProvider } from './modules/seamless/seamless.repository.ts';
import { seamlessRoutes } from './modules/seamless/seamless.routes.ts';
import { signSeamless } from './modules/seamless/seamless.service.ts';
import { stakingJobs } from './modules/staking/staking.jobs.ts';
import { reportsJobs } from './modules/statistics/reports.jobs.ts';
import { reportsRoutes } from './modules/statistics/reports.routes.ts';
import { statisticsJobs } from './modules/statistics/statistics.jobs.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { supportSocket } from './modules/support/support.socket.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { vipJobs } from './modules/vip/vip.jobs.ts';
import { vipRoutes } from './modules/vip/vip.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { balanceSocket } from './modules/wallet/wallet.socket.ts';
import { adminSite } from './platform/admin-site.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './platform/error-handler.ts';
import { AppError } from './platform/errors.ts';
import { guardInput } from './platform/input-guard.ts';
import { metrics } from './platform/metrics.ts';
import { ReadCache } from './platform/read-cache.ts';
import { realtime } from './platform/realtime.ts';
import { securityHeaders } from './platform/security-headers.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Pino logger options, or false to keep tests quiet. */
  logger?: boolean | object;
}

/** Builds the whole HTTP application: API modules, docs, metrics and the built site. */
export async function buildApp({ config, database, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      // Never log credentials: sessions, codes and passwords travel in these.
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body.password',
        'req.body.code',
        'req.body.newPassword',
        'req.body.oldPassword',
        'req.body.confirmPassword',
        'req.body.confirmNewPassword',
        'req.body.paymentPassword',
        'req.body.verificationCode',
        'req.body.captcha',
        'req.body.altcha',
        'req.body.encrypted',
        'req.body.key',
        'req.body.token',
      ],
    },
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Refusals by Fastify's router and Node's parser answer in the envelope like every other error.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked against their schemas in tests; in service they are plain JSON, since the
  // types already guarantee their shape and the check would cost a large share of throughput.
  app.setSerializerCompiler(config.validateResponses ? serializerCompiler : () => (data) => JSON.stringify(data));
  registerErrorHandling(app);
  guardInput(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  const site = config.webDist && existsSync(join(config.webDist, 'index.html')) ? config.webDist : undefined;
  await securityHeaders(app, { siteDir: site });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Platform API',
        version: '1.0.0',
        description:
          'Every answer is the envelope { success, message, value } plus a stable `code` on failures. ' +
          'The merchant comes from the host or the `Merchant` header; the language from the `Language` header. ' +
          'Game providers: see the "seamless wallet (for game providers)" section.',
      },
      components: {
        securitySchemes: {
          providerSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Signature',
            description: '`sha256=` + hex HMAC-SHA256 of the raw body with the provider secret; the provider code goes in `X-Provider`.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(metrics);
  await app.register(compress, { threshold: 2048 });

  const directory = new MerchantDirectory(database.db, config.merchantCacheSeconds * 1000);
  await app.register(merchantContext, { directory });
  await app.register(systemRoutes, { directory });
  const cache = new ReadCache(config.merchantCacheSeconds * 1000);
  await app.register(contentRoutes, { db: database.db, cache });
  await app.register(gamesRoutes, { db: database.db, cache });
  await app.register(accounts, { db: database.db, outbox: config.mode !== 'production' });
  const authConfig = loadAuthConfig();
  // One WebSocket hub for every module's live channels, its member sockets checked against the sessions.
  await app.register(realtime, { database, sessions: socketSessions(database.db, authConfig) });
  await app.register(operators, { db: database.db, directory, hasher: new PasswordHasher(authConfig.passwordHash) });
  await app.register(walletRoutes, { db: database.db, hasher: new PasswordHasher(authConfig.passwordHash) });
  await app.register(agentsRoutes, { db: database.db, hasher: new PasswordHasher(authConfig.passwordHash) });
  await app.register(agentsAdminRoutes, { db: database.db });
  await app.register(balanceSocket, { db: database.db, directory });
  await app.register(inboxRoutes, { db: database.db, directory });
  await app.register(inboxSocket, { db: database.db, directory });
  await app.register(inboxJobs, { db: database.db, config });
  await app.register(feedbackRoutes, { db: database.db, directory });
  await app.register(supportRoutes, { db: database.db, directory });
  await app.register(supportSocket, { db: database.db });
  const paymentWiring = await paymentsWiring(app, database.db, config);
  await app.register(payments, { wiring: paymentWiring, config });
  await app.register(paymentsJobs, { wiring: paymentWiring, config });
  await app.register(seamlessRoutes, { db: database.db, directory, writers: database.kind === 'pglite' ? 1 : config.seamlessWriters });
  await app.register(catalogRoutes, { db: database.db, cache });
  await app.register(recordsRoutes, { db: database.db });
  await app.register(bigWinsRoutes, { db: database.db, cache });
  await app.register(statisticsJobs, { database, config });
  await app.register(reportsJobs, { db: database.db, directory, config });
  await app.register(agentsJobs, { db: database.db, config });
  await app.register(teamRollupJobs, { db: database.db, config });
  await app.register(wageringRoutes, { db: database.db });
  await app.register(promotionsRoutes, { db: database.db });
  await app.register(promotionsJobs, { database, config });
  await app.register(vipRoutes, { db: database.db });
  await app.register(vipJobs, { database, config });
  await app.register(referralRoutes, { db: database.db });
  await app.register(referralJobs, { database, config });
  await app.register(pointsRoutes, { db: database.db, hasher: new PasswordHasher(authConfig.passwordHash), directory });
  await app.register(missionsRoutes, { db: database.db });
  await app.register(envelopesRoutes, { db: database.db });
  await app.register(leaderboardsRoutes, { db: database.db });
  await app.register(leaderboardsJobs, { db: database.db, config });
  await app.register(pointsJobs, { database, config });
  await app.register(stakingJobs, { database, config });
  await app.register(responsibleGamingRoutes, { db: database.db });
  await app.register(verificationRoutes, { db: database.db, directory });
  await app.register(lotteryRoutes, { db: database.db, cache });
  await app.register(lotteryJobs, { db: database.db, directory, config });
  await app.register(lotterySocket);
  await app.register(lotteryAdminRoutes, { db: database.db });
  await app.register(gamesAdminRoutes, { db: database.db, cache });
  await app.register(membersAdminRoutes, { db: database.db, directory });
  await app.register(playerRiskRoutes, {
    db: database.db,
    directory,
    hasher: new PasswordHasher(authConfig.passwordHash),
    sender: new OutboxSender(database.db),
  });
  await app.register(reportsRoutes, { db: database.db, directory });
  await app.register(contentAdminRoutes, { db: database.db, directory, cache });
  // Our in-house provider calls the seamless wallet like any provider: signed, through the router.
  const inhouseSecret = (await findProvider(database.db, INHOUSE))?.secret;
  if (inhouseSecret) {
    const wallet: WalletCall = async (path, body) => {
      const payload = JSON.stringify(body);
      const res = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', 'x-provider': INHOUSE, 'x-signature': signSeamless(inhouseSecret, payload) },
        payload,
      });
      return { status: res.statusCode, body: res.json() };
    };
    await app.register(inhouseRoutes, { db: database.db, directory, wallet });
    await app.register(inhouseJobs, { db: database.db, directory, wallet, config });
    await app.register(crashRoutes, { db: database.db, directory, wallet });
    await app.register(crashSocket, { db: database.db, directory, wallet });
    await app.register(crashJobs, { db: database.db, directory, wallet, config });
  }

  // A process started by the bench (scripts/lib.mjs forkServer) says its nonce, so the bench knows it is this one.
  const benchNonce = process.env.BENCH_NONCE;
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    await database.db.execute('select 1');
    if (benchNonce) reply.header('x-bench-nonce', benchNonce);
    return { status: 'ok', database: database.kind };
  });

  // Flag images of the dialling-code picker, straight from the flag-icons package.
  const flagsDir = join(dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags', '4x3');
  await app.register(fastifyStatic, { root: flagsDir, prefix: '/flags/', decorateReply: false, maxAge: '7d' });

  await adminSite(app, config.adminDist);

  if (site) {
    await app.register(fastifyStatic, {
      root: site,
      prefix: '/',
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be fresh.
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = /^\/(wps|lgw|docs|metrics|healthz|flags|admin|sandbox)(\/|$)/.test(path);
    // Site routes (and unknown ones: the site shows its not-found screen) get the single-page shell.
    if (!isApi && site && (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', site);
    }
    throw new AppError('APP_ERR_ROUTE_NOT_FOUND');
  });

  return app;
}
