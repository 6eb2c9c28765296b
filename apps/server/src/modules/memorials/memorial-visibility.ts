import { sql, type SQL } from 'drizzle-orm';

/**
 * The caller as the visibility rule reads them: SQL for their id and role, both null for a
 * visitor who is not signed in. Values for one query, or placeholders in a prepared one.
 */
export interface ViewerSql {
  id: SQL;
  role: SQL;
}

/**
 * The rule itself: which memorials `viewer` may see, as a condition on the `memorials` table.
 * Every memorial is public today. Private, members-only or unlisted memorials change this
 * function alone; every read reaches it through `visibleMemorials` in memorials.policy.ts, and
 * memorial-visibility.test.ts replaces it with a rule that hides a memorial to prove they do
 * (docs/decisions/0027-viewer-aware-visibility.md).
 */
export function memorialVisibleTo(_viewer: ViewerSql): SQL {
  return sql`true`;
}
