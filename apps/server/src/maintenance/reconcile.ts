import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Storage } from '../storage/storage.js';
import { STORAGE_KINDS } from './tables.js';

export interface ReconcileReport {
  /** Stored files no row points at (an upload or a delete cut short), now removed. */
  removedFiles: string[];
  /** Rows whose files are gone: reported, never deleted, so nothing is lost silently. */
  missingFiles: { table: string; id: string; key: string }[];
}

const REFERENCES = [
  { table: 'users', column: 'avatar_key' },
  { table: 'memorials', column: 'image_key' },
  { table: 'flowers', column: 'image_key' },
  { table: 'photos', column: 'image_key' },
  { table: 'memorabilia', column: 'image_key' },
  { table: 'documents', column: 'file_key' },
] as const;

/** An upload's folder: kind/yyyy/mm/uuid. Every file of one upload lives below it. */
function uploadPrefix(key: string): string {
  return key.split('/').slice(0, 4).join('/');
}

/**
 * Compares storage with the database. Files are written before their row and deleted after it,
 * so a crash can leave files without a row but never a row without files; this removes the
 * former. `graceMs` spares files young enough to belong to an upload still in flight in another
 * process (0 when this process is the only one, as with the embedded database).
 */
export async function reconcileStorage(
  stores: { db: Db; storage: Storage },
  options: { graceMs: number; now?: Date },
): Promise<ReconcileReport> {
  const referenced = new Map<string, { table: string; id: string; key: string }>();
  for (const { table, column } of REFERENCES) {
    const result = await stores.db.execute(
      sql.raw(
        `SELECT id::text AS id, ${column} AS key FROM "${table}" WHERE ${column} IS NOT NULL`,
      ),
    );
    for (const row of (result as unknown as { rows: { id: string; key: string }[] }).rows) {
      referenced.set(uploadPrefix(row.key), { table, id: row.id, key: row.key });
    }
  }
  const now = (options.now ?? new Date()).getTime();
  const present = new Set<string>();
  const orphanPrefixes = new Set<string>();
  const removedFiles: string[] = [];
  for (const kind of STORAGE_KINDS) {
    for await (const key of stores.storage.list(kind)) {
      const prefix = uploadPrefix(key);
      if (referenced.has(prefix) && !key.endsWith('.tmp')) {
        present.add(prefix);
        continue;
      }
      if (options.graceMs > 0) {
        const modifiedAt = await stores.storage.modifiedAt(key);
        if (!modifiedAt || now - modifiedAt.getTime() < options.graceMs) continue;
      }
      removedFiles.push(key);
      if (referenced.has(prefix)) await stores.storage.delete(key);
      else orphanPrefixes.add(prefix);
    }
  }
  for (const prefix of orphanPrefixes) await stores.storage.deletePrefix(prefix);
  const missingFiles = [...referenced.entries()]
    .filter(([prefix]) => !present.has(prefix))
    .map(([, row]) => row);
  return { removedFiles, missingFiles };
}
