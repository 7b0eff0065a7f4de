import type { Withdrawal } from '@platform/contract';
import { useEffect } from 'react';

/** How often a list with withdrawals under review is read again. */
const reviewPollMs = 5000;

/** Withdrawals under review change on the operator's side: look again now and then until they settle. */
export function useReviewPoll(withdrawals: readonly Withdrawal[] | undefined, reload: () => void): void {
  const open = withdrawals?.some((w) => w.status === 'pending' || w.status === 'paying') ?? false;
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(reload, reviewPollMs);
    return () => clearInterval(timer);
  }, [open, reload]);
}
