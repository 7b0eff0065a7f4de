import type { SlotConfig } from './engine.ts';

/**
 * A five-reel test fixture small enough to enumerate (7^5 = 16 807 stop combinations) and to read
 * by hand: every strip starts A W B C S, so stop 0 shows A / W / B on every reel, and a stop s puts
 * strip[s + 1] on the middle row. It pays far more than it takes (RTP ~1694%): it checks arithmetic,
 * it is not offered to players.
 */
export const toySlot: SlotConfig = {
  id: 'toy',
  name: 'Toy',
  rows: 3,
  symbols: [
    { id: 'W', name: 'Wild', kind: 'wild', pays: { 3: 25, 4: 40, 5: 100 } },
    { id: 'S', name: 'Scatter', kind: 'scatter' },
    { id: 'A', name: 'A', kind: 'regular', pays: { 3: 10, 4: 20, 5: 50 } },
    { id: 'B', name: 'B', kind: 'regular', pays: { 3: 5, 4: 10, 5: 20 } },
    { id: 'C', name: 'C', kind: 'regular', pays: { 2: 1, 3: 2, 4: 4, 5: 8 } },
  ],
  reels: ['A W B C S A C', 'A W B C S B C', 'A W B C S C B', 'A W B C S A B', 'A W B C S C A'],
  paylines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
  ],
  scatterPays: { 2: 1, 3: 5, 4: 20, 5: 50 },
  freeSpins: { awards: { 3: 1, 4: 2, 5: 3 }, multiplier: 2 },
};
