import {
  backofficePaths,
  envelopeOf,
  memberIdParamsSchema,
  memberPlayBodySchema,
  memberPlaySchema,
  memberProfileSchema,
  memberSearchQuerySchema,
  memberSearchSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, ok } from '../../platform/http.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { operatorOf, scopeOf } from '../operators/operators.guard.ts';
import { switchPlay } from '../staking/play-switch.service.ts';
import { memberProfile, memberSearch } from './members.admin.service.ts';
import { memberById } from './members.service.ts';

const tags = ['operator'];
const refusals = failures(400, 401, 403, 404);

/** The back office's player search, profile and play switch; a member's ledger and adjustments are the money API's. */
export const membersAdminRoutes: FastifyPluginAsyncZod<{ db: Db; directory: MerchantDirectory }> = async (app, { db, directory }) => {
  const memberMerchant = async (request: { params: unknown }) => ({
    id: (await memberById(db, (request.params as { memberId: number }).memberId))?.merchantId ?? null,
  });

  app.get(
    backofficePaths.members,
    {
      preHandler: app.requireOperator('members.read', (request) => {
        const merchant = (request.query as { merchant?: string }).merchant;
        return merchant ? { code: merchant } : 'any';
      }),
      schema: {
        tags,
        summary: 'Players by account, mobile or id (exact), newest first, in the merchants the operator acts for',
        querystring: memberSearchQuerySchema,
        response: { 200: envelopeOf(memberSearchSchema), ...refusals },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const named = request.query.merchant?.toUpperCase();
      const merchants = (await directory.list()).filter((m) => (!scope || scope.includes(m.id)) && (!named || m.code === named));
      if (named && merchants.length === 0) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
      return ok(await memberSearch(db, merchants, request.query));
    },
  );

  app.get(
    backofficePaths.member,
    {
      preHandler: app.requireOperator('members.read', memberMerchant),
      schema: {
        tags,
        summary: "A player's profile and balances",
        params: memberIdParamsSchema,
        response: { 200: envelopeOf(memberProfileSchema), ...refusals },
      },
    },
    async (request) => {
      const member = await memberById(db, request.params.memberId);
      if (!member) throw new AppError('APP_ERR_NOT_FOUND');
      return ok(await memberProfile(db, await directory.byId(member.merchantId), member));
    },
  );

  app.put(
    backofficePaths.memberPlay,
    {
      preHandler: app.requireOperator('members.manage', memberMerchant),
      schema: {
        tags,
        summary: "Switch a player's play off (every stake refused) or on again, with a reason",
        params: memberIdParamsSchema,
        body: memberPlayBodySchema,
        response: { 200: envelopeOf(memberPlaySchema), ...refusals },
      },
    },
    async (request) => {
      const member = await memberById(db, request.params.memberId);
      if (!member) throw new AppError('APP_ERR_NOT_FOUND');
      return ok(await switchPlay(db, operatorOf(request).account, member, request.body.canPlay, request.body.reason));
    },
  );
};
