import { useEffect, useState } from 'react';
import type { SlipBet } from './BetSlip.tsx';

const slipsKey = 'lotterySlips';
function readSlips(): Record<string, SlipBet[]> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(slipsKey) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as Record<string, SlipBet[]>) : {};
  } catch {
    return {};
  }
}

/** The slip of the shown game. The slips outlive the page for the tab's session: logging in (which goes home) or a reload keeps them. */
export function useSlips(gameCode: string | undefined) {
  const [slips, setSlips] = useState<Record<string, SlipBet[]>>(readSlips);
  useEffect(() => sessionStorage.setItem(slipsKey, JSON.stringify(slips)), [slips]);
  const slip = gameCode ? (slips[gameCode] ?? []) : [];
  const setSlip = (next: SlipBet[]) => gameCode && setSlips((s) => ({ ...s, [gameCode]: next }));
  return [slip, setSlip] as const;
}
