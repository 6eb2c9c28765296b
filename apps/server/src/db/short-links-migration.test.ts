// The short-link migration on a database that already holds memorials: every existing memorial
// gets its own code, the stored rows keep every value, and a restore that inserts no code (an
// archive from before short links) still gets one.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORT_CODE_ALPHABET } from '@rips/shared/memorials';
import { createPostgresDatabase, TEST_ENGINE } from '../../test/app.js';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
const MEMORIALS = 300;

interface Engine {
  query<T>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openEngine(): Promise<Engine> {
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
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  return {
    query: async <T>(text: string) => (await client.query<T>(text)).rows,
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

let engine: Engine;
let before: string;

/** The migrations as they were before short links: the same folder, its journal cut there. */
async function migrationsBeforeShortLinks(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'rips-migrations-'));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag.endsWith('_memorial_short_links'));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  engine = await openEngine();
  before = await migrationsBeforeShortLinks();
  await engine.migrate(before);
  await engine.query(`INSERT INTO users (full_name, email, user_name, password_hash, role)
    VALUES ('Owner', 'owner@example.com', 'owner', 'x', 'sponsor')`);
  await engine.query(`INSERT INTO memorials (owner_id, title, description)
    SELECT (SELECT id FROM users LIMIT 1), 'Memorial ' || n, 'Told ' || n
    FROM generate_series(1, ${MEMORIALS}) AS n`);
  await engine.migrate(MIGRATIONS);
}, 60_000);
afterAll(async () => {
  await engine?.close();
  if (before) await rm(before, { recursive: true, force: true });
});

describe(`short-link migration on existing memorials (${TEST_ENGINE})`, () => {
  it('gives every memorial its own code from the alphabet without look-alikes', async () => {
    const rows = await engine.query<{
      title: string;
      description: string;
      short_code: string;
      poster_line: string;
    }>('SELECT title, description, short_code, poster_line FROM memorials');
    expect(rows).toHaveLength(MEMORIALS);
    const code = new RegExp(`^[${SHORT_CODE_ALPHABET}]{8}$`);
    for (const row of rows) {
      expect(row.short_code).toMatch(code);
      expect(row.poster_line).toBe('');
      expect(row.description).toBe(row.title.replace('Memorial', 'Told'));
    }
    expect(new Set(rows.map((r) => r.short_code)).size).toBe(MEMORIALS);
  });

  it('gives a code to a memorial inserted without one, or with none at all (a restore)', async () => {
    const [made] = await engine.query<{
      short_code: string;
    }>(`INSERT INTO memorials (owner_id, title)
      SELECT id, 'New' FROM users LIMIT 1 RETURNING short_code`);
    const [restored] = await engine.query<{
      short_code: string;
    }>(`INSERT INTO memorials (owner_id, title, short_code)
      SELECT id, 'Restored', NULL FROM users LIMIT 1 RETURNING short_code`);
    expect(made!.short_code).toMatch(/^[a-z2-9]{8}$/);
    expect(restored!.short_code).toMatch(/^[a-z2-9]{8}$/);
  });

  it('refuses a second memorial with the same code', async () => {
    const [one] = await engine.query<{ short_code: string }>(
      'SELECT short_code FROM memorials LIMIT 1',
    );
    await expect(
      engine.query(`INSERT INTO memorials (owner_id, title, short_code)
        SELECT id, 'Twin', '${one!.short_code}' FROM users LIMIT 1`),
    ).rejects.toThrow(/duplicate key|unique/i);
  });
});
