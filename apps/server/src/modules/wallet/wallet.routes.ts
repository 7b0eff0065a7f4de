import {
  apiPaths,
  consolidatedSchema,
  envelopeOf,
  merchantWalletSchema,
  personalProfitQuerySchema,
  personalProfitSchema,
  transactionHistoryQuerySchema,
  transactionHistorySchema,
  transferAnswerSchema,
  transferFundBodySchema,
  transferUplineBodySchema,
  walletBalanceSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { memberOf, ok } from '../../platform/http.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { transferWalletVendors } from '../games/games.service.ts';
import { paymentSettingsOf } from '../merchants/merchants.service.ts';
import { consolidated, personalProfit, transactionHistory, transferFund, transferUpline, walletBalance } from './wallet.service.ts';

const tags = ['wallet'];

/** Balance, transfers between wallets and with the agent, and the money records. Trial accounts only read their balance. */
export const walletRoutes: FastifyPluginAsyncZod<{ db: Db; hasher: PasswordHasher }> = async (app, { db, hasher }) => {
  app.get(
    apiPaths.sumBalance,
    {
      config: { auth: 'member' },
      schema: { tags, summary: 'The header balance (sumBalance) and every wallet', response: { 200: envelopeOf(walletBalanceSchema) } },
    },
    async (request) => ok(await walletBalance(db, memberOf(request), request.merchant.currency)),
  );

  app.get(
    apiPaths.merchantWallet,
    {
      config: { auth: 'member' },
      schema: { tags, summary: "The merchant's transfer-wallet vendors", response: { 200: envelopeOf(merchantWalletSchema) } },
    },
    async (request) => {
      const vendors = await transferWalletVendors(db, request.merchant.id);
      return ok(vendors.map((v) => ({ vendor: v.code, name: v.name, gameType: v.gameType })));
    },
  );

  app.get(
    apiPaths.consolidated,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Consolidated funds: balances, turnover owed, agent flags',
        response: { 200: envelopeOf(consolidatedSchema) },
      },
    },
    async (request) => {
      const settings = await paymentSettingsOf(db, request.merchant.id);
      return ok(await consolidated(db, memberOf(request), request.merchant.currency, settings));
    },
  );

  app.post(
    apiPaths.transferFund,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'transferFund: main wallet to or from a vendor wallet (an amount, or all)',
        body: transferFundBodySchema,
        response: { 200: envelopeOf(transferAnswerSchema) },
      },
    },
    async (request) => ok(await transferFund(db, memberOf(request), request.merchant.currency, request.body)),
  );

  app.post(
    apiPaths.transferUpline,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'transferUpline: to the upline agent, or from an agent to a direct downline',
        body: transferUplineBodySchema,
        response: { 200: envelopeOf(transferAnswerSchema) },
      },
    },
    async (request) => {
      const settings = await paymentSettingsOf(db, request.merchant.id);
      return ok(await transferUpline(db, hasher, memberOf(request), request.merchant.currency, settings, request.body));
    },
  );

  app.get(
    apiPaths.transactionHistory,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'transactionHistory (account record): entries by type and period, paged, with totals',
        querystring: transactionHistoryQuerySchema,
        response: { 200: envelopeOf(transactionHistorySchema) },
      },
    },
    async (request) => ok(await transactionHistory(db, memberOf(request), request.merchant, request.query)),
  );

  app.get(
    apiPaths.personalProfit,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'personalProfit: bets, wins and profit per day and per game category',
        querystring: personalProfitQuerySchema,
        response: { 200: envelopeOf(personalProfitSchema) },
      },
    },
    async (request) => ok(await personalProfit(db, memberOf(request), request.merchant, request.query)),
  );
};
