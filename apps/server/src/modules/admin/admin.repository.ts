import { and, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { flowers, memorials, prayers, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql.js';
import { visibleMemorials } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';

export interface PageRequest {
  page: number;
  limit: number;
}

/** `%value%` for ILIKE, with the pattern characters in `value` taken literally. */
function containing(value: string): string {
  return `%${escapeLike(value)}%`;
}

export async function searchUsers(
  db: Db,
  search: string,
  { page, limit }: PageRequest,
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = containing(search);
  const where: SQL | undefined = search
    ? or(
        ilike(users.fullName, pattern),
        ilike(users.userName, pattern),
        ilike(users.email, pattern),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function setUserRole(
  db: Db,
  id: string,
  role: UserRow['role'],
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Disabling also revokes every token, so an open session ends at its next request. */
export async function setUserDisabled(
  db: Db,
  id: string,
  disabled: boolean,
): Promise<UserRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(users)
    .set(
      disabled
        ? { disabledAt: now, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now }
        : { disabledAt: null, updatedAt: now },
    )
    .where(eq(users.id, id))
    .returning();
  return row;
}

const memorialColumns = {
  id: memorials.id,
  title: memorials.title,
  featuredAt: memorials.featuredAt,
  createdAt: memorials.createdAt,
  ownerId: users.id,
  ownerFullName: users.fullName,
  ownerUserName: users.userName,
};

/** Memorials the administrator may see, newest first, by title. */
export async function searchMemorials(
  db: Db,
  admin: UserRow,
  search: string,
  featuredOnly: boolean,
  { page, limit }: PageRequest,
) {
  const where = and(
    visibleMemorials(admin),
    search ? ilike(memorials.title, containing(search)) : undefined,
    featuredOnly ? isNotNull(memorials.featuredAt) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(memorialColumns)
      .from(memorials)
      .innerJoin(users, eq(users.id, memorials.ownerId))
      .where(where)
      .orderBy(desc(memorials.createdAt), desc(memorials.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(memorials).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
export type AdminMemorialRow = Awaited<ReturnType<typeof searchMemorials>>['rows'][number];

/** Features a memorial (keeping its first featured date) or unfeatures it. */
export async function setMemorialFeatured(db: Db, id: string, featured: boolean): Promise<boolean> {
  const [row] = await db
    .update(memorials)
    .set({ featuredAt: featured ? sql`coalesce(${memorials.featuredAt}, now())` : null })
    .where(eq(memorials.id, id))
    .returning({ id: memorials.id });
  return Boolean(row);
}

const tributeContext = {
  memorialId: memorials.id,
  memorialTitle: memorials.title,
  authorId: users.id,
  authorFullName: users.fullName,
  authorUserName: users.userName,
};

/**
 * The newest flowers and prayers together, on memorials the administrator may see. Each kind gives its newest `needed` rows and the two
 * are merged here, which stays simple and correct for the shallow pages moderation uses.
 */
export async function recentTributes(db: Db, admin: UserRow, { page, limit }: PageRequest) {
  const needed = page * limit;
  const [flowerRows, prayerRows, [flowerCount], [prayerCount]] = await Promise.all([
    db
      .select({
        id: flowers.id,
        createdAt: flowers.createdAt,
        imageKey: flowers.imageKey,
        imageWidths: flowers.imageWidths,
        imageWidth: flowers.imageWidth,
        imageHeight: flowers.imageHeight,
        bouquet: flowers.bouquet,
        ...tributeContext,
      })
      .from(flowers)
      .innerJoin(memorials, eq(memorials.id, flowers.memorialId))
      .innerJoin(users, eq(users.id, flowers.ownerId))
      .where(visibleMemorials(admin))
      .orderBy(desc(flowers.createdAt), desc(flowers.id))
      .limit(needed),
    db
      .select({
        id: prayers.id,
        createdAt: prayers.createdAt,
        text: prayers.text,
        ...tributeContext,
      })
      .from(prayers)
      .innerJoin(memorials, eq(memorials.id, prayers.memorialId))
      .innerJoin(users, eq(users.id, prayers.ownerId))
      .where(visibleMemorials(admin))
      .orderBy(desc(prayers.createdAt), desc(prayers.id))
      .limit(needed),
    db
      .select({ value: count() })
      .from(flowers)
      .innerJoin(memorials, eq(memorials.id, flowers.memorialId))
      .where(visibleMemorials(admin)),
    db
      .select({ value: count() })
      .from(prayers)
      .innerJoin(memorials, eq(memorials.id, prayers.memorialId))
      .where(visibleMemorials(admin)),
  ]);
  const merged = [
    ...flowerRows.map((row) => ({ kind: 'flower' as const, ...row })),
    ...prayerRows.map((row) => ({ kind: 'prayer' as const, ...row })),
  ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  return {
    rows: merged.slice((page - 1) * limit, needed),
    total: (flowerCount?.value ?? 0) + (prayerCount?.value ?? 0),
  };
}
export type RecentTributeRow = Awaited<ReturnType<typeof recentTributes>>['rows'][number];

/** Removes a flower and answers its image prefix (to delete once the row is gone), or undefined. */
export async function deleteFlower(
  db: Db,
  id: string,
): Promise<{ imageKey: string | null } | undefined> {
  const [row] = await db
    .delete(flowers)
    .where(eq(flowers.id, id))
    .returning({ imageKey: flowers.imageKey });
  return row;
}

export async function deletePrayer(db: Db, id: string): Promise<boolean> {
  const [row] = await db.delete(prayers).where(eq(prayers.id, id)).returning({ id: prayers.id });
  return Boolean(row);
}
