import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memorials, tributeDigests } from '../../db/schema/index.js';
import { visibleMemorials } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';
import type { ItemTable } from './tribute-kind.js';
import { TRIBUTE_KINDS } from './tribute-kinds.js';

/**
 * What waits for a family's approval, asked in one query across every moderated kind (each a
 * table of its own, joined with UNION ALL): a kind that becomes moderated in the list of kinds is
 * counted without a change here.
 */

const moderatedTables = (): ItemTable[] =>
  TRIBUTE_KINDS.filter((kind) => kind.moderation).map((kind) => kind.table);

/**
 * The pending items of every moderated kind matching `where`: memorial, author (an account, or
 * the name a guest gave), when.
 */
function waiting(where: (table: ItemTable) => SQL): SQL {
  const parts = moderatedTables().map(
    (t) =>
      sql`select ${t.memorialId} as memorial_id, ${t.ownerId} as owner_id, ${t.authorName} as author_name, ${t.createdAt} as created_at from ${t} where ${t.status} = 'pending' and ${where(t)}`,
  );
  return sql`(${sql.join(parts, sql` union all `)})`;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** How many tributes wait for approval on the memorial. */
export async function pendingCount(db: Db, memorialId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${waiting((t) => sql`${t.memorialId} = ${memorialId}`)} w`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The memorials the member owns or manages with tributes waiting, by title, at most `limit`,
 * each with its count; only memorials the member may see (the one rule every read follows).
 */
export async function pendingForManager(
  db: Db,
  user: UserRow,
  limit: number,
): Promise<{ memorialId: string; title: string; pending: number }[]> {
  const managed = sql`(select memorial_id from memorial_people where user_id = ${user.id} and role in ('owner', 'manager'))`;
  const found = await rows<{ memorial_id: string; title: string; pending: number }>(
    db,
    sql`select w.memorial_id, memorials.title, count(*)::int as pending
        from ${waiting((t) => sql`${t.memorialId} in ${managed}`)} w
        join memorials on memorials.id = w.memorial_id
        where ${visibleMemorials(user)}
        group by w.memorial_id, memorials.title
        order by memorials.title, w.memorial_id
        limit ${limit}`,
  );
  return found.map((r) => ({
    memorialId: r.memorial_id,
    title: r.title,
    pending: Number(r.pending),
  }));
}

/**
 * Who left the tributes waiting on the memorial, oldest first, at most `limit` names; a guest
 * (no account, decision 0103) by the name they gave.
 */
export async function pendingAuthors(db: Db, memorialId: string, limit: number): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select coalesce(u.full_name, w.author_name || ' (a guest)') as name
        from ${waiting((t) => sql`${t.memorialId} = ${memorialId}`)} w
        left join users u on u.id = w.owner_id
        order by w.created_at
        limit ${limit}`,
  );
  return found.map((r) => r.name);
}

export type DigestRow = typeof tributeDigests.$inferSelect;

/** The memorial's digest row, made when missing and locked until the transaction ends. */
export async function lockDigest(tx: Db, memorialId: string): Promise<DigestRow> {
  await tx.insert(tributeDigests).values({ memorialId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(tributeDigests)
    .where(eq(tributeDigests.memorialId, memorialId))
    .for('update');
  return row!;
}

export async function setDigest(
  tx: Db,
  memorialId: string,
  values: Partial<Pick<DigestRow, 'dueAt' | 'lastSentAt'>>,
): Promise<void> {
  await tx.update(tributeDigests).set(values).where(eq(tributeDigests.memorialId, memorialId));
}

/** The memorial's title, or undefined when it is gone. */
export async function memorialTitle(db: Db, memorialId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ title: memorials.title })
    .from(memorials)
    .where(eq(memorials.id, memorialId))
    .limit(1);
  return row?.title;
}
