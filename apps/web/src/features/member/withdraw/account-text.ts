import type { WithdrawalAccount } from '@platform/contract';

/** How a bound account reads in lists: its kind (already translated), institution, masked number and holder. */
export const accountText = (kind: string, a: WithdrawalAccount) =>
  `${kind} · ${a.institution.toUpperCase()} · ${a.number} · ${a.holderName}`;
