import { sql, type SQL } from 'drizzle-orm';
import { MEMORIAL_VISIBILITIES, type Visibility } from '@rips/shared/visibility';
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
 * Who may see a memorial of each level: `everyone`, anyone `signedIn`, or only its `people` (any
 * role in memorial_people, its owner, and administrators when it is reached by its address). A
 * record over the shared list of levels, so a new level does not compile until it says here.
 */
type Audience = 'everyone' | 'signedIn' | 'people';
export const LEVEL_AUDIENCE: Record<Visibility, Record<VisibilityUse, Audience>> = {
  public: { read: 'everyone', list: 'everyone' },
  unlisted: { read: 'everyone', list: 'people' },
  members: { read: 'signedIn', list: 'signedIn' },
  private: { read: 'people', list: 'people' },
};

/** `visibility IN (...)` over the levels whose audience for `use` is `audience`; false when none. */
function levelsFor(use: VisibilityUse, audience: Audience): SQL {
  const levels = MEMORIAL_VISIBILITIES.filter((level) => LEVEL_AUDIENCE[level][use] === audience);
  if (levels.length === 0) return sql`false`;
  // The levels are the product's own constants: written into the SQL, as the planner likes them.
  return sql`${memorials.visibility} IN (${sql.raw(levels.map((level) => `'${level}'`).join(', '))})`;
}

/**
 * The rule itself: which memorials `viewer` may see, as a condition on the `memorials` table,
 * from `LEVEL_AUDIENCE`: a memorial's own people always see it, administrators see every memorial
 * reached by its address, and lists, search, legends and sitemaps never show an unlisted memorial
 * to outsiders. Every read reaches it through `visibleMemorials` in memorials.policy.ts, and
 * memorial-visibility.test.ts replaces it with a rule that hides a memorial to prove they do
 * (docs/decisions/0027-viewer-aware-visibility.md, docs/decisions/0055-memorial-privacy-levels.md).
 */
export function memorialVisibleTo(viewer: ViewerSql, use: VisibilityUse = 'read'): SQL {
  // `IN` over the viewer's own memberships, not a correlated EXISTS: inside an OR the database
  // cannot turn EXISTS into a join and runs it once per candidate memorial, while this list is
  // read once (a hashed subplan). A member of 50 private memorials searched 3 to 10 times slower
  // than a visitor on PGlite before (bench/search).
  const belongs = sql`${memorials.ownerId} = ${viewer.id} OR ${memorials.id} IN (SELECT ${memorialPeople.memorialId} FROM ${memorialPeople} WHERE ${memorialPeople.userId} = ${viewer.id})`;
  const member = use === 'read' ? sql`(${viewer.role} = 'admin' OR ${belongs})` : sql`(${belongs})`;
  return sql`(${levelsFor(use, 'everyone')} OR (${levelsFor(use, 'signedIn')} AND ${viewer.id} IS NOT NULL) OR ${member})`;
}
