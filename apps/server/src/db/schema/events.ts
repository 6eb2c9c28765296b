import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EVENT_KINDS } from '@rips/shared/events';
import { createdAt, id, oneOf, updatedAt } from './columns.js';
import { memorialRef } from './memorials.js';
import { users } from './users.js';

/**
 * A service or event of a memorial (the funeral, a memorial service...): its wall-clock start and
 * end in its own IANA zone as the family wrote them, and the instants they name, kept beside
 * them for ordering and the livestream's window (docs/decisions/0112-services-and-events.md).
 */
export const memorialEvents = pgTable(
  'memorial_events',
  {
    id: id(),
    memorialId: memorialRef(),
    kind: text('kind', { enum: EVENT_KINDS }).notNull(),
    title: text('title').notNull(),
    startsLocal: text('starts_local').notNull(),
    endsLocal: text('ends_local').notNull(),
    timeZone: text('time_zone').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    placeName: text('place_name').notNull().default(''),
    placeAddress: text('place_address').notNull().default(''),
    notes: text('notes').notNull().default(''),
    livestreamUrl: text('livestream_url').notNull().default(''),
    recordingUrl: text('recording_url').notNull().default(''),
    /** When a manager closed the service: it then shows only under Past events. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The calendar's SEQUENCE: raised by every edit and by closing. */
    revision: integer('revision').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('memorial_events_memorial_idx').on(t.memorialId, t.startsAt),
    check('memorial_events_kind_check', oneOf(t.kind, EVENT_KINDS)),
    check('memorial_events_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * An answer to an event: a member's (one per member per event) or a guest's, which counts once
 * the link mailed to its address is used. A guest's address is kept only as a hash.
 */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => memorialEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    people: integer('people').notNull(),
    note: text('note').notNull().default(''),
    emailHash: text('email_hash'),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the answer counts: at once for a member, when the link is used for a guest. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_rsvps_member_idx').on(t.eventId, t.userId),
    index('event_rsvps_event_idx').on(t.eventId, t.confirmedAt),
    index('event_rsvps_token_idx').on(t.tokenHash),
    check('event_rsvps_people_range', sql`${t.people} between 1 and 20`),
    check(
      'event_rsvps_member_or_guest',
      sql`(${t.userId} is not null) <> (${t.emailHash} is not null)`,
    ),
  ],
);
