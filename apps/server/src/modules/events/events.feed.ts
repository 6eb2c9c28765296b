import { EVENT_KIND_NAMES, localDateText, localTimeText } from '@rips/shared/events';
import type { FeedEntry, FeedSource } from '../anniversaries/anniversaries.js';
import * as repo from './events.repository.js';

/** The words a calendar shows for an event: its kind and times in its own zone, place, notes. */
export function eventDescription(row: repo.EventRow, memorialTitle: string): string {
  const sameDay = row.startsLocal.slice(0, 10) === row.endsLocal.slice(0, 10);
  const when = sameDay
    ? `${localDateText(row.startsLocal)}, ${localTimeText(row.startsLocal)} to ${localTimeText(row.endsLocal)}`
    : `${localDateText(row.startsLocal)}, ${localTimeText(row.startsLocal)} to ${localDateText(row.endsLocal)}, ${localTimeText(row.endsLocal)}`;
  const lines = [
    `${EVENT_KIND_NAMES[row.kind]} in memory of ${memorialTitle}.`,
    `${when} (${row.timeZone} time).`,
  ];
  if (row.placeName || row.placeAddress)
    lines.push(`Place: ${[row.placeName, row.placeAddress].filter(Boolean).join(', ')}.`);
  if (row.notes) lines.push('', row.notes);
  if (row.livestreamUrl && !row.recordingUrl)
    lines.push('', 'The livestream link shows on the memorial page 15 minutes before the start.');
  if (row.recordingUrl) lines.push('', `Recording: ${row.recordingUrl}`);
  return lines.join('\n');
}

/** The event's place on one line, for LOCATION. */
export const eventLocation = (row: repo.EventRow) =>
  [row.placeName, row.placeAddress].filter(Boolean).join(', ');

/** One event as the calendar feed and its own `.ics` write it (the same UID in both). */
export function eventEntry(row: repo.EventRow, memorialTitle: string): FeedEntry {
  return {
    key: `event-${row.id}`,
    day: row.startsLocal.slice(0, 10),
    summary: row.title,
    description: eventDescription(row, memorialTitle),
    category: EVENT_KIND_NAMES[row.kind],
    times: { start: row.startsAt, end: row.endsAt },
    location: eventLocation(row),
    sequence: row.revision,
  };
}

/**
 * The feed's source of the memorial's services: the upcoming ones (neither closed nor ended),
 * each with its own SEQUENCE, raised by every edit (decision 0112).
 */
export const upcomingEventEntries: FeedSource = async (memorial, _window, { db, now }) => {
  const rows = await repo.upcomingEvents(db, memorial.id, now);
  return rows.map((row) => eventEntry(row, memorial.title));
};
