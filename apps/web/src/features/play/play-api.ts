import {
  type CrashBetAnswer,
  type CrashState,
  crashPaths,
  inhousePaths,
  type RoundAnswer,
  type RoundRecord,
  type Seeds,
} from '@platform/contract';
import { apiGetAt, apiSend } from '../../api/client.ts';

/** Amounts of a round's own outcome are minor units; the frame (stake, win, balance) is in currency units. */
export type { CrashBetAnswer, CrashState, RoundAnswer, RoundRecord, Seeds };

/** The launch token of money play; absent in demo play. */
export type PlayToken = string | undefined;

export const spinSlot = (token: PlayToken, gameCode: string, betPerLine: number) =>
  apiSend<RoundAnswer>(inhousePaths.slotSpin, { token, gameCode, betPerLine });

export const rollDice = (token: PlayToken, amount: number, target: number, direction: 'over' | 'under') =>
  apiSend<RoundAnswer>(inhousePaths.diceRoll, { token, amount, target, direction });

export const dropPlinko = (token: PlayToken, amount: number, rows: number, risk: 'low' | 'medium' | 'high') =>
  apiSend<RoundAnswer>(inhousePaths.plinkoDrop, { token, amount, rows, risk });

export const playMines = (token: PlayToken, amount: number, mines: number, picks: number[]) =>
  apiSend<RoundAnswer>(inhousePaths.minesPlay, { token, amount, mines, picks });

export const readSeeds = (token: string) => apiSend<Seeds>(inhousePaths.seeds, { token });

export const rotateSeeds = (token: string, clientSeed?: string) => apiSend<Seeds>(inhousePaths.rotateSeeds, { token, clientSeed });

export const readRound = (token: string, roundId: string) =>
  apiGetAt<RoundRecord>(inhousePaths.round, { params: { roundId }, query: { token } });

export const betCrash = (token: string, amount: number, autoCashOut: number | undefined) =>
  apiSend<CrashBetAnswer>(crashPaths.bet, { token, amount, autoCashOut });

export const cashOutCrash = (token: string) => apiSend<CrashBetAnswer>(crashPaths.cashOut, { token });

/**
 * Follows the crash rounds over the server's socket: `onState` gets the state on connect and at every
 * change; `onLink` says whether the socket is up. Reconnects after a drop. Returns the function that closes it.
 */
export function watchCrash(onState: (state: CrashState) => void, onLink: (up: boolean) => void): () => void {
  let socket: WebSocket | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let pause = 1000;
  const open = () => {
    if (closed || typeof WebSocket === 'undefined') return;
    const url = new URL(crashPaths.live, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(url);
    socket.onopen = () => {
      pause = 1000;
      onLink(true);
    };
    socket.onmessage = (event) => {
      try {
        const message = JSON.parse(String(event.data)) as { type?: string; value?: CrashState };
        if (message.type === 'crash' && message.value) onState(message.value);
      } catch {
        // Not ours: ignore.
      }
    };
    socket.onclose = () => {
      if (closed) return;
      onLink(false);
      retry = setTimeout(open, pause);
      pause = Math.min(pause * 2, 15_000);
    };
  };
  open();
  return () => {
    closed = true;
    clearTimeout(retry);
    socket?.close();
  };
}
