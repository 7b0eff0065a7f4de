import formbody from '@fastify/formbody';
import {
  affiliateAnswerSchema,
  affiliateCheckSchema,
  altchaChallengeSchema,
  apiPaths,
  bindEmailBodySchema,
  bindMobileBodySchema,
  captchaSchema,
  changePasswordBodySchema,
  codeSentSchema,
  envelopeOf,
  forgotByEmailBodySchema,
  forgotByPhoneBodySchema,
  freePlayBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  publicKeySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  secondStepBodySchema,
  secondStepSendBodySchema,
  sendEmailCodeBodySchema,
  sendSmsBodySchema,
  totpCodeBodySchema,
  totpSetupSchema,
} from '@platform/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { throttle } from '../../platform/attempts.ts';
import { memberOf, ok } from '../../platform/http.ts';
import { bindEmail, bindMobile, changePassword, sendBindEmail, sendBindSms } from '../members/security.service.ts';
import type { AuthDeps, Caller } from './account-rules.ts';
import { newAltchaChallenge, newCaptcha } from './bot-check.ts';
import { freePlay, login, loginSecondStep } from './login.service.ts';
import { forgotByEmail, forgotByPhone, resetPassword } from './recovery.service.ts';
import { checkAffiliate, register, sendSmsCode } from './registration.service.ts';
import { decryptBodies } from './server-keys.ts';
import { closeSession } from './sessions.ts';
import { disableTotp, enableTotp, sendSecondStepCode, setUpTotp } from './two-factor.ts';

const tags = ['accounts'];
const done = envelopeOf(z.null());

/** The site's device id as sent: 16 to 64 URL-safe characters, else none (it is a hint for operators, never a credential). */
const deviceOf = (header: string | string[] | undefined) =>
  typeof header === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(header) ? header : '';

/** The caller of a request, as the account services need it. */
export function callerOf(request: FastifyRequest): Caller {
  return {
    merchant: request.merchant,
    lang: request.lang,
    location: request.location,
    userAgent: request.headers['user-agent'] ?? '',
    device: deviceOf(request.headers.device),
    origin: `${request.protocol}://${request.host}`,
  };
}

/** Login, registration, sessions, codes, captchas and passwords. */
export const authRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  const { db, config, keys } = deps;
  // Sensitive bodies may come encrypted with the published key; they are decrypted before validation.
  app.addHook('preValidation', decryptBodies(keys));
  // The forgot-by-email form is posted form-encoded.
  await app.register(formbody);

  app.get(
    apiPaths.publicKey,
    { schema: { tags, summary: 'RSA public key for encrypted bodies', response: { 200: envelopeOf(publicKeySchema) } } },
    async () => ok(keys.publicKey),
  );

  app.get(
    apiPaths.captcha,
    { schema: { tags, summary: 'A new captcha image (single use, 5 minutes)', response: { 200: envelopeOf(captchaSchema) } } },
    async (request) => {
      await throttle(db, `captcha:ip:${request.location.ip}`, { windowMs: 60_000, limit: 30 });
      return ok(await newCaptcha(db, request.merchant.id, config));
    },
  );

  app.get(
    apiPaths.altchaChallenge,
    {
      schema: { tags, summary: 'An ALTCHA proof-of-work challenge (the bot check)', response: { 200: envelopeOf(altchaChallengeSchema) } },
    },
    async () => ok(await newAltchaChallenge(keys, config)),
  );

  app.post(
    apiPaths.login,
    {
      schema: {
        tags,
        summary: 'Log in by username and password (bot check, captcha after failures) or by SMS code',
        body: loginBodySchema,
        response: { 200: envelopeOf(loginAnswerSchema) },
      },
    },
    async (request) => ok(await login(deps, callerOf(request), request.body, 'member')),
  );

  app.post(
    apiPaths.loginSecondStep,
    {
      schema: {
        tags,
        summary: 'Second step of a login from a new address (LOGIN2FA3): a code by SMS or e-mail, or the authenticator app',
        description: 'The first step answers 403 APP_ERR_AUTH_SECOND_STEP with { challengeId, methods, mobile, email } (masked).',
        body: secondStepBodySchema,
        response: { 200: envelopeOf(loginAnswerSchema) },
      },
    },
    async (request) => ok(await loginSecondStep(deps, callerOf(request), request.body)),
  );

  app.post(
    apiPaths.loginSecondStepSend,
    {
      schema: {
        tags,
        summary: 'Send the second step’s code by SMS or e-mail',
        body: secondStepSendBodySchema,
        response: { 200: envelopeOf(codeSentSchema) },
      },
    },
    async (request) => ok(await sendSecondStepCode(deps, callerOf(request), request.body.challengeId, request.body.method)),
  );

  app.post(
    apiPaths.totp,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: its secret and otpauth address',
        response: { 200: envelopeOf(totpSetupSchema) },
      },
    },
    async (request) => ok(await setUpTotp(deps.db, memberOf(request), request.merchant.theme.brandName)),
  );

  app.post(
    apiPaths.totpEnable,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Put the authenticator app in force with one of its codes',
        body: totpCodeBodySchema,
        response: { 200: envelopeOf(z.object({ enabled: z.literal(true) })) },
      },
    },
    async (request) => ok(await enableTotp(deps.db, memberOf(request), request.merchant.theme.brandName, request.body.code)),
  );

  app.post(
    apiPaths.totpDisable,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Remove the authenticator app with one of its codes',
        body: totpCodeBodySchema,
        response: { 200: envelopeOf(z.object({ enabled: z.literal(false) })) },
      },
    },
    async (request) => ok(await disableTotp(deps.db, memberOf(request), request.merchant.theme.brandName, request.body.code)),
  );

  app.post(
    apiPaths.agentLogin,
    {
      schema: {
        tags,
        summary: 'Log in to the agent area: agents only (error_not_agent)',
        body: loginBodySchema,
        response: { 200: envelopeOf(loginAnswerSchema) },
      },
    },
    async (request) => ok(await login(deps, callerOf(request), request.body, 'agent')),
  );

  app.post(
    apiPaths.freePlayLogin,
    {
      schema: {
        tags,
        summary: 'Free play: a trial account, logged in (FREEPLAY3)',
        body: freePlayBodySchema.nullish(),
        response: { 200: envelopeOf(loginAnswerSchema) },
      },
    },
    async (request) => ok(await freePlay(deps, callerOf(request))),
  );

  app.delete(
    apiPaths.logout,
    { config: { auth: 'member' }, schema: { tags, summary: 'End the current session', response: { 200: done } } },
    async (request) => {
      if (request.session) await closeSession(db, request.session);
      return ok(null);
    },
  );

  for (const [url, mode] of [
    [apiPaths.register, 'username'],
    [apiPaths.registerMobile, 'mobile'],
  ] as const) {
    app.route({
      method: ['PUT', 'POST'],
      url,
      schema: {
        tags,
        summary: mode === 'username' ? 'Register with a username and password' : 'Register with a mobile number',
        body: registerBodySchema,
        response: { 200: envelopeOf(loginAnswerSchema) },
      },
      handler: async (request) => ok(await register(deps, callerOf(request), request.body, mode)),
    });
  }

  app.get(
    apiPaths.affiliateCheck,
    {
      schema: {
        tags,
        summary: 'Check an affiliate code',
        querystring: affiliateCheckSchema,
        response: { 200: envelopeOf(affiliateAnswerSchema) },
      },
    },
    async (request) => ok(await checkAffiliate(deps, callerOf(request), request.query.code)),
  );
  app.post(
    apiPaths.affiliateCheck,
    {
      schema: {
        tags,
        summary: 'Check an affiliate code',
        body: affiliateCheckSchema,
        response: { 200: envelopeOf(affiliateAnswerSchema) },
      },
    },
    async (request) => ok(await checkAffiliate(deps, callerOf(request), request.body.code)),
  );

  for (const [url, purpose] of [
    [apiPaths.smsCodeNoLogin, 'nologin'],
    [apiPaths.smsCodeRegister, 'register'],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: purpose === 'register' ? 'Send a registration SMS code' : 'Send an SMS code for SMS login or reset by phone',
          body: sendSmsBodySchema,
          response: { 200: envelopeOf(codeSentSchema) },
        },
      },
      async (request) => ok(await sendSmsCode(deps, callerOf(request), request.body, purpose)),
    );
  }

  app.post(
    apiPaths.smsCodeBind,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Send a code to a mobile number to bind',
        body: sendSmsBodySchema,
        response: { 200: envelopeOf(codeSentSchema) },
      },
    },
    async (request) => ok(await sendBindSms(deps, callerOf(request), memberOf(request), request.body)),
  );

  app.post(
    apiPaths.emailCodeBind,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Send a code to an email address to bind',
        body: sendEmailCodeBodySchema,
        response: { 200: envelopeOf(codeSentSchema) },
      },
    },
    async (request) => ok(await sendBindEmail(deps, callerOf(request), memberOf(request), request.body.email)),
  );

  app.put(
    apiPaths.bindMobile,
    {
      config: { auth: 'real' },
      schema: { tags, summary: 'Bind or change the mobile number with its code', body: bindMobileBodySchema, response: { 200: done } },
    },
    async (request) => {
      await bindMobile(deps, callerOf(request), memberOf(request), request.body);
      return ok(null);
    },
  );

  app.put(
    apiPaths.bindEmail,
    {
      config: { auth: 'real' },
      schema: { tags, summary: 'Bind or change the email with its code', body: bindEmailBodySchema, response: { 200: done } },
    },
    async (request) => {
      await bindEmail(deps, callerOf(request), memberOf(request), request.body);
      return ok(null);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: apiPaths.changePassword,
    config: { auth: 'real' },
    schema: { tags, summary: 'Change the password; other sessions end', body: changePasswordBodySchema, response: { 200: done } },
    handler: async (request) => {
      await changePassword(deps, callerOf(request), memberOf(request), request.session, request.body);
      return ok(null);
    },
  });

  app.post(
    apiPaths.forgotPasswordByEmail,
    {
      schema: {
        tags,
        summary: 'Forgot password: email a reset link (form-encoded username and email)',
        body: forgotByEmailBodySchema,
        response: { 200: envelopeOf(z.object({ sent: z.literal(true) })) },
      },
    },
    async (request) => ok(await forgotByEmail(deps, callerOf(request), request.body)),
  );

  app.post(
    apiPaths.resetPassword,
    { schema: { tags, summary: 'Set a new password from an emailed reset link', body: resetPasswordBodySchema, response: { 200: done } } },
    async (request) => {
      await resetPassword(deps, callerOf(request), request.body);
      return ok(null);
    },
  );

  app.post(
    apiPaths.forgotPasswordByPhone,
    {
      schema: {
        tags,
        summary: 'Forgot password: set a new one with an SMS code and log in (CHNGPASSVERIF3)',
        body: forgotByPhoneBodySchema,
        response: { 200: envelopeOf(loginAnswerSchema) },
      },
    },
    async (request) => ok(await forgotByPhone(deps, callerOf(request), request.body)),
  );
};
