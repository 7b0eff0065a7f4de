// Ledger transfers (bet legs with idempotency keys) straight through the ledger service on a fresh
// PostgreSQL database, in rounds alternating with the pgbench reference.
import { listMerchants } from '../apps/server/src/modules/merchants/merchants.repository.ts';
import { checkLedger, houseAccount, memberAccount, post } from '../apps/server/src/modules/wallet/ledger.service.ts';
import type { Comparison, DatabaseFigureOptions } from './figure.ts';
import { freshDatabase } from './fresh-database.ts';
import { alternate } from './harness.mjs';

/** Transfers per second and p99 among `players` wallets beside pgbench's TPS; undefined without PostgreSQL. */
export async function ledgerTransfers(
  players: number,
  { seconds, rounds, reference, onRound }: DatabaseFigureOptions,
): Promise<Comparison | undefined> {
  const concurrency = Number(process.env.BENCH_LEDGER_CONCURRENCY ?? 16);
  // The pool as large as the workers (read by openDatabase), for this database only.
  const poolSize = process.env.DB_POOL_SIZE;
  process.env.DB_POOL_SIZE = String(concurrency);
  const fresh = await freshDatabase('bench_ledger').finally(() => {
    if (poolSize === undefined) delete process.env.DB_POOL_SIZE;
    else process.env.DB_POOL_SIZE = poolSize;
  });
  if (!fresh) return undefined;
  const db = fresh.database.db;
  try {
    const [merchant] = await listMerchants(db);
    if (!merchant) throw new Error('no merchant');
    const cashIn = await houseAccount(db, merchant.id, 'cash_in', merchant.currency);
    const wallets: number[] = [];
    const games: number[] = [];
    for (let i = 0; i < players; i++) {
      const w = await memberAccount(db, merchant.id, i + 1, 'main', merchant.currency);
      await post(db, {
        merchantId: merchant.id,
        type: 'deposit',
        postings: [
          { accountId: cashIn, amount: -1_000_000_000 },
          { accountId: w, amount: 1_000_000_000 },
        ],
      });
      wallets.push(w);
      games.push(await houseAccount(db, merchant.id, 'games', merchant.currency, i + 1));
    }
    let seq = 0;
    // Each transfer is a bet leg: player wallet to the house games account, with an idempotency key.
    const transfers = async (duration: number) => {
      const latencies: number[] = [];
      const end = performance.now() + duration * 1000;
      const worker = async () => {
        while (performance.now() < end) {
          const n = seq++;
          const t0 = performance.now();
          await post(db, {
            merchantId: merchant.id,
            type: 'bet',
            idempotencyKey: `bench-${n}`,
            postings: [
              { accountId: wallets[n % wallets.length] as number, amount: -100 },
              { accountId: games[n % games.length] as number, amount: 100 },
            ],
          });
          latencies.push(performance.now() - t0);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: concurrency }, worker));
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      return { value: latencies.length / elapsed, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
    };
    await transfers(2);
    const comparison = await alternate({ rounds, figure: () => transfers(seconds), reference: () => reference.round(seconds), onRound });
    return { ...comparison, invariantsOk: (await checkLedger(db)).ok };
  } finally {
    await fresh.drop();
  }
}
