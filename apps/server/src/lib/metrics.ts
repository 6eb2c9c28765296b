import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.js';
import { MAIL_JOB } from '../mail/mail-queue.js';
import type { Storage, StorageBody } from '../storage/storage.js';
import type { FixityCounters } from '../maintenance/fixity.js';
import { countFailed } from '../maintenance/fixity.repository.js';

export interface Metrics {
  registry: Registry;
}

/** Counts the bytes of every stored upload by its kind (the key's first folder). */
function meteredStorage(storage: Storage, bytes: Counter<'kind'>): Storage {
  const count = (key: string, body: StorageBody): StorageBody => {
    const kind = key.slice(0, key.indexOf('/'));
    if (Buffer.isBuffer(body)) {
      bytes.inc({ kind }, body.length);
      return body;
    }
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes.inc({ kind }, chunk.length);
        done(null, chunk);
      },
    });
    return (body as Readable).pipe(tap);
  };
  // Every other method is the wrapped storage's own, reached through the prototype.
  return Object.assign(Object.create(storage) as Storage, {
    put: (key: string, body: StorageBody) => storage.put(key, count(key, body)),
  });
}

/**
 * Prometheus metrics of this instance in a registry of its own: request duration by route and
 * status, the process's own (event-loop delay, memory, CPU, GC), the database pool, the job
 * queue's depth and the bytes of stored uploads. Hooks are added at the root so every route is
 * measured.
 */
export function createMetrics(
  app: FastifyInstance,
  database: Database,
  fixity?: FixityCounters,
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to its answer, by route pattern and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        // The pattern, never the path: ids would make a series per memorial.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const pool = database.poolStats;
  if (pool) {
    new Gauge({
      name: 'rips_db_pool_connections',
      help: 'PostgreSQL pool connections: open (total), idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  new Gauge({
    name: 'rips_job_queue_depth',
    help: 'Jobs waiting, being retried or running, by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.set({ queue: MAIL_JOB }, await app.ctx.jobs.depth(MAIL_JOB));
    },
  });

  const uploadBytes = new Counter({
    name: 'rips_upload_bytes_total',
    help: 'Bytes written to storage for uploads (every stored variant), by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  app.ctx.storage = meteredStorage(app.ctx.storage, uploadBytes);

  if (fixity) {
    registry.registerMetric(fixity.checked);
    registry.registerMetric(fixity.failures);
    // The counters start again with each process; the failed files stay until an operator acts.
    new Gauge({
      name: 'rips_fixity_failed_files',
      help: 'Stored files that failed their fixity check and wait for an operator (npm run storage-check lists them).',
      registers: [registry],
      async collect() {
        this.set(await countFailed(app.ctx.db));
      },
    });
  }

  app.addHook('onClose', async () => registry.clear());
  return { registry };
}
