// The baseline for the read ratio: a bare Fastify route running the one query a memorial read
// needs, on a copy of the same embedded database. Usage: node bare-server.mjs <dbDir> <port>
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import Fastify from 'fastify';
import pg from 'pg';

const [dbDir, port] = process.argv.slice(2);
// The query the app's memorial read sends (memorials.repository findMemorialWithContext, for an
// anonymous reader): the row, its owner's name and its contributors, in one statement.
const query = `SELECT m.*, u.full_name AS owner_name,
  coalesce((SELECT array_agg(c.user_id::text ORDER BY c.created_at) FROM memorial_people c WHERE c.memorial_id = m.id AND c.role = 'contributor'), '{}'::text[]) AS contributors,
  false AS liked_by_me
  FROM memorials m INNER JOIN users u ON u.id = m.owner_id WHERE m.id = $1 LIMIT 1`;
let run;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  run = async (id) => (await pool.query(query, [id])).rows;
} else {
  const db = await PGlite.create(dbDir, { extensions: { pg_trgm, unaccent } });
  run = async (id) => (await db.query(query, [id])).rows;
}
const app = Fastify({ logger: false });
app.get('/bare/posts/:id', async (request, reply) => {
  const rows = await run(request.params.id);
  if (rows.length === 0) return reply.status(404).send({ success: false });
  return { statusCode: 200, data: rows[0], message: 'ok', success: true };
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
