import { LIST_DESCRIPTION_CHARS } from '@rips/shared/memorials';
import type { LegendSummary } from '@rips/shared/home';
import type { MediaUrls } from '../../media/urls.js';
import type { MemorialRow } from '../memorials/memorials.policy.js';

/** Cuts at a word boundary so a card never ends mid-word. */
function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The public face of a memorial on the home page. Unlike the list presenter it carries nothing
 * that depends on the caller (likes of the viewer, contributor ids), so one answer fits everyone.
 */
export function presentLegend(urls: MediaUrls, row: MemorialRow): LegendSummary {
  const image = urls.image(row);
  return {
    _id: row.id,
    title: row.title,
    description: excerpt(row.description, LIST_DESCRIPTION_CHARS),
    birthPlace: row.birthPlace,
    dateOfBirth: row.dateOfBirth,
    deathDate: row.deathDate,
    tags: row.tags,
    postImg: image?.src ?? null,
    image,
    reactions: row.likesCount,
  };
}
