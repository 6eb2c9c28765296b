import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ENTRY_MARKS } from '@rips/shared/legacy-release';
import { createdAt, id, oneOf, updatedAt } from './columns.js';
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

/** A required text column. */
const requiredText = (column: string) => text(column).notNull();

/**
 * One section of a legacy: its entries in the order the member wrote them, each with its own text
 * columns (all required), given as field name to column name.
 */
function legacySection<F extends string>(name: string, fields: Record<F, string>) {
  const columns = Object.fromEntries(
    Object.entries<string>(fields).map(([field, column]) => [field, requiredText(column)]),
  ) as Record<F, ReturnType<typeof requiredText>>;
  return pgTable(
    name,
    {
      id: id(),
      legacyId: uuid('legacy_id')
        .notNull()
        .references(() => legacies.id, { onDelete: 'cascade' }),
      position: integer('position').notNull(),
      ...columns,
      /** Who the entry is released to after the member's death (`section`: as its section). */
      release: text('release', { enum: ENTRY_MARKS }).notNull().default('section'),
      /** The beneficiaries' emails, lower-cased, when released to beneficiaries. */
      releaseTo: text('release_to')
        .array()
        .notNull()
        .default(sql`'{}'::text[]`),
    },
    (t) => [
      index(`${name}_legacy_idx`).on(t.legacyId, t.position),
      check(`${name}_release_check`, oneOf(t.release, ENTRY_MARKS)),
    ],
  );
}

export const legacyAccomplishments = legacySection('legacy_accomplishments', {
  description: 'description',
  from: 'from_year',
  to: 'to_year',
  beneficiaries: 'beneficiaries',
});
export const legacyAssets = legacySection('legacy_assets', {
  item: 'item',
  description: 'description',
  value: 'value',
  beneficiaries: 'beneficiaries',
});
export const legacyRelationships = legacySection('legacy_relationships', {
  name: 'name',
  lastName: 'last_name',
  relationship: 'relationship',
});
export const legacyBucketList = legacySection('legacy_bucket_list', {
  type: 'type',
  description: 'description',
  status: 'status',
});
export const legacyAspirations = legacySection('legacy_aspirations', {
  name: 'name',
  description: 'description',
  comment: 'comment',
});
