import { createHash, randomBytes } from 'node:crypto';
import { fair } from '@platform/games';
import { CRASH_BETTING_MS, crashSeeds } from '../src/modules/crash/crash.service.ts';
import { crashRounds } from '../src/modules/crash/crash.tables.ts';
import type { Db } from '../src/platform/db.ts';

/**
 * Stores crash round `sequence`, taking bets from `opens`, with a fresh committed seed drawn until its
 * crash point lies in [min, max] hundredths: tests know the round runs long enough to cash out in.
 */
export async function insertCrashRound(db: Db, opts: { sequence: number; opens: Date; min: number; max: number }) {
  for (;;) {
    const seed = randomBytes(32).toString('hex');
    const crashPoint = fair.crashPoint(crashSeeds(seed, opts.sequence));
    if (crashPoint < opts.min || crashPoint > opts.max) continue;
    const startsAt = new Date(opts.opens.getTime() + CRASH_BETTING_MS);
    const [row] = await db
      .insert(crashRounds)
      .values({
        sequence: opts.sequence,
        seed,
        seedHash: createHash('sha256').update(seed).digest('hex'),
        crashPoint,
        bettingOpensAt: opts.opens,
        startsAt,
        crashesAt: new Date(startsAt.getTime() + fair.crashTimeToReach(crashPoint)),
      })
      .returning();
    if (!row) throw new Error('round not stored');
    return row;
  }
}
