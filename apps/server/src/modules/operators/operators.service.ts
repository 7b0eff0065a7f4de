import { randomBytes } from 'node:crypto';
import {
  type CreateOperatorBody,
  type MerchantScope,
  type OperatorRole,
  type OperatorView,
  operatorRoles,
  type SignIn,
  type SignInStep,
  type UpdateOperatorBody,
} from '@platform/contract';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { type AttemptLimit, reserveAttempt } from '../../platform/attempts.ts';
import { appendAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { AppError } from '../../platform/errors.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { type Action, grantableRoles, permissions } from './operators.permissions.ts';
import {
  type ApiKeyRow,
  advanceSession,
  apiKeyByHash,
  apiKeysOf,
  insertApiKey,
  insertOperator,
  insertSession,
  listOperators,
  type OperatorRow,
  type OperatorSessionRow,
  operatorByAccount,
  operatorById,
  revokeApiKey,
  revokeOperatorApiKeys,
  revokeOperatorSessions,
  revokeSession,
  sessionByTokenHash,
  takeTotpStep,
  touchApiKey,
  touchSession,
  updateOperator,
} from './operators.repository.ts';

export interface OperatorDeps {
  db: Db;
  hasher: PasswordHasher;
  directory: MerchantDirectory;
}

/** Operators' session lifetimes: a back office is a riskier place than a player's lobby. */
export const operatorSessionLimits = {
  /** A sign-in stopped between its steps (password done, code not yet) expires after this. */
  pendingMs: 10 * 60_000,
  /** A signed-in session ends after this long without a call... */
  idleMs: 15 * 60_000,
  /** ...and after this long in any case. */
  ttlMs: 12 * 3_600_000,
  /** Last-seen times (sessions and API keys) are written at most this often. */
  touchMs: 60_000,
};

/** Wrong passwords per account in the window before sign-in locks for the lock time; codes per operator likewise. */
const FAILURE_WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;
const PASSWORD_TRIES = 5;
const TOTP_TRIES = 5;
const IP_FAILURES = 30;
const TOTP_ISSUER = 'Platform back office';

/** Token prefixes tell sessions from API keys before any lookup (and tell them from players' tokens). */
const SESSION_PREFIX = 'ops_';
const API_KEY_PREFIX = 'opk_';

/** The operator behind a request: their account as it is now, and how they came. */
export interface ActingOperator {
  id: number;
  account: string;
  role: OperatorRole;
  allMerchants: boolean;
  merchantIds: number[];
  via: 'session' | 'api_key';
  /** The session of an operator who came with one (pending steps included). */
  session?: OperatorSessionRow;
}

export interface Caller {
  ip: string;
  userAgent: string;
}

const newToken = (prefix: string) => prefix + randomBytes(32).toString('base64url');
const roleOf = (row: OperatorRow): OperatorRole =>
  (operatorRoles as readonly string[]).includes(row.role) ? (row.role as OperatorRole) : 'support';

function acting(row: OperatorRow, via: ActingOperator['via'], session?: OperatorSessionRow): ActingOperator {
  return {
    id: row.id,
    account: row.account,
    role: roleOf(row),
    allMerchants: row.allMerchants,
    merchantIds: row.merchantIds,
    via,
    session,
  };
}

/** Whether the operator acts for this merchant; an unknown merchant (null) is within no limited scope. */
export function inScope(operator: Pick<ActingOperator, 'allMerchants' | 'merchantIds'>, merchantId: number | null): boolean {
  return operator.allMerchants || (merchantId !== null && operator.merchantIds.includes(merchantId));
}

async function audit(db: Db, operator: string, action: string, target: string, details: Record<string, unknown> = {}) {
  await appendAudit(db, { operator, action, target, reason: '', details });
}

// Credentials

/**
 * The operator of a bearer token: a session (live, not idle, the operator not disabled) or an API key
 * (not revoked, its operator not disabled, acting with the operator's current role and scope).
 * Players' tokens have neither prefix and are never looked up here.
 */
export async function resolveOperator(db: Db, token: string, now = new Date()): Promise<ActingOperator | undefined> {
  if (token.startsWith(SESSION_PREFIX)) {
    const found = await sessionByTokenHash(db, sha256Hex(token));
    if (!found || found.operator.disabledAt || !isLive(found.session, now)) return undefined;
    if (found.session.stage === 'done' && now.getTime() - found.session.lastSeenAt.getTime() >= operatorSessionLimits.touchMs) {
      await touchSession(db, found.session.id, now);
      found.session.lastSeenAt = now;
    }
    return acting(found.operator, 'session', found.session);
  }
  if (token.startsWith(API_KEY_PREFIX)) {
    const found = await apiKeyByHash(db, sha256Hex(token));
    if (!found || found.key.revokedAt || found.operator.disabledAt) return undefined;
    if (!found.key.lastUsedAt || now.getTime() - found.key.lastUsedAt.getTime() >= operatorSessionLimits.touchMs) {
      await touchApiKey(db, found.key.id, now);
    }
    return acting(found.operator, 'api_key');
  }
  return undefined;
}

/** A session works while not revoked, before its end, and (once signed in) within its idle timeout. */
function isLive(session: OperatorSessionRow, now: Date): boolean {
  if (session.revokedAt || session.expiresAt <= now) return false;
  return session.stage !== 'done' || session.lastSeenAt.getTime() + operatorSessionLimits.idleMs > now.getTime();
}

// Sign-in

function passwordLimits(account: string, ip: string): AttemptLimit[] {
  return [
    {
      key: `op:login:fail:${account}`,
      windowMs: FAILURE_WINDOW_MS,
      max: PASSWORD_TRIES,
      refuse: 'APP_ERR_OPERATOR_LOCKED',
      lock: { key: `op:login:lock:${account}`, ms: LOCK_MS },
      resetOnSuccess: true,
    },
    { key: `op:login:fail:ip:${ip}`, windowMs: FAILURE_WINDOW_MS, max: IP_FAILURES, refuse: 'APP_ERR_RATE_LIMITED' },
  ];
}

function totpLimit(operatorId: number): AttemptLimit {
  return {
    key: `op:totp:fail:${operatorId}`,
    windowMs: FAILURE_WINDOW_MS,
    max: TOTP_TRIES,
    refuse: 'APP_ERR_OPERATOR_LOCKED',
    lock: { key: `op:totp:lock:${operatorId}`, ms: LOCK_MS },
    resetOnSuccess: true,
  };
}

const nextStep = (row: OperatorRow): SignInStep => (row.mustChangePassword ? 'change_password' : row.totpEnabledAt ? 'totp' : 'enrol_totp');

/**
 * The first step of a sign-in: the password, counted before it is checked (decision 0011), so a
 * burst checks no more than the limit. It opens a session that works for the next step only.
 */
export async function signIn(
  deps: OperatorDeps,
  body: { account: string; password: string },
  caller: Caller,
  now = new Date(),
): Promise<SignIn> {
  const { db } = deps;
  const account = body.account.trim().toLowerCase();
  const attempt = await reserveAttempt(db, passwordLimits(account, caller.ip), now);
  const row = await operatorByAccount(db, account);
  // Always one verification, against a dummy hash for an unknown or disabled account: timing tells nothing.
  const valid = await deps.hasher.verify(row && !row.disabledAt ? row.passwordHash : undefined, body.password);
  if (!row || row.disabledAt || !valid) {
    const locked = await attempt.fail();
    // Failed sign-ins are audited too (under the name tried): a password being guessed shows in the trail.
    await audit(db, account.slice(0, 40), 'operator.sign_in.failed', row ? `operator:${row.id}` : 'operator:unknown', {
      ip: caller.ip,
      locked,
    });
    if (locked) throw new AppError('APP_ERR_OPERATOR_LOCKED');
    throw new AppError('APP_ERR_OPERATOR_LOGIN_FAILED');
  }
  await attempt.succeed();
  const step = nextStep(row);
  const token = newToken(SESSION_PREFIX);
  const expiresAt = new Date(now.getTime() + operatorSessionLimits.pendingMs);
  await insertSession(db, {
    tokenHash: sha256Hex(token),
    operatorId: row.id,
    stage: step,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: caller.ip,
    userAgent: caller.userAgent.slice(0, 256),
  });
  await audit(db, row.account, 'operator.sign_in.password', `operator:${row.id}`, { ip: caller.ip });
  return { token, step, expiresAt: expiresAt.getTime() };
}

/** Moves the caller's session to its next stage; `done` starts the signed-in session's lifetime. */
async function advance(db: Db, session: OperatorSessionRow, to: SignInStep, now: Date): Promise<{ step: SignInStep }> {
  const expiresAt = new Date(now.getTime() + (to === 'done' ? operatorSessionLimits.ttlMs : operatorSessionLimits.pendingMs));
  if (!(await advanceSession(db, session.id, session.stage, { stage: to, expiresAt, lastSeenAt: now }))) {
    throw new AppError('APP_ERR_OPERATOR_STEP_REQUIRED');
  }
  return { step: to };
}

function sessionOf(op: ActingOperator): OperatorSessionRow {
  if (!op.session) throw new AppError('APP_ERR_OPERATOR_FORBIDDEN');
  return op.session;
}

async function currentRow(db: Db, op: ActingOperator): Promise<OperatorRow> {
  const row = await operatorById(db, op.id);
  if (!row || row.disabledAt) throw new AppError('APP_ERR_OPERATOR_UNAUTHORIZED');
  return row;
}

/**
 * Changes the operator's password: the forced change of a first sign-in (the password was just
 * shown), or a change from a signed-in session with the current password. Other sessions end.
 */
export async function changePassword(
  deps: OperatorDeps,
  op: ActingOperator,
  body: { oldPassword?: string; newPassword: string },
  caller: Caller,
  now = new Date(),
): Promise<{ step: SignInStep }> {
  const { db } = deps;
  const session = sessionOf(op);
  const row = await currentRow(db, op);
  if (session.stage === 'done') {
    if (!body.oldPassword) throw new AppError('APP_ERR_VALIDATION', [{ field: 'oldPassword', message: 'validation.required' }]);
    const attempt = await reserveAttempt(db, passwordLimits(row.account, caller.ip), now);
    if (!(await deps.hasher.verify(row.passwordHash, body.oldPassword))) {
      if (await attempt.fail()) throw new AppError('APP_ERR_OPERATOR_LOCKED');
      throw new AppError('APP_ERR_AUTH_OLD_PASSWORD_WRONG', [{ field: 'oldPassword', message: 'error.old_password_wrong' }]);
    }
    await attempt.succeed();
  }
  if (await deps.hasher.verify(row.passwordHash, body.newPassword)) {
    throw new AppError('APP_ERR_VALIDATION', [{ field: 'newPassword', message: 'validation.invalid' }]);
  }
  await updateOperator(db, row.id, { passwordHash: await deps.hasher.hash(body.newPassword), mustChangePassword: false });
  await revokeOperatorSessions(db, row.id, now, session.id);
  await audit(db, row.account, 'operator.password.change', `operator:${row.id}`);
  if (session.stage === 'done') return { step: 'done' };
  return advance(db, session, row.totpEnabledAt ? 'totp' : 'enrol_totp', now);
}

const totpOf = (account: string, secret: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label: account, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A new authenticator secret for an operator enrolling one (shown as text, URL and QR code; not in force yet). */
export async function setUpTotp(deps: OperatorDeps, op: ActingOperator) {
  const row = await currentRow(deps.db, op);
  if (row.totpEnabledAt) throw new AppError('APP_ERR_AUTH_TOTP_STATE');
  const secret = new Secret({ size: 20 }).base32;
  await updateOperator(deps.db, row.id, { totpSecret: secret, totpLastStep: null });
  const otpauthUrl = totpOf(row.account, secret).toString();
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
}

/**
 * Checks an authenticator code (this or a neighbouring 30-second step), counted before the check and
 * locking after repeated failures; a code whose step was already used is refused like a wrong one.
 */
async function checkTotp(db: Db, row: OperatorRow, code: string, now: Date): Promise<void> {
  if (!row.totpSecret) throw new AppError('APP_ERR_AUTH_TOTP_STATE');
  const attempt = await reserveAttempt(db, [totpLimit(row.id)], now);
  const delta = totpOf(row.account, row.totpSecret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  const step = Math.floor(now.getTime() / 30_000) + (delta ?? 0);
  if (delta === null || !(await takeTotpStep(db, row.id, step))) {
    const locked = await attempt.fail();
    await audit(db, row.account, 'operator.totp.failed', `operator:${row.id}`, { locked });
    if (locked) throw new AppError('APP_ERR_OPERATOR_LOCKED');
    throw new AppError('APP_ERR_OPERATOR_TOTP_INVALID', [{ field: 'code', message: 'error.verification_code_invalid' }]);
  }
  await attempt.succeed();
}

/** Puts the authenticator in force on one of its codes; the sign-in is then complete. */
export async function enrolTotp(deps: OperatorDeps, op: ActingOperator, code: string, now = new Date()) {
  const session = sessionOf(op);
  const row = await currentRow(deps.db, op);
  if (row.totpEnabledAt) throw new AppError('APP_ERR_AUTH_TOTP_STATE');
  await checkTotp(deps.db, row, code, now);
  await updateOperator(deps.db, row.id, { totpEnabledAt: now });
  await audit(deps.db, row.account, 'operator.totp.enrol', `operator:${row.id}`);
  return advance(deps.db, session, 'done', now);
}

/** The second step of a sign-in: the authenticator's current code, once. */
export async function verifyTotp(deps: OperatorDeps, op: ActingOperator, code: string, caller: Caller, now = new Date()) {
  const session = sessionOf(op);
  const row = await currentRow(deps.db, op);
  await checkTotp(deps.db, row, code, now);
  await audit(deps.db, row.account, 'operator.sign_in', `operator:${row.id}`, { ip: caller.ip });
  return advance(deps.db, session, 'done', now);
}

export async function signOut(deps: OperatorDeps, op: ActingOperator, now = new Date()) {
  await revokeSession(deps.db, sessionOf(op).id, now);
  await audit(deps.db, op.account, 'operator.sign_out', `operator:${op.id}`);
  return { loggedOut: true };
}

// Operators

async function merchantCodes(directory: MerchantDirectory): Promise<Map<number, string>> {
  return new Map((await directory.list()).map((m) => [m.id, m.code]));
}

function viewOf(row: OperatorRow, codes: Map<number, string>): OperatorView {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    role: roleOf(row),
    merchants: row.allMerchants ? 'all' : row.merchantIds.map((id) => codes.get(id) ?? String(id)),
    mustChangePassword: row.mustChangePassword,
    totpEnabled: row.totpEnabledAt !== null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.getTime(),
  };
}

export async function me(deps: OperatorDeps, op: ActingOperator) {
  const row = await currentRow(deps.db, op);
  return { operator: viewOf(row, await merchantCodes(deps.directory)), via: op.via, permissions: [...permissions[op.role]] };
}

/** Operators the caller may see: all of them with an all-merchant scope, else those within their merchants. */
export async function operatorsFor(deps: OperatorDeps, op: ActingOperator) {
  const codes = await merchantCodes(deps.directory);
  const rows = (await listOperators(deps.db)).filter((r) => within(op, r));
  return { list: rows.map((r) => viewOf(r, codes)) };
}

/** Whether `row`'s scope lies inside the caller's. */
function within(op: ActingOperator, row: Pick<OperatorRow, 'allMerchants' | 'merchantIds'>): boolean {
  if (op.allMerchants) return true;
  return !row.allMerchants && row.merchantIds.every((id) => op.merchantIds.includes(id));
}

/**
 * Merchant ids of a scope the caller gives: codes outside the caller's own scope are refused as
 * forbidden whether they exist or not; unknown codes, for a caller who sees every merchant, are bad input.
 */
async function scopeIds(deps: OperatorDeps, op: ActingOperator, scope: MerchantScope): Promise<{ all: boolean; ids: number[] }> {
  if (scope === 'all') {
    if (!op.allMerchants) throw new AppError('APP_ERR_OPERATOR_FORBIDDEN');
    return { all: true, ids: [] };
  }
  const byCode = new Map((await deps.directory.list()).map((m) => [m.code, m.id]));
  const ids: number[] = [];
  for (const code of scope) {
    const id = byCode.get(code.toUpperCase()) ?? null;
    if (!inScope(op, id)) throw new AppError('APP_ERR_OPERATOR_FORBIDDEN');
    if (id === null) throw new AppError('APP_ERR_VALIDATION', [{ field: 'merchants', message: 'validation.unknown_value' }]);
    if (!ids.includes(id)) ids.push(id);
  }
  return { all: false, ids };
}

function assertGrantable(op: ActingOperator, role: string) {
  if (!(grantableRoles[op.role] as readonly string[]).includes(role)) throw new AppError('APP_ERR_OPERATOR_FORBIDDEN');
}

export async function createOperator(deps: OperatorDeps, op: ActingOperator, body: CreateOperatorBody) {
  assertGrantable(op, body.role);
  const scope = await scopeIds(deps, op, body.merchants);
  const row = await insertOperator(deps.db, {
    account: body.account,
    name: body.name,
    role: body.role,
    allMerchants: scope.all,
    merchantIds: scope.ids,
    passwordHash: await deps.hasher.hash(body.password),
    mustChangePassword: true,
    createdBy: op.id,
  });
  if (!row) throw new AppError('APP_ERR_OPERATOR_EXISTS', [{ field: 'account', message: 'error.account_taken' }]);
  await audit(deps.db, op.account, 'operator.create', `operator:${row.id}`, { role: body.role, merchants: body.merchants });
  return viewOf(row, await merchantCodes(deps.directory));
}

/**
 * Changes another operator: only one whose role the caller may grant and whose scope lies within
 * the caller's, into a role and scope the caller may grant. Nobody changes their own role or scope.
 * A disabled operator, a new password or a removed authenticator ends their sessions (and, disabled, their keys).
 */
export async function changeOperator(deps: OperatorDeps, op: ActingOperator, id: number, body: UpdateOperatorBody, now = new Date()) {
  const { db } = deps;
  const target = await operatorById(db, id);
  if (!target || !within(op, target)) throw new AppError(op.allMerchants ? 'APP_ERR_NOT_FOUND' : 'APP_ERR_OPERATOR_FORBIDDEN');
  if (target.id === op.id) throw new AppError('APP_ERR_OPERATOR_FORBIDDEN');
  assertGrantable(op, target.role);
  if (body.role) assertGrantable(op, body.role);
  const set: Partial<OperatorRow> = {};
  if (body.name) set.name = body.name;
  if (body.role) set.role = body.role;
  if (body.merchants) {
    const scope = await scopeIds(deps, op, body.merchants);
    set.allMerchants = scope.all;
    set.merchantIds = scope.ids;
  }
  if (body.disabled !== undefined) set.disabledAt = body.disabled ? (target.disabledAt ?? now) : null;
  if (body.password) {
    set.passwordHash = await deps.hasher.hash(body.password);
    set.mustChangePassword = true;
  }
  if (body.resetTotp) {
    set.totpSecret = null;
    set.totpEnabledAt = null;
    set.totpLastStep = null;
  }
  const row = (await updateOperator(db, target.id, set)) ?? target;
  if (body.disabled || body.password || body.resetTotp || body.role || body.merchants) await revokeOperatorSessions(db, target.id, now);
  if (body.disabled) await revokeOperatorApiKeys(db, target.id, now);
  const { password: _hidden, ...logged } = body;
  await audit(db, op.account, 'operator.update', `operator:${target.id}`, { ...logged, passwordReset: body.password !== undefined });
  return viewOf(row, await merchantCodes(deps.directory));
}

// API keys

const keyView = (k: ApiKeyRow) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  createdAt: k.createdAt.getTime(),
  lastUsedAt: k.lastUsedAt?.getTime() ?? null,
  revokedAt: k.revokedAt?.getTime() ?? null,
});

/** A personal API key: 32 random bytes, shown once; only its SHA-256 is kept (a copy of the table opens nothing). */
export async function createApiKey(deps: OperatorDeps, op: ActingOperator, name: string, now = new Date()) {
  const key = newToken(API_KEY_PREFIX);
  const row = await insertApiKey(deps.db, {
    operatorId: op.id,
    name,
    prefix: key.slice(0, API_KEY_PREFIX.length + 6),
    keyHash: sha256Hex(key),
    createdAt: now,
  });
  await audit(deps.db, op.account, 'operator.api_key.create', `api_key:${row.id}`, { name });
  return { ...keyView(row), key };
}

export async function apiKeysFor(deps: OperatorDeps, op: ActingOperator) {
  return { list: (await apiKeysOf(deps.db, op.id)).map(keyView) };
}

export async function revokeKey(deps: OperatorDeps, op: ActingOperator, id: number, now = new Date()) {
  const row = await revokeApiKey(deps.db, op.id, id, now);
  if (!row) throw new AppError('APP_ERR_NOT_FOUND');
  await audit(deps.db, op.account, 'operator.api_key.revoke', `api_key:${row.id}`);
  return keyView(row);
}

/** Whether the caller's role allows `action` (the permissions table). */
export function may(op: ActingOperator, action: Action): boolean {
  return permissions[op.role].includes(action);
}

/** Operators (not disabled) whose role allows `action` for the merchant: whom a support conversation may be handed to. */
export async function operatorsWhoMay(db: Db, action: Action, merchantId: number): Promise<{ id: number; name: string }[]> {
  return (await listOperators(db))
    .filter((o) => !o.disabledAt && permissions[roleOf(o)].includes(action) && inScope(o, merchantId))
    .map((o) => ({ id: o.id, name: o.name }));
}

/** Operators' display names by id, for what other modules show of them (who answers a support chat). */
export async function operatorNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const wanted = new Set(ids);
  return new Map((await listOperators(db)).filter((o) => wanted.has(o.id)).map((o) => [o.id, o.name]));
}
