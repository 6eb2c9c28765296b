import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES } from '@rips/shared/envelope';
import { HealthSchema, ReadinessSchema, type Readiness } from '@rips/shared/operations';
import { AppError } from '../errors.js';
import type { Metrics } from '../lib/metrics.js';

/** Migrations shipped with this build: a database with fewer applied is not ready for it. */
const SHIPPED_MIGRATIONS = (
  JSON.parse(
    readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: unknown[] }
).entries.length;

/** A check that has not answered by then counts as failed: a load balancer must not wait on us. */
const CHECK_TIMEOUT_MS = 3000;

async function check(
  name: string,
  probe: () => Promise<unknown>,
  log: FastifyBaseLogger,
): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return 'ok';
  } catch (error) {
    log.warn({ err: error, check: name }, 'readiness check failed');
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

async function appliedMigrations(app: FastifyInstance): Promise<void> {
  const result = await app.ctx.db.execute(
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  const applied = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (applied < SHIPPED_MIGRATIONS) {
    throw new Error(`${applied} of ${SHIPPED_MIGRATIONS} migrations applied`);
  }
}

/** Compares in constant time, whatever the lengths. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const HIDDEN = { hide: true } as const;

/**
 * Operations, outside the API: `/healthz` (alive), `/readyz` (send traffic here?) and
 * `/metrics` (Prometheus, only with METRICS_TOKEN; decision 0043).
 */
export const operationsRoutes: FastifyPluginAsyncZod<{ metrics: Metrics | null }> = async (
  app,
  { metrics },
) => {
  const { config } = app.ctx;

  app.get(
    '/healthz',
    { schema: { ...HIDDEN, response: { 200: HealthSchema } } },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    { schema: { ...HIDDEN, response: { 200: ReadinessSchema, 503: ReadinessSchema } } },
    async (request, reply) => {
      const [database, migrations, storage] = await Promise.all([
        check('database', () => app.ctx.db.execute(sql`SELECT 1`), request.log),
        check('migrations', () => appliedMigrations(app), request.log),
        check('storage', () => app.ctx.storage.ping(), request.log),
      ]);
      const checks = { database, migrations, storage };
      const healthy = Object.values(checks).every((c) => c === 'ok');
      const status: Readiness['status'] = app.draining
        ? 'draining'
        : healthy
          ? 'ready'
          : 'not-ready';
      return reply
        .status(status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status, checks });
    },
  );

  app.get(
    '/metrics',
    {
      schema: {
        ...HIDDEN,
        response: {
          200: {
            description: 'Prometheus text exposition format.',
            content: { 'text/plain': { schema: z.string() } },
          },
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      // Unset, the endpoint does not exist as far as anyone can tell.
      if (!metrics || !config.METRICS_TOKEN) throw AppError.notFound('Not found.');
      const header = request.headers.authorization;
      if (!header) {
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw AppError.unauthenticated('Metrics need the METRICS_TOKEN as a bearer token.');
      }
      const token = /^Bearer\s+(.+)$/i.exec(header)?.[1] ?? '';
      if (!sameToken(token, config.METRICS_TOKEN)) throw AppError.forbidden('Wrong metrics token.');
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    },
  );
};
