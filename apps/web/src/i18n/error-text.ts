import { ApiError } from '@platform/api-client';
import { formatDate } from '@platform/ui/format-date.ts';
import type { TFunction } from 'i18next';
import { messageText } from './problem-text.ts';

/** The reader's text for a failed call: the API's message key when we know it, else a generic one. */
export function errorText(t: TFunction, error: unknown): string {
  const key = error instanceof ApiError ? error.message : 'error.unknown';
  return messageText(t, key) || t('error.unknown');
}

const limitKinds = ['loss', 'wager'];
const limitPeriods = ['day', 'week', 'month'];

/**
 * For a stake a responsible-gaming limit refused (APP_ERR_STAKE_LOSS_LIMIT or _WAGER_LIMIT), which
 * limit, what is left (formatted by `money` from an amount of the currency) and when it resets, in
 * the reader's words; '' for any other failure.
 */
export function limitRefusalText(t: TFunction, error: unknown, money: (amount: number) => string): string {
  if (!(error instanceof ApiError)) return '';
  const { limit, period, remaining, resetsAt } = error.detail;
  if (!limitKinds.includes(String(limit)) || !limitPeriods.includes(String(period))) return '';
  if (typeof remaining !== 'number' || typeof resetsAt !== 'string' || Number.isNaN(Date.parse(resetsAt))) return '';
  const name = t(`stakeLimit.${limit}_${period}` as 'stakeLimit.loss_day');
  return t('stakeLimit.left', { limit: name, remaining: money(remaining), resets: formatDate(Date.parse(resetsAt), 'yyyy-MM-dd HH:mm') });
}
