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

/** The member's own legacy with every section in the order it was written, or null. */
export async function findLegacyOfUser(db: Db, userId: string): Promise<LegacyRecord | null> {
  const [legacy] = await db.select().from(legacies).where(eq(legacies.userId, userId)).limit(1);
  if (!legacy) return null;
  const id = legacy.id;
  const [accomplishments, assets, relationships, bucketList, aspirations] = await Promise.all([
    db
      .select()
      .from(legacyAccomplishments)
      .where(eq(legacyAccomplishments.legacyId, id))
      .orderBy(asc(legacyAccomplishments.position)),
    db
      .select()
      .from(legacyAssets)
      .where(eq(legacyAssets.legacyId, id))
      .orderBy(asc(legacyAssets.position)),
    db
      .select()
      .from(legacyRelationships)
      .where(eq(legacyRelationships.legacyId, id))
      .orderBy(asc(legacyRelationships.position)),
    db
      .select()
      .from(legacyBucketList)
      .where(eq(legacyBucketList.legacyId, id))
      .orderBy(asc(legacyBucketList.position)),
    db
      .select()
      .from(legacyAspirations)
      .where(eq(legacyAspirations.legacyId, id))
      .orderBy(asc(legacyAspirations.position)),
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
    await Promise.all([
      tx.delete(legacyAccomplishments).where(eq(legacyAccomplishments.legacyId, legacyId)),
      tx.delete(legacyAssets).where(eq(legacyAssets.legacyId, legacyId)),
      tx.delete(legacyRelationships).where(eq(legacyRelationships.legacyId, legacyId)),
      tx.delete(legacyBucketList).where(eq(legacyBucketList.legacyId, legacyId)),
      tx.delete(legacyAspirations).where(eq(legacyAspirations.legacyId, legacyId)),
    ]);
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
