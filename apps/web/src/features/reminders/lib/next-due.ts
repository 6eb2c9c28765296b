import { longUsDate } from '@/lib/long-date';

/** A `YYYY-MM-DD` day in the site's long date ("December 3, 2026"), whatever the browser's zone. */
export function formatLongDateText(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return longUsDate(year, month - 1, date);
}
