import { sql, type SQL } from 'drizzle-orm';
import { memorialPeople, memorials } from '../../db/schema/index.js';

/**
 * The caller as the visibility rule reads them: SQL for their id and role, both null for a
 * visitor who is not signed in. Values for one query, or placeholders in a prepared one.
 */
export interface ViewerSql {
  id: SQL;
  role: SQL;
}

/**
 * `read`: the memorial itself and everything on it, reached by its address. `list`: lists,
 * search, legends and sitemaps, which never show an unlisted memorial to outsiders.
 */
export type VisibilityUse = 'read' | 'list';

/**
 * The rule itself: which memorials `viewer` may see, as a condition on the `memorials` table.
 * Public memorials to everyone; unlisted ones to anyone with the address (never listed);
 * members-only ones to anyone signed in; private ones to their own people (any role in
 * memorial_people) and administrators. Every read reaches it through `visibleMemorials` in
 * memorials.policy.ts, and memorial-visibility.test.ts replaces it with a rule that hides a
 * memorial to prove they do (docs/decisions/0027-viewer-aware-visibility.md,
 * docs/decisions/0055-memorial-privacy-levels.md).
 */
export function memorialVisibleTo(viewer: ViewerSql, use: VisibilityUse = 'read'): SQL {
  const open =
    use === 'read'
      ? sql`${memorials.visibility} IN ('public', 'unlisted')`
      : sql`${memorials.visibility} = 'public'`;
  // `IN` over the viewer's own memberships, not a correlated EXISTS: inside an OR the database
  // cannot turn EXISTS into a join and runs it once per candidate memorial, while this list is
  // read once (a hashed subplan). A member of 50 private memorials searched 3 to 10 times slower
  // than a visitor on PGlite before (bench/search).
  const belongs = sql`${memorials.ownerId} = ${viewer.id} OR ${memorials.id} IN (SELECT ${memorialPeople.memorialId} FROM ${memorialPeople} WHERE ${memorialPeople.userId} = ${viewer.id})`;
  const member = use === 'read' ? sql`(${viewer.role} = 'admin' OR ${belongs})` : sql`(${belongs})`;
  return sql`(${open} OR (${memorials.visibility} = 'members' AND ${viewer.id} IS NOT NULL) OR ${member})`;
}
