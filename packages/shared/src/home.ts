import type { MemorialSummary } from './memorials.js';

/** How many honored legends the home page shows. */
export const HOME_LEGENDS_LIMIT = 6;

/**
 * A memorial as the home page's "honored legends" shows it. The answer is the same for every
 * visitor (no `likedByMe`, no contributor ids), so browsers and proxies may cache it.
 */
export type LegendSummary = Pick<
  MemorialSummary,
  | '_id'
  | 'title'
  | 'description'
  | 'birthPlace'
  | 'dateOfBirth'
  | 'deathDate'
  | 'tags'
  | 'postImg'
  | 'image'
  | 'reactions'
>;

/** Why these legends were chosen: featured by an admin, or the most loved when none is. */
export type LegendSelection = 'featured' | 'most-loved';

export interface HomeLegends {
  selection: LegendSelection;
  legends: LegendSummary[];
}
