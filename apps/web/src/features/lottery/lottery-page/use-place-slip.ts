import { type LotteryGame, toMinor } from '@platform/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { limitRefusalText } from '../../../i18n/error-text.ts';
import { messageText } from '../../../i18n/problem-text.ts';
import { newRequestId } from '../boards.ts';
import { type PlacedSlip, placeLotteryBets } from '../lottery-api.ts';
import { type Chase, noChase, type SlipBet } from './BetSlip.tsx';

/**
 * Placing the slip on the shown game's current issue, with its chase: the request, the answer's
 * feedback (per bet row, for the chase, for the whole slip, the placed note) and the busy state.
 */
export function usePlaceSlip({
  game,
  slip,
  setSlip,
  money,
  currency,
  onPlaced,
  onClosed,
}: {
  game: LotteryGame | undefined;
  slip: readonly SlipBet[];
  setSlip: (next: SlipBet[]) => void;
  /** Formats minor units in the merchant's currency. */
  money: (minor: number) => string;
  /** The merchant's currency: the answer's amounts are its major units. */
  currency: string;
  onPlaced: (placed: PlacedSlip) => void;
  /** The issue closed before the slip reached it: the games are read again. */
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const [chase, setChase] = useState<Chase>(noChase);
  const [rowErrors, setRowErrors] = useState<Map<number, string>>(new Map());
  const [slipError, setSlipError] = useState<string | null>(null);
  const [slipErrorDetail, setSlipErrorDetail] = useState<string | null>(null);
  const [chaseError, setChaseError] = useState<string | null>(null);
  const [placedNote, setPlacedNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const request = useRef<{ signature: string; id: string } | null>(null);
  const clearFeedback = () => {
    setRowErrors(new Map());
    setSlipError(null);
    setSlipErrorDetail(null);
    setChaseError(null);
    setPlacedNote(null);
  };

  const place = async () => {
    if (!game?.current || slip.length === 0) return;
    clearFeedback();
    const body = {
      gameCode: game.code,
      issue: game.current.issue,
      bets: slip.map(({ playType: p, selection: s, unit: u, multiple: m, betCount: c }) => ({
        playType: p,
        selection: s,
        unit: u,
        multiple: m,
        betCount: c,
      })),
      ...(chase.on
        ? {
            chase: {
              issues: chase.issues,
              stopOnWin: chase.stopOnWin,
              ...(chase.doubling ? { doubling: { every: chase.every, factor: chase.factor } } : {}),
            },
          }
        : {}),
    };
    // One id per slip: a retry of the same slip (after a lost answer) cannot place it twice.
    const signature = JSON.stringify(body);
    if (request.current?.signature !== signature) request.current = { signature, id: newRequestId() };
    setBusy(true);
    try {
      const placed = await placeLotteryBets({ requestId: request.current.id, ...body });
      request.current = null;
      setSlip([]);
      setChase(noChase);
      setPlacedNote(t('lottery.placed', { count: placed.tickets.length, amount: money(toMinor(placed.amount, currency)) }));
      onPlaced(placed);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setSlipError(t('error.unknown'));
        return;
      }
      const rows = new Map<number, string>();
      for (const f of err.fields) {
        const text = messageText(t, f.message, f.params) || t('validation.invalid');
        const at = f.field.match(/^bets\.(\d+)\./);
        if (at) rows.set(Number(at[1]), rows.has(Number(at[1])) ? `${rows.get(Number(at[1]))} ${text}` : text);
        else if (f.field.startsWith('chase')) setChaseError(text);
      }
      setRowErrors(rows);
      if (err.code === 'APP_ERR_LOTTERY_CLOSED') {
        setSlipError(t('lottery.closedError'));
        onClosed();
      } else if (err.code === 'APP_ERR_WALLET_INSUFFICIENT_FUNDS') setSlipError(t('lottery.insufficientFunds'));
      else if (rows.size === 0 && !err.fields.some((f) => f.field.startsWith('chase'))) {
        setSlipError(messageText(t, err.message) || t('error.unknown'));
        setSlipErrorDetail(limitRefusalText(t, err, (amount) => money(toMinor(amount, currency))) || null);
      }
    } finally {
      setBusy(false);
    }
  };
  return { chase, setChase, rowErrors, slipError, slipErrorDetail, chaseError, placedNote, busy, clearFeedback, place };
}
