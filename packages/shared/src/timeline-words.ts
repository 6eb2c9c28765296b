import { MONTHS } from './months.js';

/*
 * The plain words of a memorial's life timeline and charities (no schema library): the memorial
 * page's life section reads them with its first paint, so they must not pull zod into its chunk.
 * `./timeline.ts` re-exports them beside the schemas.
 */

/** A moment's date, as precise as the family knows it: a year, a month of a year, or a day. */
export interface MomentDate {
  year: number;
  month: number | null;
  day: number | null;
}

/** "1962", "June 1962" or "June 14, 1962": the site's long date style, at the date's precision. */
export function momentDateText({ year, month, day }: MomentDate): string {
  if (month === null) return String(year);
  const name = MONTHS[month - 1] ?? '';
  return day === null ? `${name} ${year}` : `${name} ${day}, ${year}`;
}

/** The date's ISO form at its precision ("1962", "1962-06", "1962-06-14"), for `<time datetime>`. */
export function momentDateIso({ year, month, day }: MomentDate): string {
  const y = String(year).padStart(4, '0');
  if (month === null) return y;
  const m = `${y}-${String(month).padStart(2, '0')}`;
  return day === null ? m : `${m}-${String(day).padStart(2, '0')}`;
}

/** What the page says under the charities: the site never handles the money. */
export const CHARITY_NO_MONEY_NOTE =
  'Gifts go straight to the charity; nothing passes through Rips Memorial.';
