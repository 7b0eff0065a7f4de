import { replaySlot, type SlotConfig, type SlotReplay, type SlotRound } from './engine.ts';

/**
 * Our slot configurations. Strips and paytables are our own, tuned with `computeRtp` (exact) to
 * these returns: Jungle Gems 96.05%, Carnival Nights 95.32%, Savanna Sun 94.67% (rtp.test.ts holds
 * them). Changing a strip or a pay changes the RTP: re-run the tests and update the figures.
 */

/** 20 fixed paylines over 5 reels × 3 rows: the row (0 = top) each line takes on each reel. */
export const twentyLines: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/** Gems and jungle animals; wilds on every reel, free spins pay double. */
export const jungleGems: SlotConfig = {
  id: 'jungle-gems',
  name: 'Jungle Gems',
  rows: 3,
  symbols: [
    { id: 'ID', name: 'Golden Idol', kind: 'wild', pays: { 3: 50, 4: 250, 5: 1000 } },
    { id: 'TM', name: 'Lost Temple', kind: 'scatter' },
    { id: 'JA', name: 'Jaguar', kind: 'regular', pays: { 3: 30, 4: 120, 5: 500 } },
    { id: 'TC', name: 'Toucan', kind: 'regular', pays: { 3: 25, 4: 100, 5: 300 } },
    { id: 'MK', name: 'Monkey', kind: 'regular', pays: { 3: 20, 4: 60, 5: 200 } },
    { id: 'FR', name: 'Tree Frog', kind: 'regular', pays: { 3: 15, 4: 50, 5: 150 } },
    { id: 'RU', name: 'Ruby', kind: 'regular', pays: { 3: 10, 4: 30, 5: 100 } },
    { id: 'EM', name: 'Emerald', kind: 'regular', pays: { 3: 8, 4: 25, 5: 80 } },
    { id: 'SA', name: 'Sapphire', kind: 'regular', pays: { 3: 6, 4: 20, 5: 60 } },
    { id: 'TP', name: 'Topaz', kind: 'regular', pays: { 3: 5, 4: 15, 5: 50 } },
    { id: 'AM', name: 'Amethyst', kind: 'regular', pays: { 3: 5, 4: 10, 5: 30 } },
  ],
  reels: [
    'ID TP FR TP JA SA AM MK AM FR RU MK TP RU AM EM TC EM TM SA MK FR RU AM RU EM TC ID SA JA TC',
    'TC AM TP MK RU TC TM AM JA SA RU AM SA TP ID TC EM FR ID JA EM SA FR TP RU MK AM EM MK SA FR',
    'AM EM AM MK SA RU FR AM ID TP EM JA AM MK TC JA TP EM ID RU FR ID FR TM TP MK RU SA TC TP SA',
    'TM RU FR SA AM JA AM ID SA AM TP EM MK SA JA FR RU EM FR TP TC RU SA AM TP MK EM ID EM TP MK TC',
    'AM SA RU EM AM MK TP EM JA AM TC TP RU SA MK JA AM TC AM TM RU SA ID FR SA RU MK FR EM TP FR TP EM',
  ],
  paylines: twentyLines,
  scatterPays: { 3: 2, 4: 10, 5: 50 },
  freeSpins: { awards: { 3: 10, 4: 15, 5: 20 }, multiplier: 2 },
};

/** Fairground rides and card suits; the jester wild only on reels 2-4, free spins pay triple. */
export const carnivalNights: SlotConfig = {
  id: 'carnival-nights',
  name: 'Carnival Nights',
  rows: 3,
  symbols: [
    { id: 'JS', name: 'Jester', kind: 'wild' },
    { id: 'TK', name: 'Golden Ticket', kind: 'scatter' },
    { id: 'CR', name: 'Carousel', kind: 'regular', pays: { 3: 40, 4: 150, 5: 750 } },
    { id: 'FW', name: 'Ferris Wheel', kind: 'regular', pays: { 3: 30, 4: 100, 5: 400 } },
    { id: 'MS', name: 'Masquerade Mask', kind: 'regular', pays: { 3: 20, 4: 75, 5: 250 } },
    { id: 'CA', name: 'Candy Apple', kind: 'regular', pays: { 3: 15, 4: 50, 5: 150 } },
    { id: 'HE', name: 'Heart', kind: 'regular', pays: { 3: 10, 4: 25, 5: 80 } },
    { id: 'DI', name: 'Diamond', kind: 'regular', pays: { 3: 8, 4: 20, 5: 70 } },
    { id: 'CL', name: 'Club', kind: 'regular', pays: { 3: 6, 4: 15, 5: 60 } },
    { id: 'SP', name: 'Spade', kind: 'regular', pays: { 3: 5, 4: 15, 5: 50 } },
  ],
  reels: [
    'HE CL HE DI CR FW CL CA SP DI CA CL FW SP DI SP CA SP MS HE SP CA FW CL DI HE MS TK CR MS CL',
    'JS SP DI FW SP JS SP CA DI CA SP HE MS FW CL MS JS DI MS CL CR HE CL SP CA DI CA CL TK FW HE CR HE',
    'CR MS CL SP HE FW JS HE TK CR CL SP DI SP CL MS CA HE DI JS CA DI HE CL MS SP CA FW SP FW CA JS DI CL',
    'MS CA CL JS HE FW CA HE JS SP CL DI HE CA MS JS HE FW CL CR DI FW CL CR HE CL SP DI SP DI MS SP TK CA',
    'TK SP CL SP FW HE CA HE CL DI CL CR DI CR SP CL SP CA MS CA HE CL FW MS HE FW DI CA HE DI MS',
  ],
  paylines: twentyLines,
  scatterPays: { 3: 3, 4: 15, 5: 100 },
  freeSpins: { awards: { 3: 8, 4: 12, 5: 20 }, multiplier: 3 },
};

/** Savanna animals and card ranks; more wilds mid-reel, long free-spin runs without a multiplier. */
export const savannaSun: SlotConfig = {
  id: 'savanna-sun',
  name: 'Savanna Sun',
  rows: 3,
  symbols: [
    { id: 'SU', name: 'Setting Sun', kind: 'wild', pays: { 3: 40, 4: 200, 5: 800 } },
    { id: 'WH', name: 'Waterhole', kind: 'scatter' },
    { id: 'LI', name: 'Lion', kind: 'regular', pays: { 3: 30, 4: 120, 5: 600 } },
    { id: 'EL', name: 'Elephant', kind: 'regular', pays: { 3: 25, 4: 100, 5: 400 } },
    { id: 'GI', name: 'Giraffe', kind: 'regular', pays: { 3: 20, 4: 75, 5: 250 } },
    { id: 'ZE', name: 'Zebra', kind: 'regular', pays: { 3: 15, 4: 50, 5: 200 } },
    { id: 'A', name: 'Ace', kind: 'regular', pays: { 3: 10, 4: 30, 5: 100 } },
    { id: 'K', name: 'King', kind: 'regular', pays: { 3: 8, 4: 25, 5: 80 } },
    { id: 'Q', name: 'Queen', kind: 'regular', pays: { 3: 6, 4: 20, 5: 60 } },
    { id: 'J', name: 'Jack', kind: 'regular', pays: { 3: 4, 4: 15, 5: 60 } },
    { id: 'T', name: 'Ten', kind: 'regular', pays: { 3: 4, 4: 10, 5: 40 } },
  ],
  reels: [
    'GI J K SU ZE Q A J Q A Q K T ZE Q GI T K T J Q SU A EL WH J ZE K T GI LI A LI J EL',
    'WH GI LI Q ZE A K T J Q J K T ZE GI J Q EL A T ZE K SU Q EL A EL LI K SU J GI SU',
    'K J LI T K EL ZE K SU A J GI LI J Q J EL SU ZE T Q SU GI A K A Q ZE T EL T GI Q WH',
    'Q K SU T EL Q GI J A LI ZE A J T LI K Q GI WH GI T A ZE A EL SU K J T ZE J EL Q K',
    'SU EL Q EL ZE T K EL WH GI A LI T J A Q GI J K T ZE K J GI A ZE LI T Q SU J A K Q',
  ],
  paylines: twentyLines,
  scatterPays: { 3: 2, 4: 8, 5: 40 },
  freeSpins: { awards: { 3: 15, 4: 20, 5: 25 }, multiplier: 1 },
};

/** Every configuration on offer. */
export const slotConfigs: readonly SlotConfig[] = [jungleGems, carnivalNights, savannaSun];

/** The configuration with this id; throws for an unknown id. */
export function slotConfigById(id: string): SlotConfig {
  const config = slotConfigs.find((c) => c.id === id);
  if (!config) throw new RangeError(`slot: unknown configuration ${id}`);
  return config;
}

/** Rebuilds a stored round from its replay record alone (configuration looked up by id). */
export function replaySlotRound(replay: SlotReplay): SlotRound {
  return replaySlot(slotConfigById(replay.configId), replay);
}
