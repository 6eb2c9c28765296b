// A bare database for migration tests (no app): PGlite in memory, or a throw-away database on
// TEST_DATABASE_URL's PostgreSQL, and the committed migrations cut before a given one.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createPostgresDatabase } from './app.js';

/** The committed migrations folder. */
export const MIGRATIONS = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

export interface MigrationEngine {
  query<T>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

export async function openMigrationEngine(): Promise<MigrationEngine> {
  if (process.env.TEST_DATABASE_URL) {
    const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    return {
      query: async <T>(text: string) => (await pool.query(text)).rows as T[],
      migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await database.drop();
      },
    };
  }
  const client = await PGlite.create('memory://', { extensions: { pg_trgm, unaccent } });
  return {
    query: async <T>(text: string) => (await client.query<T>(text)).rows,
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/**
 * A copy of the migrations as they were before the one whose tag ends with `tagSuffix`: the
 * same folder, its journal cut there. The caller removes the folder.
 */
export async function migrationsBefore(tagSuffix: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'rips-migrations-'));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tagSuffix));
  if (at <= 0) throw new Error(`No migration before one tagged *${tagSuffix}`);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * Registers the hooks of a migration test: a fresh database migrated to just before the
 * migration tagged `*tagSuffix`, one sponsor ("owner@example.com") inserted, then `fill` (the
 * rows the migration must carry over), then every migration. Read the database with `engine()`.
 */
export function useMigrationOverData(
  tagSuffix: string,
  fill: (engine: MigrationEngine) => Promise<void>,
): { engine: () => MigrationEngine } {
  let engine: MigrationEngine | undefined;
  let before: string | undefined;
  beforeAll(async () => {
    engine = await openMigrationEngine();
    before = await migrationsBefore(tagSuffix);
    await engine.migrate(before);
    await engine.query(`INSERT INTO users (full_name, email, user_name, password_hash, role)
      VALUES ('Owner', 'owner@example.com', 'owner', 'x', 'sponsor')`);
    await fill(engine);
    await engine.migrate(MIGRATIONS);
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
    if (before) await rm(before, { recursive: true, force: true });
  });
  return {
    engine: () => {
      if (!engine) throw new Error('The migration test database is not open yet');
      return engine;
    },
  };
}
