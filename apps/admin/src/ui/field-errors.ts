import type { TFunction } from 'i18next';
import { ApiError } from '../api/client.ts';
import { messageText } from '../i18n/index.ts';

/**
 * The translated problems of a refused form, by field (`form` for what belongs to no field): the
 * server names the field and the message key, the reader's dictionary says it.
 */
export function fieldErrors(t: TFunction, err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (err instanceof ApiError) {
    for (const f of err.fields) out[f.field.split('.')[0] ?? f.field] = messageText(t, f.message, f.params) || t('validation.invalid');
    if (Object.keys(out).length === 0) out.form = messageText(t, err.message) || t('error.unknown');
  } else out.form = t('error.unknown');
  return out;
}
