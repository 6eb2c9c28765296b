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
import { users } from './users.js';

/** A memorial page ("Rip"). */
export const memorials = pgTable(
  'memorials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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

export const memorialContributors = pgTable(
  'memorial_contributors',
  {
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memorialId, t.userId] }),
    index('memorial_contributors_user_idx').on(t.userId),
  ],
);

export const memorialLikes = pgTable(
  'memorial_likes',
  {
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memorialId, t.userId] }),
    index('memorial_likes_user_idx').on(t.userId),
  ],
);
