import { HOME_LEGENDS_LIMIT, type HomeLegends } from '@rips/shared/home';
import type { AppContext } from '../../context.js';
import { presentLegend } from './home.presenter.js';
import { listFeaturedMemorials, listMostLovedMemorials } from './home.repository.js';

/**
 * The honored legends of the home page: what an admin featured, newest featured first; when
 * nothing is featured, the most loved memorials, so a fresh site still shows real pages.
 */
export async function honoredLegends(ctx: AppContext): Promise<HomeLegends> {
  const featured = await listFeaturedMemorials(ctx.db, HOME_LEGENDS_LIMIT);
  if (featured.length > 0) {
    return { selection: 'featured', legends: featured.map((row) => presentLegend(ctx.urls, row)) };
  }
  const loved = await listMostLovedMemorials(ctx.db, HOME_LEGENDS_LIMIT);
  return { selection: 'most-loved', legends: loved.map((row) => presentLegend(ctx.urls, row)) };
}
