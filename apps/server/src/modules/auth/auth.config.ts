/**
 * The knobs of accounts and sessions, from the environment. PASSWORD_HASH_COST is 'standard'
 * (production cost) or 'test' (cheap argon2id, so the suites stay fast; under Vitest the bot check is easy too); 'test'
 * is the default under Vitest and is ignored anywhere else, so a stray variable cannot weaken service.
 */
export interface AuthConfig {
  /** argon2id memory (KiB) and passes: OWASP's 19 MiB and 2 in service. */
  passwordHash: { memoryCost: number; timeCost: number };
  /** Largest secret number of an ALTCHA challenge: the work a browser does (about 0.1-0.5 s at 100 000). */
  altchaMaxNumber: number;
  sessionTtlMs: number;
  sessionIdleMs: number;
  /** A session's last-seen time is written at most this often. */
  sessionTouchMs: number;
  /** Days a password stays valid when the merchant forces expired passwords to change (PWDEXPFORCECHANGE3). */
  passwordMaxAgeDays: number;
  captchaTtlMs: number;
  codeTtlMinutes: number;
  resetLinkTtlMinutes: number;
  /** Failures (per account or per IP) after which the login asks for a captcha. */
  captchaAfterFailures: number;
  /** Failures per account after which it is locked. */
  lockAfterFailures: number;
  /** Failures per IP after which that address is refused for the window. */
  ipFailureLimit: number;
  failureWindowMs: number;
  lockMs: number;
}

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const cheap = Boolean(env.VITEST) && (env.PASSWORD_HASH_COST ?? 'test') === 'test';
  return {
    passwordHash: cheap ? { memoryCost: 64, timeCost: 1 } : { memoryCost: 19_456, timeCost: 2 },
    altchaMaxNumber: env.VITEST ? 1_000 : Number(env.ALTCHA_MAX_NUMBER ?? 100_000),
    sessionTtlMs: 7 * 24 * 3_600_000,
    sessionIdleMs: 2 * 3_600_000,
    sessionTouchMs: 60_000,
    passwordMaxAgeDays: Number(env.PASSWORD_MAX_AGE_DAYS ?? 90),
    captchaTtlMs: 5 * 60_000,
    codeTtlMinutes: 5,
    resetLinkTtlMinutes: 30,
    captchaAfterFailures: 3,
    lockAfterFailures: 10,
    ipFailureLimit: 50,
    failureWindowMs: 15 * 60_000,
    lockMs: 15 * 60_000,
  };
}
