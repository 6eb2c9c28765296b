import { and, asc, count, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memorials } from '../../db/schema/index.js';
import { indexableMemorials } from '../memorials/memorials.policy.js';

export interface ListedMemorial {
  id: string;
  updatedAt: Date;
  createdAt: Date;
}

export async function countListedMemorials(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memorials).where(indexableMemorials());
  return row?.n ?? 0;
}

/**
 * Listed memorials from position `offset` (oldest first, so a memorial keeps its place as new
 * ones are added), `limit` of them, read in pages of `pageSize`: one sitemap never holds all of
 * them in memory at once.
 */
export async function* listedMemorialsFrom(
  db: Db,
  offset: number,
  limit: number,
  pageSize = 2000,
): AsyncGenerator<ListedMemorial> {
  const columns = {
    id: memorials.id,
    updatedAt: memorials.updatedAt,
    createdAt: memorials.createdAt,
  };
  const order = [asc(memorials.createdAt), asc(memorials.id)];
  let after: ListedMemorial | undefined;
  let left = limit;
  let skip = offset;
  while (left > 0) {
    // Compared in SQL with the row's own value: timestamps keep microseconds a JS Date loses.
    const where: SQL | undefined = after
      ? and(
          indexableMemorials(),
          sql`(${memorials.createdAt}, ${memorials.id}) > (select m.created_at, m.id from memorials m where m.id = ${after.id})`,
        )
      : indexableMemorials();
    const rows = await db
      .select(columns)
      .from(memorials)
      .where(where)
      .orderBy(...order)
      .offset(skip)
      .limit(Math.min(pageSize, left));
    skip = 0;
    for (const row of rows) yield row;
    if (rows.length < Math.min(pageSize, left)) return;
    left -= rows.length;
    after = rows[rows.length - 1];
  }
}
