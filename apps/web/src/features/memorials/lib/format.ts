import type { MemorialAbilities } from '@rips/shared/memorials';
import { longUsDate } from '@/lib/long-date';

/** "November 21, 2026" (the spec's long US style) from "2026-11-21"; the day never shifts with time zones. */
export function formatLongDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? null
    : longUsDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** The card and hero picture's `sizes`: one column on phones, two on tablets, three on desktops. */
export const CARD_IMAGE_SIZES = '(max-width: 575px) 100vw, (max-width: 991px) 50vw, 360px';

/** The spec's like count, on the memorial page and in the profile's "Your Contributor" column. */
export function likedByText(count: number): string {
  return `this post has been liked by ${count} people!`;
}

/** What a viewer may do when the server's answer does not say: nothing. */
export const NO_ABILITIES: MemorialAbilities = {
  update: false,
  delete: false,
  addContributor: false,
  viewGalleries: false,
  addToGalleries: false,
  leaveTribute: false,
};
