import { and, asc, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { isUuid } from '../../lib/ids.js';
import {
  cursorText,
  laterThan,
  olderThan,
  toPage,
  type ItemWithOwner,
  type PageRequest,
} from './tribute-items.js';
import type { ItemRow, ItemTable, TributeKind } from './tribute-kind.js';

// A kind's table is chosen at run time, so drizzle types its rows loosely; every item table has
// the ItemTable columns (id, memorial_id, owner_id, created_at), which is what ItemRow names.

/** The items a viewer sees in a list: the published ones, and the viewer's own pending or returned. */
export function shownTo(table: ItemTable, viewerId: string | null): SQL | undefined {
  return viewerId
    ? or(
        eq(table.status, 'published'),
        and(inArray(table.status, ['pending', 'returned']), eq(table.ownerId, viewerId)),
      )
    : eq(table.status, 'published');
}

/**
 * One page of a memorial's items of `kind`, newest first (or in the family's order for a kind
 * with a position), with each author's name: the published ones, and those of `viewerId` still
 * awaiting approval or returned to them with a note.
 */
export async function listItems(
  db: Db,
  kind: TributeKind,
  page: PageRequest,
  viewerId: string | null,
) {
  const { table } = kind;
  const shown = shownTo(table, viewerId);
  const position = kind.position;
  const rows = (await db
    .select({
      item: table,
      ownerName: users.fullName,
      cursorAt: position ? sql<string>`${position}::text` : cursorText(table.createdAt),
    })
    .from(table)
    // A guest's item has no owner: its name is the item's own (authorName).
    .leftJoin(users, eq(users.id, table.ownerId))
    .where(
      and(
        eq(table.memorialId, page.memorialId),
        shown,
        position
          ? laterThan(position, table.id, page.cursor)
          : olderThan(table.createdAt, table.id, page.cursor),
      ),
    )
    .orderBy(
      ...(position ? [asc(position), asc(table.id)] : [desc(table.createdAt), desc(table.id)]),
    )
    .limit(page.limit + 1)) as unknown as ItemWithOwner<ItemRow>[];
  return toPage(rows, page.limit);
}

/** A new item's place for a kind in the family's order: before every item of its memorial. */
export function firstPosition(kind: TributeKind, memorialId: string): SQL | undefined {
  const position = kind.position;
  if (!position) return undefined;
  return sql`(SELECT coalesce(min(${position}), 1) - 1 FROM ${kind.table} WHERE ${kind.table.memorialId} = ${memorialId})`;
}

/** The ids of every item of `kind` on the memorial, whatever its status. */
export async function itemIdsOf(db: Db, kind: TributeKind, memorialId: string): Promise<string[]> {
  const rows = await db
    .select({ id: kind.table.id })
    .from(kind.table)
    .where(eq(kind.table.memorialId, memorialId));
  return rows.map((r) => r.id as string);
}

/**
 * Puts the memorial's items of a kind with a position in the order of `ids` (every one of them,
 * checked by the caller), in one statement.
 */
export async function setOrder(
  db: Db,
  kind: TributeKind & { position: NonNullable<TributeKind['position']> },
  memorialId: string,
  ids: string[],
): Promise<void> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(
    sql`UPDATE ${kind.table} SET ${sql.identifier(kind.position.name)} = ordered.n
        FROM unnest(ARRAY[${list}]::uuid[]) WITH ORDINALITY AS ordered(id, n)
        WHERE ${kind.table.id} = ordered.id AND ${kind.table.memorialId} = ${memorialId}`,
  );
}

export async function insertItem(
  db: Db,
  kind: TributeKind,
  values: Record<string, unknown> & { memorialId: string; ownerId: string | null },
): Promise<ItemRow> {
  const [row] = await db.insert(kind.table).values(values).returning();
  return row as unknown as ItemRow;
}

export async function findItem(
  db: Db,
  kind: TributeKind,
  id: string,
): Promise<ItemRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(kind.table).where(eq(kind.table.id, id)).limit(1);
  return row as unknown as ItemRow | undefined;
}

/** Deletes the row and answers the key of its stored file (null when it has none), or undefined when it was gone. */
export async function deleteItem(
  db: Db,
  kind: TributeKind,
  id: string,
): Promise<{ fileKey: string | null } | undefined> {
  const [row] = await db
    .delete(kind.table)
    .where(eq(kind.table.id, id))
    .returning(kind.file ? { fileKey: kind.file.key } : { id: kind.table.id });
  if (!row) return undefined;
  return { fileKey: 'fileKey' in row ? (row.fileKey as string | null) : null };
}

/** Sets an item's status; the row, or undefined when it was gone. */
export async function setItemStatus(
  db: Db,
  kind: TributeKind,
  id: string,
  status: ItemRow['status'],
): Promise<ItemRow | undefined> {
  const [row] = await db
    .update(kind.table)
    .set({ status, returnNote: null } as never)
    .where(eq(kind.table.id, id))
    .returning();
  return row as unknown as ItemRow | undefined;
}

/** Sends a pending item back to its author with the family's note (decision 0117). */
export async function returnItem(db: Db, kind: TributeKind, id: string, note: string) {
  await db
    .update(kind.table)
    .set({ status: 'returned', returnNote: note } as never)
    .where(and(eq(kind.table.id, id), eq(kind.table.status, 'pending')));
}

/**
 * The author's changed item, waiting for the family again: its own columns, the note dropped.
 * Answers the row, or undefined when it was no longer returned (sent twice at once, or deleted).
 */
export async function resubmitItem(
  db: Db,
  kind: TributeKind,
  id: string,
  values: Record<string, unknown>,
): Promise<ItemRow | undefined> {
  const [row] = await db
    .update(kind.table)
    .set({ ...values, status: 'pending', returnNote: null } as never)
    .where(and(eq(kind.table.id, id), eq(kind.table.status, 'returned')))
    .returning();
  return row as unknown as ItemRow | undefined;
}

/** The row's property name of one of a kind's columns (its file's key, its byte count). */
export function columnProp(kind: TributeKind, column: unknown): string | undefined {
  return Object.entries(getTableColumns(kind.table)).find(([, c]) => c === column)?.[0];
}
