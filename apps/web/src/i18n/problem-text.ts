import type { TFunction } from 'i18next';

/** A field problem: a translation key (the site's or the API's) and its substitutions. */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}

type Loose = (key: string, options: Record<string, unknown>) => string;

/**
 * The text of an API message key, or '' when no dictionary has it. API keys are data: 'validation.*'
 * and 'error.*' keys are looked up as they are, bare ones (member_no_enter, invitation_code_error...)
 * under `error.`.
 */
export function messageText(t: TFunction, key: string, params?: Record<string, string | number>): string {
  const lookup = t as unknown as Loose;
  const options = { ...params, defaultValue: '' };
  return lookup(key, options) || lookup(`error.${key}`, options);
}

/** The text shown under a field for its problem. */
export function problemText(t: TFunction, problem: Problem | null | undefined): string | null {
  if (!problem) return null;
  return messageText(t, problem.key, problem.params) || t('validation.invalid');
}
