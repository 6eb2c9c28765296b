import type { MemorialAbilities } from '@rips/shared/memorials';
import { longUsDate } from '@/lib/long-date';

/**
 * "November 21, 2026" (the spec's long US style) from "2026-11-21"; the day never shifts with
 * time zones, and a day that does not exist ("2026-02-30") is no date, never March 2.
 */
export function formatLongDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const day = value.slice(0, 10);
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return null;
  return longUsDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
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
  manage: false,
  transfer: false,
  export: false,
  book: false,
};

/** Whole years from birth to death ("aged 78"), or null when a date is missing or out of order. */
export function ageAtDeath(dateOfBirth: string, deathDate: string): number | null {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [dy, dm, dd] = deathDate.split('-').map(Number);
  if (!by || !bm || !bd || !dy || !dm || !dd) return null;
  const age = dy - by - (dm < bm || (dm === bm && dd < bd) ? 1 : 0);
  return age >= 0 ? age : null;
}

const COMPLETE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "March 12, 1948 – November 2, 2026 · aged 78": the life span the memorial shows under the
 * name; one date alone reads "Born March 12, 1948" or "Died November 2, 2026". Null when neither
 * date is a complete, real day.
 */
export function lifeSpan(
  dateOfBirth: string | null | undefined,
  deathDate: string | null | undefined,
): string | null {
  const born = dateOfBirth && COMPLETE_DATE.test(dateOfBirth) ? formatLongDate(dateOfBirth) : null;
  const died = deathDate && COMPLETE_DATE.test(deathDate) ? formatLongDate(deathDate) : null;
  if (born && died) {
    const age = ageAtDeath(dateOfBirth!, deathDate!);
    return age === null ? `${born} – ${died}` : `${born} – ${died} · aged ${age}`;
  }
  if (born) return `Born ${born}`;
  if (died) return `Died ${died}`;
  return null;
}
