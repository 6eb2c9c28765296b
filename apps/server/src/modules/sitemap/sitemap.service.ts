import type { AppContext } from '../../context.js';
import {
  countListedMemorials,
  listedMemorialsFrom,
  type ListedMemorial,
} from './sitemap.repository.js';

/** How many memorials the sitemap lists: public ones their families left indexable. */
export async function listedMemorialCount(ctx: AppContext): Promise<number> {
  return countListedMemorials(ctx.db);
}

/** The listed memorials from position `offset`, oldest first, at most `limit`, read in pages. */
export function listedMemorials(
  ctx: AppContext,
  offset: number,
  limit: number,
): AsyncGenerator<ListedMemorial> {
  return listedMemorialsFrom(ctx.db, offset, limit);
}
