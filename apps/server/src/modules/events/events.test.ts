// Services and events: the family's form and its clear refusals, time zones, the livestream's
// window by an injected clock, "close the service", members' and guests' answers (a guest's by
// the emailed link, whose page changes nothing), the bounds, the managers' list, visibility, and
// each event's `.ics` and the memorial's feed read back by an independent parser (ical.js).
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_EVENTS, localToInstant } from '@rips/shared/events';
import { GUEST_REFUSED_MESSAGE } from '@rips/shared/guest-words';
import { TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createMemorialRow, useMemorialCast, type TestUser } from '../../../test/factories.js';
import { memorialEvents, memorials } from '../../db/schema/index.js';

const PUBLIC_URL = 'https://memorials.example.org';
const t = useTestApp({ PUBLIC_URL, GUEST_TRIBUTE_LIMIT_PER_EMAIL: '3' });
const cast = useMemorialCast(t);

const realNow = () => new Date();
afterEach(() => {
  t.app.ctx.now = realNow;
});
const at = (iso: string) => {
  t.app.ctx.now = () => new Date(iso);
};

const funeral = (postId: string, extra: Record<string, unknown> = {}) => ({
  postId,
  kind: 'funeral',
  title: 'Funeral of Ada',
  startsLocal: '2030-03-14T14:00',
  endsLocal: '2030-03-14T15:30',
  timeZone: 'Europe/London',
  placeName: 'St Mary’s Church',
  placeAddress: '1 Church Lane, Marylebone, London',
  notes: 'Flowers welcome; tea afterwards in the hall.',
  livestreamUrl: 'https://stream.example.org/ada',
  ...extra,
});

async function addEvent(body: object, user: TestUser = cast.owner) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/events',
    headers: user.auth,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function list(postId: string, user: TestUser | null) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/events/post/${postId}`,
    headers: user?.auth ?? {},
  });
}

async function shortCode(postId: string) {
  const [row] = await t.app.ctx.db
    .select({ code: memorials.shortCode })
    .from(memorials)
    .where(eq(memorials.id, postId));
  return row!.code!;
}

function parseCalendar(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      isDate: event.startDate.isDate,
      url: String(component.getFirstPropertyValue('url')),
    };
  });
}

describe(`services and events (${TEST_ENGINE})`, () => {
  it('stores the wall-clock times in the event’s zone with the instants they name, and refuses what cannot be with clear messages', async () => {
    const event = await addEvent(funeral(cast.memorialId));
    expect(event).toMatchObject({
      kind: 'funeral',
      startsLocal: '2030-03-14T14:00',
      timeZone: 'Europe/London',
      // London is on GMT in March before the clocks change.
      startsAt: '2030-03-14T14:00:00.000Z',
      endsAt: '2030-03-14T15:30:00.000Z',
      mapUrl:
        'https://www.openstreetmap.org/search?query=1%20Church%20Lane%2C%20Marylebone%2C%20London',
      closed: false,
      past: false,
      revision: 0,
    });
    // Summer time and the other side of the world.
    expect(localToInstant('2030-07-01T10:00', 'Europe/London')?.toISOString()).toBe(
      '2030-07-01T09:00:00.000Z',
    );
    expect(localToInstant('2030-07-01T10:00', 'America/New_York')?.toISOString()).toBe(
      '2030-07-01T14:00:00.000Z',
    );
    expect(localToInstant('2030-01-01T09:30', 'Asia/Kolkata')?.toISOString()).toBe(
      '2030-01-01T04:00:00.000Z',
    );
    // A time the clocks skip (London, 31 March 2030, 01:00 to 02:00) lands after the change.
    expect(localToInstant('2030-03-31T01:30', 'Europe/London')?.toISOString()).toBe(
      '2030-03-31T01:30:00.000Z',
    );
    // A time that happens twice (27 October 2030, 01:00 to 02:00) is the first of the two.
    expect(localToInstant('2030-10-27T01:30', 'Europe/London')?.toISOString()).toBe(
      '2030-10-27T00:30:00.000Z',
    );

    const refused = async (extra: Record<string, unknown>, path: string, message: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/events',
        headers: cast.owner.auth,
        payload: funeral(cast.memorialId, extra),
      });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(JSON.stringify(body)).toContain(message);
      expect(JSON.stringify(body)).toContain(path);
    };
    await refused({ timeZone: 'Mars/Olympus' }, 'timeZone', 'This time zone is not known');
    await refused({ endsLocal: '2030-03-14T13:00' }, 'endsLocal', 'must end after it starts');
    await refused({ startsLocal: '2030-02-30T10:00' }, 'startsLocal', 'real date and time');
    await refused({ kind: 'wake' }, 'kind', 'Please choose the kind of event');
    await refused({ livestreamUrl: 'http://stream.example.org' }, 'livestreamUrl', 'https://');
    await refused({ recordingUrl: 'javascript:alert(1)' }, 'recordingUrl', 'https://');
    await refused({ endsLocal: '2030-04-14T13:00' }, 'endsLocal', 'at most 14 days');
  });

  it('lets only owners and managers add, edit and delete; every edit raises the revision', async () => {
    const other = await createMemorialRow(t.app, cast.owner, { title: 'Rights' });
    const event = await addEvent(funeral(other.id));
    const contributorTry = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: cast.contributor.auth,
      payload: funeral(cast.memorialId),
    });
    expect(contributorTry.statusCode).toBe(403);
    const visitorEdit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/events/${event._id}`,
      headers: cast.member.auth,
      payload: funeral(other.id, { postId: undefined, title: 'Changed' }),
    });
    expect(visitorEdit.statusCode).toBe(403);
    const { postId: _ignored, ...fields } = funeral(other.id);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/events/${event._id}`,
      headers: cast.owner.auth,
      payload: { ...fields, title: 'Funeral of Ada Lovelace', timeZone: 'America/New_York' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'Funeral of Ada Lovelace',
      revision: 1,
      startsAt: '2030-03-14T18:00:00.000Z',
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/events/${event._id}`,
      headers: cast.owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await list(other.id, cast.owner)).json().data).toEqual([]);
  });

  it('holds at most MAX_EVENTS events on a memorial', async () => {
    const full = await createMemorialRow(t.app, cast.owner, { title: 'Full' });
    const start = localToInstant('2030-01-01T10:00', 'UTC')!;
    await t.app.ctx.db.insert(memorialEvents).values(
      Array.from({ length: MAX_EVENTS }, (_, i) => ({
        memorialId: full.id,
        kind: 'other' as const,
        title: `Gathering ${i}`,
        startsLocal: '2030-01-01T10:00',
        endsLocal: '2030-01-01T11:00',
        timeZone: 'UTC',
        startsAt: start,
        endsAt: new Date(start.getTime() + 3600_000),
      })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: cast.owner.auth,
      payload: funeral(full.id),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`${MAX_EVENTS} events`);
  });

  it('shows visitors the livestream from 15 minutes before the start until the recording link is added', async () => {
    const m = await createMemorialRow(t.app, cast.owner, { title: 'Livestream' });
    const event = await addEvent(funeral(m.id));
    const visitorsView = async () => (await list(m.id, null)).json().data[0];
    at('2030-03-14T13:44:00Z');
    expect(await visitorsView()).toMatchObject({ livestreamUrl: null, livestreamShown: false });
    // The family always sees the link, to edit it.
    expect((await list(m.id, cast.owner)).json().data[0].livestreamUrl).toBe(
      'https://stream.example.org/ada',
    );
    at('2030-03-14T13:45:00Z');
    expect(await visitorsView()).toMatchObject({
      livestreamUrl: 'https://stream.example.org/ada',
      livestreamShown: true,
    });
    at('2030-03-14T16:00:00Z');
    expect(await visitorsView()).toMatchObject({ livestreamShown: true, past: true });
    const { postId: _p, ...fields } = funeral(m.id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/events/${event._id}`,
      headers: cast.owner.auth,
      payload: { ...fields, recordingUrl: 'https://video.example.org/ada-funeral' },
    });
    expect(await visitorsView()).toMatchObject({
      livestreamUrl: null,
      livestreamShown: false,
      recordingUrl: 'https://video.example.org/ada-funeral',
    });
  });

  it('closes the service: it moves under Past events and takes no more answers', async () => {
    const m = await createMemorialRow(t.app, cast.owner, { title: 'Closing' });
    const later = await addEvent(
      funeral(m.id, {
        title: 'Later',
        startsLocal: '2031-01-01T10:00',
        endsLocal: '2031-01-01T11:00',
      }),
    );
    const first = await addEvent(funeral(m.id));
    at('2030-03-01T10:00:00Z');
    expect((await list(m.id, null)).json().data.map((e: { title: string }) => e.title)).toEqual([
      'Funeral of Ada',
      'Later',
    ]);
    const memberTry = await t.app.inject({
      method: 'POST',
      url: `/api/v1/events/${first._id}/close`,
      headers: cast.member.auth,
    });
    expect(memberTry.statusCode).toBe(403);
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/events/${first._id}/close`,
      headers: cast.owner.auth,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      closed: true,
      past: true,
      rsvpOpen: false,
      revision: 1,
    });
    const after = (await list(m.id, null)).json().data;
    expect(after.map((e: { title: string; past: boolean }) => [e.title, e.past])).toEqual([
      ['Later', false],
      ['Funeral of Ada', true],
    ]);
    const answer = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/events/${first._id}/rsvp`,
      headers: cast.member.auth,
      payload: { name: 'Mary', people: 2 },
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toContain('closed');
    void later;
  });

  it('takes one answer per member, changed by answering again, and shows counts and the list to managers only', async () => {
    const m = await createMemorialRow(t.app, cast.owner, { title: 'Answers' });
    const event = await addEvent(funeral(m.id));
    const put = (user: TestUser, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/events/${event._id}/rsvp`,
        headers: user.auth,
        payload,
      });
    expect((await put(cast.member, { name: 'Mary Shelley', people: 2 })).statusCode).toBe(200);
    const changed = await put(cast.member, {
      name: 'Mary Shelley',
      people: 3,
      note: 'Arriving late',
    });
    expect(changed.json().data.myRsvp).toEqual({
      name: 'Mary Shelley',
      people: 3,
      note: 'Arriving late',
    });
    const tooMany = await put(cast.contributor, { name: 'Alan', people: 21 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('at most 20 people');
    const none = await put(cast.contributor, { name: 'Alan', people: 0 });
    expect(none.body).toContain('from 1 to 20');
    expect((await put(cast.contributor, { name: 'Alan Turing', people: 1 })).statusCode).toBe(200);

    const asManager = await t.app.inject({
      method: 'GET',
      url: `/api/v1/events/${event._id}/rsvps`,
      headers: cast.owner.auth,
    });
    expect(asManager.json().data).toMatchObject({
      people: 4,
      responses: 2,
      rsvps: [
        { name: 'Mary Shelley', people: 3, note: 'Arriving late', guest: false },
        { name: 'Alan Turing', people: 1, guest: false },
      ],
    });
    for (const user of [cast.member, cast.contributor]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/events/${event._id}/rsvps`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/events/${event._id}/rsvps` })).statusCode,
    ).toBe(401);
    // The public list says nothing of others' answers.
    const publicView = JSON.stringify((await list(m.id, null)).json());
    expect(publicView).not.toContain('Mary Shelley');
    expect(publicView).not.toContain('Arriving late');
  });

  it('counts a guest’s answer only once the emailed link’s button is pressed; opening the link changes nothing', async () => {
    const m = await createMemorialRow(t.app, cast.owner, { title: 'Guests' });
    const event = await addEvent(funeral(m.id));
    const sent = (await t.mailSettled()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/events/${event._id}/guest-rsvp`,
      payload: {
        name: 'Percy',
        people: 2,
        note: 'With my sister',
        guestEmail: 'percy@example.com',
        startedAt: Date.now() - 10_000,
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.body).not.toContain('percy@example.com');
    // Only Percy's link: other tests' mail (owners' notices) may be delivered in between.
    const mails = (await t.mailSettled())
      .slice(sent)
      .filter((m) => m.subject.startsWith('Confirm your answer'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('percy@example.com');
    const token = /#token=([\w-]+)/.exec(mails[0]!.text)![1]!;
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/event-rsvps/confirm#token=`);
    const counted = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/events/${event._id}/rsvps`,
          headers: cast.owner.auth,
        })
      ).json().data;
    expect((await counted()).people).toBe(0);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/v1/event-rsvps/preview',
      payload: { token },
    });
    expect(preview.json().data).toMatchObject({ name: 'Percy', people: 2, confirmed: false });
    expect((await counted()).people).toBe(0);
    const confirm = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/event-rsvps/confirm', payload: { token } });
    expect((await confirm()).json().data).toMatchObject({ confirmed: true });
    expect(await counted()).toMatchObject({
      people: 2,
      rsvps: [{ name: 'Percy', people: 2, note: 'With my sister', guest: true }],
    });
    // The link works once.
    expect((await confirm()).statusCode).toBe(404);

    // Answering again from the same address replaces the first answer once confirmed.
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/events/${event._id}/guest-rsvp`,
      payload: {
        name: 'Percy',
        people: 1,
        guestEmail: 'Percy@Example.com',
        startedAt: Date.now() - 10_000,
      },
    });
    const second = (await t.mailSettled()).at(-1)!;
    const token2 = /#token=([\w-]+)/.exec(second.text)![1]!;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/event-rsvps/confirm',
      payload: { token: token2 },
    });
    expect(await counted()).toMatchObject({ people: 1, responses: 1 });

    // Bounded per address: the limit here is three.
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/events/${event._id}/guest-rsvp`,
      payload: {
        name: 'Percy',
        people: 1,
        guestEmail: 'percy@example.com',
        startedAt: Date.now() - 10_000,
      },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/events/${event._id}/guest-rsvp`,
      payload: {
        name: 'Percy',
        people: 1,
        guestEmail: 'percy@example.com',
        startedAt: Date.now() - 10_000,
      },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('this email address');

    const badEmail = await t.app.inject({
      method: 'POST',
      url: `/api/v1/events/${event._id}/guest-rsvp`,
      payload: {
        name: 'Percy',
        people: 1,
        guestEmail: 'not-an-address',
        startedAt: Date.now() - 10_000,
      },
    });
    expect(badEmail.statusCode).toBe(400);

    // A robot's answer: sent a moment after the form opened, or with the hidden field filled.
    for (const signs of [
      { startedAt: Date.now() - 500 },
      { startedAt: Date.now() - 10_000, website: 'https://spam.example' },
      {},
    ]) {
      const robot = await t.app.inject({
        method: 'POST',
        url: `/api/v1/events/${event._id}/guest-rsvp`,
        payload: { name: 'Bot', people: 1, guestEmail: 'bot@example.com', ...signs },
      });
      expect(robot.statusCode, JSON.stringify(signs)).toBe(400);
      expect(robot.json().message).toBe(GUEST_REFUSED_MESSAGE);
    }
  });

  it('hides the events, their answers and their .ics of a memorial the caller may not see', async () => {
    const hidden = await createMemorialRow(t.app, cast.owner, {
      title: 'Private',
      visibility: 'private',
    });
    const event = await addEvent(funeral(hidden.id));
    expect((await list(hidden.id, null)).statusCode).toBe(404);
    expect((await list(hidden.id, cast.member)).statusCode).toBe(404);
    expect((await list(hidden.id, cast.owner)).statusCode).toBe(200);
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/v1/events/${event._id}/guest-rsvp`,
      payload: {
        name: 'Eve',
        people: 1,
        guestEmail: 'eve@example.com',
        startedAt: Date.now() - 10_000,
      },
    });
    expect(guest.statusCode).toBe(404);
    const member = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/events/${event._id}/rsvp`,
      headers: cast.member.auth,
      payload: { name: 'Mary', people: 1 },
    });
    expect(member.statusCode).toBe(404);
    const code = await shortCode(hidden.id);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/m/${code}/events/${event._id}.ics`,
    });
    expect(anonymous.statusCode).toBe(404);
    const owners = await t.app.inject({
      method: 'GET',
      url: `/m/${code}/events/${event._id}.ics`,
      headers: cast.owner.auth,
    });
    expect(owners.statusCode).toBe(200);
  });

  it('writes each event’s .ics with a stable UID, a SEQUENCE raised by edits, UTC times, the place and the page', async () => {
    const m = await createMemorialRow(t.app, cast.owner, { title: 'Calendar' });
    const event = await addEvent(funeral(m.id, { notes: 'Tea, cake; and songs.' }));
    const code = await shortCode(m.id);
    const ics = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/m/${code}/events/${event._id}.ics` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/calendar');
      return parseCalendar(res.body);
    };
    const [first] = await ics();
    expect(first).toMatchObject({
      uid: `${m.id}-event-${event._id}@memorials.example.org`,
      summary: 'Funeral of Ada',
      location: 'St Mary’s Church, 1 Church Lane, Marylebone, London',
      sequence: 0,
      start: '2030-03-14T14:00:00.000Z',
      end: '2030-03-14T15:30:00.000Z',
      isDate: false,
      url: `${PUBLIC_URL}/m/${code}`,
    });
    expect(first!.description).toContain('March 14, 2030, 2:00 PM to 3:30 PM (Europe/London time)');
    expect(first!.description).toContain('Tea, cake; and songs.');
    const { postId: _p, ...fields } = funeral(m.id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/events/${event._id}`,
      headers: cast.owner.auth,
      payload: { ...fields, startsLocal: '2030-03-14T15:00', endsLocal: '2030-03-14T16:00' },
    });
    const [second] = await ics();
    expect(second).toMatchObject({
      uid: first!.uid,
      sequence: 1,
      start: '2030-03-14T15:00:00.000Z',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/m/${code}/events/${event._id}.txt` })).statusCode,
    ).toBe(404);
  });

  it('puts upcoming events in the memorial’s calendar feed with the same UID, and drops them once closed', async () => {
    const m = await createMemorialRow(t.app, cast.owner, { title: 'Feed' });
    const event = await addEvent(funeral(m.id));
    const code = await shortCode(m.id);
    const feed = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/m/${code}/calendar.ics` });
      expect(res.statusCode).toBe(200);
      return parseCalendar(res.body).filter((e) => !e.isDate);
    };
    const [inFeed] = await feed();
    expect(inFeed).toMatchObject({
      uid: `${m.id}-event-${event._id}@memorials.example.org`,
      sequence: 0,
      start: '2030-03-14T14:00:00.000Z',
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/events/${event._id}/close`,
      headers: cast.owner.auth,
    });
    expect(await feed()).toEqual([]);
  });
});
