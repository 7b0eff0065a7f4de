import { randomInt, timingSafeEqual } from 'node:crypto';
import type { CodeSent } from '@platform/contract';
import { clearCounter, hitCounter, peekCounter, reserveAttempt, throttle } from '../../platform/attempts.ts';
import type { Db } from '../../platform/db.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { AppError } from '../../platform/errors.ts';
import type { Channel, MessageSender } from '../messaging/messaging.service.ts';
import { renderMessage } from '../messaging/messaging.service.ts';
import type { AuthConfig } from './auth.config.ts';
import { consumeCode, countCodeAttempt, insertCode, latestLiveCode, voidCodes } from './auth.repository.ts';

/** A code's address: where it was sent and what it proves. */
export interface CodeTarget {
  merchantId: number;
  channel: Channel;
  /** E.164 number or lower-case email. */
  target: string;
  /** register, nologin (SMS login and reset by phone), bind:<memberId>. */
  purpose: string;
}

const MAX_ATTEMPTS = 5;
const COOL_DOWN_MS = 60_000;
const HOUR_MS = 3_600_000;
const SENDS_PER_HOUR = 5;
const BLOCK_MS = 5 * 60_000;

function codeHash(t: CodeTarget, code: string): string {
  return sha256Hex(`${t.merchantId}|${t.channel}|${t.target}|${t.purpose}|${code}`);
}

/**
 * Sends a 6-digit code, throttled: one send per second per client IP, one per minute per number or
 * address, and after 5 in an hour that number is refused for 5 minutes. Only the newest code of a
 * target and purpose works; codes are stored hashed and expire after a few minutes.
 */
export async function sendCode(
  db: Db,
  sender: MessageSender,
  config: AuthConfig,
  t: CodeTarget,
  how: { ip: string; lang: string; brand: string /** False: throttle and answer as usual, but send nothing. */; deliver?: boolean },
  now = new Date(),
): Promise<CodeSent> {
  await throttle(db, `send:ip:${how.ip}`, { windowMs: 1000, limit: 1 }, now);
  const who = `${t.channel}:${t.target}`;
  if (await peekCounter(db, `send:block:${who}`, BLOCK_MS, now)) throw new AppError('APP_ERR_VERIFICATION_TOO_MANY');
  const cool = await hitCounter(db, `send:cool:${who}`, COOL_DOWN_MS, now);
  if (cool.count > 1) {
    const retryAfterSeconds = Math.max(1, Math.ceil((cool.windowStart.getTime() + COOL_DOWN_MS - now.getTime()) / 1000));
    throw new AppError('APP_ERR_VERIFICATION_TOO_SOON', undefined, { retryAfterSeconds });
  }
  const hour = await hitCounter(db, `send:hour:${who}`, HOUR_MS, now);
  if (hour.count > SENDS_PER_HOUR) {
    await hitCounter(db, `send:block:${who}`, BLOCK_MS, now);
    await clearCounter(db, `send:hour:${who}`);
    throw new AppError('APP_ERR_VERIFICATION_TOO_MANY');
  }

  const expiresAt = new Date(now.getTime() + config.codeTtlMinutes * 60_000);
  const answer = { expiredMinutes: config.codeTtlMinutes, expirationTime: expiresAt.getTime(), resendAfterSeconds: COOL_DOWN_MS / 1000 };
  if (how.deliver === false) return answer;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await voidCodes(db, t, now);
  await insertCode(db, { ...t, codeHash: codeHash(t, code), createdAt: now, expiresAt });
  const text = renderMessage('code', how.lang, { brand: how.brand, code, minutes: config.codeTtlMinutes });
  await sender.send({
    merchantId: t.merchantId,
    channel: t.channel,
    to: t.target,
    subject: t.channel === 'email' ? text.subject : undefined,
    body: text.body,
  });
  return answer;
}

/**
 * Checks a code against the newest live one of the target, in constant time. Each try takes its
 * place among the code's 5 before the comparison (committed at once, outside any transaction), so a
 * burst compares at most 5 guesses; a wrong one is also recorded on the code, and the 5th voids it.
 * Returns the code's id, to be spent with `spendCode` in the transaction that uses it.
 */
export async function checkCode(db: Db, t: CodeTarget, code: string | undefined, now = new Date()): Promise<number> {
  const row = await latestLiveCode(db, t, MAX_ATTEMPTS, now);
  const given = code?.trim() ?? '';
  if (!row || !given) throw new AppError('APP_ERR_VERIFICATION_CODE_INVALID');
  // The window outlives the code, so its 5 tries are all it ever gets.
  const attempt = await reserveAttempt(
    db,
    [{ key: `code:${row.id}`, windowMs: HOUR_MS, max: MAX_ATTEMPTS, refuse: 'APP_ERR_VERIFICATION_CODE_INVALID' }],
    now,
  );
  const same = /^\d{6}$/.test(given) && timingSafeEqual(Buffer.from(row.codeHash, 'hex'), Buffer.from(codeHash(t, given), 'hex'));
  if (!same) {
    await attempt.fail();
    await countCodeAttempt(db, row.id);
    throw new AppError('APP_ERR_VERIFICATION_CODE_INVALID');
  }
  await attempt.succeed();
  return row.id;
}

/** Spends a checked code; a code spent meanwhile by another request is invalid here. */
export async function spendCode(db: Db, id: number, now = new Date()): Promise<void> {
  if (!(await consumeCode(db, id, MAX_ATTEMPTS, now))) throw new AppError('APP_ERR_VERIFICATION_CODE_INVALID');
}
