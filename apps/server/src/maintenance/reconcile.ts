import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Storage } from '../storage/storage.js';
import { referenceColumns } from '../modules/media/stored-files.js';
import { STORAGE_KINDS } from './tables.js';

/** Where orphans go: `quarantine/<yyyy-mm-dd>/<original key>`, the day being when they moved. */
export const QUARANTINE = 'quarantine';

/**
 * How many orphaned uploads the check moves without an operator's `--apply`: a tenth of the
 * stored uploads, at least a few (what a crash during concurrent uploads leaves) and at most
 * a hundred. More than that means the database does not match the files (empty, wrong, or
 * restored to an earlier point), and moving them would hide real uploads.
 */
export const ORPHAN_SHARE = 0.1;
export const ORPHAN_FLOOR = 5;
export const ORPHAN_CEILING = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * With the embedded database one process is the only writer, so every unreferenced file is
 * debris; with PostgreSQL other instances may be between storing a file and inserting its row,
 * so files younger than 15 minutes are spared.
 */
export function startUpGraceMs(engine: 'pglite' | 'postgres'): number {
  return engine === 'pglite' ? 0 : 15 * 60_000;
}

/**
 * `start-up`: quarantine orphans within the allowance, purge expired quarantine.
 * `apply`: an operator asked for it: quarantine every orphan, purge expired quarantine.
 * `dry-run`: change nothing; report what `apply` would do.
 */
export type StorageCheckMode = 'start-up' | 'apply' | 'dry-run';

export interface StorageCheckReport {
  mode: StorageCheckMode;
  /** Upload folders in storage, and how many of them the database points at. */
  storedUploads: number;
  referencedUploads: number;
  /** Upload folders no row points at, older than the grace period. */
  orphanUploads: number;
  /** Files of those folders, plus half-written `.tmp` files: the candidates for quarantine. */
  orphanFiles: string[];
  /**
   * Why orphans were left where they are: the database points at none of the stored uploads,
   * or more of them are orphans than the allowance. Null when nothing stands in the way.
   */
  refused: 'nothing-referenced' | 'over-share' | null;
  /** Original keys of the files moved to `quarantineFolder` (none in a dry run). */
  quarantinedFiles: string[];
  quarantineFolder: string;
  quarantineDays: number;
  /** Quarantine folders older than the keeping time: deleted (in a dry run: would be). */
  expiredQuarantine: string[];
  /** Rows whose files are gone: reported, never deleted, so nothing is lost silently. */
  missingFiles: { table: string; id: string; key: string }[];
}

/** An upload's folder: kind/yyyy/mm/uuid. Every file of one upload lives below it. */
function uploadPrefix(key: string): string {
  return key.split('/').slice(0, 4).join('/');
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function orphanAllowance(storedUploads: number): number {
  return Math.min(ORPHAN_CEILING, Math.max(ORPHAN_FLOOR, Math.floor(storedUploads * ORPHAN_SHARE)));
}

async function referencedUploads(db: Db) {
  const referenced = new Map<string, { table: string; id: string; key: string }>();
  for (const { table, column } of referenceColumns()) {
    const result = await db.execute(
      sql.raw(
        `SELECT id::text AS id, ${column} AS key FROM "${table}" WHERE ${column} IS NOT NULL`,
      ),
    );
    for (const row of (result as unknown as { rows: { id: string; key: string }[] }).rows) {
      referenced.set(uploadPrefix(row.key), { table, id: row.id, key: row.key });
    }
  }
  return referenced;
}

/** Quarantine folders kept `quarantineDays` full days or more. Other names are never touched. */
async function expiredQuarantine(storage: Storage, now: Date, quarantineDays: number) {
  const folders = new Set<string>();
  for await (const key of storage.list(QUARANTINE)) {
    const folder = key.split('/').slice(0, 2).join('/');
    const movedOn = Date.parse(`${folder.slice(QUARANTINE.length + 1)}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(folder.slice(QUARANTINE.length + 1)) || Number.isNaN(movedOn))
      continue;
    if (now.getTime() >= movedOn + (quarantineDays + 1) * DAY_MS) folders.add(folder);
  }
  return [...folders].sort();
}

/**
 * Compares storage with the database. Files are written before their row and deleted after it,
 * so a crash can leave files without a row but never a row without files. Such orphans are moved
 * to quarantine, never deleted: a database that is empty, wrong or restored to an earlier point
 * makes real uploads look like orphans. The only deletion is of quarantine older than
 * `quarantineDays`. `graceMs` spares files young enough to belong to an upload still in flight in
 * another process (0 when this process is the only one, as with the embedded database).
 */
export async function reconcileStorage(
  stores: { db: Db; storage: Storage },
  options: { mode: StorageCheckMode; graceMs: number; quarantineDays: number; now?: Date },
): Promise<StorageCheckReport> {
  const { storage } = stores;
  const now = options.now ?? new Date();
  const referenced = await referencedUploads(stores.db);
  const stored = new Set<string>();
  const present = new Set<string>();
  const orphanPrefixes = new Set<string>();
  const orphanFiles: string[] = [];
  for (const kind of STORAGE_KINDS) {
    for await (const key of storage.list(kind)) {
      const prefix = uploadPrefix(key);
      stored.add(prefix);
      if (referenced.has(prefix) && !key.endsWith('.tmp')) {
        present.add(prefix);
        continue;
      }
      if (options.graceMs > 0) {
        const modifiedAt = await storage.modifiedAt(key);
        if (!modifiedAt || now.getTime() - modifiedAt.getTime() < options.graceMs) continue;
      }
      orphanFiles.push(key);
      if (!referenced.has(prefix)) orphanPrefixes.add(prefix);
    }
  }
  const refused =
    orphanFiles.length === 0
      ? null
      : present.size === 0
        ? 'nothing-referenced'
        : orphanPrefixes.size > orphanAllowance(stored.size)
          ? 'over-share'
          : null;
  const quarantineFolder = `${QUARANTINE}/${day(now)}`;
  const quarantinedFiles: string[] = [];
  const moves = options.mode === 'apply' || (options.mode === 'start-up' && refused === null);
  if (moves) {
    for (const key of orphanFiles) {
      await storage.move(key, `${quarantineFolder}/${key}`);
      quarantinedFiles.push(key);
    }
  }
  const expired = await expiredQuarantine(storage, now, options.quarantineDays);
  if (options.mode !== 'dry-run') {
    for (const folder of expired) await storage.deletePrefix(folder);
  }
  const missingFiles = [...referenced.entries()]
    .filter(([prefix]) => !present.has(prefix))
    .map(([, row]) => row);
  return {
    mode: options.mode,
    storedUploads: stored.size,
    referencedUploads: present.size,
    orphanUploads: orphanPrefixes.size,
    orphanFiles,
    refused,
    quarantinedFiles,
    quarantineFolder,
    quarantineDays: options.quarantineDays,
    expiredQuarantine: expired,
    missingFiles,
  };
}

/**
 * Moves quarantined files back to their original keys (after restoring the database that
 * points at them). A key that is taken again is left in quarantine and reported.
 */
export async function restoreQuarantine(
  storage: Storage,
  folder?: string,
): Promise<{ restored: string[]; skipped: string[] }> {
  const restored: string[] = [];
  const skipped: string[] = [];
  for await (const key of storage.list(folder ? `${QUARANTINE}/${folder}` : QUARANTINE)) {
    const original = key.split('/').slice(2).join('/');
    if (!original || (await storage.modifiedAt(original))) {
      skipped.push(key);
      continue;
    }
    await storage.move(key, original);
    restored.push(original);
  }
  return { restored, skipped };
}

/**
 * What the server logs about a check: counts and the quarantine folder, never a key or a row
 * (the storage-check command lists those for an operator).
 */
export function describeStorageCheck(
  report: StorageCheckReport,
): { level: 'info' | 'warn'; message: string }[] {
  const messages: { level: 'info' | 'warn'; message: string }[] = [];
  const review = `Review them with "npm run storage-check"; "npm run storage-check -- --apply" moves them to quarantine.`;
  if (report.refused === 'nothing-referenced') {
    messages.push({
      level: 'warn',
      message: `storage check: the database points at none of the ${report.storedUploads} stored uploads (is it empty, the wrong one, or restored from an older backup?), so nothing was moved: ${report.orphanFiles.length} files have no row. ${review}`,
    });
  } else if (report.refused === 'over-share') {
    messages.push({
      level: 'warn',
      message: `storage check: ${report.orphanUploads} of ${report.storedUploads} stored uploads have no row, more than the ${orphanAllowance(report.storedUploads)} the check moves by itself (was the database restored from an older backup?), so nothing was moved. ${review}`,
    });
  }
  if (report.quarantinedFiles.length > 0) {
    messages.push({
      level: 'warn',
      message: `storage check: moved ${report.quarantinedFiles.length} unreferenced files (${report.orphanUploads} uploads) to ${report.quarantineFolder} in the uploads folder, kept ${report.quarantineDays} days`,
    });
  }
  if (report.expiredQuarantine.length > 0) {
    messages.push({
      level: 'info',
      message: `storage check: deleted ${report.expiredQuarantine.length} quarantine folders older than ${report.quarantineDays} days`,
    });
  }
  if (report.missingFiles.length > 0) {
    messages.push({
      level: 'warn',
      message: `storage check: ${report.missingFiles.length} rows lack their files ("npm run storage-check" lists them)`,
    });
  }
  if (messages.length === 0 && report.orphanFiles.length === 0) {
    messages.push({ level: 'info', message: 'storage check: database and uploads agree' });
  }
  return messages;
}
