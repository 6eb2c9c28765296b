import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { PageQuerySchema } from '@rips/shared/pagination';
import { AppError } from '../../errors.js';
import {
  decodeCursor as decodeCursorText,
  encodeCursor as encodeCursorText,
  isKeysetPosition,
  POSTGRES_TIMESTAMP,
  type KeysetPosition,
} from '../../lib/cursor.js';
import { isUuid } from '../../lib/ids.js';

/**
 * Keyset pagination for everything left on a memorial (flowers, prayers, photos, memorabilia,
 * documents), newest first on (created_at, id), which each table's memorial index covers.
 * The cursor carries created_at as Postgres prints it, so microseconds survive the round trip
 * (a JavaScript Date would drop them and skip or repeat rows).
 */
export const TributePageQuerySchema = PageQuerySchema;
export type TributePageQuery = z.infer<typeof TributePageQuerySchema>;

export interface Cursor {
  at: string;
  id: string;
}

export interface PageRequest {
  memorialId: string;
  limit: number;
  cursor: Cursor | null;
}

export function encodeCursor(cursor: Cursor): string {
  return encodeCursorText<KeysetPosition>([cursor.at, cursor.id]);
}

/** Where a list in the family's order stopped: the position as text, then the row's id. */
function isOrderPosition(value: unknown): value is KeysetPosition {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [at, id] = value as unknown[];
  return typeof at === 'string' && /^-?\d{1,10}$/.test(at) && typeof id === 'string' && isUuid(id);
}

/**
 * A page cursor read back: a newest-first list's, or (`ordered`) one of a list in the family's
 * order. Anything else is refused with a message that says to reload.
 */
export function decodeCursor(value: string | undefined, ordered = false): Cursor | null {
  if (!value) return null;
  const position = ordered
    ? decodeCursorText(value, isOrderPosition)
    : (decodeCursorText(value, isKeysetPosition) ?? decodePipeCursor(value));
  if (!position) {
    throw AppError.badRequest('This page link is no longer valid. Please reload the list.');
  }
  const [at, id] = position;
  return { at, id };
}

/**
 * Cursors handed out before they were JSON: `created_at|id` in base64url. Lists left open across
 * an upgrade still ask for their next page with one.
 */
function decodePipeCursor(value: string): KeysetPosition | null {
  const [at, id, extra] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!at || !id || extra !== undefined || !POSTGRES_TIMESTAMP.test(at) || !isUuid(id)) {
    return null;
  }
  return [at, id];
}

/** The condition "older than the cursor", or undefined on the first page. */
export function olderThan(
  createdAt: PgColumn,
  id: PgColumn,
  cursor: Cursor | null,
): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** The condition "after the cursor" in a list in the family's order, or undefined on the first page. */
export function laterThan(
  position: PgColumn,
  id: PgColumn,
  cursor: Cursor | null,
): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${position}, ${id}) > (${cursor.at}::integer, ${cursor.id}::uuid)`;
}

/** The created_at of a row as text, for the next cursor. */
export function cursorText(createdAt: PgColumn): SQL<string> {
  return sql<string>`${createdAt}::text`;
}

export interface ItemWithOwner<T> {
  item: T;
  /** Null for a guest's item (no owner). */
  ownerName: string | null;
  cursorAt: string;
}

/** Cuts the extra row fetched to learn whether another page exists. */
export function toPage<T extends { id: string }>(
  rows: ItemWithOwner<T>[],
  limit: number,
): { rows: ItemWithOwner<T>[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1]!;
  return { rows: page, nextCursor: encodeCursor({ at: last.cursorAt, id: last.item.id }) };
}
