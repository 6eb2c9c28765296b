import { MONTHS } from '@rips/shared/months';

export { MONTHS };

/**
 * "November 21, 2026", the spec's long US date. Spelled out here rather than with
 * Intl.DateTimeFormat, whose first use loads locale data: a long task on a slow phone.
 */
export function longUsDate(year: number, monthIndex: number, day: number): string {
  return `${MONTHS[monthIndex]} ${day}, ${year}`;
}

/**
 * A moment (an ISO timestamp) as the reader's own day: "December 11, 2026". For pages only the
 * browser renders (the reader's time zone is known there).
 */
export function longDateOfMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return longUsDate(date.getFullYear(), date.getMonth(), date.getDate());
}

/** A moment with its time, in the reader's zone: "November 27, 2026, 3:34 AM". */
export function longDateTimeOfMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${longDateOfMoment(iso)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
