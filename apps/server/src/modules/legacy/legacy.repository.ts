import { asc, eq, sql } from 'drizzle-orm';
import type { SaveLegacyParsed } from '@rips/shared/legacy';
import type { Db } from '../../db/client.js';
import {
  legacies,
  legacyAccomplishments,
  legacyAspirations,
  legacyAssets,
  legacyBucketList,
  legacyRelationships,
} from '../../db/schema/index.js';

export type LegacyRow = typeof legacies.$inferSelect;

export interface LegacyRecord {
  legacy: LegacyRow;
  accomplishments: (typeof legacyAccomplishments.$inferSelect)[];
  assets: (typeof legacyAssets.$inferSelect)[];
  relationships: (typeof legacyRelationships.$inferSelect)[];
  bucketList: (typeof legacyBucketList.$inferSelect)[];
  aspirations: (typeof legacyAspirations.$inferSelect)[];
}

/** The tables of a legacy's sections, each entry a row with its legacy and position. */
const SECTION_TABLES = [
  legacyAccomplishments,
  legacyAssets,
  legacyRelationships,
  legacyBucketList,
  legacyAspirations,
] as const;
type SectionTable = (typeof SECTION_TABLES)[number];

/** One section's entries, in the order they were written. */
function entriesOf<T extends SectionTable>(db: Db, table: T, legacyId: string) {
  const section: SectionTable = table;
  return db
    .select()
    .from(section)
    .where(eq(section.legacyId, legacyId))
    .orderBy(asc(section.position)) as Promise<T['$inferSelect'][]>;
}

/** The member's own legacy with every section in the order it was written, or null. */
export async function findLegacyOfUser(db: Db, userId: string): Promise<LegacyRecord | null> {
  const [legacy] = await db.select().from(legacies).where(eq(legacies.userId, userId)).limit(1);
  if (!legacy) return null;
  const id = legacy.id;
  const [accomplishments, assets, relationships, bucketList, aspirations] = await Promise.all([
    entriesOf(db, legacyAccomplishments, id),
    entriesOf(db, legacyAssets, id),
    entriesOf(db, legacyRelationships, id),
    entriesOf(db, legacyBucketList, id),
    entriesOf(db, legacyAspirations, id),
  ]);
  return { legacy, accomplishments, assets, relationships, bucketList, aspirations };
}

/**
 * Creates the member's legacy or replaces it whole: the row is upserted on its unique user id and
 * every section is rewritten, in one transaction so a reader never sees half a legacy.
 */
export async function saveLegacyOfUser(
  db: Db,
  userId: string,
  input: SaveLegacyParsed,
): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(legacies)
      .values({ userId, birthPlace: input.birthPlace, description: input.description })
      .onConflictDoUpdate({
        target: legacies.userId,
        set: { birthPlace: input.birthPlace, description: input.description, updatedAt: now },
      })
      // xmax is 0 only for a freshly inserted row: tells create from replace in one round trip.
      .returning({ id: legacies.id, inserted: sql<boolean>`(xmax = 0)` });
    const legacyId = row!.id;
    await Promise.all(
      SECTION_TABLES.map((table) => tx.delete(table).where(eq(table.legacyId, legacyId))),
    );
    const at = <T extends object>(entries: T[]) =>
      entries.map((e, position) => ({ ...e, legacyId, position }));
    if (input.accomplishments.length)
      await tx.insert(legacyAccomplishments).values(at(input.accomplishments));
    if (input.assets.length) await tx.insert(legacyAssets).values(at(input.assets));
    if (input.relationships.length)
      await tx.insert(legacyRelationships).values(at(input.relationships));
    if (input.bucketlists.length) await tx.insert(legacyBucketList).values(at(input.bucketlists));
    if (input.aspirations.length) await tx.insert(legacyAspirations).values(at(input.aspirations));
    return { created: Boolean(row!.inserted) };
  });
}
