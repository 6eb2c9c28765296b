import { and, desc, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { LEGEND_MIN_AGE_HOURS, LEGEND_MIN_LIKES } from '@rips/shared/home';
import type { Db } from '../../db/client.js';
import { memorials } from '../../db/schema/index.js';
import { listedMemorials, type MemorialRow } from '../memorials/memorials.policy.js';

// The legends are one answer for every visitor (shared caches keep it a minute), so they hold
// only what a visitor who is not signed in may see.

/** Memorials an admin featured, the most recently featured first. */
export async function listFeaturedMemorials(db: Db, limit: number): Promise<MemorialRow[]> {
  return db
    .select()
    .from(memorials)
    .where(and(isNotNull(memorials.featuredAt), listedMemorials(null)))
    .orderBy(desc(memorials.featuredAt), desc(memorials.id))
    .limit(limit);
}

/**
 * The memorials with the most likes, among those with at least LEGEND_MIN_LIKES and older than
 * LEGEND_MIN_AGE_HOURS; newer first among equals, so the choice is stable.
 */
export async function listMostLovedMemorials(db: Db, limit: number): Promise<MemorialRow[]> {
  return db
    .select()
    .from(memorials)
    .where(
      and(
        listedMemorials(null),
        gte(memorials.likesCount, LEGEND_MIN_LIKES),
        lt(memorials.createdAt, sql`now() - make_interval(hours => ${LEGEND_MIN_AGE_HOURS})`),
      ),
    )
    .orderBy(desc(memorials.likesCount), desc(memorials.createdAt), desc(memorials.id))
    .limit(limit);
}
