import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * The database handle every repository uses; the same on PGlite and PostgreSQL. Repositories query
 * their own tables by import (`db.select().from(table)`), so the handle carries no schema and the
 * platform imports no module: drizzle's relational `db.query.*` API, which would need every table
 * here, is not used.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel` (from any node on PostgreSQL,
   * through one dedicated connection; from this process on PGlite). Returns the way to stop.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the data directory as a tar file, which `openDatabase({ loadDataDir })` opens again. */
  dumpDataDir?(): Promise<Blob>;
}

/** One dedicated connection LISTENing on PostgreSQL, reconnecting after a loss. */
function pgListener(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => {
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      c.on('error', (err) => {
        console.error(JSON.stringify({ level: 50, msg: 'listen connection lost', err: err.message }));
        client = undefined;
        connecting = undefined;
        if (!closed) setTimeout(() => void resubscribe(), 1000).unref();
      });
      await c.connect();
      client = c;
      return c;
    })();
    return connecting;
  };
  const resubscribe = async () => {
    try {
      const c = await connect();
      for (const channel of handlers.keys()) await c.query(`listen "${channel}"`);
    } catch (err) {
      connecting = undefined;
      console.error(JSON.stringify({ level: 50, msg: 'listen reconnect failed', err: (err as Error).message }));
      if (!closed) setTimeout(() => void resubscribe(), 2000).unref();
    }
  };
  return {
    async listen(channel: string, handler: (payload: string) => void) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await (await connect()).query(`listen "${channel}"`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    async close() {
      closed = true;
      await client?.end();
    },
  };
}

/** Finds the drizzle migrations folder from the running file, in source and in the bundle. */
function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

/**
 * Opens PostgreSQL when `url` is given, otherwise embedded PGlite in `dataDir`
 * ('memory://' for a throwaway database), starting from `loadDataDir` (a `dumpDataDir` tar) if given.
 */
export async function openDatabase(opts: { url?: string; dataDir: string; loadDataDir?: Blob }): Promise<Database> {
  const folder = migrationsFolder();
  if (opts.url) {
    // Named (prepared) statements are only the hot ones of fixed shape (see preparedRows): each is
    // planned once per connection, not at every call as the server would for their first five
    // calls and for any call whose plan it guesses to be cheaper when made for its values.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: Number(process.env.DB_POOL_SIZE ?? 10),
      options: '-c plan_cache_mode=force_generic_plan',
    });
    // An idle connection the server closes (restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error(JSON.stringify({ level: 50, msg: 'idle database connection lost', err: err.message })));
    const db = drizzlePg({ client: pool }) as unknown as Db;
    const listener = pgListener(opts.url);
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: folder }),
      close: async () => {
        await listener.close();
        await pool.end();
      },
      listen: listener.listen,
    };
  }
  const client = new PGlite(opts.dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  await client.waitReady;
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: folder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    listen: async (channel, handler) => {
      const stop = await client.listen(channel, handler);
      return () => stop();
    },
  };
}

/** The parts of drizzle's handle a named statement needs (both drivers have them; PGlite ignores the name). */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(placeholders?: Record<string, unknown>): Promise<unknown> };
  };
}

/** Statements with more parameters than this (long VALUES lists of batches) are not kept prepared. */
const PREPARED_MAX_PARAMS = 64;
const statementNames = new Map<string, string>();

/**
 * The name a statement's text is prepared under on each PostgreSQL connection: the server parses and
 * plans it once per connection instead of at every call (a fifth less database time for a ledger
 * movement, measured). Names come from the text, so one name is always one text. Bounded: texts
 * come from the code, but a text that varies with its input stops being named past 5,000.
 */
function statementName(text: string, params: number): string | undefined {
  if (params > PREPARED_MAX_PARAMS) return undefined;
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= 5000) return undefined;
    name = `q${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Rows of a raw SQL query, the same shape on node-postgres and PGlite, as a named (prepared) statement. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const d = db as unknown as DrizzleInternals;
  const q = d.dialect.sqlToQuery(query);
  const res = (await d.session.prepareQuery(q, undefined, statementName(q.sql, q.params.length), false).execute()) as { rows: T[] };
  return res.rows;
}

/**
 * A raw statement built once: `build` gives its SQL, with `sql.placeholder(name)` where values go;
 * its text is made on first use, and each call only fills the placeholders and runs it as a named
 * (prepared) statement. For hot statements whose shape never changes, such as batches whose values
 * are arrays: building a large statement's text costs more than running it.
 */
export function preparedRows<T>(build: () => SQL): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  let built: { sql: string; params: unknown[]; name: string | undefined } | undefined;
  return async (db, values) => {
    const d = db as unknown as DrizzleInternals;
    if (!built) {
      const q = d.dialect.sqlToQuery(build());
      built = { ...q, name: statementName(q.sql, q.params.length) };
    }
    const res = (await d.session.prepareQuery(built, undefined, built.name, false).execute(values)) as { rows: T[] };
    return res.rows;
  };
}

/** The handle each transaction's handle was opened from (see rootDb). */
const roots = new WeakMap<Db, Db>();

/**
 * The database handle a transaction's handle belongs to (the handle itself outside a transaction):
 * what a per-database cache of facts that never change keys on, so that transactions share it.
 */
export function rootDb(db: Db): Db {
  return roots.get(db) ?? db;
}

/** Runs `work` in one database transaction, handing it the transaction's handle as a plain Db. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => {
    const handle = tx as unknown as Db;
    roots.set(handle, rootDb(db));
    return work(handle);
  });
}
