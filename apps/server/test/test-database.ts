import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/platform/db.ts';

/** Which engine integration tests run on: TEST_DB=postgres uses TEST_DATABASE_URL, else PGlite. */
export const testEngine: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let migratedDataDir: Blob | undefined;

/**
 * A fresh in-memory PGlite, migrated: a copy of the run's migrated database when the project's global
 * setup made one (test/global-setup.ts), else migrated here (a file run outside such a project).
 */
export async function openMigratedPglite(): Promise<Database> {
  const dumpFile = inject('migratedDataDir');
  if (dumpFile) migratedDataDir ??= new Blob([readFileSync(dumpFile)]);
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: migratedDataDir });
  if (!migratedDataDir) await database.migrate();
  return database;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database created on
 * the PostgreSQL server (dropped again by `close`). Both start as a copy of the database the run's
 * global setup migrated; without it, they are migrated here.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testEngine === 'pglite') return openMigratedPglite();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = inject('migratedTemplate');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  if (!template) await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
