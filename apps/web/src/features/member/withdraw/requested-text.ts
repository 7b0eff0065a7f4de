import type { Withdrawal } from '@platform/contract';
import type { TFunction } from 'i18next';

/**
 * The confirmation of a withdrawal request: its amount, the reference the player quotes to support,
 * and what happens next (review, then a message once it is paid).
 */
export const requestedText = (t: TFunction, money: (amount: number) => string, w: Pick<Withdrawal, 'amount' | 'reference'>) =>
  t('withdraw.requested', { amount: money(w.amount), reference: w.reference });
