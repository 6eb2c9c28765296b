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
  const belongs = sql`${memorials.ownerId} = ${viewer.id} OR EXISTS (SELECT 1 FROM ${memorialPeople} WHERE ${memorialPeople.memorialId} = ${memorials.id} AND ${memorialPeople.userId} = ${viewer.id})`;
  const member = use === 'read' ? sql`(${viewer.role} = 'admin' OR ${belongs})` : sql`(${belongs})`;
  return sql`(${open} OR (${memorials.visibility} = 'members' AND ${viewer.id} IS NOT NULL) OR ${member})`;
}
