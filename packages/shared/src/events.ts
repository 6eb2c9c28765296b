import { z } from 'zod';
import { MONTHS } from './months.js';
import { blockText, lineText } from './text.js';
import { EmailSchema } from './users.js';

/*
 * A memorial's services and events (the funeral, a memorial service, a celebration of life) and
 * the answers people give to them (docs/decisions/0112-services-and-events.md).
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

const link = (label: string) =>
  z
    .string({ error: `${label} must be a web address.` })
    .trim()
    .max(EVENT_URL_MAX, `${label} must be at most ${EVENT_URL_MAX} characters.`)
    .refine(
      (v) => v === '' || isHttpsUrl(v),
      `${label} must be a full https:// address, e.g. https://example.org/live.`,
    );

const localField = (label: string) =>
  z
    .string({ error: `Please give the ${label} date and time.` })
    .trim()
    .refine(
      (v) => parseLocal(v) !== null,
      `The ${label} must be a real date and time, written like 2026-12-04T14:30.`,
    );

/** An event's own fields, as the family's form sends them. */
const EventFieldsSchema = z.object({
  kind: z.enum(EVENT_KINDS, {
    error:
      'Please choose the kind of event: funeral, memorial service, celebration of life or other.',
  }),
  title: lineText('The title', { error: 'Please give the event a title.' })
    .min(1, 'Please give the event a title.')
    .max(EVENT_TITLE_MAX, `The title must be at most ${EVENT_TITLE_MAX} characters.`),
  startsLocal: localField('start'),
  endsLocal: localField('end'),
  timeZone: z
    .string({ error: 'Please choose the time zone the event takes place in.' })
    .trim()
    .max(64, 'This time zone is not known. Please choose one from the list, e.g. Europe/London.')
    .refine(
      isTimeZone,
      'This time zone is not known. Please choose one from the list, e.g. Europe/London.',
    ),
  placeName: lineText('The place')
    .max(EVENT_PLACE_NAME_MAX, `The place must be at most ${EVENT_PLACE_NAME_MAX} characters.`)
    .default(''),
  placeAddress: lineText('The address')
    .max(EVENT_ADDRESS_MAX, `The address must be at most ${EVENT_ADDRESS_MAX} characters.`)
    .default(''),
  notes: blockText('The notes')
    .max(EVENT_NOTES_MAX, `The notes must be at most ${EVENT_NOTES_MAX} characters.`)
    .default(''),
  livestreamUrl: link('The livestream link').default(''),
  recordingUrl: link('The recording link').default(''),
});

/** Why the start and end cannot be, in words for the family; null when they fit together. */
export function eventTimesProblem(value: {
  startsLocal: string;
  endsLocal: string;
  timeZone: string;
}): { path: 'endsLocal'; message: string } | null {
  const start = localToInstant(value.startsLocal, value.timeZone);
  const end = localToInstant(value.endsLocal, value.timeZone);
  if (!start || !end) return null;
  if (end.getTime() <= start.getTime())
    return { path: 'endsLocal', message: 'The event must end after it starts.' };
  if (end.getTime() - start.getTime() > EVENT_MAX_DAYS * 86_400_000)
    return {
      path: 'endsLocal',
      message: `An event can last at most ${EVENT_MAX_DAYS} days. Please add each day as its own event.`,
    };
  return null;
}

function checkTimes(value: z.output<typeof EventFieldsSchema>, ctx: z.RefinementCtx) {
  const problem = eventTimesProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
}

/** POST /events: an event on a memorial (`postId`, as every item names its memorial). */
export const CreateEventSchema = EventFieldsSchema.extend({
  postId: z.string({ error: 'Please say which memorial the event belongs to.' }).max(100),
})
  .strict()
  .superRefine(checkTimes);
export type CreateEvent = z.input<typeof CreateEventSchema>;

/** PATCH /events/{id}: the whole event again (its times and zone belong together). */
export const UpdateEventSchema = EventFieldsSchema.strict().superRefine(checkTimes);
export type UpdateEvent = z.input<typeof UpdateEventSchema>;

/** An event as the API answers it. */
export const EventSchema = z.object({
  _id: z.string(),
  postId: z.string(),
  kind: z.enum(EVENT_KINDS),
  title: z.string(),
  /** Wall-clock times in the event's zone (`2026-12-04T14:30`) and that zone. */
  startsLocal: z.string(),
  endsLocal: z.string(),
  timeZone: z.string(),
  /** The same instants in ISO 8601 UTC, for showing them in the visitor's own zone. */
  startsAt: z.string(),
  endsAt: z.string(),
  placeName: z.string(),
  placeAddress: z.string(),
  /** An OpenStreetMap search for the address; null without an address. */
  mapUrl: z.string().nullable(),
  notes: z.string(),
  /**
   * The livestream link: for visitors only from 15 minutes before the start until a recording
   * link is added (null otherwise); managers always get it, to edit it.
   */
  livestreamUrl: z.string().nullable(),
  /** Whether the livestream is in its window now (what visitors are shown). */
  livestreamShown: z.boolean(),
  recordingUrl: z.string(),
  /** Closed by the family ("close the service"): only under Past events. */
  closed: z.boolean(),
  /** Closed or ended: under Past events. */
  past: z.boolean(),
  /** Whether answers are taken (neither closed nor ended). */
  rsvpOpen: z.boolean(),
  /** The calendar's SEQUENCE: raised on every edit. */
  revision: z.number().int(),
  /** The signed-in member's own answer, when they gave one. */
  myRsvp: z.object({ name: z.string(), people: z.number().int(), note: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MemorialEvent = z.infer<typeof EventSchema>;

/** GET /events/post/{id}: every event, upcoming first by start, then past ones, latest first. */
export const EventsSchema = z.array(EventSchema);

const rsvpName = lineText('Your name', { error: 'Please enter your name.' })
  .min(1, 'Please enter your name.')
  .max(RSVP_NAME_MAX, `Your name can be at most ${RSVP_NAME_MAX} characters.`);
const rsvpPeople = z
  .number({ error: 'Please say how many people are coming, from 1 to 20.' })
  .int({ error: 'Please say how many people are coming as a whole number.' })
  .min(1, 'Please say how many people are coming, from 1 to 20.')
  .max(RSVP_MAX_PEOPLE, `One answer can bring at most ${RSVP_MAX_PEOPLE} people.`);
const rsvpNote = blockText('The note')
  .max(RSVP_NOTE_MAX, `The note can be at most ${RSVP_NOTE_MAX} characters.`)
  .default('');

/** PUT /events/{id}/rsvp: a member's answer (one per member per event, changed by sending again). */
export const MemberRsvpSchema = z
  .object({ name: rsvpName, people: rsvpPeople, note: rsvpNote })
  .strict();
export type MemberRsvp = z.input<typeof MemberRsvpSchema>;

/** POST /events/{id}/guest-rsvp: a guest's answer, confirmed by the link mailed to `guestEmail`. */
export const GuestRsvpSchema = z
  .object({
    name: rsvpName,
    people: rsvpPeople,
    note: rsvpNote,
    guestEmail: z
      .string({ error: 'Please enter your email address: we send the link there.' })
      .trim()
      .min(1, 'Please enter your email address: we send the link there.')
      .pipe(EmailSchema),
  })
  .strict();
export type GuestRsvp = z.input<typeof GuestRsvpSchema>;

/** The 202 answer to a guest's RSVP: it counts once the emailed link is used. */
export const GuestRsvpReceiptSchema = z.object({
  status: z.literal('awaiting_email'),
  eventId: z.string(),
  name: z.string(),
  expiresAt: z.string(),
});
export type GuestRsvpReceipt = z.infer<typeof GuestRsvpReceiptSchema>;

/** What the emailed link's page shows before its button is pressed, and after. */
export const GuestRsvpPreviewSchema = z.object({
  eventTitle: z.string(),
  memorialTitle: z.string(),
  postId: z.string(),
  name: z.string(),
  people: z.number().int(),
  confirmed: z.boolean(),
});
export type GuestRsvpPreview = z.infer<typeof GuestRsvpPreviewSchema>;

/** GET /events/{id}/rsvps: the answers, for the memorial's managers alone. */
export const RsvpListSchema = z.object({
  /** People attending, summed over confirmed answers. */
  people: z.number().int(),
  responses: z.number().int(),
  rsvps: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      people: z.number().int(),
      note: z.string(),
      /** A member's answer or a guest's (confirmed by email). */
      guest: z.boolean(),
      updatedAt: z.string(),
    }),
  ),
});
export type RsvpList = z.infer<typeof RsvpListSchema>;
