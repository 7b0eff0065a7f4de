import {
  apiPaths,
  envelopeOf,
  errorEnvelopeSchema,
  loginHistoryQuerySchema,
  loginHistorySchema,
  memberIconSchema,
  memberInfoSchema,
  nicknameBodySchema,
  securityOverviewSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { memberOf, ok } from '../../platform/http.ts';
import { hasAuthenticator } from '../auth/two-factor.ts';
import { loginHistory, memberIcon, memberInfo, securityOverview, setNickname } from './members.service.ts';

const tags = ['members'];

/** The member's own information and security centre. Trial accounts read their info but nothing else. */
export const membersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    apiPaths.memberInfo,
    { config: { auth: 'member' }, schema: { tags, summary: 'The logged-in member', response: { 200: envelopeOf(memberInfoSchema) } } },
    async (request) => ok(await memberInfo(db, memberOf(request))),
  );

  app.get(
    apiPaths.memberIcon,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'The member’s avatar: an image made from the name on the member’s colour, with the VIP level shown beside it',
        response: { 200: envelopeOf(memberIconSchema), 401: errorEnvelopeSchema },
      },
    },
    async (request) => ok(memberIcon(memberOf(request))),
  );

  app.get(
    apiPaths.securityOverview,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Security centre: what is bound and when the password changed',
        response: { 200: envelopeOf(securityOverviewSchema) },
      },
    },
    async (request) => {
      const member = memberOf(request);
      return ok({ ...securityOverview(member), authenticator: await hasAuthenticator(db, member.id) });
    },
  );

  app.put(
    apiPaths.nickname,
    {
      config: { auth: 'real' },
      schema: { tags, summary: 'Change the nickname', body: nicknameBodySchema, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await setNickname(db, memberOf(request).id, request.body.nickname);
      return ok(null);
    },
  );

  app.get(
    apiPaths.loginHistory,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Latest logins with time, IP and country',
        querystring: loginHistoryQuerySchema,
        response: { 200: envelopeOf(loginHistorySchema) },
      },
    },
    async (request) => ok(await loginHistory(db, memberOf(request), request.query.pageSize)),
  );
};
