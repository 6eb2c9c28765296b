import { sql, type SQL } from 'drizzle-orm';
import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A row's own id: a random UUID made by the database. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed (set by the code that changes it). */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The condition of a CHECK constraint that holds a column to one of the product's fixed lists
 * (`packages/shared`): the database refuses a value no layer knows. The values are written into
 * the migration's SQL, so a list that grows regenerates its constraint (decision 0098).
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}
