// Helpers for the money tests: a logged-in player of a merchant, deposits paid through the sandbox's
// page, signed webhooks. Never imported by the application.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadAuthConfig } from '../src/modules/auth/auth.config.ts';
import { getOrCreateSecret } from '../src/modules/auth/auth.repository.ts';
import { PasswordHasher } from '../src/modules/auth/passwords.ts';
import { createMember } from '../src/modules/members/members.service.ts';
import { merchantByCode } from '../src/modules/merchants/merchants.service.ts';
import { signatureHeader, signSandbox } from '../src/modules/payments/sandbox.provider.ts';
import type { Db } from '../src/platform/db.ts';
import { freshIp, lastCode, tokenOf } from './auth.ts';

let nextRequest = 0;
/** A fresh client request id. */
export const rid = (prefix = 'req') => `${prefix}-${process.pid}-${Date.now().toString(36)}-${nextRequest++}`;

export interface Player {
  token: string;
  merchant: string;
  headers: Record<string, string>;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/** Logs a demo account in and returns a caller bound to its session and merchant. */
export async function player(app: FastifyInstance, account: string, password: string, merchant = 'BRAZIL'): Promise<Player> {
  const token = await tokenOf(app, account, password, { merchant });
  const headers = { authorization: `Bearer ${token}`, merchant };
  return {
    token,
    merchant,
    headers,
    call: (method, url, payload) => app.inject({ method, url, headers, payload: payload as never, remoteAddress: freshIp() }),
  };
}

let nextMobile = 0;
/** A fresh player of a merchant (with a bound mobile number, optionally under an upline) and its caller. */
export async function newPlayer(
  app: FastifyInstance,
  db: Db,
  merchant = 'BRAZIL',
  opts: { uplineId?: number; type?: number } = {},
): Promise<Player & { account: string; id: number; mobile: string }> {
  const m = await merchantByCode(db, merchant);
  if (!m) throw new Error(`no merchant ${merchant}`);
  const account = `p${process.pid % 1000}x${Date.now().toString(36).slice(-5)}${nextRequest++}`;
  nextMobile++;
  const mobile =
    merchant === 'BRAZIL'
      ? `+55119${String(70_000_000 + nextMobile * 7 + (process.pid % 7)).slice(-8)}`
      : `+22177${String(1_000_000 + nextMobile * 7).slice(-7)}`;
  const hasher = new PasswordHasher(loadAuthConfig().passwordHash);
  const row = await createMember(db, {
    merchantId: m.id,
    account,
    passwordHash: await hasher.hash('Secret123'),
    passwordChangedAt: new Date(),
    mobile,
    countryDialingCode: merchant === 'BRAZIL' ? '+55' : '+221',
    mobileVerifiedAt: new Date(),
    uplineId: opts.uplineId ?? null,
    type: opts.type ?? 0,
  });
  const p = await player(app, account, 'Secret123', merchant);
  return { ...p, account, id: row.id, mobile };
}

/** Opens a deposit and has the person on the sandbox page approve, decline or expire it. */
export async function payDeposit(app: FastifyInstance, p: Player, body: object, action: 'approve' | 'decline' | 'expire' = 'approve') {
  const res = await p.call('POST', '/wps/depositv2', { requestId: rid('dep'), ...body });
  if (res.statusCode !== 200) throw new Error(`deposit failed: ${res.body}`);
  const deposit = res.json().value;
  const id = new URL(deposit.payUrl).pathname.split('/').pop();
  const settled = await app.inject({ method: 'POST', url: `/sandbox/pay/${id}/${action}` });
  if (settled.statusCode !== 303) throw new Error(`sandbox ${action} failed: ${settled.body}`);
  return { deposit, providerRef: id as string };
}

/** A webhook body signed with the sandbox's key, as the provider sends it. */
export async function signedWebhook(db: Db, event: object): Promise<{ payload: string; headers: Record<string, string> }> {
  const secret = await getOrCreateSecret(db, 'sandbox-payments-hmac', async () => {
    throw new Error('sandbox key missing');
  });
  const payload = JSON.stringify(event);
  return { payload, headers: { 'content-type': 'application/json', [signatureHeader]: signSandbox(secret, payload) } };
}

/** Sets the payment password of a player. */
export async function setPaymentPassword(p: Player, password = '246810'): Promise<void> {
  const res = await p.call('PUT', '/wps/member/paymentPassword', { newPaymentPassword: password, confirmPaymentPassword: password });
  if (res.statusCode !== 200) throw new Error(`payment password failed: ${res.body}`);
}

/** Binds a withdrawal account with the code sent to the player's own phone or email. */
export async function bindAccount(db: Db, p: Player, to: string, account: object) {
  const sent = await p.call('POST', '/wps/withdraw/accounts/code');
  if (sent.statusCode !== 200) throw new Error(`code failed: ${sent.body}`);
  const code = await lastCode(db, to);
  const res = await p.call('POST', '/wps/withdraw/accounts', { ...account, verificationCode: code });
  if (res.statusCode !== 200) throw new Error(`bind failed: ${res.body}`);
  return res.json().value as { id: number };
}
