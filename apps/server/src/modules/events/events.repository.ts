import {
  and,
  asc,
  count,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  sum,
} from 'drizzle-orm';
import { localToInstant } from '@rips/shared/events';
import type { Db } from '../../db/client.js';
import type { ArchiveEvent } from '../archives/archive-format.js';
import { eventRsvps, memorialEvents, memorials } from '../../db/schema/index.js';
import { visibleMemorials } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';

export type EventRow = typeof memorialEvents.$inferSelect;
export type EventInsert = typeof memorialEvents.$inferInsert;
export type RsvpRow = typeof eventRsvps.$inferSelect;

export async function listEvents(db: Db, memorialId: string): Promise<EventRow[]> {
  return db
    .select()
    .from(memorialEvents)
    .where(eq(memorialEvents.memorialId, memorialId))
    .orderBy(asc(memorialEvents.startsAt), asc(memorialEvents.id));
}

export async function countEvents(db: Db, memorialId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memorialEvents)
    .where(eq(memorialEvents.memorialId, memorialId));
  return row?.n ?? 0;
}

export async function findEvent(db: Db, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(memorialEvents).where(eq(memorialEvents.id, id)).limit(1);
  return row;
}

export async function insertEvent(db: Db, values: EventInsert): Promise<EventRow> {
  const [row] = await db.insert(memorialEvents).values(values).returning();
  return row!;
}

/** Writes an edit and raises the revision, so calendars take the new version. */
export async function updateEvent(
  db: Db,
  id: string,
  values: Partial<EventInsert>,
  now: Date,
): Promise<EventRow | undefined> {
  const [row] = await db
    .update(memorialEvents)
    .set({ ...values, revision: sql`${memorialEvents.revision} + 1`, updatedAt: now })
    .where(eq(memorialEvents.id, id))
    .returning();
  return row;
}

export async function deleteEvent(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(memorialEvents)
    .where(eq(memorialEvents.id, id))
    .returning({ id: memorialEvents.id });
  return rows.length > 0;
}

/** The upcoming events of the memorials, for the calendar feed: neither closed nor ended. */
export async function upcomingEvents(db: Db, memorialId: string, now: Date): Promise<EventRow[]> {
  return db
    .select()
    .from(memorialEvents)
    .where(
      and(
        eq(memorialEvents.memorialId, memorialId),
        isNull(memorialEvents.closedAt),
        gt(memorialEvents.endsAt, now),
      ),
    )
    .orderBy(asc(memorialEvents.startsAt));
}

/** The memorial with the short code when `viewer` may read it, for an event's `.ics`. */
export async function findMemorialByCode(db: Db, code: string, viewer: UserRow | null) {
  const [row] = await db
    .select({ id: memorials.id, title: memorials.title, shortCode: memorials.shortCode })
    .from(memorials)
    .where(and(eq(memorials.shortCode, code), visibleMemorials(viewer)))
    .limit(1);
  return row ?? null;
}

// Answers.

/** The member's own answers among the events. */
export async function memberRsvps(db: Db, eventIds: string[], userId: string): Promise<RsvpRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .select()
    .from(eventRsvps)
    .where(and(inArray(eventRsvps.eventId, eventIds), eq(eventRsvps.userId, userId)));
}

export async function upsertMemberRsvp(
  db: Db,
  values: { eventId: string; userId: string; name: string; people: number; note: string },
  now: Date,
): Promise<RsvpRow> {
  const [row] = await db
    .insert(eventRsvps)
    .values({ ...values, confirmedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [eventRsvps.eventId, eventRsvps.userId],
      set: { name: values.name, people: values.people, note: values.note, updatedAt: now },
    })
    .returning();
  return row!;
}

export async function deleteMemberRsvp(db: Db, eventId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)))
    .returning({ id: eventRsvps.id });
  return rows.length > 0;
}

/**
 * How many answers the event keeps that still count against its bound: the confirmed ones and
 * guests' answers whose link has not expired.
 */
export async function countLiveRsvps(db: Db, eventId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventRsvps)
    .where(
      and(
        eq(eventRsvps.eventId, eventId),
        or(isNotNull(eventRsvps.confirmedAt), gt(eventRsvps.expiresAt, now)),
      ),
    );
  return row?.n ?? 0;
}

/** Removes the event's guest answers whose link expired unused. */
export async function deleteExpiredGuestRsvps(db: Db, eventId: string, now: Date): Promise<void> {
  await db
    .delete(eventRsvps)
    .where(
      and(
        eq(eventRsvps.eventId, eventId),
        isNull(eventRsvps.confirmedAt),
        lte(eventRsvps.expiresAt, now),
      ),
    );
}

export async function insertGuestRsvp(
  db: Db,
  values: {
    eventId: string;
    name: string;
    people: number;
    note: string;
    emailHash: string;
    tokenHash: string;
    expiresAt: Date;
  },
): Promise<RsvpRow> {
  const [row] = await db.insert(eventRsvps).values(values).returning();
  return row!;
}

/** A guest's answer whose link is unused and unexpired. */
export async function findUsableGuestRsvp(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<RsvpRow | undefined> {
  const [row] = await db
    .select()
    .from(eventRsvps)
    .where(
      and(
        eq(eventRsvps.tokenHash, tokenHash),
        isNull(eventRsvps.confirmedAt),
        gt(eventRsvps.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Spends a guest's link: the answer counts from now, and replaces the address's earlier answer
 * to the same event (sending again is how a guest changes theirs). Null when the link was spent
 * meanwhile.
 */
export async function confirmGuestRsvp(tx: Db, row: RsvpRow, now: Date): Promise<RsvpRow | null> {
  const [confirmed] = await tx
    .update(eventRsvps)
    .set({ confirmedAt: now, tokenHash: null, updatedAt: now })
    .where(and(eq(eventRsvps.id, row.id), isNull(eventRsvps.confirmedAt)))
    .returning();
  if (!confirmed) return null;
  await tx
    .delete(eventRsvps)
    .where(
      and(
        eq(eventRsvps.eventId, row.eventId),
        eq(eventRsvps.emailHash, row.emailHash!),
        isNotNull(eventRsvps.confirmedAt),
        sql`${eventRsvps.id} <> ${row.id}`,
      ),
    );
  return confirmed;
}

/** The confirmed answers to an event, in the order they came. */
export async function confirmedRsvps(db: Db, eventId: string): Promise<RsvpRow[]> {
  return db
    .select()
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), isNotNull(eventRsvps.confirmedAt)))
    .orderBy(asc(eventRsvps.createdAt), asc(eventRsvps.id));
}

/** People attending: the sum over confirmed answers. */
export async function attending(db: Db, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: sum(eventRsvps.people) })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), isNotNull(eventRsvps.confirmedAt)));
  return Number(row?.n ?? 0);
}

/**
 * A memorial archive's events, restored: each keeps its wall-clock times and zone (the instants
 * are worked out again here), its links, its revision and whether the family closed it.
 */
export async function insertImportedEvents(
  db: Db,
  memorialId: string,
  events: readonly ArchiveEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(memorialEvents).values(
    events.map((event) => ({
      memorialId,
      kind: event.kind,
      title: event.title,
      startsLocal: event.startsLocal,
      endsLocal: event.endsLocal,
      timeZone: event.timeZone,
      startsAt: localToInstant(event.startsLocal, event.timeZone)!,
      endsAt: localToInstant(event.endsLocal, event.timeZone)!,
      placeName: event.placeName,
      placeAddress: event.placeAddress,
      notes: event.notes,
      livestreamUrl: event.livestreamUrl,
      recordingUrl: event.recordingUrl,
      closedAt: event.closed ? new Date(event.updatedAt) : null,
      revision: event.revision,
      createdAt: new Date(event.createdAt),
      updatedAt: new Date(event.updatedAt),
    })),
  );
}
