import { and, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memorials, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql.js';
import { visibleMemorials } from '../memorials/memorials.policy.js';
import type { ItemRow, TributeKind } from '../tributes/tribute-kind.js';
import { updateUser, type UserRow } from '../users/users.repository.js';

export interface PageRequest {
  page: number;
  limit: number;
}

/** `%value%` for ILIKE, with the pattern characters in `value` taken literally. */
function containing(value: string): string {
  return `%${escapeLike(value)}%`;
}

/** One page of rows and the count of all the rows it was cut from, queried together. */
async function pageAndTotal<R>(
  page: PromiseLike<R[]>,
  total: PromiseLike<{ value: number }[]>,
): Promise<{ rows: R[]; total: number }> {
  const [rows, [counted]] = await Promise.all([page, total]);
  return { rows, total: counted?.value ?? 0 };
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
  return pageAndTotal(
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(users).where(where),
  );
}

export async function setUserRole(
  db: Db,
  id: string,
  role: UserRow['role'],
): Promise<UserRow | undefined> {
  return updateUser(db, id, { role });
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
  return pageAndTotal(
    db
      .select(memorialColumns)
      .from(memorials)
      .innerJoin(users, eq(users.id, memorials.ownerId))
      .where(where)
      .orderBy(desc(memorials.createdAt), desc(memorials.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(memorials).where(where),
  );
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

export interface ModerationRow {
  kind: TributeKind;
  item: ItemRow;
  memorialId: string;
  memorialTitle: string;
  authorId: string | null;
  authorFullName: string | null;
  authorUserName: string | null;
}

/**
 * The newest items of the moderated kinds (flowers, prayers) together, on memorials the administrator may see.
 * Each kind gives its newest `page * limit` rows and they are merged here, which stays simple
 * and correct for the shallow pages moderation uses.
 */
export async function recentModeratedItems(
  db: Db,
  kinds: readonly TributeKind[],
  admin: UserRow,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: ModerationRow[]; total: number }> {
  const needed = page * limit;
  const visible: SQL = visibleMemorials(admin);
  const perKind = await Promise.all(
    kinds.map(async (kind) => {
      const { table } = kind;
      const onMemorial = eq(memorials.id, table.memorialId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            item: table,
            memorialId: memorials.id,
            memorialTitle: memorials.title,
            authorId: users.id,
            authorFullName: users.fullName,
            authorUserName: users.userName,
          })
          .from(table)
          .innerJoin(memorials, onMemorial)
          // A guest's item has no owner (decision 0103).
          .leftJoin(users, eq(users.id, table.ownerId))
          .where(visible)
          .orderBy(desc(table.createdAt), desc(table.id))
          .limit(needed),
        db.select({ value: count() }).from(table).innerJoin(memorials, onMemorial).where(visible),
      ]);
      return {
        rows: rows.map((row) => ({ kind, ...row, item: row.item as unknown as ItemRow })),
        total: total?.value ?? 0,
      };
    }),
  );
  const merged = perKind
    .flatMap((k) => k.rows)
    .sort(
      (a, b) =>
        b.item.createdAt.getTime() - a.item.createdAt.getTime() || (a.item.id < b.item.id ? 1 : -1),
    );
  return {
    rows: merged.slice((page - 1) * limit, needed),
    total: perKind.reduce((sum, k) => sum + k.total, 0),
  };
}
