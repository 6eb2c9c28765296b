import { randomBytes } from 'node:crypto';
import { hash } from 'node:crypto';
import type { z } from 'zod';
import { ErrorCode } from '@rips/shared/api';
import {
  EVENT_KIND_NAMES,
  LIVESTREAM_LEAD_MINUTES,
  MAX_EVENTS,
  MAX_RSVPS_PER_EVENT,
  RSVP_LINK_DAYS,
  localDateText,
  localTimeText,
  localToInstant,
  mapUrl,
  type CreateEventSchema,
  type GuestRsvpPreview,
  type GuestRsvpReceipt,
  type GuestRsvpSchema,
  type MemberRsvpSchema,
  type MemorialEvent,
  type RsvpList,
  type UpdateEventSchema,
} from '@rips/shared/events';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { refuseRobots } from '../../lib/robot-check.js';
import { isUuid } from '../../lib/ids.js';
import { hashLinkToken } from '../../lib/one-time-links.js';
import { writeCalendar } from '../anniversaries/icalendar.js';
import {
  findVisibleMemorial,
  findVisibleMemorialRow,
  memorialAccess,
  requireMemorialAccess,
  type MemorialAccess,
  type MemorialRow,
} from '../memorials/memorials.policy.js';
import { normalizeShortCode, shortUrl } from '../share/short-links.js';
import { withinMissBudget } from '../share/share.service.js';
import { recordActivity } from '../stewardship/stewardship.repository.js';
import { guestEmailHash } from '../tributes/guest-tributes.service.js';
import type { UserRow } from '../users/users.repository.js';
import { eventEntry } from './events.feed.js';
import * as repo from './events.repository.js';

export const EVENT_NOT_FOUND = 'This event does not exist.';
export const RSVP_LINK_GONE =
  'This link has already been used or has expired. If your answer is not counted yet, please answer again from the memorial.';
export const RSVP_CLOSED =
  'Answers to this event are closed: it has ended or the family closed it.';

/** Closed by the family, or over. */
export const isPast = (row: repo.EventRow, now: Date) =>
  row.closedAt !== null || row.endsAt.getTime() <= now.getTime();

/**
 * Whether visitors see the livestream link now: from 15 minutes before the start until the
 * family adds the recording link (or closes the service).
 */
export function livestreamShown(row: repo.EventRow, now: Date): boolean {
  return (
    row.livestreamUrl !== '' &&
    row.recordingUrl === '' &&
    row.closedAt === null &&
    now.getTime() >= row.startsAt.getTime() - LIVESTREAM_LEAD_MINUTES * 60_000
  );
}

export function presentEvent(
  row: repo.EventRow,
  now: Date,
  canManage: boolean,
  mine: repo.RsvpRow | null = null,
): MemorialEvent {
  const shown = livestreamShown(row, now);
  const past = isPast(row, now);
  return {
    _id: row.id,
    postId: row.memorialId,
    kind: row.kind,
    title: row.title,
    startsLocal: row.startsLocal,
    endsLocal: row.endsLocal,
    timeZone: row.timeZone,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    placeName: row.placeName,
    placeAddress: row.placeAddress,
    mapUrl: row.placeAddress ? mapUrl(row.placeAddress) : null,
    notes: row.notes,
    livestreamUrl: canManage ? row.livestreamUrl : shown ? row.livestreamUrl : null,
    livestreamShown: shown,
    recordingUrl: row.recordingUrl,
    closed: row.closedAt !== null,
    past,
    rsvpOpen: !past,
    revision: row.revision,
    myRsvp: mine ? { name: mine.name, people: mine.people, note: mine.note } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Upcoming events first, soonest first; then past ones, latest first. */
function ordered(rows: repo.EventRow[], now: Date): repo.EventRow[] {
  const upcoming = rows.filter((r) => !isPast(r, now));
  const past = rows.filter((r) => isPast(r, now)).reverse();
  return [...upcoming, ...past];
}

/** The memorial's events for whoever may see the memorial; a member's own answers with them. */
export async function events(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<MemorialEvent[]> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, user);
  const access = await memorialAccess(ctx.db, memorial, user);
  const now = ctx.now();
  const rows = ordered(await repo.listEvents(ctx.db, memorial.id), now);
  const mine = user
    ? new Map(
        (
          await repo.memberRsvps(
            ctx.db,
            rows.map((r) => r.id),
            user.id,
          )
        ).map((r) => [r.eventId, r]),
      )
    : new Map<string, repo.RsvpRow>();
  return rows.map((row) => presentEvent(row, now, access.canManage, mine.get(row.id) ?? null));
}

/** The upcoming events of a memorial the caller may see, for the server-rendered page. */
export async function upcomingEventsOf(
  ctx: AppContext,
  memorial: Pick<MemorialRow, 'id'>,
): Promise<MemorialEvent[]> {
  const now = ctx.now();
  return (await repo.upcomingEvents(ctx.db, memorial.id, now)).map((row) =>
    presentEvent(row, now, false),
  );
}

/** The event and its memorial, when the caller may see the memorial; "not found" otherwise. */
async function visibleEvent(ctx: AppContext, user: UserRow | null, id: string) {
  const row = isUuid(id) ? await repo.findEvent(ctx.db, id) : undefined;
  if (!row) throw AppError.notFound(EVENT_NOT_FOUND);
  const memorial = await findVisibleMemorial(ctx.db, row.memorialId, user).catch(() => {
    throw AppError.notFound(EVENT_NOT_FOUND);
  });
  const access = await memorialAccess(ctx.db, memorial, user);
  return { row, memorial, access };
}

function requireManager(access: MemorialAccess, user: UserRow | null): void {
  if (access.canManage) return;
  if (!user) throw AppError.unauthenticated();
  throw AppError.forbidden('Only the owner or a manager of this memorial can do that.');
}

const named = (row: Pick<repo.EventRow, 'title' | 'startsLocal'>) =>
  `${row.title} (${localDateText(row.startsLocal)})`;

type EventFields = z.output<typeof UpdateEventSchema>;

/** The stored form of the fields: the wall-clock times and the instants they name. */
function stored(body: EventFields) {
  const startsAt = localToInstant(body.startsLocal, body.timeZone);
  const endsAt = localToInstant(body.endsLocal, body.timeZone);
  // The schema has checked both; this guards the database's own rule all the same.
  if (!startsAt || !endsAt || endsAt <= startsAt) {
    throw AppError.validation('The event must end after it starts.', [
      { path: 'endsLocal', message: 'The event must end after it starts.' },
    ]);
  }
  const { kind, title, startsLocal, endsLocal, timeZone, placeName, placeAddress, notes } = body;
  return {
    kind,
    title,
    startsLocal,
    endsLocal,
    timeZone,
    startsAt,
    endsAt,
    placeName,
    placeAddress,
    notes,
    livestreamUrl: body.livestreamUrl,
    recordingUrl: body.recordingUrl,
  };
}

/** Owners and managers add events; at most MAX_EVENTS on one memorial. */
export async function addEvent(
  ctx: AppContext,
  user: UserRow | null,
  body: z.output<typeof CreateEventSchema>,
): Promise<MemorialEvent> {
  const { memorial } = await requireMemorialAccess(ctx.db, body.postId, user, 'canManage');
  if ((await repo.countEvents(ctx.db, memorial.id)) >= MAX_EVENTS) {
    throw AppError.conflict(
      ErrorCode.Conflict,
      `This memorial already holds ${MAX_EVENTS} events, the most it keeps. Please remove one first.`,
    );
  }
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertEvent(tx, {
      memorialId: memorial.id,
      ...stored(body),
      createdAt: now,
      updatedAt: now,
    });
    await recordActivity(tx, {
      memorialId: memorial.id,
      actor: user,
      action: 'added an event',
      targetName: named(created),
    });
    return created;
  });
  return presentEvent(row, now, true);
}

export async function editEvent(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
  body: EventFields,
): Promise<MemorialEvent> {
  const { row, memorial, access } = await visibleEvent(ctx, user, id);
  requireManager(access, user);
  const now = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const changed = await repo.updateEvent(tx, row.id, stored(body), now);
    if (!changed) throw AppError.notFound(EVENT_NOT_FOUND);
    await recordActivity(tx, {
      memorialId: memorial.id,
      actor: user,
      action: 'edited an event',
      targetName: named(changed),
    });
    return changed;
  });
  return presentEvent(updated, now, true);
}

/** "Close the service": the event leaves the front of the page for Past events; answers close. */
export async function closeEvent(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
): Promise<MemorialEvent> {
  const { row, memorial, access } = await visibleEvent(ctx, user, id);
  requireManager(access, user);
  if (row.closedAt) throw AppError.conflict(ErrorCode.Conflict, 'This event is already closed.');
  const now = ctx.now();
  const closed = await ctx.db.transaction(async (tx) => {
    const changed = await repo.updateEvent(tx, row.id, { closedAt: now }, now);
    if (!changed) throw AppError.notFound(EVENT_NOT_FOUND);
    await recordActivity(tx, {
      memorialId: memorial.id,
      actor: user,
      action: 'closed an event',
      targetName: named(changed),
    });
    return changed;
  });
  return presentEvent(closed, now, true);
}

export async function removeEvent(ctx: AppContext, user: UserRow | null, id: string) {
  const { row, memorial, access } = await visibleEvent(ctx, user, id);
  requireManager(access, user);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteEvent(tx, row.id))) throw AppError.notFound(EVENT_NOT_FOUND);
    await recordActivity(tx, {
      memorialId: memorial.id,
      actor: user,
      action: 'removed an event',
      targetName: named(row),
    });
  });
}

// Answers.

function requireOpen(row: repo.EventRow, now: Date): void {
  if (isPast(row, now)) throw AppError.conflict(ErrorCode.Conflict, RSVP_CLOSED);
}

async function requireRoom(ctx: AppContext, eventId: string, now: Date): Promise<void> {
  await repo.deleteExpiredGuestRsvps(ctx.db, eventId, now);
  if ((await repo.countLiveRsvps(ctx.db, eventId, now)) >= MAX_RSVPS_PER_EVENT) {
    throw AppError.conflict(
      ErrorCode.Conflict,
      'This event has received as many answers as it can take. Please contact the family.',
    );
  }
}

/** A member's answer, one per member per event: sending again changes it. */
export async function answerAsMember(
  ctx: AppContext,
  user: UserRow,
  id: string,
  body: z.output<typeof MemberRsvpSchema>,
): Promise<MemorialEvent> {
  const { row, access } = await visibleEvent(ctx, user, id);
  const now = ctx.now();
  requireOpen(row, now);
  const [existing] = await repo.memberRsvps(ctx.db, [row.id], user.id);
  if (!existing) await requireRoom(ctx, row.id, now);
  const mine = await repo.upsertMemberRsvp(
    ctx.db,
    { eventId: row.id, userId: user.id, name: body.name, people: body.people, note: body.note },
    now,
  );
  return presentEvent(row, now, access.canManage, mine);
}

/** A member takes back their answer. */
export async function withdrawMemberAnswer(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<void> {
  const { row } = await visibleEvent(ctx, user, id);
  if (!(await repo.deleteMemberRsvp(ctx.db, row.id, user.id))) {
    throw AppError.notFound('You have not answered this event.');
  }
}

/**
 * A guest's answer: the client address's budget, the email address's budget, then the event
 * (on a memorial anyone may see without an account, still open). It counts once the link mailed
 * to the address is used; the address is kept only as a hash.
 */
export async function answerAsGuest(
  ctx: AppContext,
  id: string,
  body: z.output<typeof GuestRsvpSchema>,
  ip: string,
): Promise<GuestRsvpReceipt> {
  refuseRobots(body, ctx.now());
  await ctx.limiter.consume(
    `event-rsvp:ip:${ip}`,
    ctx.config.GUEST_TRIBUTE_LIMIT_PER_IP,
    'Too many answers from this address. Please try again later.',
  );
  const emailHash = guestEmailHash(body.guestEmail);
  await ctx.limiter.consume(
    `event-rsvp:email:${emailHash}`,
    ctx.config.GUEST_TRIBUTE_LIMIT_PER_EMAIL,
    'Too many answers for this email address. Please try again later.',
  );
  const { row, memorial } = await visibleEvent(ctx, null, id);
  const now = ctx.now();
  requireOpen(row, now);
  await requireRoom(ctx, row.id, now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RSVP_LINK_DAYS * 86_400_000);
  // The token rides in the fragment, which browsers never send: no server or proxy logs it.
  const link = `${ctx.config.publicUrl}/event-rsvps/confirm#token=${token}`;
  await ctx.db.transaction(async (tx) => {
    await repo.insertGuestRsvp(tx, {
      eventId: row.id,
      name: body.name,
      people: body.people,
      note: body.note,
      emailHash,
      tokenHash: hashLinkToken(token),
      expiresAt,
    });
    await ctx.mail.enqueue(tx, {
      to: body.guestEmail,
      subject: `Confirm your answer to ${row.title} in memory of ${memorial.title}`,
      text: [
        `Hello ${body.name},`,
        '',
        `Thank you for answering ${row.title}, ${localDateText(row.startsLocal)} at ${localTimeText(row.startsLocal)} (${row.timeZone} time), in memory of ${memorial.title}.`,
        `To count your answer (${body.people} ${body.people === 1 ? 'person' : 'people'}), open this link and press the button (it works once, for ${RSVP_LINK_DAYS} days):`,
        link,
        '',
        'If you did not answer, ignore this email: nothing will be counted.',
        '',
        'Rips Memorial',
      ].join('\n'),
    });
  });
  return {
    status: 'awaiting_email',
    eventId: row.id,
    name: body.name,
    expiresAt: expiresAt.toISOString(),
  };
}

/** Guessing links is bounded like every other emailed link. */
async function limitLinkTries(ctx: AppContext, ip: string): Promise<void> {
  await ctx.limiter.consume(
    `event-rsvp-link:ip:${ip}`,
    ctx.config.RESET_CONFIRM_LIMIT_PER_IP,
    'Too many attempts. Please try again later.',
  );
}

/** The guest's answer behind a link, its event and memorial, while all still take it. */
async function linkedAnswer(ctx: AppContext, token: string, now: Date) {
  const row = await repo.findUsableGuestRsvp(ctx.db, hashLinkToken(token), now);
  if (!row) throw AppError.notFound(RSVP_LINK_GONE);
  const event = await repo.findEvent(ctx.db, row.eventId);
  const memorial = event ? await findVisibleMemorialRow(ctx.db, event.memorialId, null) : null;
  if (!event || !memorial) throw AppError.notFound(RSVP_LINK_GONE);
  return { row, event, memorial };
}

/** What the confirm page shows before its button is pressed; reading changes nothing. */
export async function previewGuestAnswer(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<GuestRsvpPreview> {
  await limitLinkTries(ctx, ip);
  const { row, event, memorial } = await linkedAnswer(ctx, token, ctx.now());
  return {
    eventTitle: event.title,
    memorialTitle: memorial.title,
    postId: memorial.id,
    name: row.name,
    people: row.people,
    confirmed: false,
  };
}

/** The emailed link's button: the answer counts from now, replacing the address's earlier one. */
export async function confirmGuestAnswer(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<GuestRsvpPreview> {
  await limitLinkTries(ctx, ip);
  const now = ctx.now();
  const { row, event, memorial } = await linkedAnswer(ctx, token, now);
  requireOpen(event, now);
  const confirmed = await ctx.db.transaction((tx) => repo.confirmGuestRsvp(tx, row, now));
  if (!confirmed) throw AppError.notFound(RSVP_LINK_GONE);
  return {
    eventTitle: event.title,
    memorialTitle: memorial.title,
    postId: memorial.id,
    name: row.name,
    people: row.people,
    confirmed: true,
  };
}

/** The answers and the people attending, for the memorial's managers alone. */
export async function rsvpList(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
): Promise<RsvpList> {
  const { row, access } = await visibleEvent(ctx, user, id);
  requireManager(access, user);
  const rows = await repo.confirmedRsvps(ctx.db, row.id);
  return {
    people: rows.reduce((sum, r) => sum + r.people, 0),
    responses: rows.length,
    rsvps: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      people: r.people,
      note: r.note,
      guest: r.userId === null,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

// The event's own `.ics`.

export interface EventCalendar {
  body: string;
  etag: string;
}

/**
 * `/m/{code}/events/{id}.ics` for a caller who may see the memorial (a member of a private one
 * by the session cookie); null for anything else, as an unknown code or event answers.
 */
export async function eventCalendar(
  ctx: AppContext,
  viewer: UserRow | null,
  input: string,
  eventId: string,
  address: string,
): Promise<EventCalendar | null> {
  const memorial = await withinMissBudget(ctx, address, async () => {
    const code = normalizeShortCode(input);
    return code ? repo.findMemorialByCode(ctx.db, code, viewer) : null;
  });
  if (!memorial || !isUuid(eventId)) return null;
  const row = await repo.findEvent(ctx.db, eventId);
  if (!row || row.memorialId !== memorial.id) return null;
  const host = new URL(ctx.config.publicUrl).hostname;
  const page = shortUrl(ctx.config.publicUrl, memorial.shortCode);
  const entry = eventEntry(row, memorial.title);
  const body = writeCalendar({
    productId: '-//Rips Memorial//Events//EN',
    name: `${EVENT_KIND_NAMES[row.kind]}: ${row.title}`,
    description: `In memory of ${memorial.title}: ${page}`,
    stamp: row.updatedAt,
    refresh: 'PT12H',
    events: [
      {
        // The same UID as in the memorial's feed: a calendar holding both keeps one event.
        uid: `${memorial.id}-${entry.key}@${host}`,
        day: entry.day,
        summary: entry.summary,
        description: entry.description,
        categories: entry.category,
        sequence: row.revision,
        url: page,
        times: entry.times!,
        location: entry.location!,
      },
    ],
  });
  return { body, etag: `"${hash('sha1', body, 'base64url')}"` };
}
