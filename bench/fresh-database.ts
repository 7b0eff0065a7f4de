// A fresh PostgreSQL database for one bench run, migrated and seeded with the demo data.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/platform/db.ts';
import { type SeedOptions, seedDemoData } from '../apps/server/src/seed/seed.ts';

export interface FreshDatabase {
  database: Database;
  /** Its connection URL, for a server process the bench starts on it. */
  url: string;
  /** Closes it and removes it. */
  drop(): Promise<void>;
}

/**
 * A new database `<prefix>_<random>` on the server of BENCH_DATABASE_URL (by default the local
 * one), migrated and seeded (`seed`: the demo data's options); undefined when that server cannot be reached, and the bench then
 * prints nothing.
 */
export async function freshDatabase(prefix: string, seed: SeedOptions = {}): Promise<FreshDatabase | undefined> {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin });
  try {
    await adminClient.connect();
    await adminClient.query(`create database ${name}`);
  } catch {
    await adminClient.end().catch(() => {});
    return undefined;
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  await database.migrate();
  await seedDemoData(database.db, new Date(), seed);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await adminClient.query(`drop database ${name} with (force)`);
      await adminClient.end();
    },
  };
}
