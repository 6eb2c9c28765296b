import { desc, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memorials } from '../../db/schema/index.js';
import type { MemorialRow } from '../memorials/memorials.policy.js';

/** Memorials an admin featured, the most recently featured first. */
export async function listFeaturedMemorials(db: Db, limit: number): Promise<MemorialRow[]> {
  return db
    .select()
    .from(memorials)
    .where(isNotNull(memorials.featuredAt))
    .orderBy(desc(memorials.featuredAt), desc(memorials.id))
    .limit(limit);
}

/** The memorials with the most likes; newer first among equals, so the choice is stable. */
export async function listMostLovedMemorials(db: Db, limit: number): Promise<MemorialRow[]> {
  return db
    .select()
    .from(memorials)
    .orderBy(desc(memorials.likesCount), desc(memorials.createdAt), desc(memorials.id))
    .limit(limit);
}
