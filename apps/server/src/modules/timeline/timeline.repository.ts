import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memorialCharities, memorialMoments } from '../../db/schema/index.js';

export type MomentRow = typeof memorialMoments.$inferSelect;
export type MomentValues = Pick<
  typeof memorialMoments.$inferInsert,
  'year' | 'month' | 'day' | 'title' | 'text' | 'place'
>;
export type CharityRow = typeof memorialCharities.$inferSelect;

/** Date order: an undated month or day comes first within its year or month ("1962" before "June 1962"). */
const DATE_ORDER = [
  asc(memorialMoments.year),
  sql`${memorialMoments.month} asc nulls first`,
  sql`${memorialMoments.day} asc nulls first`,
  asc(memorialMoments.createdAt),
  asc(memorialMoments.id),
];

/**
 * A memorial's moments in date order: the published ones, and the suggestions `pending` lets in
 * (all of them for a manager, one contributor's own for them, none for everyone else).
 */
export async function listMoments(
  db: Db,
  memorialId: string,
  pending: 'all' | { authorId: string } | 'none',
): Promise<MomentRow[]> {
  const published = eq(memorialMoments.status, 'published');
  let shown: SQL = published;
  if (pending === 'all') shown = sql`true`;
  else if (pending !== 'none') {
    shown = or(
      published,
      and(eq(memorialMoments.status, 'pending'), eq(memorialMoments.authorId, pending.authorId)),
    )!;
  }
  return db
    .select()
    .from(memorialMoments)
    .where(and(eq(memorialMoments.memorialId, memorialId), shown))
    .orderBy(...DATE_ORDER);
}

/** Every published moment of a memorial, in date order (archives, the printed page). */
export async function publishedMoments(db: Db, memorialId: string): Promise<MomentRow[]> {
  return listMoments(db, memorialId, 'none');
}

/** How many moments a memorial holds, and how many of them wait for a manager. */
export async function countMoments(
  db: Db,
  memorialId: string,
): Promise<{ total: number; pending: number }> {
  const [row] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${memorialMoments.status} = 'pending')`.mapWith(
        Number,
      ),
    })
    .from(memorialMoments)
    .where(eq(memorialMoments.memorialId, memorialId));
  return { total: row?.total ?? 0, pending: row?.pending ?? 0 };
}

export async function findMoment(db: Db, id: string): Promise<MomentRow | undefined> {
  const [row] = await db.select().from(memorialMoments).where(eq(memorialMoments.id, id)).limit(1);
  return row;
}

export async function insertMoment(
  db: Db,
  values: MomentValues & {
    memorialId: string;
    status: MomentRow['status'];
    authorId: string | null;
    authorName: string;
    createdAt?: Date;
    updatedAt?: Date;
  },
): Promise<MomentRow> {
  const [row] = await db.insert(memorialMoments).values(values).returning();
  return row!;
}

/** Many moments at once (an import), in one statement. */
export async function insertMoments(
  db: Db,
  rows: (typeof memorialMoments.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(memorialMoments).values(rows);
}

export async function updateMoment(
  db: Db,
  id: string,
  values: Partial<MomentValues> & { status?: MomentRow['status'] },
): Promise<MomentRow | undefined> {
  const [row] = await db
    .update(memorialMoments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(memorialMoments.id, id))
    .returning();
  return row;
}

/** Publishes a waiting suggestion; undefined when it no longer waits (decided meanwhile). */
export async function publishPendingMoment(db: Db, id: string): Promise<MomentRow | undefined> {
  const [row] = await db
    .update(memorialMoments)
    .set({ status: 'published', updatedAt: new Date() })
    .where(and(eq(memorialMoments.id, id), eq(memorialMoments.status, 'pending')))
    .returning();
  return row;
}

export async function deleteMoment(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(memorialMoments)
    .where(eq(memorialMoments.id, id))
    .returning({ id: memorialMoments.id });
  return rows.length > 0;
}

/** A memorial's charities in the order the family put them. */
export async function listCharities(db: Db, memorialId: string): Promise<CharityRow[]> {
  return db
    .select()
    .from(memorialCharities)
    .where(eq(memorialCharities.memorialId, memorialId))
    .orderBy(asc(memorialCharities.position));
}

/** Replaces a memorial's charities by `list`, in its order. */
export async function replaceCharities(
  db: Db,
  memorialId: string,
  list: { name: string; url: string; registeredNumber: string; reason: string }[],
): Promise<void> {
  await db.delete(memorialCharities).where(eq(memorialCharities.memorialId, memorialId));
  if (list.length > 0) {
    await db
      .insert(memorialCharities)
      .values(list.map((charity, position) => ({ ...charity, memorialId, position })));
  }
}
