import { randomInt, timingSafeEqual } from 'node:crypto';
import type { AltchaChallenge, Captcha } from '@platform/contract';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../platform/db.ts';
import { sha256Hex } from '../../platform/digest.ts';
import type { AuthConfig } from './auth.config.ts';
import { insertCaptcha, purgeExpired, spendChallenge, takeCaptcha } from './auth.repository.ts';
import type { ServerKeys } from './server-keys.ts';

/** Letters and digits that cannot be mistaken for one another in the image (no 0/O, 1/l/I...). */
const captchaChars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CAPTCHA_LENGTH = 4;

/** svg-captcha draws a given text (its own text generator uses Math.random, so we pick the text). */
const drawCaptcha = svgCaptcha as unknown as (text: string, options: Record<string, unknown>) => string;

/** Answers are case-insensitive and hashed: the table never holds a readable answer. */
export function captchaAnswerHash(answer: string): string {
  return sha256Hex(answer.trim().toUpperCase());
}

export async function newCaptcha(db: Db, merchantId: number, config: AuthConfig, now = new Date()): Promise<Captcha> {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += captchaChars[randomInt(captchaChars.length)];
  const svg = drawCaptcha(text, { width: 120, height: 40, fontSize: 44, noise: 2, color: true, background: '#f4f4f5' });
  const expiresAt = new Date(now.getTime() + config.captchaTtlMs);
  const captchaId = await insertCaptcha(db, merchantId, captchaAnswerHash(text), expiresAt);
  // Now and then, clear what has expired; any node may do it.
  if (randomInt(100) === 0) await purgeExpired(db, now);
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expiresAt: expiresAt.getTime() };
}

/** Judges a captcha answer once: right or wrong, the captcha is spent. */
export async function checkCaptcha(
  db: Db,
  merchantId: number,
  captchaId: string | undefined,
  answer: string | undefined,
  now = new Date(),
) {
  if (!captchaId || !answer || !/^[0-9a-f-]{36}$/i.test(captchaId)) return false;
  const stored = await takeCaptcha(db, captchaId, merchantId, now);
  if (!stored) return false;
  return timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(captchaAnswerHash(answer), 'hex'));
}

const CHALLENGE_TTL_MS = 10 * 60_000;

/** An ALTCHA proof-of-work challenge signed with the shared HMAC key, valid for 10 minutes. */
export function newAltchaChallenge(keys: ServerKeys, config: AuthConfig, now = new Date()): Promise<AltchaChallenge> {
  return createChallenge({
    hmacKey: keys.altchaHmacKey,
    maxNumber: config.altchaMaxNumber,
    expires: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
}

/** Checks an ALTCHA solution (signature, work, expiry) and spends it, so each solution serves once. */
export async function checkAltcha(db: Db, keys: ServerKeys, payload: string | undefined): Promise<boolean> {
  if (!payload) return false;
  if (!(await verifySolution(payload, keys.altchaHmacKey, true))) return false;
  let decoded: { challenge?: unknown };
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return false;
  }
  if (typeof decoded.challenge !== 'string') return false;
  const expires = Number(extractParams(payload).expires) * 1000;
  return spendChallenge(db, decoded.challenge, new Date(Number.isFinite(expires) ? expires : Date.now() + CHALLENGE_TTL_MS));
}
