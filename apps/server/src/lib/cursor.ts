import { isUuid } from './ids.js';

/**
 * Page cursors are opaque to clients: a JSON value in base64url. The server trusts nothing it
 * reads back, so decoding checks the shape and answers null for anything else.
 */
export function encodeCursor<T>(value: T): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export function decodeCursor<T>(text: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

/** A timestamptz as Postgres prints it, e.g. `2026-11-21 11:47:49.123456+00`. */
export const POSTGRES_TIMESTAMP =
  /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

/**
 * Where a newest-first list stopped: created_at as Postgres prints it (a JavaScript Date would
 * drop the microseconds and skip or repeat rows), then the row's id.
 */
export type KeysetPosition = [createdAt: string, id: string];

export function isKeysetPosition(value: unknown): value is KeysetPosition {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [createdAt, id] = value as unknown[];
  return (
    typeof createdAt === 'string' &&
    typeof id === 'string' &&
    isUuid(id) &&
    POSTGRES_TIMESTAMP.test(createdAt)
  );
}
