import { apiPaths, toMinor } from '@platform/contract';
import { useCallback, useEffect, useState } from 'react';
import { apiGet } from '../../../api/client.ts';
import { useSession } from '../../../api/session.ts';

/** The signed-in player's balance in minor units (null when signed out or unknown), read on sign-in and on `load()`. */
export function useLotteryBalance() {
  const session = useSession();
  const [balance, setBalance] = useState<number | null>(null);
  const load = useCallback(async () => {
    if (!session) return setBalance(null);
    try {
      const b = await apiGet(apiPaths.sumBalance);
      setBalance(toMinor(b.sumBalance, b.currency));
    } catch {
      setBalance(null);
    }
  }, [session]);
  useEffect(() => {
    void load();
  }, [load]);
  return { balance, setBalance, load };
}
