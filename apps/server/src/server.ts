import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { configWarnings, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { retirePublishedDemoPasswords, seedDemoData } from './db/seed.js';
import { describeStorageCheck, reconcileStorage, startUpGraceMs } from './maintenance/reconcile.js';
import { acquireDataDirLock } from './maintenance/data-dir-lock.js';
import { secureDataDir, useOwnerOnlyFiles } from './maintenance/data-dir-permissions.js';
import { sweepSpool } from './lib/spool.js';

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main() {
  useOwnerOnlyFiles();
  const config = loadConfig();
  // The embedded database allows one process; PostgreSQL serves many instances.
  const lock = config.DATABASE_URL ? null : await acquireDataDirLock(config.dataDir, 'server');
  const permissions = await secureDataDir(config.dataDir);
  // Uploads a crash or a kill left half-received: spool files, not stored files, so deleted.
  const sweptSpool = await sweepSpool(config.spoolDir);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dbDir });
  await database.migrate();
  const webDistDir =
    config.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  const webDevRoot = config.WEB_DEV ? fileURLToPath(new URL('../../web', import.meta.url)) : null;
  const app = await buildApp({ config, database, webDistDir, webDevRoot });
  for (const warning of configWarnings(config)) app.log.warn(warning);
  if (permissions.repaired > 0) {
    app.log.warn(
      `data dir permissions: made ${permissions.repaired} entries of ${config.dataDir} owner-only (other users could read them)`,
    );
  }
  if (sweptSpool > 0) {
    app.log.info(
      `upload spool: removed ${sweptSpool} unfinished uploads left by stopped processes`,
    );
  }
  void lock?.lost.then(() => {
    app.log.fatal('lost the data dir lock (its flock process ended); stopping');
    process.exit(1);
  });
  // Never deletes an upload: unreferenced files go to quarantine, and only a few of them (a
  // crash's debris); an empty, wrong or older database leaves every file in place with a warning.
  // Several instances share one PostgreSQL database and one bucket: one checks while the others
  // start without waiting for it.
  const check = await database.exclusively(
    'storage-check',
    () =>
      reconcileStorage(app.ctx, {
        mode: 'start-up',
        graceMs: startUpGraceMs(database.kind),
        quarantineDays: config.QUARANTINE_DAYS,
      }),
    { wait: false },
  );
  if (check.ran) {
    for (const { level, message } of describeStorageCheck(check.value)) app.log[level](message);
  } else {
    app.log.info('storage check: another instance is running it; skipped here');
  }
  const announce = (text: string) => process.stdout.write(`${text}\n`);
  if (config.SEED_DEMO) await seedDemoData(app.ctx, app.log, announce);
  await retirePublishedDemoPasswords(app.ctx, app.log, announce);

  if (config.DIAGNOSTICS) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    process.on('SIGUSR2', () => {
      const ms = (ns: number) => Math.round(ns / 1e4) / 100;
      app.log.info(
        {
          eventLoopDelayMs: {
            p50: ms(delay.percentile(50)),
            p99: ms(delay.percentile(99)),
            max: ms(delay.max),
          },
        },
        'event-loop delay',
      );
      delay.reset();
    });
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    app.draining = true;
    const force = setTimeout(() => {
      app.log.error('shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS + config.SHUTDOWN_GRACE_MS);
    force.unref();
    // Keep listening while draining so new requests get a clear 503 rather than a refused
    // connection (load balancers see /readyz 503 within SHUTDOWN_GRACE_MS and route elsewhere);
    // close once the in-flight ones are done.
    new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_GRACE_MS))
      .then(() => app.whenIdle(SHUTDOWN_DEADLINE_MS - 1_000))
      .then(() => app.close())
      .then(() => database.close())
      .then(() => lock?.release())
      .then(() => {
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Rips Memorial is ready on ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
