// The baseline for the read ratio: a bare Fastify route running the one query a memorial read
// needs, on a copy of the same embedded database. Usage: node bare-server.mjs <dbDir> <port>
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';

const [dbDir, port] = process.argv.slice(2);
const query = 'SELECT * FROM memorials WHERE id = $1';
let run;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  run = async (id) => (await pool.query(query, [id])).rows;
} else {
  const db = await PGlite.create(dbDir, { extensions: { pg_trgm } });
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
