import {
  ApiError,
  errorMessage,
  isFileRefusal,
  isUnreachable,
  offlineText,
} from '@/lib/api-client';
import { longUsDate } from '@/lib/long-date';
import type { TributeItem } from '@rips/shared/tributes';

/**
 * "November 21, 2026": the spec's long US date, in the reader's own time zone (it is a moment),
 * or in UTC, which is what the server renders.
 */
export function formatTributeDate(iso: string, zone: 'local' | 'utc' = 'local'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return zone === 'utc'
    ? longUsDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
    : longUsDate(date.getFullYear(), date.getMonth(), date.getDate());
}

/**
 * The day a picture shows ("YYYY-MM-DD", a calendar day with no zone): "July 14, 1998". Read
 * from its parts, so no time zone moves it a day.
 */
export function formatPictureDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  return longUsDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The server's specific reason for a refusal (too large, not a PDF...), or null for anything else. */
export function serverReason(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const message = errorMessage(error, '');
  return message || null;
}

/**
 * The spec's failure text, followed by the server's reason when it gave one. When the request
 * never reached the server, it says so and that the tribute is kept (the form stays open with it);
 * when the file itself was refused, trying again cannot help, so the text does not ask for it.
 */
export function failureText(failure: string, error: unknown, noun?: string): string {
  if (isUnreachable(error)) return offlineText(noun);
  const reason = serverReason(error);
  if (reason && error instanceof ApiError && isFileRefusal(error)) {
    return `${failure.replace(/,? please try again\.?$/i, '.')} ${reason}`;
  }
  return reason ? `${failure} ${reason}` : failure;
}

/** Who left an item as readers know them: an imported item's author by the archive's name. */
export function authorOf(
  item: Pick<TributeItem, 'owner' | 'importedAuthor'> & { guest?: boolean },
): string {
  if (item.guest) return `${item.owner.fullName} (guest)`;
  return item.importedAuthor ?? item.owner.fullName;
}
