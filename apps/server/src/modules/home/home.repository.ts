import { and, desc, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memorials } from '../../db/schema/index.js';
import { visibleMemorials, type MemorialRow } from '../memorials/memorials.policy.js';

// The legends are one answer for every visitor (shared caches keep it a minute), so they hold
// only what a visitor who is not signed in may see.

/** Memorials an admin featured, the most recently featured first. */
export async function listFeaturedMemorials(db: Db, limit: number): Promise<MemorialRow[]> {
  return db
    .select()
    .from(memorials)
    .where(and(isNotNull(memorials.featuredAt), visibleMemorials(null)))
    .orderBy(desc(memorials.featuredAt), desc(memorials.id))
    .limit(limit);
}

/** The memorials with the most likes; newer first among equals, so the choice is stable. */
export async function listMostLovedMemorials(db: Db, limit: number): Promise<MemorialRow[]> {
  return db
    .select()
    .from(memorials)
    .where(visibleMemorials(null))
    .orderBy(desc(memorials.likesCount), desc(memorials.createdAt), desc(memorials.id))
    .limit(limit);
}
