import {
  LIST_DESCRIPTION_CHARS,
  type MemberOption,
  type MemorialDetail,
  type MemorialSummary,
} from '@rips/shared/memorials';
import type { MediaUrls } from '../../media/urls.js';
import { calendarUrl, shortUrl } from '../share/short-links.js';
import { LEVEL_AUDIENCE } from './memorial-visibility.js';
import {
  isIndexable,
  memorialAbilities,
  type MemorialAccess,
  type MemorialRow,
} from './memorials.policy.js';

/** Signed picture links of memorials that are not public stop working after an hour. */
export const PRIVATE_URL_TTL_SECONDS = 3600;

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
  // A memorial that is not public shows its picture only through expiring, signed links.
  const image = urls.image(row, row.visibility === 'public' ? undefined : PRIVATE_URL_TTL_SECONDS);
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
  extras: MemorialExtras & {
    ownerName: string;
    access: MemorialAccess;
    publicUrl: string;
    /** Counted for those who manage the memorial alone. */
    pendingTributes: number | null;
  },
): MemorialDetail {
  const summary = presentMemorial(urls, row, extras);
  return {
    ...summary,
    owner: { _id: row.ownerId, fullName: extras.ownerName },
    posterLine: row.posterLine,
    shortUrl: shortUrl(extras.publicUrl, row.shortCode),
    // A calendar app fetches as nobody: the feed exists only where nobody may read the memorial.
    calendarUrl:
      LEVEL_AUDIENCE[row.visibility].read === 'everyone'
        ? calendarUrl(extras.publicUrl, row.shortCode)
        : null,
    access: { canManage: extras.access.canManage, canContribute: extras.access.canContribute },
    abilities: memorialAbilities(extras.access),
    visibility: row.visibility,
    indexable: isIndexable(row),
    tributeModeration: row.tributeModeration,
    allowAccessRequests: row.allowAccessRequests,
    allowGuestTributes: row.allowGuestTributes,
    allowCandles: row.allowCandles,
    galleryAudience: row.galleryAudience,
    allowPublicBook: row.allowPublicBook,
    observeYahrzeit: row.observeYahrzeit,
    diedAfterSunset: row.diedAfterSunset,
    myRole: extras.access.role,
    pendingTributes: extras.access.canManage ? extras.pendingTributes : null,
  };
}

/** A member as a contributor list or picker shows them. */
export function presentMemberOption(member: {
  id: string;
  userName: string;
  fullName: string;
}): MemberOption {
  return { _id: member.id, userName: member.userName, fullName: member.fullName };
}
