import {
  envelopeOf,
  linkedPlayersSchema,
  memberIdParamsSchema,
  playerActionBodySchema,
  playerAddressesSchema,
  playerFlagBodySchema,
  playerFlagsSchema,
  playerLoginPageSchema,
  playerLoginsQuerySchema,
  playerLogoutSchema,
  playerNoteBodySchema,
  playerNotePageSchema,
  playerNoteSchema,
  playerNotesQuerySchema,
  playerPasswordResetSchema,
  playerPaths,
} from '@platform/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, ok } from '../../platform/http.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import type { MessageSender } from '../messaging/messaging.service.ts';
import { operatorOf } from '../operators/operators.guard.ts';
import { memberById } from './members.service.ts';
import {
  addNote,
  forceLogout,
  linkedPlayers,
  playerAddresses,
  playerLogins,
  playerNotes,
  resetPlayerPassword,
  switchPlayerFlag,
} from './player-risk.service.ts';

const tags = ['operator'];
const refusals = failures(400, 401, 403, 404, 409);

/** The back office's risk and support tools on one player (decision 0048); each route checks the player's merchant. */
export const playerRiskRoutes: FastifyPluginAsyncZod<{
  db: Db;
  directory: MerchantDirectory;
  hasher: PasswordHasher;
  sender: MessageSender;
}> = async (app, { db, directory, hasher, sender }) => {
  const memberMerchant = async (request: { params: unknown }) => ({
    id: (await memberById(db, (request.params as { memberId: number }).memberId))?.merchantId ?? null,
  });
  /** The player of the path (its merchant was checked by requireOperator). */
  const playerOf = async (request: FastifyRequest) => {
    const member = await memberById(db, (request.params as { memberId: number }).memberId);
    if (!member) throw new AppError('APP_ERR_NOT_FOUND');
    return member;
  };
  const operator = (request: FastifyRequest) => operatorOf(request).account;

  app.get(
    playerPaths.logins,
    {
      preHandler: app.requireOperator('members.read', memberMerchant),
      schema: {
        tags,
        summary: "A page of the player's logins, newest first",
        params: memberIdParamsSchema,
        querystring: playerLoginsQuerySchema,
        response: { 200: envelopeOf(playerLoginPageSchema), ...refusals },
      },
    },
    async (request) => ok(await playerLogins(db, await playerOf(request), request.query)),
  );

  app.get(
    playerPaths.addresses,
    {
      preHandler: app.requireOperator('members.read', memberMerchant),
      schema: {
        tags,
        summary: "The player's distinct addresses and devices with first and last login and count",
        params: memberIdParamsSchema,
        response: { 200: envelopeOf(playerAddressesSchema), ...refusals },
      },
    },
    async (request) => ok(await playerAddresses(db, await playerOf(request))),
  );

  app.get(
    playerPaths.linked,
    {
      preHandler: app.requireOperator('members.read', memberMerchant),
      schema: {
        tags,
        summary: 'Other players of the merchant sharing an address, a device or a payee with the player',
        params: memberIdParamsSchema,
        response: { 200: envelopeOf(linkedPlayersSchema), ...refusals },
      },
    },
    async (request) => ok(await linkedPlayers(db, await playerOf(request))),
  );

  app.put(
    playerPaths.flags,
    {
      preHandler: app.requireOperator('members.manage', memberMerchant),
      schema: {
        tags,
        summary: "Switch the player's login, deposits, withdrawals or play off or on, with a reason",
        params: memberIdParamsSchema,
        body: playerFlagBodySchema,
        response: { 200: envelopeOf(playerFlagsSchema), ...refusals },
      },
    },
    async (request) => {
      const { flag, on, reason } = request.body;
      return ok(await switchPlayerFlag(db, operator(request), await playerOf(request), flag, on, reason));
    },
  );

  app.post(
    playerPaths.logout,
    {
      preHandler: app.requireOperator('members.manage', memberMerchant),
      schema: {
        tags,
        summary: 'End every session of the player now',
        params: memberIdParamsSchema,
        body: playerActionBodySchema,
        response: { 200: envelopeOf(playerLogoutSchema), ...refusals },
      },
    },
    async (request) => ok(await forceLogout(db, operator(request), await playerOf(request), request.body.reason)),
  );

  app.post(
    playerPaths.passwordReset,
    {
      preHandler: app.requireOperator('members.manage', memberMerchant),
      schema: {
        tags,
        summary: 'Send the player a temporary password to change at the next login; every session ends',
        params: memberIdParamsSchema,
        body: playerActionBodySchema,
        response: { 200: envelopeOf(playerPasswordResetSchema), ...refusals },
      },
    },
    async (request) => {
      const member = await playerOf(request);
      const merchant = await directory.byId(member.merchantId);
      return ok(await resetPlayerPassword({ db, hasher, sender }, operator(request), merchant, member, request.body.reason));
    },
  );

  app.get(
    playerPaths.notes,
    {
      preHandler: app.requireOperator('members.read', memberMerchant),
      schema: {
        tags,
        summary: "Operators' notes on the player, newest first",
        params: memberIdParamsSchema,
        querystring: playerNotesQuerySchema,
        response: { 200: envelopeOf(playerNotePageSchema), ...refusals },
      },
    },
    async (request) => ok(await playerNotes(db, await playerOf(request), request.query)),
  );

  app.post(
    playerPaths.notes,
    {
      preHandler: app.requireOperator('members.note', memberMerchant),
      schema: {
        tags,
        summary: 'Add a private note on the player (plain text, never shown to the player)',
        params: memberIdParamsSchema,
        body: playerNoteBodySchema,
        response: { 200: envelopeOf(playerNoteSchema), ...refusals },
      },
    },
    async (request) => ok(await addNote(db, operator(request), await playerOf(request), request.body.text)),
  );
};
