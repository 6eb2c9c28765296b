import { ApiError, errorMessage } from '@/lib/api-client';
import { longUsDate } from '@/lib/long-date';

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

/** The spec's failure text, followed by the server's reason when it gave one. */
export function failureText(failure: string, error: unknown): string {
  const reason = serverReason(error);
  return reason ? `${failure} ${reason}` : failure;
}
