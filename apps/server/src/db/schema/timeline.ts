import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { MOMENT_STATUSES } from '@rips/shared/timeline';
import { createdAt, id, oneOf, updatedAt } from './columns.js';
import { memorialRef } from './memorials.js';
import { users } from './users.js';

/**
 * A moment of a memorial's life timeline, dated as precisely as the family knows it: a year, a
 * month of a year, or a day (a day needs its month). Suggested by a contributor, it waits
 * (`pending`) until a manager approves it (docs/decisions/0108-timeline-and-charities.md).
 */
export const memorialMoments = pgTable(
  'memorial_moments',
  {
    id: id(),
    memorialId: memorialRef(),
    year: integer('year').notNull(),
    month: integer('month'),
    day: integer('day'),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    place: text('place').notNull().default(''),
    status: text('status', { enum: MOMENT_STATUSES }).notNull().default('published'),
    /** Who wrote it; the name is copied so a suggestion stays attributed when they leave. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('memorial_moments_memorial_idx').on(t.memorialId, t.year, t.month, t.day),
    check('memorial_moments_status_check', oneOf(t.status, MOMENT_STATUSES)),
    check('memorial_moments_day_needs_month', sql`${t.day} is null or ${t.month} is not null`),
    check('memorial_moments_month_range', sql`${t.month} is null or ${t.month} between 1 and 12`),
    check('memorial_moments_day_range', sql`${t.day} is null or ${t.day} between 1 and 31`),
  ],
);

/** A charity the family names "in lieu of flowers", at most three per memorial, in order. */
export const memorialCharities = pgTable(
  'memorial_charities',
  {
    id: id(),
    memorialId: memorialRef(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    registeredNumber: text('registered_number').notNull().default(''),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('memorial_charities_memorial_idx').on(t.memorialId, t.position),
    check('memorial_charities_position_range', sql`${t.position} between 0 and 2`),
  ],
);
