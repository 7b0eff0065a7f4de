import type { TFunction } from 'i18next';
import { ApiError } from '../api/client.ts';

/** The reader's text for a failed call: the API's message key when we know it, else a generic one. */
export function errorText(t: TFunction, error: unknown): string {
  const key = error instanceof ApiError ? error.message : 'error.unknown';
  // Server keys are data, not literals, so they go through the untyped overload.
  const text = (t as unknown as (k: string, o: { defaultValue: string }) => string)(key, { defaultValue: '' });
  return text || t('error.unknown');
}
