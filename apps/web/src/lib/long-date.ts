/** Month names, January first, as every date on the site writes them. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "November 21, 2026", the spec's long US date. Spelled out here rather than with
 * Intl.DateTimeFormat, whose first use loads locale data: a long task on a slow phone.
 */
export function longUsDate(year: number, monthIndex: number, day: number): string {
  return `${MONTHS[monthIndex]} ${day}, ${year}`;
}

/** A moment (an ISO timestamp) as the day it is where the reader is: "November 27, 2026". */
export function siteDate(iso: string): string {
  const date = new Date(iso);
  return longUsDate(date.getFullYear(), date.getMonth(), date.getDate());
}
