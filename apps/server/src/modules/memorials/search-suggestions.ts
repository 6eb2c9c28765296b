import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../users/users.repository.js';
import { listedMemorials } from './memorials.policy.js';

/** Most names offered when a search finds nothing ("Did you mean ...?"). */
export const SUGGESTIONS_MAX = 3;

/** A search shorter than this (letters, not counting white space) gets no suggestions. */
export const SUGGESTION_MIN_LETTERS = 3;

/**
 * Near memorials read before ranking them: the trigram index finds every title close enough,
 * and a common name misspelt ("Margret") is close to thousands; ranking a bounded sample keeps
 * the cost of an empty search flat (decision 0102).
 */
const SUGGESTION_CANDIDATES = 100;

/**
 * Names of memorials `viewer` may see in lists whose title is near `search` (pg_trgm's word
 * similarity over titles without accents or case, above its `word_similarity_threshold`, 0.6
 * by default), nearest first, each name once, at most SUGGESTIONS_MAX. Asked only when a
 * search found nothing (docs/product.md, search; decision 0102). The visibility rule bounds the
 * candidates before anything is read from them, so a name the viewer may not see is never
 * offered.
 */
export async function suggestMemorialNames(
  db: Db,
  viewer: UserRow | null,
  search: string,
): Promise<string[]> {
  if ([...search.replace(/\s+/g, '')].length < SUGGESTION_MIN_LETTERS) return [];
  const result = (await db.execute(
    sql`WITH probe AS MATERIALIZED (SELECT search_fold(${search}) AS q),
        candidates AS MATERIALIZED (
          SELECT title FROM memorials
          WHERE search_fold(title) %> (SELECT q FROM probe) AND ${listedMemorials(viewer)}
          LIMIT ${SUGGESTION_CANDIDATES}
        )
        SELECT title FROM candidates
        GROUP BY title
        ORDER BY max(word_similarity((SELECT q FROM probe), search_fold(title))) DESC, title
        LIMIT ${SUGGESTIONS_MAX}`,
  )) as unknown as { rows: { title: string }[] };
  return result.rows.map((row) => row.title);
}
