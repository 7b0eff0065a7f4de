import {
  type DrawResult,
  type LotteryGame,
  type LotteryTicket,
  lotteryBetPaths,
  lotteryBoardPaths,
  lotteryPaths,
  type OpenedNumbers,
  type PlaceLotteryBetsBody,
  type PopularLottery,
  type VnNumbers,
  type Winner,
} from '@platform/contract';
import { apiGetAt, apiSend } from '../../api/client.ts';

export interface Page<T> {
  list: T[];
  totalPages: number;
}

export interface PlacedSlip {
  tickets: LotteryTicket[];
  amount: number;
  balance: number;
}

export const lotteryGames = () => apiGetAt<LotteryGame[]>(lotteryPaths.games);

export const lotteryResults = (code: string, pageSize = 20) =>
  apiGetAt<Page<DrawResult>>(lotteryPaths.results, { params: { code }, query: { pageNo: 1, pageSize } });

export const myLotteryBets = (gameCode?: string, pageSize = 20) =>
  apiGetAt<Page<LotteryTicket>>(lotteryBetPaths.mine, { query: { gameCode, pageNo: 1, pageSize } });

export const placeLotteryBets = (body: PlaceLotteryBetsBody) => apiSend<PlacedSlip>(lotteryBetPaths.place, body);

/** The spec's popular lottery: 20 (hot lottery) or 100 games, the most bet on first. */
export const popularLottery = (count: 20 | 100 = 20) => apiGetAt<PopularLottery>(lotteryBoardPaths.popular, { query: { count } });

export const openedNumbers = () => apiGetAt<OpenedNumbers>(lotteryBoardPaths.openedNumbers);

export const winnerBoard = (count = 20) => apiGetAt<{ list: Winner[] }>(lotteryBoardPaths.winnerBoard, { query: { count } });

/** The spec's Vietnamese numbers: the 100 lô numbers of a game over its latest draws. */
export const vnNumbers = (gameCode: string, draws = 30) => apiGetAt<VnNumbers>(lotteryBoardPaths.vnNumbers, { query: { gameCode, draws } });

export const lotteryFavourites = () => apiGetAt<string[]>(lotteryBoardPaths.favourites);

export const setLotteryFavourite = (gameCode: string, on: boolean) =>
  apiSend<string[]>(lotteryBoardPaths.favourite.replace(':gameCode', encodeURIComponent(gameCode)), undefined, {
    method: on ? 'PUT' : 'DELETE',
  });

/**
 * Calls `onDraw` whenever the server says a draw was drawn, settled or cancelled (the lottery socket),
 * reconnecting after a drop. Returns the function that closes it.
 */
export function watchDraws(onDraw: (gameCode: string) => void): () => void {
  let socket: WebSocket | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}${lotteryPaths.live}`);
    socket.onmessage = (event) => {
      try {
        const message = JSON.parse(String(event.data)) as { type?: string; value?: { gameCode?: string } };
        if (message.type === 'draw' && message.value?.gameCode) onDraw(message.value.gameCode);
      } catch {
        // Not ours: ignore.
      }
    };
    socket.onclose = () => {
      if (!closed) retry = setTimeout(open, 5_000);
    };
  };
  open();
  return () => {
    closed = true;
    clearTimeout(retry);
    socket?.close();
  };
}
