import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A member's own Life Legacy; one per member, visible to that member alone. */
export const legacies = pgTable(
  'legacies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    birthPlace: text('birth_place').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('legacies_user_key').on(t.userId)],
);

const legacyRef = () =>
  uuid('legacy_id')
    .notNull()
    .references(() => legacies.id, { onDelete: 'cascade' });
const position = () => integer('position').notNull();

export const legacyAccomplishments = pgTable(
  'legacy_accomplishments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    legacyId: legacyRef(),
    position: position(),
    description: text('description').notNull(),
    from: text('from_year').notNull(),
    to: text('to_year').notNull(),
    beneficiaries: text('beneficiaries').notNull(),
  },
  (t) => [index('legacy_accomplishments_legacy_idx').on(t.legacyId, t.position)],
);

export const legacyAssets = pgTable(
  'legacy_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    legacyId: legacyRef(),
    position: position(),
    item: text('item').notNull(),
    description: text('description').notNull(),
    value: text('value').notNull(),
    beneficiaries: text('beneficiaries').notNull(),
  },
  (t) => [index('legacy_assets_legacy_idx').on(t.legacyId, t.position)],
);

export const legacyRelationships = pgTable(
  'legacy_relationships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    legacyId: legacyRef(),
    position: position(),
    name: text('name').notNull(),
    lastName: text('last_name').notNull(),
    relationship: text('relationship').notNull(),
  },
  (t) => [index('legacy_relationships_legacy_idx').on(t.legacyId, t.position)],
);

export const legacyBucketList = pgTable(
  'legacy_bucket_list',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    legacyId: legacyRef(),
    position: position(),
    type: text('type').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull(),
  },
  (t) => [index('legacy_bucket_list_legacy_idx').on(t.legacyId, t.position)],
);

export const legacyAspirations = pgTable(
  'legacy_aspirations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    legacyId: legacyRef(),
    position: position(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    comment: text('comment').notNull(),
  },
  (t) => [index('legacy_aspirations_legacy_idx').on(t.legacyId, t.position)],
);
