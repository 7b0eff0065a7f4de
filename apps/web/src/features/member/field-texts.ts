import type { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
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
