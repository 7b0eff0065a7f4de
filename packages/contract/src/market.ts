import { z } from 'zod';
import { LIMIT_MAX_AMOUNT, LIMIT_MAX_MINUTES, limitPeriods } from './responsible-gaming.ts';

/**
 * A merchant's market rules: the switches its regulator asks for (Brazil: Lei 14.790/2023 and the
 * SPA/MF ordinances of 2024). The site reads them in the platform info (`market`), the server
 * enforces them.
 */
export const marketRulesSchema = z.object({
  /** Loss and session-time limits at registration: not asked, offered (a value or an explicit none), or required. */
  limitsAtRegistration: z.enum(['off', 'offer', 'require']),
  /** The national identity number asked at registration (Brazil: the CPF), or none. */
  identityNumber: z.enum(['cpf']).nullable(),
  /** The date of birth is asked at registration. */
  birthDate: z.boolean(),
  /** The youngest age that may register (checked against the date of birth). */
  minimumAge: z.number().int(),
  /** A withdrawal needs a verified identity (KYC level verified). */
  kycBeforeWithdrawal: z.boolean(),
  /** A session without activity ends after this many minutes; null: the platform's own idle rule. */
  inactivityLogoutMinutes: z.number().int().nullable(),
  /** Reality check: the player picks every how many minutes of play, within these bounds (default when not picked). */
  realityCheck: z.object({ minMinutes: z.number().int(), maxMinutes: z.number().int(), defaultMinutes: z.number().int() }),
});
export type MarketRules = z.infer<typeof marketRulesSchema>;

/** A market without special rules. */
export const defaultMarketRules: MarketRules = {
  limitsAtRegistration: 'off',
  identityNumber: null,
  birthDate: false,
  minimumAge: 18,
  kycBeforeWithdrawal: false,
  inactivityLogoutMinutes: null,
  realityCheck: { minMinutes: 5, maxMinutes: 240, defaultMinutes: 60 },
};

/** Brazil's values: limits, CPF and birth date at registration, 18+, a session ending after 30 idle minutes. */
export const brazilMarketRules: MarketRules = {
  limitsAtRegistration: 'require',
  identityNumber: 'cpf',
  birthDate: true,
  minimumAge: 18,
  kycBeforeWithdrawal: false,
  inactivityLogoutMinutes: 30,
  realityCheck: { minMinutes: 5, maxMinutes: 120, defaultMinutes: 30 },
};

/** The CPF's digits, or null when it is not 11 digits (dots and dash allowed: 123.456.789-09). */
export function normaliseCpf(value: string): string | null {
  const trimmed = value.trim();
  if (!/^(\d{3}\.?\d{3}\.?\d{3}-?\d{2})$/.test(trimmed)) return null;
  return trimmed.replace(/\D/g, '');
}

/** Whether a CPF (11 digits) has the right check digits; the eleven repeated digits are refused. */
export function cpfValid(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const check = (n: number) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += (d[i] ?? 0) * (n + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === d[9] && check(10) === d[10];
}

/** The field problem of a CPF as typed, or null. */
export function cpfProblem(value: string | undefined): { key: string } | null {
  if (!value?.trim()) return { key: 'validation.required' };
  const digits = normaliseCpf(value);
  if (!digits) return { key: 'validation.cpf_format' };
  return cpfValid(digits) ? null : { key: 'validation.cpf_check_digit' };
}

/** Whole years between a birth date (yyyy-MM-dd) and a local day (yyyy-MM-dd). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The field problem of a birth date (yyyy-MM-dd) against the local `today` and the minimum age, or null. */
export function birthDateProblem(
  value: string | undefined,
  today: string,
  minimumAge: number,
): { key: string; params?: Record<string, number> } | null {
  if (!value?.trim()) return { key: 'validation.required' };
  const v = value.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !date || date.toISOString().slice(0, 10) !== v) return { key: 'validation.birth_date_invalid' };
  if (v > today) return { key: 'validation.birth_date_future' };
  const age = ageOn(v, today);
  if (age > 130) return { key: 'validation.birth_date_invalid' };
  if (age < minimumAge) return { key: 'validation.birth_date_too_young', params: { min: minimumAge } };
  return null;
}

/** A limit chosen at registration: a period and an amount (money in the currency, session in minutes); null: explicitly none. */
export const registrationLimitSchema = z
  .object({
    period: z.enum(limitPeriods, { error: 'validation.unknown_value' }),
    amount: z.number({ error: 'validation.amount_invalid' }),
  })
  .nullable();
export type RegistrationLimit = z.infer<typeof registrationLimitSchema>;

/**
 * The field problem of a limit chosen at registration under the market's switch, or null. Money
 * limits: above zero, at most two decimals, at most LIMIT_MAX_AMOUNT. Session limits: whole minutes,
 * at most a month. Undefined: not chosen; null: explicitly none, refused where the switch requires one.
 */
export function registrationLimitProblem(
  kind: 'loss' | 'session',
  limit: RegistrationLimit | undefined,
  mode: MarketRules['limitsAtRegistration'],
): { key: string } | null {
  if (mode === 'off') return null;
  if (limit === undefined) return { key: mode === 'require' ? 'validation.limit_required' : 'validation.limit_choose' };
  if (limit === null) return mode === 'require' ? { key: 'validation.limit_required' } : null;
  const a = limit.amount;
  if (!Number.isFinite(a) || a <= 0) return { key: 'validation.amount_positive' };
  if (kind === 'session') {
    if (!Number.isInteger(a) || a > LIMIT_MAX_MINUTES) return { key: 'validation.limit_minutes' };
    return null;
  }
  if (Math.abs(a * 100 - Math.round(a * 100)) > 1e-6) return { key: 'validation.amount_decimals' };
  if (a > LIMIT_MAX_AMOUNT) return { key: 'validation.limit_too_large' };
  return null;
}
