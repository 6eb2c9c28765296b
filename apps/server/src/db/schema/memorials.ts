import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { memberRef } from './users.js';

/** A memorial page ("Rip"). */
export const memorials = pgTable(
  'memorials',
  {
    id: id(),
    ownerId: memberRef('owner_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    birthPlace: text('birth_place').notNull().default(''),
    burial: text('burial').notNull().default(''),
    plot: text('plot').notNull().default(''),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    deathDate: date('death_date', { mode: 'string' }),
    traits: text('traits').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Tags joined by U+001F so a substring search never spans two tags. */
    tagsText: text('tags_text').notNull().default(''),
    /** Storage prefix of the image variants, with the widths that exist. */
    imageKey: text('image_key'),
    imageWidths: integer('image_widths')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    likesCount: integer('likes_count').notNull().default(0),
    featuredAt: timestamp('featured_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('memorials_owner_idx').on(t.ownerId),
    index('memorials_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('memorials_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('memorials_description_trgm_idx').using('gin', sql`lower(${t.description}) gin_trgm_ops`),
    index('memorials_tags_trgm_idx').using('gin', sql`lower(${t.tagsText}) gin_trgm_ops`),
    // /media finds the memorial a picture belongs to before serving it without a signature.
    index('memorials_image_key_idx').on(t.imageKey),
  ],
);

/** The memorial a row belongs to: the row goes when the memorial does. */
export const memorialRef = () =>
  uuid('memorial_id')
    .notNull()
    .references(() => memorials.id, { onDelete: 'cascade' });

/** A member tied to a memorial, once: as a contributor, or as someone who likes it. */
function membersOfMemorial(name: string) {
  return pgTable(
    name,
    { memorialId: memorialRef(), userId: memberRef('user_id'), createdAt: createdAt() },
    (t) => [
      primaryKey({ columns: [t.memorialId, t.userId] }),
      index(`${name}_user_idx`).on(t.userId),
    ],
  );
}

export const memorialContributors = membersOfMemorial('memorial_contributors');

export const memorialLikes = membersOfMemorial('memorial_likes');
