// The memorial's calendar feed, read back by an independent iCalendar parser (ical.js): stable
// UIDs, SEQUENCE after an edit, the 29 February rule, the yahrzeit by @hebcal/core's own
// conversion, folding and escaping, and "not found" for what a calendar app may not read.
import { HDate, HebrewCalendar } from '@hebcal/core';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createMemorialVia, createUser, type TestUser } from '../../../test/factories.js';
import { multipartRequest } from '../../../test/multipart.js';
import { YEARS_AHEAD, YEARS_BEFORE } from './anniversaries.js';
import { foldLine } from './icalendar.js';

const PUBLIC_URL = 'https://memorials.example.org';
const t = useTestApp({ PUBLIC_URL });
let owner: TestUser;

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  day: string;
  sequence: number;
  category: string;
}

/** The feed as a calendar app reads it. */
function parse(body: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    expect(event.startDate.isDate, 'an all-day event').toBe(true);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      day: event.startDate.toString(),
      sequence: event.sequence,
      category: String(component.getFirstPropertyValue('categories')),
    };
  });
  // ical.js knows neither RFC 7986's NAME nor X-WR-CALNAME as text: unescaped by its own rule.
  const text = (property: string) =>
    ICAL.design.icalendar.value.text!.fromICAL!(String(calendar.getFirstPropertyValue(property)));
  expect(text('name')).toBe(text('x-wr-calname'));
  return { name: text('x-wr-calname'), events };
}

async function feedOf(code: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/m/${code}/calendar.ics`, headers });
}

/** A memorial made through the API; its short code and id. */
async function memorialWith(fields: Record<string, string>) {
  const m = await createMemorialVia(t.app, owner.auth, fields, null);
  return { id: m._id, code: m.shortUrl.split('/m/')[1]!, calendarUrl: m.calendarUrl };
}

async function settings(id: string, payload: object) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/posts/${id}/settings`,
    headers: owner.auth,
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const thisYear = new Date().getUTCFullYear();
const windowYears = Array.from(
  { length: YEARS_BEFORE + YEARS_AHEAD + 1 },
  (_, i) => thisYear - YEARS_BEFORE + i,
);
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

beforeAll(async () => {
  owner = await createUser(t.app, { role: 'sponsor', fullName: 'Family' });
});

describe(`the calendar feed (${TEST_ENGINE})`, () => {
  it('marks the birthday and the day of death every year, with stable UIDs and a SEQUENCE that grows on an edit', async () => {
    const m = await memorialWith({
      title: 'Eleanor Rigby',
      dateOfBirth: '1931-03-14',
      deathDate: '2019-11-10',
    });
    expect(m.calendarUrl).toBe(`${PUBLIC_URL}/m/${m.code}/calendar.ics`);
    const first = await feedOf(m.code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect(first.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(first.body.replace(/\r\n/g, '')).not.toMatch(/\n|\r/);
    for (const line of ['VERSION:2.0', 'CALSCALE:GREGORIAN', 'REFRESH-INTERVAL;VALUE=DURATION:'])
      expect(first.body).toContain(line);
    expect(first.body).toMatch(/\r\nPRODID:[^\r]+\r\n/);
    expect(first.body).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);

    const feed = parse(first.body);
    expect(feed.name).toBe('In memory of Eleanor Rigby');
    const birthdays = feed.events.filter((e) => e.category === 'Birthday');
    const deaths = feed.events.filter((e) => e.category === 'Anniversary');
    expect(birthdays.map((e) => e.day)).toEqual(windowYears.map((y) => `${y}-03-14`));
    expect(deaths.map((e) => e.day)).toEqual(windowYears.map((y) => `${y}-11-10`));
    expect(birthdays[0]!.summary).toBe('Remembering Eleanor Rigby, born on this day in 1931');
    expect(deaths[0]!.summary).toBe('Eleanor Rigby died on this day in 2019');
    for (const e of feed.events) expect(e.summary).not.toMatch(/happy/i);
    expect(new Set(feed.events.map((e) => e.uid)).size).toBe(feed.events.length);
    expect(feed.events[0]!.uid).toMatch(
      new RegExp(`^${m.id}-\\w+-\\d+@memorials\\.example\\.org$`),
    );

    // The same feed again: the same bytes, so the same UIDs, and a 304 for the same validator.
    const again = await feedOf(m.code);
    expect(again.body).toBe(first.body);
    const etag = String(first.headers.etag);
    expect((await feedOf(m.code, { 'if-none-match': etag })).statusCode).toBe(304);

    // The death date corrected: the same UIDs, a higher SEQUENCE, the new day.
    const edit = await t.app.inject(
      multipartRequest('POST', '/api/v1/posts/update-post', owner.auth, {
        postId: m.id,
        deathDate: '2019-11-12',
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = await feedOf(m.code, { 'if-none-match': etag });
    expect(edited.statusCode).toBe(200);
    const after = parse(edited.body).events;
    expect(after.map((e) => e.uid)).toEqual(feed.events.map((e) => e.uid));
    for (const e of after) expect(e.sequence).toBeGreaterThan(feed.events[0]!.sequence);
    expect(after.filter((e) => e.category === 'Anniversary')[0]!.day).toBe(
      `${windowYears[0]}-11-12`,
    );

    // An edit of what the feed does not say leaves its SEQUENCE alone.
    const sequence = after[0]!.sequence;
    await t.app.inject(
      multipartRequest('POST', '/api/v1/posts/update-post', owner.auth, {
        postId: m.id,
        burial: 'St Peter’s',
      }),
    );
    expect(parse((await feedOf(m.code)).body).events[0]!.sequence).toBe(sequence);
  });

  it('marks 29 February on 28 February in years without one, for a birth and a death', async () => {
    const m = await memorialWith({
      title: 'Leap Person',
      dateOfBirth: '1948-02-29',
      deathDate: '2020-02-29',
    });
    const { events } = parse((await feedOf(m.code)).body);
    const expected = windowYears.map((y) => (isLeap(y) ? `${y}-02-29` : `${y}-02-28`));
    expect(windowYears.some(isLeap) && !windowYears.every(isLeap)).toBe(true);
    expect(events.filter((e) => e.category === 'Birthday').map((e) => e.day)).toEqual(expected);
    expect(events.filter((e) => e.category === 'Anniversary').map((e) => e.day)).toEqual(expected);
    expect(events[0]!.description).toContain('marked on February 28');
  });

  it("marks the yahrzeit of a death after sunset on @hebcal/core's own dates", async () => {
    const m = await memorialWith({ title: 'Sarah Levi', deathDate: '2019-11-10' });
    const before = parse((await feedOf(m.code)).body).events;
    expect(before.filter((e) => e.category === 'Yahrzeit')).toEqual([]);
    await settings(m.id, { observeYahrzeit: true, diedAfterSunset: true });
    const { events } = parse((await feedOf(m.code)).body);
    const yahrzeits = events.filter((e) => e.category === 'Yahrzeit');

    // Worked out here from HDate alone: 10 November 2019 was 12 Cheshvan 5780; after sunset the
    // Hebrew day was already 13 Cheshvan, so each year's yahrzeit is that year's 13 Cheshvan.
    const dayOfDeath = new HDate(new Date(2019, 10, 10));
    expect([dayOfDeath.getDate(), dayOfDeath.getMonthName()]).toEqual([12, 'Cheshvan']);
    const afterSunset = dayOfDeath.next();
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const expected = [];
    for (let year = 5780 + 1; year < 5800; year++) {
      const day = iso(HebrewCalendar.getYahrzeit(year, afterSunset)!.greg());
      if (day >= `${windowYears[0]}-01-01` && day <= `${windowYears.at(-1)}-12-31`)
        expected.push(day);
      const plain = new HDate(13, 'Cheshvan', year);
      expect(day).toBe(iso(plain.greg()));
    }
    expect(yahrzeits.map((e) => e.day)).toEqual(expected);
    expect(yahrzeits.length).toBeGreaterThanOrEqual(11);
    expect(yahrzeits[0]!.summary).toBe('Yahrzeit of Sarah Levi (Cheshvan 13)');
    expect(yahrzeits[0]!.description).toContain('begins at sundown');
    expect(new Set(yahrzeits.map((e) => e.uid)).size).toBe(yahrzeits.length);

    // Before sunset: a day earlier, and a new SEQUENCE.
    await settings(m.id, { diedAfterSunset: false });
    const earlier = parse((await feedOf(m.code)).body).events.filter(
      (e) => e.category === 'Yahrzeit',
    );
    expect(earlier[0]!.summary).toBe('Yahrzeit of Sarah Levi (Cheshvan 12)');
    expect(earlier[0]!.sequence).toBeGreaterThan(yahrzeits[0]!.sequence);
  });

  it('escapes and folds a name with commas, semicolons, quotes and accents', async () => {
    const name = 'José Ñúñez; "Pepe", de la Peña y Gómez-Castañeda — siempre en nuestros corazones';
    const m = await memorialWith({ title: name, dateOfBirth: '1950-07-01' });
    const res = await feedOf(m.code);
    const raw = res.body;
    expect(raw).toContain('José Ñúñez\\; "Pepe"\\, de la Peña');
    const lines = raw.split('\r\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(
      lines.some((line) => line.startsWith(' ')),
      'some line is folded',
    ).toBe(true);
    expect(raw).not.toContain('\uFFFD');
    // No line ends inside an escape: a fold never separates a backslash from what it escapes.
    for (const line of lines) expect(line.replace(/\\./g, '')).not.toMatch(/\\$/);
    const feed = parse(raw);
    expect(feed.name).toBe(`In memory of ${name}`);
    expect(feed.events[0]!.summary).toBe(`Remembering ${name}, born on this day in 1950`);
  });

  it('is not found for a members-only or private memorial, as for an unknown code, even for its people', async () => {
    const unknown = await feedOf('zzzzzzzz');
    expect(unknown.statusCode).toBe(404);
    for (const visibility of ['members', 'private']) {
      const m = await memorialWith({ title: 'Kept Close', deathDate: '2001-01-01', visibility });
      expect(m.calendarUrl).toBeNull();
      const res = await feedOf(m.code, owner.auth);
      expect(res.statusCode, visibility).toBe(404);
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(res.body.replace(m.code, '…')).toBe(unknown.body.replace('zzzzzzzz', '…'));
    }
    const unlisted = await memorialWith({
      title: 'By Link',
      deathDate: '2001-01-01',
      visibility: 'unlisted',
    });
    expect(unlisted.code).toHaveLength(18);
    expect((await feedOf(unlisted.code)).statusCode).toBe(200);
    await settings(unlisted.id, { visibility: 'private' });
    expect((await feedOf(unlisted.code)).statusCode).toBe(404);
  });
});

describe('folding a line', () => {
  it('cuts at 75 octets, never inside a character or an escape, and unfolds to the same line', () => {
    // 74 octets, then an escape that would end at octet 76, then two-octet characters.
    const line = `SUMMARY:${'a'.repeat(66)}\\,${'ñ'.repeat(80)}`;
    const lines = foldLine(line).split('\r\n');
    expect(lines[0]).toBe(`SUMMARY:${'a'.repeat(66)}`);
    expect(lines[1]!.startsWith(' \\,ñ')).toBe(true);
    for (const part of lines) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(foldLine(line).replace(/\r\n /g, '')).toBe(line);
  });
});
