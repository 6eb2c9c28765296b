// A throw-away PostgreSQL database beside the one a URL names: the tests' (apps/server/test/app.ts)
// and the benchmarks' (bench/) one way to make and drop it. Plain ESM, so the benchmarks import
// it without a TypeScript runner; postgres-database.d.mts types it for the tests.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Creates `<prefix>_<random>` on `baseUrl`'s server and answers its URL; `drop()` removes it
 * (closing its connections).
 */
export async function createPostgresDatabase(baseUrl, prefix = 'rips_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
