import { useState } from 'react';
import { withdrawInfo } from '../money-api.ts';
import { useLoad } from '../money-kit.tsx';

/** The page's forms that open in place: one at a time. */
export type OpenForm = 'password' | 'bind' | null;

/**
 * The withdraw page's information (balance, limits, turnover, payment password state, bound accounts)
 * and which form is open. `version` moves whenever the member changed something, so the information
 * and the withdrawal list are read again.
 */
export function useWithdrawPage() {
  const [version, setVersion] = useState(0);
  const { value: info, error, reload } = useLoad(withdrawInfo, [version]);
  const [open, setOpen] = useState<OpenForm>(null);
  /** A form finished (password saved, account bound or removed): close it and read everything again. */
  const changed = () => {
    setOpen(null);
    setVersion((v) => v + 1);
  };
  /** A withdrawal was requested: the balance, today's use and the list have moved. */
  const requested = () => {
    reload();
    setVersion((v) => v + 1);
  };
  const toggle = (what: OpenForm) => setOpen((o) => (o === what ? null : what));
  return { info, error, version, open, toggle, changed, requested };
}
