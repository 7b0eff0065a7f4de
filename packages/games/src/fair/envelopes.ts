import type { RoundSeeds } from './seeds.ts';
import { fairStream } from './stream.ts';

/**
 * Envelope rain (decision 0044): the amounts of a round's envelopes from its seeds. Envelope i's
 * weight is 1 + an unbiased integer below 100 from the fair stream of (server seed, client seed,
 * nonce i); it holds minAmount + floor(spare × weight / total weight), spare = budget − count × minAmount.
 * The floors keep the sum at or under the budget whatever order the envelopes are opened in; the
 * server pays and the site's verify view recomputes with this very function.
 */

/** The terms of a round's draw (minor units). */
export interface EnvelopeTerms {
  budget: number;
  count: number;
  minAmount: number;
}

/** Most envelopes a round may hold. */
export const ENVELOPES_MAX = 10_000;
const WEIGHTS = 100;

/** Throws unless the terms can be drawn: 1..10 000 envelopes, a minimum ≥ 1 they can all have within the budget. */
export function assertEnvelopeTerms(t: EnvelopeTerms): void {
  if (!Number.isSafeInteger(t.count) || t.count < 1 || t.count > ENVELOPES_MAX) throw new RangeError('envelopes: count must be 1..10000');
  if (!Number.isSafeInteger(t.minAmount) || t.minAmount < 1) throw new RangeError('envelopes: minimum must be a positive integer');
  if (!Number.isSafeInteger(t.budget) || t.budget < t.count * t.minAmount)
    throw new RangeError('envelopes: budget must cover every envelope at its minimum');
  if (t.budget * WEIGHTS > Number.MAX_SAFE_INTEGER) throw new RangeError('envelopes: budget too large');
}

/** The weight of envelope `index` (1..100). */
export function envelopeWeight(serverSeed: string, clientSeed: string, index: number): number {
  const seeds: RoundSeeds = { serverSeed, clientSeed, nonce: index };
  return 1 + fairStream(seeds).nextInt(WEIGHTS);
}

/** Every envelope's amount, index 0 first; their sum never exceeds the budget. */
export function envelopeAmounts(serverSeed: string, clientSeed: string, terms: EnvelopeTerms): number[] {
  assertEnvelopeTerms(terms);
  const weights = Array.from({ length: terms.count }, (_, i) => envelopeWeight(serverSeed, clientSeed, i));
  const total = weights.reduce((s, w) => s + w, 0);
  const spare = terms.budget - terms.count * terms.minAmount;
  return weights.map((w) => terms.minAmount + Math.floor((spare * w) / total));
}
