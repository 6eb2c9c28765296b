import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/** Makes the user's text literal inside LIKE: `%`, `_` and the escape character itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whether a write changed any row, given the write with `.returning(…)`: both engines answer the
 * rows a statement returns, while they report its count of changed rows differently.
 */
export async function changedAny(write: PromiseLike<unknown[]>): Promise<boolean> {
  return (await write).length > 0;
}

/** A table whose rows have an `id` and an `updatedAt` stamp. */
type StampedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * Changes the row `id` of `table` (values, or SQL such as a counter's bump) and stamps its
 * updatedAt: the row as it now is, or undefined when no row has that id.
 */
export async function updateStamped<T extends StampedTable>(
  db: Db,
  table: T,
  id: string,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | undefined> {
  const rows = await db
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning();
  // Every column of the table: drizzle's types cannot follow `returning()` through a generic one.
  return (rows as T['$inferSelect'][])[0];
}
