// A throw-away PostgreSQL database for one benchmark run, beside the one `baseUrl` names.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Creates `<prefix>_<random>` on `baseUrl`'s server; `drop()` removes it (closing its connections). */
export async function freshPostgresDatabase(baseUrl, prefix = 'rips_bench') {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
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
