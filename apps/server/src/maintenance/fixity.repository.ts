import { and, asc, count, desc, eq, inArray, isNotNull, isNull, like, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { storedFileChecksums } from '../db/schema/index.js';

export type ChecksumRow = typeof storedFileChecksums.$inferSelect;

/** `LIKE` matches `_` and `%` anywhere: keys hold `_`, so both are escaped. */
function under(prefix: string) {
  return like(storedFileChecksums.key, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`);
}

/** The sum of a file just written: a new row, or the row of the key it replaced made afresh. */
export async function recordWrite(
  db: Db,
  key: string,
  sum: { sha256: string; size: number },
  at: Date,
): Promise<void> {
  const values = { ...sum, recordedAt: at, lastCheckedAt: null, failedAt: null };
  await db
    .insert(storedFileChecksums)
    .values({ key, ...values })
    .onConflictDoUpdate({ target: storedFileChecksums.key, set: values });
}

export async function findChecksum(db: Db, key: string): Promise<ChecksumRow | null> {
  const [row] = await db.select().from(storedFileChecksums).where(eq(storedFileChecksums.key, key));
  return row ?? null;
}

export async function deleteChecksum(db: Db, key: string): Promise<ChecksumRow | null> {
  const [row] = await db
    .delete(storedFileChecksums)
    .where(eq(storedFileChecksums.key, key))
    .returning();
  return row ?? null;
}

export async function deleteChecksumsUnder(db: Db, prefix: string): Promise<void> {
  await db.delete(storedFileChecksums).where(under(prefix));
}

/** A moved file keeps the sum recorded for it, under its new key. */
export async function insertMoved(db: Db, key: string, row: ChecksumRow): Promise<void> {
  const { key: _old, ...rest } = row;
  await db
    .insert(storedFileChecksums)
    .values({ key, ...rest })
    .onConflictDoUpdate({ target: storedFileChecksums.key, set: rest });
}

/** Of `keys`, those that have a row. */
export async function knownKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: storedFileChecksums.key })
    .from(storedFileChecksums)
    .where(inArray(storedFileChecksums.key, keys));
  return new Set(rows.map((r) => r.key));
}

/** Files found in storage without a row: rows with no sum yet (another writer's row wins). */
export async function insertFound(db: Db, keys: string[], at: Date): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db
    .insert(storedFileChecksums)
    .values(keys.map((key) => ({ key, recordedAt: at })))
    .onConflictDoNothing()
    .returning({ key: storedFileChecksums.key });
  return rows.length;
}

/** Rows a check may look at (not failed), and the time of the latest check of any file. */
export async function fixityState(db: Db): Promise<{ active: number; lastCheckedAt: Date | null }> {
  const [active] = await db
    .select({ n: count() })
    .from(storedFileChecksums)
    .where(isNull(storedFileChecksums.failedAt));
  const [latest] = await db
    .select({ at: max(storedFileChecksums.lastCheckedAt) })
    .from(storedFileChecksums);
  return { active: Number(active?.n ?? 0), lastCheckedAt: latest?.at ?? null };
}

/**
 * The next `limit` files to check: those with no sum yet first (the sooner recorded, the sooner
 * protected), then those whose last check (or recording) is oldest. Failed files wait for an
 * operator.
 */
export async function dueForCheck(db: Db, limit: number): Promise<ChecksumRow[]> {
  return db
    .select()
    .from(storedFileChecksums)
    .where(isNull(storedFileChecksums.failedAt))
    .orderBy(
      desc(isNull(storedFileChecksums.sha256)),
      asc(sql`coalesce(${storedFileChecksums.lastCheckedAt}, ${storedFileChecksums.recordedAt})`),
      asc(storedFileChecksums.key),
    )
    .limit(limit);
}

/** A check found the bytes as recorded. */
export async function markVerified(db: Db, key: string, at: Date): Promise<void> {
  await db
    .update(storedFileChecksums)
    .set({ lastCheckedAt: at })
    .where(and(eq(storedFileChecksums.key, key), isNull(storedFileChecksums.failedAt)));
}

/** The first check of a file with no sum records the one it found. */
export async function recordFirstSeen(
  db: Db,
  key: string,
  sum: { sha256: string; size: number },
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(storedFileChecksums)
    .set({ ...sum, lastCheckedAt: at })
    .where(and(eq(storedFileChecksums.key, key), isNull(storedFileChecksums.sha256)))
    .returning({ key: storedFileChecksums.key });
  return rows.length > 0;
}

/**
 * Marks a failure, only if the row still holds the sum the check compared with (a file deleted
 * or written again meanwhile is no failure). True when it was marked.
 */
export async function markFailed(db: Db, key: string, sha256: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(storedFileChecksums)
    .set({ failedAt: at, lastCheckedAt: at })
    .where(
      and(
        eq(storedFileChecksums.key, key),
        eq(storedFileChecksums.sha256, sha256),
        isNull(storedFileChecksums.failedAt),
      ),
    )
    .returning({ key: storedFileChecksums.key });
  return rows.length > 0;
}

/** A row with no sum whose file is gone: nothing was ever recorded to verify. */
export async function dropUnrecorded(db: Db, key: string): Promise<void> {
  await db
    .delete(storedFileChecksums)
    .where(and(eq(storedFileChecksums.key, key), isNull(storedFileChecksums.sha256)));
}

/** Files that failed their check, oldest failure first. */
export async function failedFiles(db: Db): Promise<ChecksumRow[]> {
  return db
    .select()
    .from(storedFileChecksums)
    .where(isNotNull(storedFileChecksums.failedAt))
    .orderBy(asc(storedFileChecksums.failedAt), asc(storedFileChecksums.key));
}

export async function countFailed(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(storedFileChecksums)
    .where(isNotNull(storedFileChecksums.failedAt));
  return Number(row?.n ?? 0);
}

/** An operator put a good copy back: the file is checked again from now on. */
export async function clearFailure(db: Db, key: string, at: Date): Promise<void> {
  await db
    .update(storedFileChecksums)
    .set({ failedAt: null, lastCheckedAt: at })
    .where(eq(storedFileChecksums.key, key));
}
