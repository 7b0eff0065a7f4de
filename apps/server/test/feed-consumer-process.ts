// A node that only consumes the ledger feed, for the kill -9 test of the feed: the daily statistics
// and a probe that logs every movement it is handed (table feed_probe, made by the test), each in
// small batches, until it is killed. DATABASE_URL names the database.
import { sql } from 'drizzle-orm';
import { dailyStatistics } from '../src/modules/statistics/statistics.service.ts';
import { consumeNext, type FeedConsumer } from '../src/modules/wallet/ledger.feed.ts';
import { openDatabase } from '../src/platform/db.ts';

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: '' });
const probe: FeedConsumer = {
  name: 'probe',
  apply: async (tx, movements) => {
    await tx.execute(sql`insert into feed_probe (transaction_id) select unnest(${sql.param(movements.map((m) => m.id))}::bigint[])`);
  },
};
for (;;) {
  const a = await consumeNext(database.db, dailyStatistics, 40);
  const b = await consumeNext(database.db, probe, 40);
  if (!a && !b) await new Promise((r) => setTimeout(r, 20));
}
