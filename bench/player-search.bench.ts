// The back office's player search (GET /admin/v1/members, decision 0027) over a million members:
// exact account, mobile and id look-ups, the newest page and a deep page, in random turns, beside the
// same server's cheapest operator read (GET /admin/v1/auth/me with the same API key), alternating.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { listMerchants } from '../apps/server/src/modules/merchants/merchants.repository.ts';
import { insertApiKey, insertOperator } from '../apps/server/src/modules/operators/operators.repository.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { sha256Hex } from '../apps/server/src/platform/digest.ts';
import type { Comparison } from './figure.ts';
import { alternate, httpLoad } from './harness.mjs';

export const searchMembers = 1_000_000;

/** Bench data only: a million members straight in SQL (the services would take an hour), half per demo merchant. */
async function addMembers(databaseUrl: string): Promise<{ key: string; merchants: string[] }> {
  const database = await openDatabase({ url: databaseUrl, dataDir: '' });
  try {
    const db = database.db;
    const merchants = await listMerchants(db);
    const [a, b] = merchants;
    if (!a || !b) throw new Error('the demo merchants are missing');
    const started = performance.now();
    for (let from = 1; from <= searchMembers; from += 100_000) {
      await db.execute(sql`
        insert into members (merchant_id, account, mobile, country_dialing_code, created_at)
        select case when i % 2 = 0 then ${a.id}::int else ${b.id}::int end, 'ps' || i, '+5511' || lpad(i::text, 9, '0'), '+55',
               now() - make_interval(secs => i)
        from generate_series(${from}::int, ${Math.min(from + 99_999, searchMembers)}::int) i`);
    }
    await db.execute(sql`analyze members`);
    console.log(`  player-search: ${searchMembers.toLocaleString('en')} members added in ${Math.round(performance.now() - started)} ms`);
    const op = await insertOperator(db, {
      account: `bench-search-${randomBytes(3).toString('hex')}`,
      name: 'bench',
      role: 'support',
      allMerchants: true,
      merchantIds: [],
      passwordHash: 'not-a-hash',
      mustChangePassword: false,
      totpSecret: 'JBSWY3DPEHPK3PXP',
      totpEnabledAt: new Date(),
    });
    if (!op) throw new Error('bench operator not created');
    const key = `opk_${randomBytes(32).toString('base64url')}`;
    await insertApiKey(db, { operatorId: op.id, name: 'bench', prefix: key.slice(0, 10), keyHash: sha256Hex(key) });
    return { key, merchants: [a.code, b.code] };
  } finally {
    await database.close();
  }
}

/**
 * One search of the mix, drawn per request: half exact look-ups (account in capitals, mobile with its
 * +, mobile digits within a merchant), the newest page, the 21st page, and the deepest page the cap
 * allows (offset 9,950).
 */
function searchPath(merchants: string[]): string {
  const i = 1 + Math.floor(Math.random() * searchMembers);
  const merchant = merchants[i % 2 === 0 ? 0 : 1];
  switch (Math.floor(Math.random() * 6)) {
    case 0:
      return `/admin/v1/members?q=PS${i}`;
    case 1:
      return `/admin/v1/members?q=%2B5511${String(i).padStart(9, '0')}`;
    case 2:
      return `/admin/v1/members?q=5511${String(i).padStart(9, '0')}&merchant=${merchant}`;
    case 3:
      return `/admin/v1/members?merchant=${merchant}&pageSize=50`;
    case 4:
      return `/admin/v1/members?merchant=${merchant}&page=20&pageSize=50`;
    default:
      return `/admin/v1/members?merchant=${merchant}&page=199&pageSize=50`;
  }
}

export async function playerSearchFigure(
  base: string,
  databaseUrl: string,
  { seconds, rounds, connections, onRound }: { seconds: number; rounds: number; connections: number; onRound?: (...a: unknown[]) => void },
): Promise<Comparison> {
  const { key, merchants } = await addMembers(databaseUrl);
  const headers = { authorization: `Bearer ${key}` };
  const search = {
    seconds,
    connections,
    headers,
    requests: [{ setupRequest: (req: { path: string }) => ({ ...req, path: searchPath(merchants) }) }],
  };
  const me = `${base}/admin/v1/auth/me`;
  await httpLoad(`${base}/admin/v1/members`, { ...search, seconds: 2 });
  await httpLoad(me, { seconds: 2, connections, headers });
  return alternate({
    rounds,
    figure: () => httpLoad(`${base}/admin/v1/members`, search),
    reference: () => httpLoad(me, { seconds, connections, headers }),
    onRound,
  });
}
