import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memorialImports } from '../../db/schema/index.js';

export type ImportRow = typeof memorialImports.$inferSelect;

/** The member's import still queued or running, if any (at most one: a partial unique index). */
export async function findUnfinishedImport(db: Db, userId: string): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(memorialImports)
    .where(
      and(
        eq(memorialImports.userId, userId),
        inArray(memorialImports.state, ['queued', 'running']),
      ),
    )
    .limit(1);
  return row;
}

/** The import `id`, when `userId` started it. */
export async function findOwnImport(
  db: Db,
  id: string,
  userId: string,
): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(memorialImports)
    .where(and(eq(memorialImports.id, id), eq(memorialImports.userId, userId)));
  return row;
}

export async function findImport(db: Db, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(memorialImports).where(eq(memorialImports.id, id));
  return row;
}

export async function insertImport(
  db: Db,
  values: { id: string; userId: string; storageKey: string },
): Promise<void> {
  await db.insert(memorialImports).values(values);
}

export async function updateImport(
  db: Db,
  id: string,
  values: Partial<Pick<ImportRow, 'state' | 'reason' | 'memorialId'>>,
): Promise<void> {
  await db
    .update(memorialImports)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(memorialImports.id, id));
}
