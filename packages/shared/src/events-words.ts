import { MONTHS } from './months.js';

/*
 * The plain words and time arithmetic of a memorial's services and events (no schema library, so
 * the memorial page's events section loads no zod; `./events.ts` re-exports them beside the
 * schemas; docs/decisions/0112-services-and-events.md).
 */

export const EVENT_KINDS = ['funeral', 'memorial_service', 'celebration_of_life', 'other'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The kinds in words, as the page and the calendar name them. */
export const EVENT_KIND_NAMES: Record<EventKind, string> = {
  funeral: 'Funeral',
  memorial_service: 'Memorial service',
  celebration_of_life: 'Celebration of life',
  other: 'Event',
};

/** How many events one memorial holds at most, past ones included. */
export const MAX_EVENTS = 50;
export const EVENT_TITLE_MAX = 120;
export const EVENT_PLACE_NAME_MAX = 120;
export const EVENT_ADDRESS_MAX = 300;
export const EVENT_NOTES_MAX = 2000;
export const EVENT_URL_MAX = 500;
/** The longest an event may last. */
export const EVENT_MAX_DAYS = 14;
/** The livestream link shows from this long before the start. */
export const LIVESTREAM_LEAD_MINUTES = 15;

/** How many people one answer may bring, the person answering included. */
export const RSVP_MAX_PEOPLE = 20;
export const RSVP_NAME_MAX = 100;
export const RSVP_NOTE_MAX = 500;
/** How many answers one event keeps at most, confirmed or waiting for their email. */
export const MAX_RSVPS_PER_EVENT = 1000;
/** A guest's emailed link works this long. */
export const RSVP_LINK_DAYS = 7;

/** `2026-12-04T14:30`: a wall-clock time, read in the event's own time zone. */
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Whether the runtime knows `zone` as an IANA time zone ("Europe/London"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64 || (!zone.includes('/') && zone !== 'UTC')) return false;
  try {
    return Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall clock of `local`, or null when it is no real date and time. */
export function parseLocal(local: string): WallClock | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || hour > 23 || minute > 59)
    return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > last) return null;
  return { year, month, day, hour, minute };
}

/** What a wall clock's parts are read with. */
type WallClockOptions = Parameters<Date['toLocaleString']>[1];

/** The parts of a wall clock in `zone`, read as numbers (never printed as a date). */
const wallClockOptions = (zone: string): WallClockOptions => ({
  timeZone: zone,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** The zone of the browser or server this runs in ("Europe/London"). */
export const currentTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The wall clock in `zone` at the instant `at`. */
function wallClockAt(at: Date, zone: string): WallClock {
  const parts = Intl.DateTimeFormat('en-US', wallClockOptions(zone)).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

const asUtc = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);

/**
 * The instant a wall-clock time in `zone` names. A time skipped by a clock change (2:30 on the
 * night clocks go forward) is read with the offset from before the change, so it lands an hour
 * later; a time that happens twice is the first of the two.
 */
export function localToInstant(local: string, zone: string): Date | null {
  const wall = parseLocal(local);
  if (!wall || !isTimeZone(zone)) return null;
  const target = asUtc(wall);
  const offsetAt = (instant: number) => asUtc(wallClockAt(new Date(instant), zone)) - instant;
  // The offsets either side of any change near the time: a day before and a day after.
  const before = offsetAt(target - 86_400_000);
  const after = offsetAt(target + 86_400_000);
  const fits = [target - before, target - after]
    .filter((instant) => asUtc(wallClockAt(new Date(instant), zone)) === target)
    .sort((a, b) => a - b);
  return new Date(fits[0] ?? target - before);
}

/** "December 4, 2026": a local date in the site's long style. */
export function localDateText(local: string): string {
  const wall = parseLocal(local);
  if (!wall) return local;
  return `${MONTHS[wall.month - 1]} ${wall.day}, ${wall.year}`;
}

/** "2:30 PM": a local time in words people read. */
export function localTimeText(local: string): string {
  const wall = parseLocal(local);
  if (!wall) return '';
  const suffix = wall.hour < 12 ? 'AM' : 'PM';
  const hour = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  return `${hour}:${String(wall.minute).padStart(2, '0')} ${suffix}`;
}

/** "December 4, 2026, 2:30 PM" for the instant `at` seen in `zone`. */
export function instantText(at: Date, zone: string): string {
  const w = wallClockAt(at, zone);
  const local = `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}T${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
  return `${localDateText(local)}, ${localTimeText(local)}`;
}

/** The OpenStreetMap search for an address: a link the visitor follows, never fetched here. */
export function mapUrl(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

/** Whether `value` is an absolute https link to a named host (no credentials in it). */
export function isHttpsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.hostname.includes('.') &&
    url.username === '' &&
    url.password === ''
  );
}
