import { assertStake } from '../fair/payout.ts';
import type { RoundSeeds } from '../fair/seeds.ts';
import { type FairStream, fairStream } from '../fair/stream.ts';

/**
 * One video-slot engine for every configuration in configs.ts.
 *
 * - Reels: each reel is a cyclic strip of symbols; its stop is the strip index shown on the top row,
 *   and row j shows strip[(stop + j) mod length]. A spin draws one unbiased stop per reel, reel 1
 *   first, from the bet's fair stream (`nextInt(strip length)`).
 * - Lines: each payline names one row per reel. A line pays the longest run from the leftmost reel
 *   of one symbol, the wild standing in for every symbol but the scatter. When the line starts with
 *   wilds it pays the best it can form: the larger of (a) the run of the first non-wild symbol with
 *   the wilds counted in, and (b) the leading wilds alone, paid as the best-paying symbol (wild
 *   included) for that count. Line pays are multiples of the bet per line.
 * - Scatter: counted anywhere in the window, pays by count times the total bet (bet per line × lines),
 *   and awards free spins by count.
 * - Free spins: played on the same reels right after the spin that awarded them, their wins (line and
 *   scatter) multiplied by the configuration's multiplier; scatters in free spins award more (retrigger)
 *   without limit. One bet is the paid spin plus all its free spins, drawn in order from the same stream.
 */

export type SymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbol {
  /** Short code used in the reel strips. */
  id: string;
  name: string;
  kind: SymbolKind;
  /** Line pays by run length (3, 4, 5), in multiples of the bet per line; none for the scatter. */
  pays?: Readonly<Record<number, number>>;
}

export interface SlotConfig {
  /** Stable id stored with every round for replay. */
  id: string;
  name: string;
  /** Rows shown per reel. */
  rows: number;
  /** Exactly one wild and one scatter among them. */
  symbols: readonly SlotSymbol[];
  /** One strip per reel, symbol codes separated by spaces, cyclic, top to bottom. */
  reels: readonly string[];
  /** Each line names a row (0 = top) per reel. */
  paylines: readonly (readonly number[])[];
  /** Scatter pays by count, in multiples of the total bet. */
  scatterPays: Readonly<Record<number, number>>;
  freeSpins: {
    /** Free spins awarded by scatter count. */
    awards: Readonly<Record<number, number>>;
    /** Multiplier on every free-spin win (1 = none). */
    multiplier: number;
  };
}

export interface LineWin {
  /** Index into the configuration's paylines, from 0. */
  line: number;
  /** The symbol paid (the wild when the wilds alone pay best). */
  symbol: string;
  /** Run length from the left. */
  count: number;
  /** Minor units, multiplier included. */
  win: number;
}

export interface SpinOutcome {
  stops: number[];
  /** window[row][reel]: symbol codes as shown. */
  window: string[][];
  lineWins: LineWin[];
  scatterCount: number;
  /** Minor units, multiplier included. */
  scatterWin: number;
  freeSpinsAwarded: number;
  /** 1 in the paid spin, the free-spin multiplier in free spins. */
  multiplier: number;
  /** Line wins plus scatter win, minor units. */
  totalWin: number;
}

export interface SlotRound {
  configId: string;
  /** Minor units. */
  betPerLine: number;
  /** Minor units: betPerLine × lines, the amount debited. */
  totalBet: number;
  /** The paid spin first, then the free spins in the order played. */
  spins: SpinOutcome[];
  /** Minor units, the amount credited. */
  totalWin: number;
}

/** What to store to replay a round: evaluating these stops gives the round again. */
export interface SlotReplay {
  configId: string;
  betPerLine: number;
  /** Stops of the paid spin then of each free spin. */
  stops: number[][];
}

/** A configuration flattened into typed arrays for the evaluation loops. */
export interface CompiledSlot {
  config: SlotConfig;
  reelCount: number;
  rows: number;
  lineCount: number;
  symbolIds: string[];
  strips: Int32Array[];
  lengths: number[];
  /** columns[r][stop × rows + row]: the symbol each stop shows on each row, precomputed. */
  columns: Int32Array[];
  /** scattersAt[r][stop]: scatters each stop shows. */
  scattersAt: Int32Array[];
  /** lineCells[l × reelCount + r] = the window cell (reel × rows + row) line l reads on reel r. */
  lineCells: Int32Array;
  /** linePay[symbol × (reelCount + 1) + count]. */
  linePay: Int32Array;
  /** Best pay and its symbol for a run of `count` wilds alone. */
  wildRunPay: Int32Array;
  wildRunSymbol: Int32Array;
  /**
   * openers[stop of reel 1 × length of reel 2 + stop of reel 2]: bit l is set when line l's first two
   * symbols can start a run (equal, or either a wild, and no scatter). Other lines cannot pay, which
   * lets the hot loops skip ~80% of lines. Null when a run of one pays or there are over 31 lines.
   */
  openers: Int32Array | null;
  wild: number;
  scatter: number;
  /** By scatter count in the window, 0..reelCount × rows. */
  scatterPay: Int32Array;
  freeSpinAward: Int32Array;
  multiplier: number;
}

const compiledCache = new WeakMap<SlotConfig, CompiledSlot>();

function fromCounts(table: Readonly<Record<number, number>> | undefined, size: number, what: string): Int32Array {
  const out = new Int32Array(size);
  for (const [key, value] of Object.entries(table ?? {})) {
    const count = Number(key);
    if (!Number.isInteger(count) || count < 1 || count >= size || !Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`slot: bad ${what} entry ${key}: ${value}`);
    }
    out[count] = value;
  }
  return out;
}

/** Checks a configuration and flattens it for evaluation; cached per configuration object. */
export function compileSlot(config: SlotConfig): CompiledSlot {
  const cached = compiledCache.get(config);
  if (cached) return cached;
  const reelCount = config.reels.length;
  const rows = config.rows;
  if (reelCount < 1 || !Number.isInteger(rows) || rows < 1) throw new RangeError(`slot ${config.id}: needs reels and rows`);
  const symbolIds = config.symbols.map((s) => s.id);
  const code = new Map(symbolIds.map((id, i) => [id, i]));
  if (code.size !== symbolIds.length) throw new RangeError(`slot ${config.id}: duplicate symbol id`);
  const wilds = config.symbols.flatMap((s, i) => (s.kind === 'wild' ? [i] : []));
  const scatters = config.symbols.flatMap((s, i) => (s.kind === 'scatter' ? [i] : []));
  if (wilds.length !== 1 || scatters.length !== 1) throw new RangeError(`slot ${config.id}: needs exactly one wild and one scatter`);
  const strips = config.reels.map((reel, r) => {
    const ids = reel.trim().split(/\s+/);
    if (ids.length < rows) throw new RangeError(`slot ${config.id}: reel ${r + 1} is shorter than the window`);
    return Int32Array.from(ids, (id) => {
      const c = code.get(id);
      if (c === undefined) throw new RangeError(`slot ${config.id}: unknown symbol ${id} on reel ${r + 1}`);
      return c;
    });
  });
  const lineCells = new Int32Array(config.paylines.length * reelCount);
  config.paylines.forEach((line, l) => {
    if (line.length !== reelCount || line.some((row) => !Number.isInteger(row) || row < 0 || row >= rows)) {
      throw new RangeError(`slot ${config.id}: payline ${l} must name a row per reel`);
    }
    line.forEach((row, r) => {
      lineCells[l * reelCount + r] = r * rows + row;
    });
  });
  const linePay = new Int32Array(symbolIds.length * (reelCount + 1));
  config.symbols.forEach((s, i) => {
    if (s.kind === 'scatter') return;
    linePay.set(fromCounts(s.pays, reelCount + 1, `pay of ${s.id}`), i * (reelCount + 1));
  });
  const wildRunPay = new Int32Array(reelCount + 1);
  const wildRunSymbol = new Int32Array(reelCount + 1).fill(wilds[0] as number);
  for (let count = 1; count <= reelCount; count++) {
    config.symbols.forEach((s, i) => {
      const pay = linePay[i * (reelCount + 1) + count] as number;
      if (s.kind !== 'scatter' && pay > (wildRunPay[count] as number)) {
        wildRunPay[count] = pay;
        wildRunSymbol[count] = i;
      }
    });
  }
  const multiplier = config.freeSpins.multiplier;
  if (!Number.isSafeInteger(multiplier) || multiplier < 1) throw new RangeError(`slot ${config.id}: bad free-spin multiplier`);
  const cells = reelCount * rows + 1;
  const compiled: CompiledSlot = {
    config,
    reelCount,
    rows,
    lineCount: config.paylines.length,
    symbolIds,
    strips,
    lengths: strips.map((s) => s.length),
    columns: strips.map((strip) =>
      Int32Array.from({ length: strip.length * rows }, (_, i) => strip[(Math.floor(i / rows) + (i % rows)) % strip.length] as number),
    ),
    scattersAt: strips.map((strip) =>
      Int32Array.from(strip, (_, stop) => {
        let k = 0;
        for (let j = 0; j < rows; j++) if (strip[(stop + j) % strip.length] === scatters[0]) k++;
        return k;
      }),
    ),
    lineCells,
    linePay,
    wildRunPay,
    wildRunSymbol,
    wild: wilds[0] as number,
    scatter: scatters[0] as number,
    scatterPay: fromCounts(config.scatterPays, cells, 'scatter pay'),
    freeSpinAward: fromCounts(config.freeSpins.awards, cells, 'free-spin award'),
    multiplier,
    openers: null,
  };
  compiled.openers = lineOpeners(compiled);
  compiledCache.set(config, compiled);
  return compiled;
}

function lineOpeners(c: CompiledSlot): Int32Array | null {
  // wildRunPay[1] is the best pay of any symbol for a run of one.
  if (c.reelCount < 2 || c.lineCount > 31 || (c.wildRunPay[1] as number) > 0) return null;
  const [first, second] = c.columns as [Int32Array, Int32Array];
  const [length1, length2] = c.lengths as [number, number];
  const openers = new Int32Array(length1 * length2);
  for (let a = 0; a < length1; a++) {
    for (let b = 0; b < length2; b++) {
      let mask = 0;
      for (let l = 0; l < c.lineCount; l++) {
        const x = first[a * c.rows + (c.lineCells[l * c.reelCount] as number)] as number;
        const y = second[b * c.rows + (c.lineCells[l * c.reelCount + 1] as number) - c.rows] as number;
        if (x !== c.scatter && y !== c.scatter && (x === y || x === c.wild || y === c.wild)) mask |= 1 << l;
      }
      openers[a * length2 + b] = mask;
    }
  }
  return openers;
}

/** Writes the window for `stops` into `window[reel × rows + row]`; stops must be on their reels. */
export function fillWindow(c: CompiledSlot, stops: ArrayLike<number>, window: Int32Array): void {
  const rows = c.rows;
  for (let r = 0; r < c.reelCount; r++) {
    const column = c.columns[r] as Int32Array;
    const from = (stops[r] as number) * rows;
    for (let j = 0; j < rows; j++) window[r * rows + j] = column[from + j] as number;
  }
}

/** Throws unless there is one stop per reel, each an index into its strip. */
export function assertStops(c: CompiledSlot, stops: readonly number[]): void {
  if (stops.length !== c.reelCount) throw new RangeError(`slot: expected ${c.reelCount} stops`);
  stops.forEach((stop, r) => {
    if (!Number.isInteger(stop) || stop < 0 || stop >= (c.lengths[r] as number))
      throw new RangeError(`slot: stop ${stop} is off reel ${r + 1}`);
  });
}

/**
 * Pay of line `l` in multiples of the bet per line. When `detail` is given, it receives the paid
 * symbol and the run length.
 */
export function scoreLine(c: CompiledSlot, window: Int32Array, l: number, detail?: Int32Array): number {
  const reels = c.reelCount;
  const cells = c.lineCells;
  const wild = c.wild;
  const base = l * reels;
  let leadingWilds = 0;
  let first = -1;
  let run = 0;
  for (let r = 0; r < reels; r++) {
    const s = window[cells[base + r] as number] as number;
    if (s === wild) {
      run++;
      if (first < 0) leadingWilds++;
    } else if (first < 0) {
      if (s === c.scatter) break;
      first = s;
      run++;
    } else if (s === first) {
      run++;
    } else {
      break;
    }
  }
  const wildPay = c.wildRunPay[leadingWilds] as number;
  const symbolPay = first < 0 ? 0 : (c.linePay[first * (reels + 1) + run] as number);
  if (detail) {
    if (symbolPay >= wildPay) {
      detail[0] = first;
      detail[1] = run;
    } else {
      detail[0] = c.wildRunSymbol[leadingWilds] as number;
      detail[1] = leadingWilds;
    }
  }
  return Math.max(symbolPay, wildPay);
}

/** Sum of all line pays of the window of `stops`, in multiples of the bet per line. */
export function scoreLines(c: CompiledSlot, stops: ArrayLike<number>, window: Int32Array): number {
  let total = 0;
  const openers = c.openers;
  if (openers === null) {
    for (let l = 0; l < c.lineCount; l++) total += scoreLine(c, window, l);
    return total;
  }
  let mask = openers[(stops[0] as number) * (c.lengths[1] as number) + (stops[1] as number)] as number;
  while (mask !== 0) {
    const lowest = mask & -mask;
    total += scoreLine(c, window, 31 - Math.clz32(lowest));
    mask ^= lowest;
  }
  return total;
}

/** Scatters visible at these stops. */
export function countScatters(c: CompiledSlot, stops: ArrayLike<number>): number {
  let count = 0;
  for (let r = 0; r < c.reelCount; r++) count += (c.scattersAt[r] as Int32Array)[stops[r] as number] as number;
  return count;
}

/** Draws one stop per reel from the stream into `out`. */
export function drawStops(c: CompiledSlot, stream: FairStream, out: Int32Array | number[]): void {
  for (let r = 0; r < c.reelCount; r++) out[r] = stream.nextInt(c.lengths[r] as number);
}

/** Throws unless the bet per line is a positive integer of minor units whose total bet and wins stay safe integers. */
export function assertBetPerLine(config: SlotConfig, betPerLine: number): void {
  assertStake(betPerLine);
  if (!Number.isSafeInteger(betPerLine * config.paylines.length * 1e9)) throw new RangeError('slot: bet per line too large');
}

/** Evaluates one spin: line wins, scatter win and free spins awarded, in minor units for the bet per line. */
export function evaluate(config: SlotConfig, stops: readonly number[], betPerLine: number, multiplier = 1): SpinOutcome {
  const c = compileSlot(config);
  assertBetPerLine(config, betPerLine);
  assertStops(c, stops);
  const window = new Int32Array(c.reelCount * c.rows);
  fillWindow(c, stops, window);
  const detail = new Int32Array(2);
  const lineWins: LineWin[] = [];
  let totalWin = 0;
  for (let l = 0; l < c.lineCount; l++) {
    const pay = scoreLine(c, window, l, detail);
    if (pay === 0) continue;
    const win = pay * betPerLine * multiplier;
    lineWins.push({ line: l, symbol: c.symbolIds[detail[0] as number] as string, count: detail[1] as number, win });
    totalWin += win;
  }
  const scatterCount = countScatters(c, stops);
  const scatterWin = (c.scatterPay[scatterCount] as number) * betPerLine * c.lineCount * multiplier;
  totalWin += scatterWin;
  const shown = Array.from({ length: c.rows }, (_, row) =>
    Array.from({ length: c.reelCount }, (_, r) => c.symbolIds[window[r * c.rows + row] as number] as string),
  );
  return {
    stops: [...stops],
    window: shown,
    lineWins,
    scatterCount,
    scatterWin,
    freeSpinsAwarded: c.freeSpinAward[scatterCount] as number,
    multiplier,
    totalWin,
  };
}

/** Plays a round from the stops of each spin in order, checking that the free spins match the awards. */
function roundFromStops(config: SlotConfig, betPerLine: number, nextStops: () => number[] | undefined): SlotRound {
  const spins: SpinOutcome[] = [];
  let pending = 1;
  let totalWin = 0;
  while (pending > 0) {
    const stops = nextStops();
    if (!stops) throw new RangeError('slot: the replay has fewer spins than the round awarded');
    const spin = evaluate(config, stops, betPerLine, spins.length === 0 ? 1 : config.freeSpins.multiplier);
    spins.push(spin);
    totalWin += spin.totalWin;
    pending += spin.freeSpinsAwarded - 1;
  }
  return { configId: config.id, betPerLine, totalBet: betPerLine * config.paylines.length, spins, totalWin };
}

/** Plays one bet: the paid spin and every free spin it leads to, all drawn from the bet's fair stream. */
export function playSlot(config: SlotConfig, betPerLine: number, seeds: RoundSeeds): SlotRound {
  const c = compileSlot(config);
  const stream = fairStream(seeds);
  return roundFromStops(config, betPerLine, () => {
    const stops = new Array<number>(c.reelCount);
    drawStops(c, stream, stops);
    return stops;
  });
}

/** The record to store with a round so that `replaySlot` can rebuild it. */
export function slotReplayOf(round: SlotRound): SlotReplay {
  return { configId: round.configId, betPerLine: round.betPerLine, stops: round.spins.map((s) => [...s.stops]) };
}

/** Rebuilds a round from its replay record; throws when the record's spins do not match the awards. */
export function replaySlot(config: SlotConfig, replay: SlotReplay): SlotRound {
  if (replay.configId !== config.id) throw new RangeError(`slot: replay is for ${replay.configId}, not ${config.id}`);
  let next = 0;
  const round = roundFromStops(config, replay.betPerLine, () => replay.stops[next++]);
  if (next !== replay.stops.length) throw new RangeError('slot: the replay has more spins than the round awarded');
  return round;
}

/** Re-derives a round from its revealed seeds and tells whether the stored replay record is the one they give. */
export function verifySlot(config: SlotConfig, replay: SlotReplay, seeds: RoundSeeds): boolean {
  const actual = slotReplayOf(playSlot(config, replay.betPerLine, seeds));
  return (
    actual.configId === replay.configId &&
    actual.stops.length === replay.stops.length &&
    actual.stops.every((stops, i) => stops.join() === replay.stops[i]?.join())
  );
}
