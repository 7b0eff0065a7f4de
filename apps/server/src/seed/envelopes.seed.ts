import { anyRound } from '../modules/envelopes/envelopes.repository.ts';
import { scheduleRounds } from '../modules/envelopes/envelopes.service.ts';
import type { Merchant } from '../modules/merchants/merchants.service.ts';
import type { Db } from '../platform/db.ts';

const MINUTE = 60_000;
/** Every 30 minutes for three days. */
const EVERY = 30 * MINUTE;
const ROUNDS = 3 * 48;

/** Minor units: BRL R$ 50 in 20 envelopes of at least R$ 0,50; XOF 5 000 F in 20 of at least 50 F. */
const terms: Record<string, { budget: number; count: number; minAmount: number }> = {
  BRL: { budget: 5_000, count: 20, minAmount: 50 },
  XOF: { budget: 5_000, count: 20, minAmount: 50 },
};

/**
 * Demo envelope rain (decision 0044): 10-minute rounds every 30 minutes for three days, the first at
 * the next whole 5 minutes after seeding, so a visitor of a fresh `npm start` meets one soon.
 */
export async function seedEnvelopeRounds(db: Db, merchant: Merchant, now: Date): Promise<void> {
  const t = terms[merchant.currency];
  if (!t || (await anyRound(db, merchant.id))) return;
  const first = Math.ceil((now.getTime() + MINUTE) / (5 * MINUTE)) * 5 * MINUTE;
  const rounds = Array.from({ length: ROUNDS }, (_, i) => ({ startsAt: first + i * EVERY, minutes: 10, ...t }));
  await scheduleRounds(db, merchant, rounds, 'seed');
}
