import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memorialPeople, memorials, users } from '../../db/schema/index.js';
import {
  visibleMemorials,
  type MemorialRole,
  type MemorialRow,
} from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';
import type { ItemRow, TributeKind } from '../tributes/tribute-kind.js';
import { TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';

export interface MemorialContents {
  memorial: MemorialRow;
  sponsorName: string;
  /** The memorial's people (`memorial_people`): owner, managers, contributors, viewers, by name. */
  people: { fullName: string; role: MemorialRole }[];
  /**
   * Every published item of every kind, oldest first, with its author's name as shown on the
   * page. Items waiting for a manager (`pending`) or taken down (`hidden`) stay out.
   */
  items: { kind: TributeKind; rows: { row: ItemRow; authorName: string }[] }[];
}

/** Everything a memorial holds, read for its archive (rows only: files are streamed later). */
export async function readMemorialContents(
  db: Db,
  memorial: MemorialRow,
): Promise<MemorialContents> {
  const [sponsor] = await db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, memorial.ownerId));
  const people = await db
    .select({ fullName: users.fullName, role: memorialPeople.role })
    .from(memorialPeople)
    .innerJoin(users, eq(users.id, memorialPeople.userId))
    .where(eq(memorialPeople.memorialId, memorial.id))
    .orderBy(asc(memorialPeople.createdAt), asc(memorialPeople.userId));
  const items = [];
  for (const kind of TRIBUTE_KINDS) {
    const rows = (await db
      .select({ row: kind.table, ownerName: users.fullName })
      .from(kind.table)
      .innerJoin(users, eq(users.id, kind.table.ownerId))
      .where(and(eq(kind.table.memorialId, memorial.id), eq(kind.table.status, 'published')))
      .orderBy(asc(kind.table.createdAt), asc(kind.table.id))) as unknown as {
      row: ItemRow;
      ownerName: string;
    }[];
    items.push({
      kind,
      rows: rows.map(({ row, ownerName }) => ({ row, authorName: row.authorName ?? ownerName })),
    });
  }
  return {
    memorial,
    sponsorName: sponsor?.fullName ?? '',
    people,
    items,
  };
}

/** The memorials a member owns, oldest first (the take-out holds each one's archive). */
export async function ownedMemorials(db: Db, user: UserRow): Promise<MemorialRow[]> {
  return db
    .select()
    .from(memorials)
    .where(and(eq(memorials.ownerId, user.id), visibleMemorials(user)))
    .orderBy(asc(memorials.createdAt), asc(memorials.id));
}

/** Everything a member left on memorials they may still see, with each memorial's title. */
export async function itemsLeftBy(
  db: Db,
  user: UserRow,
): Promise<{ kind: TributeKind; row: ItemRow; memorialTitle: string }[]> {
  const found: { kind: TributeKind; row: ItemRow; memorialTitle: string }[] = [];
  for (const kind of TRIBUTE_KINDS) {
    const rows = (await db
      .select({ row: kind.table, memorialTitle: memorials.title })
      .from(kind.table)
      .innerJoin(memorials, eq(memorials.id, kind.table.memorialId))
      .where(and(eq(kind.table.ownerId, user.id), visibleMemorials(user)))
      .orderBy(asc(kind.table.createdAt))) as unknown as { row: ItemRow; memorialTitle: string }[];
    found.push(...rows.map((r) => ({ kind, ...r })));
  }
  return found;
}
