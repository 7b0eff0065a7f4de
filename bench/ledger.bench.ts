import { listMerchants } from '../apps/server/src/modules/merchants/merchants.repository.ts';
import { checkLedger, houseAccount, memberAccount, post } from '../apps/server/src/modules/wallet/ledger.service.ts';
import { type Database, openDatabase } from '../apps/server/src/platform/db.ts';
import { seedDemoData } from '../apps/server/src/seed/seed.ts';
import { freshDatabase } from './fresh-database.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const concurrency = Number(process.env.BENCH_LEDGER_CONCURRENCY ?? 16);

async function open(engine: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await seedDemoData(database.db);
    return { database, drop: () => database.close() };
  }
  process.env.DB_POOL_SIZE = String(concurrency);
  const fresh = await freshDatabase('bench');
  if (!fresh) throw new Error('PostgreSQL is not reachable');
  return fresh;
}

async function scenario(engine: string, players: number) {
  const { database, drop } = await open(engine);
  try {
    const [merchant] = await listMerchants(database.db);
    if (!merchant) throw new Error('no merchant');
    const db = database.db;
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
    const latencies: number[] = [];
    let seq = 0;
    const end = performance.now() + seconds * 1000;
    // Each transfer is a bet leg: player wallet to the house games account, with an idempotency key.
    const worker = async () => {
      while (performance.now() < end) {
        const n = seq++;
        const wallet = wallets[n % wallets.length] as number;
        const house = games[n % games.length] as number;
        const t0 = performance.now();
        await post(db, {
          merchantId: merchant.id,
          type: 'bet',
          idempotencyKey: `bench-${n}`,
          postings: [
            { accountId: wallet, amount: -100 },
            { accountId: house, amount: 100 },
          ],
        });
        latencies.push(performance.now() - t0);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
    const check = await checkLedger(db);
    console.log(
      JSON.stringify({ engine, players, transfers: latencies.length, perSecond: latencies.length / elapsed, p99, invariantsOk: check.ok }),
    );
  } finally {
    await drop();
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
for (const engine of engines) {
  await scenario(engine, 1000);
  await scenario(engine, 1);
}
