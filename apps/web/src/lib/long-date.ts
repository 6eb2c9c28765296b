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
