import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { candles, photos, users } from '../../db/schema/index.js';
import type { ItemRow, TributeKind } from '../tributes/tribute-kind.js';
import { candleKind } from '../tributes/candles.js';
import { photoKind } from '../tributes/tribute-kinds.js';

/** An item as the book prints it: its row and its author's name as the page shows it. */
export interface BookItem<Row extends ItemRow = ItemRow> {
  row: Row;
  authorName: string;
}

/**
 * At most `limit` published items of a kind, oldest first (photos in the family's order), and
 * whether there are more. Items waiting for a manager, taken down or returned stay out; candles
 * only with a message (a candle without one is a tally, not words to print).
 */
export async function publishedItems<Row extends ItemRow>(
  db: Db,
  kind: TributeKind,
  memorialId: string,
  limit: number,
): Promise<{ items: BookItem<Row>[]; more: boolean }> {
  const table = kind.table;
  const withMessage =
    kind === candleKind ? and(isNotNull(candles.message), ne(candles.message, '')) : undefined;
  const order = kind === photoKind ? [asc(photos.position)] : [];
  const rows = (await db
    .select({ row: table, ownerName: users.fullName })
    .from(table)
    // A guest's item has no owner: its author is the name the guest gave, never an address.
    .leftJoin(users, eq(users.id, table.ownerId))
    .where(and(eq(table.memorialId, memorialId), eq(table.status, 'published'), withMessage))
    .orderBy(...order, asc(table.createdAt), asc(table.id))
    .limit(limit + 1)) as unknown as { row: Row; ownerName: string | null }[];
  return {
    items: rows.slice(0, limit).map(({ row, ownerName }) => ({
      row,
      authorName: row.authorName ?? ownerName ?? '',
    })),
    more: rows.length > limit,
  };
}
