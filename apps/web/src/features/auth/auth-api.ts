import { apiPaths, type CodeSent, type LoginAnswer, type LoginBody, type RegisterBody } from '@platform/contract';
import { apiGet, apiSend } from '../../api/client.ts';
import { startSession, storeMemberInfo } from '../../api/session.ts';
import { solveBotCheck } from './bot-check.ts';
import { importPublicKey, seal } from './seal.ts';

let publicKey: Promise<CryptoKey> | null = null;

/** The server's public key, fetched once per page. */
function serverKey(): Promise<CryptoKey> {
  if (!publicKey) {
    publicKey = apiGet(apiPaths.publicKey).then((k) => importPublicKey(k.spki));
    publicKey.catch(() => {
      publicKey = null;
    });
  }
  return publicKey;
}

/** Sends a body the spec marks encrypted, sealed with the server's public key. */
async function sendSealed<T>(path: string, body: unknown, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  return apiSend<T>(path, await seal(await serverKey(), body), { method });
}

/** Stores the session of a login answer and loads the member info behind it. */
export async function enter(answer: LoginAnswer): Promise<LoginAnswer> {
  startSession(answer);
  await loadMemberInfo();
  return answer;
}

export async function loadMemberInfo(): Promise<void> {
  storeMemberInfo(await apiGet(apiPaths.memberInfo));
}

export interface Challenge {
  captchaId?: string;
  captcha?: string;
}

/**
 * Username login: the bot check is solved first, then the sealed credentials are sent (to the member
 * entrance, or to the agent entrance /wps/agent/login, which only agents pass).
 */
export async function loginByPassword(
  username: string,
  password: string,
  challenge: Challenge,
  entrance: 'member' | 'agent' = 'member',
): Promise<LoginAnswer> {
  const altcha = await solveBotCheck();
  const body: LoginBody = { type: 'username', username, password, altcha, ...challenge };
  return sendSealed<LoginAnswer>(entrance === 'agent' ? apiPaths.agentLogin : apiPaths.login, body);
}

/** SMS login skips the bot check (spec §5). */
export function loginBySms(countryDialingCode: string, mobileNum: string, code: string): Promise<LoginAnswer> {
  return sendSealed<LoginAnswer>(apiPaths.login, { type: 'sms', countryDialingCode, mobileNum, code } satisfies LoginBody);
}

/** Free play: platform W, gateway version 3 and a random string, as the spec lists. */
export function freePlay(): Promise<LoginAnswer> {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return apiSend<LoginAnswer>(apiPaths.freePlayLogin, { os: navigator.platform || 'web', platform: 'W', random, version: 3 });
}

export type SmsPurpose = 'nologin' | 'register';

/** Asks for an SMS code after the bot check; the register SMS names the number mobileNo. */
export async function sendSmsCode(purpose: SmsPurpose, countryDialingCode: string, mobileNum: string): Promise<CodeSent> {
  const altcha = await solveBotCheck();
  if (purpose === 'register') return apiSend<CodeSent>(apiPaths.smsCodeRegister, { countryDialingCode, mobileNo: mobileNum, altcha });
  return apiSend<CodeSent>(apiPaths.smsCodeNoLogin, { countryDialingCode, mobileNum, altcha });
}

export function register(mode: 'username' | 'mobile', body: RegisterBody): Promise<LoginAnswer> {
  return sendSealed<LoginAnswer>(mode === 'username' ? apiPaths.register : apiPaths.registerMobile, body, 'PUT');
}

export function checkAffiliate(code: string, domain: string): Promise<{ valid: true; code: string; agent: string }> {
  return apiSend(apiPaths.affiliateCheck, { code, domain });
}

export function forgotByEmail(username: string, email: string): Promise<{ sent: true }> {
  return apiSend(apiPaths.forgotPasswordByEmail, { username, email }, { form: true });
}

export function forgotByPhone(body: {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}): Promise<LoginAnswer> {
  return sendSealed<LoginAnswer>(apiPaths.forgotPasswordByPhone, body);
}

export function resetPassword(body: { token: string; newPassword: string; confirmNewPassword: string }): Promise<null> {
  return sendSealed<null>(apiPaths.resetPassword, body);
}

export function changePassword(body: { oldPassword?: string; newPassword: string; confirmNewPassword: string }): Promise<null> {
  return sendSealed<null>(apiPaths.changePassword, body, 'PUT');
}

/** Sends the code of a login's second step (new address) by SMS or e-mail. */
export function sendSecondStepCode(challengeId: string, method: 'sms' | 'email'): Promise<CodeSent> {
  return apiSend<CodeSent>(apiPaths.loginSecondStepSend, { challengeId, method });
}

/** Completes a login's second step with the code received, or the authenticator app's code. */
export function completeSecondStep(challengeId: string, method: 'sms' | 'email' | 'totp', code: string): Promise<LoginAnswer> {
  return sendSealed<LoginAnswer>(apiPaths.loginSecondStep, { challengeId, method, code });
}
