import { fastFairStream } from '../fair/stream.ts';
import { compileSlot, countScatters, drawStops, fillWindow, type SlotConfig, scoreLines } from './engine.ts';

/** Monte Carlo estimate of a configuration's RTP, with the parts `computeRtp` gives exactly. */
export interface SimulatedRtp {
  /** Paid spins played. */
  spins: number;
  /** Free spins played on top of them. */
  freeSpins: number;
  /** Paid spins that awarded free spins. */
  freeSpinTriggers: number;
  /** Paid spins with any win. */
  hits: number;
  base: number;
  scatter: number;
  freeSpinsPart: number;
  total: number;
  /** Standard error of `total`, from the sample variance of the return per paid spin. */
  standardError: number;
}

/** Client seed of the simulation stream. */
export const SIMULATION_CLIENT_SEED = 'rtp-simulation';

/**
 * Plays `spins` paid spins (each with its free spins) for a bet of 1 per line and returns the RTP
 * observed. All stops come in turn from one fair stream (server seed `seed`, client seed
 * 'rtp-simulation', nonce 0, cursor 0, 1, 2, ...), read through the allocation-free HMAC: a spin
 * needs about 5 bytes, so one HMAC serves ~6 spins. Rounds are evaluated exactly as `playSlot` does.
 */
export function simulateRtp(config: SlotConfig, spins: number, seed: string): SimulatedRtp {
  if (!Number.isSafeInteger(spins) || spins < 1) throw new RangeError('simulateRtp: spins must be a positive integer');
  const c = compileSlot(config);
  const stream = fastFairStream({ serverSeed: seed, clientSeed: SIMULATION_CLIENT_SEED, nonce: 0 });
  const stops = new Int32Array(c.reelCount);
  const window = new Int32Array(c.reelCount * c.rows);
  const lines = c.lineCount;
  // Sums in units of the bet per line, exact while below 2^53.
  let baseUnits = 0;
  let scatterUnits = 0;
  let freeUnits = 0;
  let freeSpins = 0;
  let triggers = 0;
  let hits = 0;
  let sumSquares = 0;
  for (let i = 0; i < spins; i++) {
    drawStops(c, stream, stops);
    fillWindow(c, stops, window);
    const lineUnits = scoreLines(c, stops, window);
    const k = countScatters(c, stops);
    const scatterSpinUnits = (c.scatterPay[k] as number) * lines;
    let pending = c.freeSpinAward[k] as number;
    let roundFree = 0;
    if (pending > 0) triggers++;
    while (pending > 0) {
      pending--;
      freeSpins++;
      drawStops(c, stream, stops);
      fillWindow(c, stops, window);
      const fk = countScatters(c, stops);
      roundFree += (scoreLines(c, stops, window) + (c.scatterPay[fk] as number) * lines) * c.multiplier;
      pending += c.freeSpinAward[fk] as number;
    }
    const round = lineUnits + scatterSpinUnits + roundFree;
    if (round > 0) hits++;
    baseUnits += lineUnits;
    scatterUnits += scatterSpinUnits;
    freeUnits += roundFree;
    sumSquares += round * round;
  }
  const staked = spins * lines;
  const total = (baseUnits + scatterUnits + freeUnits) / staked;
  const meanPerSpin = (baseUnits + scatterUnits + freeUnits) / spins;
  const variance = Math.max(0, sumSquares / spins - meanPerSpin * meanPerSpin);
  return {
    spins,
    freeSpins,
    freeSpinTriggers: triggers,
    hits,
    base: baseUnits / staked,
    scatter: scatterUnits / staked,
    freeSpinsPart: freeUnits / staked,
    total,
    standardError: Math.sqrt(variance / spins) / lines,
  };
}
