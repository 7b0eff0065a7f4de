import { ApiError } from '@platform/api-client';
import type { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { problemText } from '../../i18n/problem-text.ts';

export type Fields = Record<string, string | null>;

/** Field messages of a failed call: the server's field errors, else one message for `fallback`. */
export function fieldTexts(t: ReturnType<typeof useTranslation>['t'], err: unknown, fallback: string): Fields {
  if (err instanceof ApiError && err.fields.length > 0) {
    return Object.fromEntries(err.fields.map((f) => [f.field, problemText(t, { key: f.message, params: f.params })]));
  }
  return { [fallback]: errorText(t, err) };
}

/**
 * An agent's transfer or withdrawal refused while it owes its downlines salary or dividend: the
 * message with the amount owed in the merchant's money, or undefined for any other failure.
 */
export function owedText(t: ReturnType<typeof useTranslation>['t'], err: unknown, money: (amount: number) => string): string | undefined {
  if (!(err instanceof ApiError) || err.code !== 'APP_ERR_AGENT_OWES_DOWNLINES') return undefined;
  return (
    problemText(t, { key: 'error.agent_owes_downlines', params: { owed: money(Number(err.fields[0]?.params?.owed ?? 0)) } }) ?? undefined
  );
}
