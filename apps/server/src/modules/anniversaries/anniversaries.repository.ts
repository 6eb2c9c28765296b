import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memorials } from '../../db/schema/index.js';
import { visibleMemorials } from '../memorials/memorials.policy.js';

/**
 * The memorial with the short code `code` when anyone may read it without signing in (a calendar
 * app sends no cookie and no token): what its feed is made of; null otherwise.
 */
export async function findFeedMemorial(db: Db, code: string) {
  const [row] = await db
    .select({
      id: memorials.id,
      title: memorials.title,
      shortCode: memorials.shortCode,
      dateOfBirth: memorials.dateOfBirth,
      deathDate: memorials.deathDate,
      observeYahrzeit: memorials.observeYahrzeit,
      diedAfterSunset: memorials.diedAfterSunset,
      calendarRevision: memorials.calendarRevision,
      updatedAt: memorials.updatedAt,
    })
    .from(memorials)
    .where(and(eq(memorials.shortCode, code), visibleMemorials(null)))
    .limit(1);
  return row ?? null;
}
