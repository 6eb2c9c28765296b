/**
 * Month names, January first, as every date on the site writes them ("November 27, 2026"). A
 * plain module (no zod), so the web's date helpers stay light.
 */
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
] as const;
