import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** A row's own id: a random UUID made by the database. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed (set by the code that changes it). */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
