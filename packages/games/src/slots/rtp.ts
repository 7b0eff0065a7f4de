import { addFractions, type Fraction, fraction, mulFractions } from '../fair/fraction.ts';
import { type CompiledSlot, compileSlot, countScatters, fillWindow, type SlotConfig, scoreLine, scoreLines } from './engine.ts';

/**
 * Exact return to player of a slot configuration, per unit of total bet.
 *
 * - Lines: every stop of a reel is equally likely, so the symbol a payline sees on a reel is
 *   distributed like the strip's symbol counts whatever row the line uses, independently across
 *   reels. Every line therefore has the same expected pay, E = Σ over symbol tuples of
 *   Π count(reel r, symbol s_r) × pay(tuple) / Π length(r), and all lines together return
 *   lines × E × bet per line / total bet = E. Correlation between lines does not matter to an expectation.
 * - Scatter: each reel's stops are tallied by how many scatters their window shows; convolving the
 *   reels gives the exact distribution of the scatter count, hence the scatter return and
 *   a = expected free spins awarded by one spin.
 * - Free spins use the same reels, so each is worth multiplier × (line + scatter return) and each
 *   awards a more on average; a paid spin leads to a + a² + ... = a / (1 - a) free spins on average
 *   (Wald's identity, retriggers included; a < 1 is required).
 */
export interface SlotRtp {
  /** Line wins of the paid spin. */
  base: Fraction;
  /** Scatter wins of the paid spin. */
  scatter: Fraction;
  /** All wins of the free spins a paid spin leads to. */
  freeSpins: Fraction;
  total: Fraction;
  /** Probability that a spin awards free spins. */
  freeSpinTrigger: Fraction;
  /** Expected free spins awarded by one spin (a). */
  freeSpinsAwardedPerSpin: Fraction;
  /** Expected free spins played per paid spin, retriggers included: a / (1 - a). */
  freeSpinsPerPaidSpin: Fraction;
}

function combine(c: CompiledSlot, base: Fraction, scatter: Fraction, trigger: Fraction, awarded: Fraction): SlotRtp {
  if (awarded.num >= awarded.den) throw new RangeError(`slot ${c.config.id}: free spins retrigger without end (a ≥ 1)`);
  const perPaidSpin = fraction(awarded.num, awarded.den - awarded.num);
  const freeSpins = mulFractions(perPaidSpin, mulFractions(fraction(c.multiplier), addFractions(base, scatter)));
  return {
    base,
    scatter,
    freeSpins,
    total: addFractions(addFractions(base, scatter), freeSpins),
    freeSpinTrigger: trigger,
    freeSpinsAwardedPerSpin: awarded,
    freeSpinsPerPaidSpin: perPaidSpin,
  };
}

/** Exact RTP of a configuration by the per-line factorisation and the scatter-count convolution; milliseconds. */
export function computeRtp(config: SlotConfig): SlotRtp {
  const c = compileSlot(config);
  const symbolCount = c.symbolIds.length;
  const counts = c.strips.map((strip) => {
    const tally = new Array<number>(symbolCount).fill(0);
    for (const s of strip) tally[s] = (tally[s] as number) + 1;
    return tally;
  });
  const present = counts.map((tally) => tally.flatMap((n, s) => (n > 0 ? [s] : [])));
  const total = c.lengths.reduce((p, n) => p * BigInt(n), 1n);

  // A one-row window holding the tuple, read by the single line of a one-row copy of the configuration.
  const probe: CompiledSlot = { ...c, rows: 1, lineCount: 1, lineCells: Int32Array.from({ length: c.reelCount }, (_, r) => r) };
  const window = new Int32Array(c.reelCount);
  let linePays = 0n;
  const walk = (r: number, weight: number): void => {
    if (r === c.reelCount) {
      const pay = scoreLine(probe, window, 0);
      if (pay > 0) linePays += BigInt(weight) * BigInt(pay);
      return;
    }
    for (const s of present[r] as number[]) {
      window[r] = s;
      walk(r + 1, weight * ((counts[r] as number[])[s] as number));
    }
  };
  walk(0, 1);

  // Scatter count distribution: ways[k] = stop combinations showing k scatters.
  let ways: bigint[] = [1n];
  for (const scatters of c.scattersAt) {
    const perReel = new Array<bigint>(c.rows + 1).fill(0n);
    for (const k of scatters) perReel[k] = (perReel[k] as bigint) + 1n;
    const next = new Array<bigint>(ways.length + c.rows).fill(0n);
    ways.forEach((w, a) => {
      perReel.forEach((v, b) => {
        next[a + b] = (next[a + b] as bigint) + w * v;
      });
    });
    ways = next;
  }
  let scatterPays = 0n;
  let awarded = 0n;
  let triggers = 0n;
  ways.forEach((w, k) => {
    scatterPays += w * BigInt(c.scatterPay[k] as number);
    awarded += w * BigInt(c.freeSpinAward[k] as number);
    if ((c.freeSpinAward[k] as number) > 0) triggers += w;
  });
  return combine(c, fraction(linePays, total), fraction(scatterPays, total), fraction(triggers, total), fraction(awarded, total));
}

/**
 * Exact RTP by evaluating every combination of stops (Π strip lengths spins, several million a second):
 * the brute-force check of `computeRtp`. Free spins use the same geometric series.
 */
export function enumerateRtp(config: SlotConfig): SlotRtp {
  const c = compileSlot(config);
  const stops = new Int32Array(c.reelCount);
  const window = new Int32Array(c.reelCount * c.rows);
  let linePays = 0;
  let scatterPays = 0;
  let awarded = 0;
  let triggers = 0;
  let combinations = 0;
  for (;;) {
    fillWindow(c, stops, window);
    linePays += scoreLines(c, stops, window);
    const k = countScatters(c, stops);
    scatterPays += c.scatterPay[k] as number;
    awarded += c.freeSpinAward[k] as number;
    if ((c.freeSpinAward[k] as number) > 0) triggers++;
    combinations++;
    // Odometer: advance the last reel, carrying into the reel before it on wrap-around.
    let r = c.reelCount - 1;
    for (; r >= 0; r--) {
      stops[r] = ((stops[r] as number) + 1) % (c.lengths[r] as number);
      if (stops[r] !== 0) break;
    }
    if (r < 0) break;
  }
  if (!Number.isSafeInteger(linePays)) throw new RangeError('enumerateRtp: sums left the safe integer range');
  const spins = BigInt(combinations);
  return combine(
    c,
    fraction(BigInt(linePays), spins * BigInt(c.lineCount)),
    fraction(BigInt(scatterPays), spins),
    fraction(BigInt(triggers), spins),
    fraction(BigInt(awarded), spins),
  );
}
