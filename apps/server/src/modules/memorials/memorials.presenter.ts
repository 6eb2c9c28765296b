import {
  LIST_DESCRIPTION_CHARS,
  type MemorialDetail,
  type MemorialSummary,
} from '@rips/shared/memorials';
import type { MediaUrls } from '../../media/urls.js';
import { memorialAbilities, type MemorialAccess, type MemorialRow } from './memorials.policy.js';

export interface MemorialExtras {
  contributors: string[];
  likedByMe: boolean;
}

/** Cuts at a word boundary so a card never ends mid-word. */
function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function presentMemorial(
  urls: MediaUrls,
  row: MemorialRow,
  extras: MemorialExtras,
  options: { shortDescription?: boolean } = {},
): MemorialSummary {
  const image = urls.image(row);
  return {
    _id: row.id,
    owner: row.ownerId,
    title: row.title,
    description: options.shortDescription
      ? excerpt(row.description, LIST_DESCRIPTION_CHARS)
      : row.description,
    birthPlace: row.birthPlace,
    burial: row.burial,
    plot: row.plot,
    dateOfBirth: row.dateOfBirth,
    deathDate: row.deathDate,
    traits: row.traits,
    tags: row.tags,
    postImg: image?.src ?? null,
    image,
    reactions: row.likesCount,
    likedByMe: extras.likedByMe,
    contributer: extras.contributors,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentMemorialDetail(
  urls: MediaUrls,
  row: MemorialRow,
  extras: MemorialExtras & { ownerName: string; access: MemorialAccess },
): MemorialDetail {
  const summary = presentMemorial(urls, row, extras);
  return {
    ...summary,
    owner: { _id: row.ownerId, fullName: extras.ownerName },
    access: { canManage: extras.access.canManage, canContribute: extras.access.canContribute },
    abilities: memorialAbilities(extras.access),
  };
}
