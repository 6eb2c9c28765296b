/*
 * iCalendar (RFC 5545) as the memorial's feed writes it: text escaped, lines folded at 75 octets
 * without splitting a character, CRLF endings. Only what the feeds need: all-day events, and
 * timed ones (a service) written in UTC (decision 0112).
 */

/** A day of the Gregorian calendar, as the database keeps it: `YYYY-MM-DD`. */
export type CalendarDay = string;

/** A timed event's instants; written in UTC, exact whatever zone the reader is in. */
export interface CalendarTimes {
  start: Date;
  end: Date;
}

export interface CalendarEvent {
  /** Stable across fetches and years: a calendar app updates the event it has by this. */
  uid: string;
  day: CalendarDay;
  summary: string;
  description: string;
  /** Raised when what the event says changes, so subscribed apps take the new version. */
  sequence: number;
  categories: string;
  /** The memorial's page. */
  url: string;
  /** A timed event (a service); without it the event takes the whole `day`. */
  times?: CalendarTimes;
  location?: string;
}

export interface Calendar {
  productId: string;
  name: string;
  description: string;
  /** When the source last changed: the events' DTSTAMP, so the same source gives the same bytes. */
  stamp: Date;
  /** How often a subscribed app should look again, as an ISO 8601 duration (`PT12H`). */
  refresh: string;
  events: CalendarEvent[];
}

const MAX_LINE_OCTETS = 75;

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * One content line folded into lines of at most 75 octets of UTF-8, each continuation starting
 * with a space (which counts in its 75), and never inside a character or an escape (RFC 5545 3.1).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // An escape (`\,`) stays whole on one line: unfolding would mend it, but not every reader is
  // that careful.
  for (const char of line.match(/\\.|[^]/gu) ?? []) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** `20261127T091620Z`: a UTC date-time, to the second. */
function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '');
}

const basicDay = (day: CalendarDay) => day.replace(/-/g, '');

/** The day after `day`: an all-day event ends, exclusively, on the next day. */
export function nextDay(day: CalendarDay): CalendarDay {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function eventLines(event: CalendarEvent, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    `SEQUENCE:${event.sequence}`,
    ...(event.times
      ? [`DTSTART:${utcStamp(event.times.start)}`, `DTEND:${utcStamp(event.times.end)}`]
      : [
          `DTSTART;VALUE=DATE:${basicDay(event.day)}`,
          `DTEND;VALUE=DATE:${basicDay(nextDay(event.day))}`,
        ]),
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `CATEGORIES:${escapeText(event.categories)}`,
    `URL:${event.url}`,
    // An anniversary takes no time out of anyone's day; a service does.
    event.times ? 'TRANSP:OPAQUE' : 'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The whole calendar as `text/calendar` bytes. */
export function writeCalendar(calendar: Calendar): string {
  const stamp = utcStamp(calendar.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `DESCRIPTION:${escapeText(calendar.description)}`,
    `X-WR-CALDESC:${escapeText(calendar.description)}`,
    // RFC 7986's refresh hint, and the older one Outlook and Google read.
    `REFRESH-INTERVAL;VALUE=DURATION:${calendar.refresh}`,
    `X-PUBLISHED-TTL:${calendar.refresh}`,
    ...calendar.events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
