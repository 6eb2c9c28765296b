import { z } from 'zod';
import { blockText, lineText } from './text.js';
import { RobotSignsShape } from './guest-tributes.js';
import { EmailSchema } from './users.js';

/*
 * A memorial's services and events: the schemas of their calls (the plain words and time
 * arithmetic are in ./events-words.ts, re-exported here).
 */
import {
  EVENT_KINDS,
  EVENT_ADDRESS_MAX,
  EVENT_MAX_DAYS,
  EVENT_NOTES_MAX,
  EVENT_PLACE_NAME_MAX,
  EVENT_TITLE_MAX,
  EVENT_URL_MAX,
  RSVP_MAX_PEOPLE,
  RSVP_NAME_MAX,
  RSVP_NOTE_MAX,
  isHttpsUrl,
  isTimeZone,
  localToInstant,
  parseLocal,
} from './events-words.js';

export * from './events-words.js';

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
    ...RobotSignsShape,
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
