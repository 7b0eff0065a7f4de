import { ApiError } from '@platform/api-client';
import type { TFunction } from 'i18next';
import { messageText } from './problem-text.ts';

/** The reader's text for a failed call: the API's message key when we know it, else a generic one. */
export function errorText(t: TFunction, error: unknown): string {
  const key = error instanceof ApiError ? error.message : 'error.unknown';
  return messageText(t, key) || t('error.unknown');
}
