import {
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { memberRef } from './users.js';

/** A member's own Life Legacy; one per member, visible to that member alone. */
export const legacies = pgTable(
  'legacies',
  {
    id: id(),
    userId: memberRef('user_id'),
    birthPlace: text('birth_place').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('legacies_user_key').on(t.userId)],
);

/**
 * One section of a legacy: its entries in the order the member wrote them, each with its own text
 * columns (all required).
 */
function legacySection<C extends Record<string, PgColumnBuilderBase>>(name: string, columns: C) {
  return pgTable(
    name,
    {
      id: id(),
      legacyId: uuid('legacy_id')
        .notNull()
        .references(() => legacies.id, { onDelete: 'cascade' }),
      position: integer('position').notNull(),
      ...columns,
    },
    (t) => [index(`${name}_legacy_idx`).on(t.legacyId, t.position)],
  );
}

export const legacyAccomplishments = legacySection('legacy_accomplishments', {
  description: text('description').notNull(),
  from: text('from_year').notNull(),
  to: text('to_year').notNull(),
  beneficiaries: text('beneficiaries').notNull(),
});

export const legacyAssets = legacySection('legacy_assets', {
  item: text('item').notNull(),
  description: text('description').notNull(),
  value: text('value').notNull(),
  beneficiaries: text('beneficiaries').notNull(),
});

export const legacyRelationships = legacySection('legacy_relationships', {
  name: text('name').notNull(),
  lastName: text('last_name').notNull(),
  relationship: text('relationship').notNull(),
});

export const legacyBucketList = legacySection('legacy_bucket_list', {
  type: text('type').notNull(),
  description: text('description').notNull(),
  status: text('status').notNull(),
});

export const legacyAspirations = legacySection('legacy_aspirations', {
  name: text('name').notNull(),
  description: text('description').notNull(),
  comment: text('comment').notNull(),
});
