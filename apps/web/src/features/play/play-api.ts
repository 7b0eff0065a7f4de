import { inhousePaths, type RoundAnswer, type RoundRecord, type Seeds } from '@platform/contract';
import { apiGetAt, apiSend } from '../../api/client.ts';

/** Amounts of a round's own outcome are minor units; the frame (stake, win, balance) is in currency units. */
export type { RoundAnswer, RoundRecord, Seeds };

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
