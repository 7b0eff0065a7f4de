import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a file holding the data directory of a freshly migrated database. */
    migratedDataDir: string;
    /** PostgreSQL: a migrated database every test database is copied from. */
    migratedTemplate: string;
  }
}

/**
 * Migrates one database for the whole run; each test file's database starts as a copy of it (a
 * loaded data directory on PGlite, `create database … template` on PostgreSQL) instead of running
 * every migration again, which cost each file several seconds.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `t_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), dataDir: '' });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide('migratedTemplate', name);
    project.provide('migratedDataDir', '');
    return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  const dir = mkdtempSync(join(tmpdir(), 'platform-migrated-'));
  try {
    await database.migrate();
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error('PGlite gives its data directory');
    writeFileSync(join(dir, 'pgdata.tar'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('migratedDataDir', join(dir, 'pgdata.tar'));
  project.provide('migratedTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
