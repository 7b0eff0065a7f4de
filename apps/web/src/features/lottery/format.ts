import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { type Board, boardsByFamily, type RowLabel } from './boards.ts';

/** One clock for every countdown on the page, ticking four times a second so a second never skips. */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(() => {
      const next = Date.now();
      // Re-render only when the displayed second changes.
      if (Math.floor(next / 1000) === Math.floor(now / 1000)) return;
      now = next;
      for (const l of listeners) l();
    }, 250);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time, to the second. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}

/** Seconds left until an instant, never below zero (rounded up: 0:00 shows only once it has passed). */
export function secondsUntil(iso: string, at: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - at) / 1000));
}

/** 05:09 or 3:04:05 for a countdown. */
export function clockText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

export const padNumber = (n: number, pad: number) => (pad > 0 ? String(n).padStart(pad, '0') : String(n));

/** The label of a board row: SSC position, rank, or nothing. */
export function rowLabel(t: TFunction, label: RowLabel): string {
  if (label.kind === 'digit-position') return t(`lottery.position.p${label.index}` as 'lottery.position.p0');
  if (label.kind === 'rank') return t('lottery.rank', { n: label.n });
  return '';
}

function boardFor(playType: string): Board | undefined {
  for (const boards of Object.values(boardsByFamily)) {
    const found = boards.find(([id]) => id === playType);
    if (found) return found[1];
  }
  return undefined;
}

/** A translated play type name. */
export function playLabel(t: TFunction, playType: string): string {
  return t(`lottery.play.${playType}` as 'lottery.play.SSC_5_DIRECT', { defaultValue: playType });
}

/** The picks of a selection as a player reads them: "1 2 | 3 | 4", "Place 3: Big, Odd", "05 17 23". */
export function selectionText(t: TFunction, playType: string, selection: unknown): string {
  const board = boardFor(playType);
  const s = (selection ?? {}) as Record<string, unknown>;
  if (!board) return JSON.stringify(selection);
  switch (board.kind) {
    case 'positions': {
      const pad = board.max >= 10 ? 2 : 0;
      const rows = (s.positions as number[][] | undefined) ?? [];
      return rows.map((r) => (r.length ? r.map((n) => padNumber(n, pad)).join(' ') : '-')).join(' | ');
    }
    case 'numbers':
      return ((s[board.field] as number[] | undefined) ?? []).map((n) => padNumber(n, board.pad)).join(' ');
    case 'composed':
      return ((s.numbers as number[] | undefined) ?? []).map((n) => padNumber(n, board.digits)).join(' ');
    case 'options': {
      const choices = ((s[board.field] as string[] | undefined) ?? []).map((c) => t(`lottery.option.${c}` as 'lottery.option.BIG'));
      if (!board.at) return choices.join(', ');
      const index = board.at.keys.indexOf(s[board.at.field] as number);
      const where = board.at.values[index];
      return `${where ? rowLabel(t, where) : ''}: ${choices.join(', ')}`;
    }
    case 'zodiac':
      return ((s.animals as string[] | undefined) ?? []).map((a) => t(`lottery.zodiac.${a}` as 'lottery.zodiac.RAT')).join(', ');
  }
}

/** A draw result as short text: "3 0 7 7 1", "05 11 02 …", "01 02 … + 49", the special prize of a Vietnamese draw. */
export function resultText(result: unknown): string {
  if (Array.isArray(result)) {
    const pad = result.some((n) => typeof n === 'number' && n >= 10) ? 2 : 0;
    return result.map((n) => padNumber(Number(n), pad)).join(' ');
  }
  if (result && typeof result === 'object') {
    const r = result as Record<string, unknown>;
    if (Array.isArray(r.numbers) && typeof r.special === 'number') {
      return `${r.numbers.map((n) => padNumber(Number(n), 2)).join(' ')} + ${padNumber(r.special, 2)}`;
    }
    if (Array.isArray(r.DB)) return String(r.DB[0] ?? '');
  }
  return '';
}

/** The balls of a result for the ball row: numbers, or the Mark Six numbers with the special last. */
export function resultBalls(result: unknown): { value: string; special?: boolean; n: number }[] {
  if (Array.isArray(result)) {
    const pad = result.length > 5 || result.some((n) => Number(n) >= 10) ? 2 : 0;
    return result.map((n) => ({ value: padNumber(Number(n), pad), n: Number(n) }));
  }
  if (result && typeof result === 'object') {
    const r = result as Record<string, unknown>;
    if (Array.isArray(r.numbers) && typeof r.special === 'number') {
      return [
        ...r.numbers.map((n) => ({ value: padNumber(Number(n), 2), n: Number(n) })),
        { value: padNumber(r.special, 2), special: true, n: r.special },
      ];
    }
    if (Array.isArray(r.DB))
      return String(r.DB[0] ?? '')
        .split('')
        .map((d) => ({ value: d, n: Number(d) }));
  }
  return [];
}
