import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memorials } from '../../db/schema/index.js';
import { isUuid } from '../../lib/ids.js';
import { isIndexable } from '../memorials/memorials.policy.js';
import { memorialHeadTags, renderHeadTags, unlistedHeadTags } from './head-tags.js';

/** What the head of a memorial's page says, decided by the memorial policy's `isIndexable`. */
export interface MemorialPageHead {
  indexable: boolean;
  /** The head tags as HTML (its title included): link previews for a public, indexable memorial; otherwise `noindex` and a neutral title. */
  html: string;
}

/** The head of an address that names no memorial: the same as a memorial's that is not listed. */
const UNKNOWN: MemorialPageHead = { indexable: false, html: renderHeadTags(unlistedHeadTags()) };

/**
 * The head of the page of memorial `id`, with absolute URLs from `publicUrl`; for an id no
 * memorial has, the head of one that is not listed, so that an unknown memorial and a hidden one
 * answer alike. The same for every caller: a page's head never depends on who asks, so a cached
 * page and a member's own page carry the same tags.
 */
export async function memorialPageHead(
  db: Db,
  id: string,
  publicUrl: string,
): Promise<MemorialPageHead> {
  if (!isUuid(id)) return UNKNOWN;
  const [row] = await db
    .select({
      id: memorials.id,
      title: memorials.title,
      description: memorials.description,
      birthPlace: memorials.birthPlace,
      dateOfBirth: memorials.dateOfBirth,
      deathDate: memorials.deathDate,
      imageKey: memorials.imageKey,
      imageWidths: memorials.imageWidths,
      visibility: memorials.visibility,
      indexable: memorials.indexable,
    })
    .from(memorials)
    .where(eq(memorials.id, id))
    .limit(1);
  if (!row) return UNKNOWN;
  const indexable = isIndexable(row);
  const tags = memorialHeadTags(
    {
      id: row.id,
      title: row.title,
      description: row.description,
      birthPlace: row.birthPlace,
      dateOfBirth: row.dateOfBirth,
      deathDate: row.deathDate,
      hasPicture: Boolean(row.imageKey) && row.imageWidths.length > 0,
      listed: indexable,
    },
    publicUrl,
  );
  return { indexable, html: renderHeadTags(tags) };
}
