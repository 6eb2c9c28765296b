import type { FastifyBaseLogger } from 'fastify';
import { Counter } from 'prom-client';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { Checksum } from '../lib/checksum.js';
import { STORAGE_FOLDERS } from '../modules/media/stored-files.js';
import { isFixityKey } from '../storage/checksummed-storage.js';
import type { Storage } from '../storage/storage.js';
import * as repo from './fixity.repository.js';
import { QUARANTINE } from './reconcile.js';

export const FIXITY_JOB = 'fixity-check';
/** Files hashed at once: each is streamed, so memory stays a few chunks per file. */
const AT_ONCE = 4;
/** Keys looked up at a time while looking for files with no row. */
const FIND_BATCH = 500;

/** The fixity check's counters; registered in the metrics registry when METRICS_TOKEN is set. */
export interface FixityCounters {
  checked: Counter<'result'>;
  failures: Counter<'reason'>;
}

export function createFixityCounters(): FixityCounters {
  return {
    checked: new Counter({
      name: 'rips_fixity_checked_total',
      help: 'Stored files the fixity check hashed, by result: verified, first_seen (no sum was recorded: recorded now, not verified) or failed.',
      labelNames: ['result'] as const,
      registers: [],
    }),
    failures: new Counter({
      name: 'rips_fixity_failures_total',
      help: 'Stored files whose bytes differed from their recorded SHA-256 (mismatch) or were gone (missing); each is quarantined.',
      labelNames: ['reason'] as const,
      registers: [],
    }),
  };
}

export interface FixitySettings {
  cycleDays: number;
  batchMin: number;
  batchMax: number;
  /** The hour (UTC) from which a day's pass runs. */
  hour: number;
}

export interface FixityReport {
  ran: boolean;
  /** Files found in storage with no row, given one with no sum. */
  found: number;
  batch: number;
  verified: number;
  firstSeen: number;
  failed: { key: string; reason: 'mismatch' | 'missing' }[];
  /** Files that could not be read this time (storage unreachable): tried again next pass. */
  unreadable: number;
}

/** Files a night: every file within the cycle, within the floor and the cap. */
export function nightlyBatch(total: number, settings: FixitySettings): number {
  return Math.min(
    settings.batchMax,
    Math.max(settings.batchMin, Math.ceil(total / settings.cycleDays)),
  );
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A pass is due from `hour` each day (UTC), once: the latest check tells when the last one ran. */
export function passDue(now: Date, lastCheckedAt: Date | null, hour: number): boolean {
  if (now.getUTCHours() < hour) return false;
  return !lastCheckedAt || day(lastCheckedAt) < day(now);
}

/** Gives a row (with no sum) to every upload file in storage that has none. */
async function findUnrecorded(ctx: AppContext, storage: Storage): Promise<number> {
  let found = 0;
  let batch: string[] = [];
  const flush = async () => {
    const known = await repo.knownKeys(ctx.db, batch);
    found += await repo.insertFound(
      ctx.db,
      batch.filter((key) => !known.has(key)),
      ctx.now(),
    );
    batch = [];
  };
  for (const folder of STORAGE_FOLDERS) {
    for await (const key of storage.list(folder)) {
      if (!isFixityKey(key)) continue;
      batch.push(key);
      if (batch.length === FIND_BATCH) await flush();
    }
  }
  await flush();
  return found;
}

async function hash(
  storage: Storage,
  key: string,
): Promise<{ sha256: string; size: number } | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const checksum = new Checksum();
  for await (const chunk of object.stream) checksum.update(chunk as Buffer);
  return checksum.digest();
}

/**
 * One night's pass: rows for files stored without one, then the `batch` files whose last check
 * is oldest, each streamed through SHA-256 and compared with the sum recorded at upload. A file
 * whose bytes changed, or that is gone, is logged as an error, counted, marked failed and moved
 * to the storage check's quarantine (never replaced or deleted): an operator restores it from a
 * backup (docs/operations.md). `storage` is the storage under the checksums, so the move keeps
 * the failed row under the file's own key.
 */
export async function runFixityPass(
  ctx: AppContext,
  storage: Storage,
  settings: FixitySettings,
  log: FastifyBaseLogger,
  counters: FixityCounters,
  options: { force?: boolean } = {},
): Promise<FixityReport> {
  const report: FixityReport = {
    ran: false,
    found: 0,
    batch: 0,
    verified: 0,
    firstSeen: 0,
    failed: [],
    unreadable: 0,
  };
  const before = await repo.fixityState(ctx.db);
  if (!options.force && !passDue(ctx.now(), before.lastCheckedAt, settings.hour)) return report;
  report.ran = true;
  report.found = await findUnrecorded(ctx, storage);
  const { active } = await repo.fixityState(ctx.db);
  report.batch = nightlyBatch(active, settings);
  const rows = await repo.dueForCheck(ctx.db, report.batch);
  const checkOne = async (row: repo.ChecksumRow) => {
    let found: { sha256: string; size: number } | null;
    try {
      found = await hash(storage, row.key);
    } catch (error) {
      report.unreadable += 1;
      log.warn(
        { err: { message: (error as Error).message }, key: row.key },
        'fixity check: could not read a stored file; it is tried again next pass',
      );
      return;
    }
    const now = ctx.now();
    if (!row.sha256) {
      if (!found) await repo.dropUnrecorded(ctx.db, row.key);
      else if (await repo.recordFirstSeen(ctx.db, row.key, found, now)) {
        report.firstSeen += 1;
        counters.checked.inc({ result: 'first_seen' });
      }
      return;
    }
    if (found && found.sha256 === row.sha256 && found.size === row.size) {
      await repo.markVerified(ctx.db, row.key, now);
      report.verified += 1;
      counters.checked.inc({ result: 'verified' });
      return;
    }
    // Marked first, under the sum compared with: a file deleted or written again meanwhile
    // (its row dropped or renewed first) is no failure.
    if (!(await repo.markFailed(ctx.db, row.key, row.sha256, now))) return;
    const reason = found ? 'mismatch' : 'missing';
    const quarantined = found ? `${QUARANTINE}/${day(now)}/${row.key}` : null;
    if (quarantined) await storage.move(row.key, quarantined);
    report.failed.push({ key: row.key, reason });
    counters.checked.inc({ result: 'failed' });
    counters.failures.inc({ reason });
    log.error(
      {
        key: row.key,
        expectedSha256: row.sha256,
        expectedSize: row.size,
        foundSha256: found?.sha256 ?? null,
        foundSize: found?.size ?? null,
        quarantinedAs: quarantined,
      },
      found
        ? 'fixity check: a stored file differs from the checksum recorded at upload; moved to quarantine, restore it from a backup'
        : 'fixity check: a stored file is gone; restore it from a backup',
    );
  };
  const queue = [...rows];
  await Promise.all(
    Array.from({ length: Math.min(AT_ONCE, queue.length) }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) await checkOne(row);
    }),
  );
  if (report.batch < Math.ceil(active / settings.cycleDays)) {
    log.warn(
      `fixity check: FIXITY_BATCH_MAX (${settings.batchMax}) is below ${Math.ceil(active / settings.cycleDays)}, so not every file is checked within ${settings.cycleDays} days`,
    );
  }
  log.info(
    {
      found: report.found,
      verified: report.verified,
      firstSeen: report.firstSeen,
      failed: report.failed.length,
      unreadable: report.unreadable,
    },
    'fixity check: pass done',
  );
  return report;
}

export function fixitySettings(config: AppContext['config']): FixitySettings {
  return {
    cycleDays: config.FIXITY_CYCLE_DAYS,
    batchMin: config.FIXITY_BATCH_MIN,
    batchMax: config.FIXITY_BATCH_MAX,
    hour: config.FIXITY_HOUR,
  };
}

/** The nightly check, on the job queue: it looks every FIXITY_SWEEP_SECONDS, passes once a day. */
export function defineFixityCheck(
  ctx: AppContext,
  storage: Storage,
  log: FastifyBaseLogger,
  counters: FixityCounters,
): void {
  ctx.jobs.every(FIXITY_JOB, ctx.config.FIXITY_SWEEP_SECONDS, async () => {
    await runFixityPass(ctx, storage, fixitySettings(ctx.config), log, counters);
  });
}

export type RecheckResult = 'restored' | 'still-differs' | 'still-missing';

/**
 * After an operator put failed files back (from a backup) at their keys: each is hashed again, and
 * one that matches the checksum recorded at upload is no longer failed. Nothing is moved.
 */
export async function recheckFailed(
  db: Db,
  storage: Storage,
  now: Date,
): Promise<{ key: string; result: RecheckResult }[]> {
  const results: { key: string; result: RecheckResult }[] = [];
  for (const row of await repo.failedFiles(db)) {
    const found = await hash(storage, row.key);
    let result: RecheckResult = found ? 'still-differs' : 'still-missing';
    if (found && found.sha256 === row.sha256 && found.size === row.size) {
      await repo.clearFailure(db, row.key, now);
      result = 'restored';
    }
    results.push({ key: row.key, result });
  }
  return results;
}
