import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memorials } from '../../db/schema/index.js';
import { visibleMemorials } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';

/**
 * The memorials whose own address shows `viewer` something: those they may see, and a private
 * memorial whose family takes requests (its name and "Ask to join", as
 * `GET /posts/{id}/access` gives them to anyone).
 */
function shownMemorials(viewer: UserRow | null): SQL {
  return or(
    visibleMemorials(viewer),
    and(eq(memorials.visibility, 'private'), eq(memorials.allowAccessRequests, true)),
  )!;
}

/** The id of the memorial with the short code `code` when its page shows `viewer` something. */
export async function findShownByShortCode(
  db: Db,
  code: string,
  viewer: UserRow | null,
): Promise<string | null> {
  const [row] = await db
    .select({ id: memorials.id })
    .from(memorials)
    .where(and(eq(memorials.shortCode, code), shownMemorials(viewer)))
    .limit(1);
  return row?.id ?? null;
}
