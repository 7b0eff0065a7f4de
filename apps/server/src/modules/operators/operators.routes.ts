import {
  adminPaths,
  apiKeyListSchema,
  apiKeySchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  createOperatorBodySchema,
  envelopeOf,
  operatorIdParamsSchema,
  operatorListSchema,
  operatorLoginBodySchema,
  operatorMeSchema,
  operatorPasswordBodySchema,
  operatorSchema,
  operatorTotpBodySchema,
  operatorTotpSetupSchema,
  signInSchema,
  signInStepSchema,
  updateOperatorBodySchema,
} from '@platform/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok } from '../../platform/http.ts';
import { auditRoutes } from './audit.routes.ts';
import { operatorOf } from './operators.guard.ts';
import {
  apiKeysFor,
  type Caller,
  changeOperator,
  changePassword,
  createApiKey,
  createOperator,
  enrolTotp,
  me,
  type OperatorDeps,
  operatorsFor,
  revokeKey,
  setUpTotp,
  signIn,
  signOut,
  verifyTotp,
} from './operators.service.ts';

const tags = ['operator'];
const refusals = failures(400, 401, 403, 404, 409, 423, 429);
const callerOf = (request: FastifyRequest): Caller => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

/** Operators' sign-in, their accounts and their API keys (the guard, `requireOperator`, is registered before). */
export const operatorsRoutes: FastifyPluginAsyncZod<OperatorDeps> = async (app, deps) => {
  app.post(
    adminPaths.login,
    {
      schema: {
        tags,
        summary: 'Sign in with the password: a token for the next step (password change, authenticator enrolment or code)',
        body: operatorLoginBodySchema,
        response: { 200: envelopeOf(signInSchema), ...refusals },
      },
    },
    async (request) => ok(await signIn(deps, request.body, callerOf(request))),
  );

  app.post(
    adminPaths.password,
    {
      preHandler: app.requireSignInStep(['change_password', 'done']),
      schema: {
        tags,
        summary: 'Change the password: forced at a first sign-in, or with the current password once signed in',
        body: operatorPasswordBodySchema,
        response: { 200: envelopeOf(signInStepSchema), ...refusals },
      },
    },
    async (request) => ok(await changePassword(deps, operatorOf(request), request.body, callerOf(request))),
  );

  app.post(
    adminPaths.totpSetup,
    {
      preHandler: app.requireSignInStep(['enrol_totp']),
      schema: {
        tags,
        summary: 'A new authenticator secret to enrol (QR code)',
        response: { 200: envelopeOf(operatorTotpSetupSchema), ...refusals },
      },
    },
    async (request) => ok(await setUpTotp(deps, operatorOf(request))),
  );

  app.post(
    adminPaths.totpEnrol,
    {
      preHandler: app.requireSignInStep(['enrol_totp']),
      schema: {
        tags,
        summary: 'Put the authenticator in force with one of its codes (completes the sign-in)',
        body: operatorTotpBodySchema,
        response: { 200: envelopeOf(signInStepSchema), ...refusals },
      },
    },
    async (request) => ok(await enrolTotp(deps, operatorOf(request), request.body.code)),
  );

  app.post(
    adminPaths.totp,
    {
      preHandler: app.requireSignInStep(['totp']),
      schema: {
        tags,
        summary: "The sign-in's second step: the authenticator's current code, accepted once",
        body: operatorTotpBodySchema,
        response: { 200: envelopeOf(signInStepSchema), ...refusals },
      },
    },
    async (request) => ok(await verifyTotp(deps, operatorOf(request), request.body.code, callerOf(request))),
  );

  app.post(
    adminPaths.logout,
    {
      preHandler: app.requireSignInStep(['change_password', 'enrol_totp', 'totp', 'done']),
      schema: { tags, summary: 'End this session', response: { 200: envelopeOf(z.object({ loggedOut: z.boolean() })), ...refusals } },
    },
    async (request) => ok(await signOut(deps, operatorOf(request))),
  );

  app.get(
    adminPaths.me,
    {
      preHandler: app.requireOperator(null),
      schema: {
        tags,
        summary: 'The signed-in operator, how they came and what they may do',
        response: { 200: envelopeOf(operatorMeSchema), ...refusals },
      },
    },
    async (request) => ok(await me(deps, operatorOf(request))),
  );

  app.get(
    adminPaths.operators,
    {
      preHandler: app.requireOperator('operators.read'),
      schema: { tags, summary: 'Operators within the caller’s merchants', response: { 200: envelopeOf(operatorListSchema), ...refusals } },
    },
    async (request) => ok(await operatorsFor(deps, operatorOf(request))),
  );

  app.post(
    adminPaths.operators,
    {
      preHandler: app.requireOperator('operators.manage'),
      schema: {
        tags,
        summary: 'Create an operator with a first password (changed at their first sign-in)',
        body: createOperatorBodySchema,
        response: { 200: envelopeOf(operatorSchema), ...refusals },
      },
    },
    async (request) => ok(await createOperator(deps, operatorOf(request), request.body)),
  );

  app.patch(
    adminPaths.operator,
    {
      preHandler: app.requireOperator('operators.manage'),
      schema: {
        tags,
        summary: 'Change an operator: name, role, merchants, disabled, a new first password, a new authenticator',
        params: operatorIdParamsSchema,
        body: updateOperatorBodySchema,
        response: { 200: envelopeOf(operatorSchema), ...refusals },
      },
    },
    async (request) => ok(await changeOperator(deps, operatorOf(request), request.params.id, request.body)),
  );

  app.get(
    adminPaths.apiKeys,
    {
      preHandler: app.requireOperator('apikeys.manage'),
      schema: { tags, summary: 'The caller’s API keys', response: { 200: envelopeOf(apiKeyListSchema), ...refusals } },
    },
    async (request) => ok(await apiKeysFor(deps, operatorOf(request))),
  );

  app.post(
    adminPaths.apiKeys,
    {
      preHandler: app.requireOperator('apikeys.manage'),
      schema: {
        tags,
        summary: 'Create a personal API key (shown once; it acts with the caller’s role and merchants)',
        body: createApiKeyBodySchema,
        response: { 200: envelopeOf(createdApiKeySchema), ...refusals },
      },
    },
    async (request) => ok(await createApiKey(deps, operatorOf(request), request.body.name)),
  );

  app.delete(
    adminPaths.apiKey,
    {
      preHandler: app.requireOperator('apikeys.manage'),
      schema: {
        tags,
        summary: 'Revoke one of the caller’s API keys',
        params: operatorIdParamsSchema,
        response: { 200: envelopeOf(apiKeySchema), ...refusals },
      },
    },
    async (request) => ok(await revokeKey(deps, operatorOf(request), request.params.id)),
  );

  await app.register(auditRoutes, deps);
};
