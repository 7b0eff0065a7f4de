import {
  envelopeOf,
  SEAMLESS_PROVIDER_HEADER,
  SEAMLESS_SIGNATURE_HEADER,
  seamlessBalanceBodySchema,
  seamlessBalanceSchema,
  seamlessBetBodySchema,
  seamlessCloseRoundBodySchema,
  seamlessMoveSchema,
  seamlessPaths,
  seamlessPlayerBodySchema,
  seamlessPlayerSchema,
  seamlessRollbackBodySchema,
  seamlessRoundSchema,
  seamlessWinBodySchema,
} from '@platform/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Gauge } from 'prom-client';
import type { Db } from '../../platform/db.ts';
import { failures, ok } from '../../platform/http.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import type { ProviderRow } from './seamless.repository.ts';
import { SeamlessWallet } from './seamless.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The raw JSON text of a seamless-wallet call, as signed by the provider. */
    rawBody?: string;
    provider?: ProviderRow;
  }
}

const tags = ['seamless wallet (for game providers)'];
const errors = failures(400, 401, 403, 404, 409);
const security = [{ providerSignature: [] }];

const guide = [
  'Called by game providers, not by the site. Every call is a POST with a JSON body and two headers:',
  '`X-Provider` (your provider code) and `X-Signature: sha256=<hex HMAC-SHA256 of the exact body bytes with your secret>`.',
  'Amounts are numbers of the player’s currency with at most two decimals.',
  'Every call carrying a `transactionId` is idempotent: the same id with the same body returns the first answer and moves nothing;',
  'the same id with a different body is refused with APP_ERR_LEDGER_DUPLICATE.',
  'Errors: 401 APP_ERR_SEAMLESS_SIGNATURE / APP_ERR_SEAMLESS_PROVIDER_UNKNOWN / APP_ERR_SEAMLESS_TOKEN_INVALID / APP_ERR_SEAMLESS_TOKEN_EXPIRED,',
  '404 APP_ERR_SEAMLESS_PLAYER_UNKNOWN, 400 APP_ERR_SEAMLESS_CURRENCY or APP_ERR_VALIDATION (with the fields),',
  '409 APP_ERR_WALLET_INSUFFICIENT_FUNDS (value: { balance, currency }).',
  'A bet the player’s own responsible-gaming tools refuse (show the player the message; nothing moved): 409 APP_ERR_STAKE_LOSS_LIMIT or',
  'APP_ERR_STAKE_WAGER_LIMIT (value: { limit: "loss" | "wager", period: "day" | "week" | "month", remaining: amount still allowed, resetsAt: ISO instant }),',
  '403 APP_ERR_STAKE_EXCLUDED (cool-off or self-exclusion; value: { until: ISO instant or null for indefinite }), 403 APP_ERR_STAKE_PLAY_BLOCKED.',
].join(' ');

function providerOf(request: FastifyRequest): ProviderRow {
  if (!request.provider) throw new Error('seamless route without provider authentication');
  return request.provider;
}

/**
 * The seamless-wallet API. Its own JSON parser keeps the raw body, which the provider's signature
 * covers; the signature is checked before the body is validated, so an unsigned caller learns nothing.
 */
export const seamlessRoutes: FastifyPluginAsyncZod<{ db: Db; directory: MerchantDirectory; writers: number }> = async (
  app,
  { db, directory, writers },
) => {
  const wallet = new SeamlessWallet(db, directory, { maxInFlight: writers });
  const stats = wallet.writer.stats;
  new Gauge({
    name: 'seamless_writes',
    help: 'Money-moving seamless calls: statements written (batches), calls they carried (items), batches rewritten call by call (fallbacks)',
    labelNames: ['count'] as const,
    registers: [app.metricsRegistry],
    collect() {
      for (const [count, value] of Object.entries(stats)) this.set({ count }, value);
    },
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('invalid JSON') as Error & { code: string; statusCode: number };
      err.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      err.statusCode = 400;
      done(err, undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    const header = (name: string) => {
      const v = request.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    request.provider = await wallet.authenticate(
      header(SEAMLESS_PROVIDER_HEADER),
      header(SEAMLESS_SIGNATURE_HEADER),
      request.rawBody ?? '',
      request.ip,
    );
  });

  app.post(
    seamlessPaths.player,
    {
      schema: {
        tags,
        security,
        summary: 'Exchange a launch token for the player',
        description: `The token comes in the game URL we open. ${guide}`,
        body: seamlessPlayerBodySchema,
        response: { 200: envelopeOf(seamlessPlayerSchema), ...errors },
      },
    },
    async (request) => ok(await wallet.player(providerOf(request), request.body.token)),
  );

  app.post(
    seamlessPaths.balance,
    {
      schema: {
        tags,
        security,
        summary: 'The player’s balance',
        description: 'Moves nothing.',
        body: seamlessBalanceBodySchema,
        response: { 200: envelopeOf(seamlessBalanceSchema), ...errors },
      },
    },
    async (request) => ok(await wallet.balance(providerOf(request), request.body.playerId)),
  );

  app.post(
    seamlessPaths.bet,
    {
      schema: {
        tags,
        security,
        summary: 'Debit a stake',
        description:
          'Needs the live launch token. Refused with 409 APP_ERR_WALLET_INSUFFICIENT_FUNDS and the balance when the player cannot afford it, ' +
          'and with 409 APP_ERR_SEAMLESS_BET_CANCELLED when a rollback of this transaction id arrived first.',
        body: seamlessBetBodySchema,
        response: { 200: envelopeOf(seamlessMoveSchema), ...errors },
      },
    },
    async (request) => ok(await wallet.bet(providerOf(request), request.body)),
  );

  app.post(
    seamlessPaths.win,
    {
      schema: {
        tags,
        security,
        summary: 'Credit a win',
        description:
          'Zero closes a lost round. Accepted after the player’s session has ended: retry it until it succeeds. ' +
          'Refused with 404 APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN (transaction does not exist), for good, when the round has no live stake ' +
          'of the player: no bet of the round reached us, or its bets were rolled back. Do not retry that answer: a repeat gets it again.',
        body: seamlessWinBodySchema,
        response: { 200: envelopeOf(seamlessMoveSchema), ...errors },
      },
    },
    async (request) => ok(await wallet.win(providerOf(request), request.body)),
  );

  app.post(
    seamlessPaths.rollback,
    {
      schema: {
        tags,
        security,
        summary: 'Refund a bet',
        description:
          'Refunds the bet `betTransactionId`. A bet we never received is recorded as cancelled (the answer moves nothing) and refused if it arrives later. ' +
          'A bet already refunded moves nothing again. A bet whose round paid a win cannot be refunded (409 APP_ERR_SEAMLESS_BET_SETTLED). ' +
          'A win is never undone: a rollback naming a win (paid, or refused for want of a live stake) is refused with 404 APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN.',
        body: seamlessRollbackBodySchema,
        response: { 200: envelopeOf(seamlessMoveSchema), ...errors },
      },
    },
    async (request) => ok(await wallet.rollback(providerOf(request), request.body)),
  );

  app.post(
    seamlessPaths.closeRound,
    {
      schema: {
        tags,
        security,
        summary: 'Close a round',
        description: 'Marks the round finished (for the betting record and wagering counts). Moves nothing.',
        body: seamlessCloseRoundBodySchema,
        response: { 200: envelopeOf(seamlessRoundSchema), ...errors },
      },
    },
    async (request) => ok(await wallet.closeRound(providerOf(request), request.body.playerId, request.body.roundId)),
  );
};
