import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { SharedDataVersion } from '../lib/page-cache.js';
import { OwnerOnlyNodeFS } from './owner-only-nodefs.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One type for both drivers, so repositories never care which engine runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Plain SQL with $n parameters, as the job queue (pg-boss) speaks to the database. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The same connection(s) as `db`, for SQL drizzle does not write (the job queue's). */
  sql: SqlExecutor;
  /** Applies pending migrations; on PostgreSQL under an advisory lock, so instances migrate once. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the database-wide lock `name`, so that one instance at a time does
   * it. `wait: false` gives up at once (answering `{ ran: false }`) when another instance holds it.
   * The embedded database has one process by construction (the data dir lock): it just runs.
   */
  exclusively<T>(
    name: string,
    work: () => Promise<T>,
    options?: { wait?: boolean },
  ): Promise<{ ran: true; value: T } | { ran: false }>;
  /**
   * A counter every instance reads, moved on by every write a page may show (decision 0041);
   * the embedded database serves one process and keeps none.
   */
  dataVersion?: SharedDataVersion;
  /** PostgreSQL's pool: connections open, idle, and requests waiting for one (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** A stable 64-bit advisory lock key for a name, as the decimal text PostgreSQL reads. */
export function advisoryLockKey(name: string): string {
  return createHash('sha256').update(`rips:${name}`).digest().readBigInt64BE(0).toString();
}

/** Holds a session-level advisory lock on one connection of its own while `work` runs. */
async function withAdvisoryLock<T>(
  pool: pg.Pool,
  name: string,
  work: (client: pg.PoolClient) => Promise<T>,
  wait: boolean,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = await pool.connect();
  const key = advisoryLockKey(name);
  try {
    if (wait) {
      await client.query('SELECT pg_advisory_lock($1::bigint)', [key]);
    } else {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1::bigint) AS locked',
        [key],
      );
      if (!rows[0]?.locked) return { ran: false };
    }
    try {
      return { ran: true, value: await work(client) };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
    }
  } finally {
    client.release();
  }
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * drizzle asks PGlite, with every query, to return dates, timestamps and intervals (and their
 * arrays) as the text the database stores. PGlite merges such per-query parsers into a fresh copy
 * of its whole parser table on every call, about 0.1 ms a query (measured: a one-row read took
 * 313 µs with them, 215 µs without). Setting the same parsers once on the instance gives the same
 * rows without the copy.
 */
const TEXT_AS_STORED = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((oid) => [oid, (value: string) => value]),
);

type Queryable = Pick<PGlite, 'query'> | Transaction;

function withoutQueryParsers<T extends Queryable>(target: T): Pick<T, 'query'> {
  return {
    query: ((text: string, params?: unknown[], queryOptions?: QueryOptions) =>
      target.query(
        text,
        params,
        queryOptions?.parsers ? { ...queryOptions, parsers: undefined } : queryOptions,
      )) as T['query'],
  };
}

/** The two calls drizzle makes on a PGlite client, with the per-query parsers left out. */
function withInstanceParsers(client: PGlite): PGlite {
  const adapter = {
    ...withoutQueryParsers(client),
    transaction: <R>(run: (tx: Transaction) => Promise<R>) =>
      client.transaction((tx) => run(withoutQueryParsers(tx) as Transaction)),
  };
  return adapter as unknown as PGlite;
}

/**
 * PGlite in `dataDir` (or in memory when `dataDir` is omitted), or PostgreSQL when a URL is given.
 */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection can die under us (server restart, an administrator ending it). Without a
    // listener that error would crash the process; the pool replaces the connection by itself.
    pool.on('error', (error) => {
      process.emitWarning(`A PostgreSQL connection closed: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      sql: {
        executeSql: async (text, values) => {
          const result = await pool.query(text, values);
          // Several statements in one text answer one result each; the last is what was asked.
          return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
        },
      },
      // Instances starting together queue on the lock; each then finds what is already applied.
      migrate: async () => {
        await withAdvisoryLock(
          pool,
          'migrate',
          (client) => migratePg(drizzlePg(client), { migrationsFolder }),
          true,
        );
      },
      exclusively: (name, work, options) =>
        withAdvisoryLock(pool, name, () => work(), options?.wait ?? true),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      dataVersion: {
        // A sequence: nextval never waits on a lock or a transaction, and last_value is seen by
        // every session at once.
        advance: async () => {
          await pool.query("SELECT nextval('page_data_version')");
        },
        current: async () => {
          const { rows } = await pool.query<{ v: string }>(
            // Before its first nextval a sequence shows its start value, not yet called.
            'SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS v FROM page_data_version',
          );
          return rows[0]!.v;
        },
      },
      close: () => pool.end(),
    };
  }
  const client = options.dataDir
    ? await PGlite.create({
        fs: new OwnerOnlyNodeFS(options.dataDir),
        extensions: { pg_trgm, unaccent },
      })
    : await PGlite.create('memory://', { extensions: { pg_trgm, unaccent } });
  Object.assign(client.parsers, TEXT_AS_STORED);
  const db = drizzlePglite(withInstanceParsers(client), { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    sql: {
      executeSql: async (text, values) => {
        // The extended protocol takes one statement; a text without parameters may hold several.
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    exclusively: async (_name, work) => ({ ran: true, value: await work() }),
    close: () => client.close(),
  };
}
