// A member's opt-in anniversary reminders: chosen only by the member, of memorials they may see,
// sent on the right day by the feed's own rules (29 February, the yahrzeit after sunset against
// @hebcal/core), worded for remembrance, once per day marked, with a one-click unsubscribe.
import { HDate, HebrewCalendar } from '@hebcal/core';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_REMINDERS_PER_MEMBER } from '@rips/shared/reminders';
import { TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createMemorialRow, createUser, type TestUser } from '../../../test/factories.js';
import {
  anniversaryReminderSends,
  anniversaryReminders,
  memorials,
  users,
} from '../../db/schema/index.js';
import { addDays, reminderPlan } from './reminder-days.js';
import { sendDueReminders } from './reminders.service.js';

const PUBLIC_URL = 'https://memorials.example.org';
const t = useTestApp({ PUBLIC_URL });
let owner: TestUser;
let member: TestUser;

/** The clock every service reads; the sending run's "today". */
function setToday(day: string) {
  t.app.ctx.now = () => new Date(`${day}T10:00:00Z`);
}

const put = (id: string, payload: object, who: TestUser = member) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/reminders/post/${id}`, headers: who.auth, payload });
const get = (id: string, who: TestUser = member) =>
  t.app.inject({ method: 'GET', url: `/api/v1/reminders/post/${id}`, headers: who.auth });

async function sentSince(count: number) {
  const mail = await t.mailSettled();
  return mail.slice(count);
}

beforeAll(async () => {
  owner = await createUser(t.app, { role: 'sponsor', fullName: 'Grace Hopper' });
  member = await createUser(t.app, { fullName: 'June Park' });
});

beforeEach(() => setToday('2026-11-27'));

describe('the days a reminder is due, from the feed’s rules', () => {
  const leapling = {
    id: 'x',
    title: 'Rosa María Delgado',
    dateOfBirth: '1940-02-29',
    deathDate: '2020-03-10',
    observeYahrzeit: true,
    diedAfterSunset: true,
  };

  it('marks a 29 February birthday on 28 February in other years, and on the 29th in leap years', () => {
    const choice = { birthday: true, death: false, yahrzeit: false, daysBefore: 0 };
    expect(reminderPlan(leapling, choice, '2027-01-10')).toEqual({
      due: [],
      nextDue: '2027-02-28',
    });
    const due = reminderPlan(leapling, choice, '2027-02-28');
    expect(due.due.map((d) => d.occursOn)).toEqual(['2027-02-28']);
    expect(due.nextDue).toBe('2028-02-29');
    const early = { ...choice, daysBefore: 3 };
    expect(reminderPlan(leapling, early, '2028-01-01').nextDue).toBe('2028-02-26');
    expect(reminderPlan(leapling, early, '2027-03-01').nextDue).toBe('2028-02-26');
  });

  it('counts a yahrzeit after sunset from the next Hebrew day, as @hebcal/core does', () => {
    const choice = { birthday: false, death: false, yahrzeit: true, daysBefore: 2 };
    const died = new HDate(new Date(2020, 2, 10)).next();
    const expected = (hyear: number) => {
      const g = HebrewCalendar.getYahrzeit(hyear, died)!.greg();
      return `${g.getFullYear()}-${String(g.getMonth() + 1).padStart(2, '0')}-${String(g.getDate()).padStart(2, '0')}`;
    };
    const yahrzeit5787 = expected(5787);
    const plan = reminderPlan(leapling, choice, '2026-11-27');
    expect(plan.due).toEqual([]);
    expect(plan.nextDue).toBe(addDays(yahrzeit5787, -2));
    // Before sunset the Hebrew date is a day earlier: another day.
    const before = reminderPlan({ ...leapling, diedAfterSunset: false }, choice, '2026-11-27');
    expect(before.nextDue).toBe(addDays(yahrzeit5787, -3));
    // On its sending day it is due, and the next is the following Hebrew year's.
    const onDay = reminderPlan(leapling, choice, addDays(yahrzeit5787, -2));
    expect(onDay.due.map((d) => [d.occasion, d.occursOn])).toEqual([['yahrzeit', yahrzeit5787]]);
    expect(onDay.nextDue).toBe(addDays(expected(5788), -2));
  });
});

describe(`choosing reminders (${TEST_ENGINE})`, () => {
  it('is opt-in: nothing by default, and only for a signed-in member', async () => {
    const m = await createMemorialRow(t.app, owner, { dateOfBirth: '1941-12-03' });
    const res = await get(m.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ active: false, birthday: false, death: false });
    expect(res.json().data.offers).toEqual({ birthday: true, death: false, yahrzeit: false });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/reminders/post/${m.id}` });
    expect(anonymous.statusCode).toBe(401);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reminders',
      headers: member.auth,
    });
    expect(none.json().data.filter((r: { memorialId: string }) => r.memorialId === m.id)).toEqual(
      [],
    );
  });

  it('refuses what cannot be reminded of, with a clear message', async () => {
    const m = await createMemorialRow(t.app, owner, { dateOfBirth: '1941-12-03' });
    const cases: [object, RegExp][] = [
      [{ birthday: false, death: false, daysBefore: 1 }, /at least one day/],
      [{ birthday: false, death: true, daysBefore: 1 }, /no date of passing/],
      [
        { birthday: true, death: false, yahrzeit: true, daysBefore: 1 },
        /does not observe a yahrzeit/,
      ],
      [{ birthday: true, death: false, daysBefore: 31 }, /from 0 to 30/],
      [{ birthday: true, death: false, daysBefore: 1.5 }, /whole number/],
    ];
    for (const [payload, message] of cases) {
      const res = await put(m.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toMatch(message);
    }
  });

  it('is "not found" for a memorial the member may not see', async () => {
    const hidden = await createMemorialRow(t.app, owner, {
      visibility: 'private',
      dateOfBirth: '1941-12-03',
    });
    for (const res of [
      await get(hidden.id),
      await put(hidden.id, { birthday: true, death: false, daysBefore: 0 }),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/reminders/post/${hidden.id}`,
        headers: member.auth,
      }),
    ])
      expect(res.statusCode).toBe(404);
  });

  it('saves the choice, lists it in the account, and stops it', async () => {
    const m = await createMemorialRow(t.app, owner, {
      title: 'Rosa María Delgado',
      dateOfBirth: '1941-12-03',
      deathDate: '2024-05-02',
    });
    const saved = await put(m.id, { birthday: true, death: true, daysBefore: 3 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ active: true, daysBefore: 3, nextDue: '2026-11-30' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reminders',
      headers: member.auth,
    });
    expect(list.json().data.map((r: { memorialTitle: string }) => r.memorialTitle)).toContain(
      'Rosa María Delgado',
    );
    // Someone else's choice is their own.
    expect((await get(m.id, owner)).json().data.active).toBe(false);
    const stopped = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/reminders/post/${m.id}`,
      headers: member.auth,
    });
    expect(stopped.statusCode).toBe(200);
    expect((await get(m.id)).json().data.active).toBe(false);
  });

  it(`allows at most ${MAX_REMINDERS_PER_MEMBER} memorials per member`, async () => {
    const busy = await createUser(t.app, { fullName: 'Busy Member' });
    const rows = await t.app.ctx.db
      .insert(memorials)
      .values(
        Array.from({ length: MAX_REMINDERS_PER_MEMBER + 1 }, (_, i) => ({
          ownerId: owner.row.id,
          title: `Bound ${i}`,
          dateOfBirth: '1950-01-01',
        })),
      )
      .returning({ id: memorials.id });
    await t.app.ctx.db.insert(anniversaryReminders).values(
      rows.slice(0, MAX_REMINDERS_PER_MEMBER).map((r) => ({
        userId: busy.row.id,
        memorialId: r.id,
        birthday: true,
      })),
    );
    const over = await put(rows.at(-1)!.id, { birthday: true, death: false, daysBefore: 0 }, busy);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/at most 200 memorials/);
    // Changing one already chosen is not a new one.
    const change = await put(rows[0]!.id, { birthday: true, death: false, daysBefore: 5 }, busy);
    expect(change.statusCode).toBe(200);
  });
});

describe(`sending (${TEST_ENGINE})`, () => {
  it('sends on the chosen day, worded for remembrance, once, with a one-click unsubscribe', async () => {
    const m = await createMemorialRow(t.app, owner, {
      title: 'Rosa María Delgado',
      dateOfBirth: '1941-12-03',
    });
    expect((await put(m.id, { birthday: true, death: false, daysBefore: 6 })).statusCode).toBe(200);
    const before = (await t.mailSettled()).length;
    setToday('2026-11-26');
    expect((await sendDueReminders(t.app.ctx)).sent).toBe(0);
    setToday('2026-11-27');
    expect((await sendDueReminders(t.app.ctx)).sent).toBe(1);
    // The same day again, or a second run: nothing more.
    expect((await sendDueReminders(t.app.ctx)).sent).toBe(0);
    const [mail, ...more] = (await sentSince(before)).filter((x) => x.to === member.row.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(
      'Remembering Rosa María Delgado: the birthday is on Thursday, December 3, 2026',
    );
    expect(mail!.text).toContain('Rosa María Delgado was born on December 3, 1941.');
    expect(mail!.text).toContain('You asked to be reminded 6 days before.');
    expect(mail!.html).toContain('Remembering Rosa María Delgado');
    expect(`${mail!.subject}${mail!.text}${mail!.html}`).not.toMatch(/happy/i);
    const header = mail!.headers!['List-Unsubscribe']!;
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(header.slice(1, -1));
    expect(url.origin).toBe(PUBLIC_URL);
    expect(mail!.text).toContain(url.href);

    const next = await t.app.ctx.db
      .select()
      .from(anniversaryReminders)
      .where(eq(anniversaryReminders.memorialId, m.id));
    expect(next[0]!.nextDue).toBe('2027-11-27');

    // Opening the link shows a button and changes nothing.
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit">Stop this reminder</button>');
    expect((await get(m.id)).json().data.active).toBe(true);
    // A forged token does nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: `/reminders/unsubscribe?token=${next[0]!.id}.AAAA`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect((await get(m.id)).json().data.active).toBe(true);
    // The mail app's one-click POST, no sign-in.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('Reminder stopped');
    expect((await get(m.id)).json().data.active).toBe(false);
  });

  it('sends a 29 February birthday on 28 February in a common year', async () => {
    const m = await createMemorialRow(t.app, owner, {
      title: 'Leap Day Person',
      dateOfBirth: '1940-02-29',
    });
    await put(m.id, { birthday: true, death: false, daysBefore: 0 });
    const before = (await t.mailSettled()).length;
    setToday('2027-02-27');
    await sendDueReminders(t.app.ctx);
    setToday('2027-02-28');
    await sendDueReminders(t.app.ctx);
    const mine = (await sentSince(before)).filter((x) => x.subject.includes('Leap Day Person'));
    expect(mine.map((x) => x.subject)).toEqual([
      'Remembering Leap Day Person: the birthday is today, Sunday, February 28, 2027',
    ]);
    expect(mine[0]!.text).toContain('In years without a February 29 it is marked on February 28.');
  });

  it('sends nothing and removes the reminder when the member may no longer see the memorial', async () => {
    const m = await createMemorialRow(t.app, owner, {
      title: 'Made Private',
      deathDate: '2020-12-01',
    });
    await put(m.id, { birthday: false, death: true, daysBefore: 4 });
    await t.app.ctx.db
      .update(memorials)
      .set({ visibility: 'private' })
      .where(eq(memorials.id, m.id));
    const before = (await t.mailSettled()).length;
    const result = await sendDueReminders(t.app.ctx);
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect((await sentSince(before)).filter((x) => x.subject.includes('Made Private'))).toEqual([]);
    const left = await t.app.ctx.db
      .select()
      .from(anniversaryReminders)
      .where(eq(anniversaryReminders.memorialId, m.id));
    expect(left).toEqual([]);
  });

  it('looks again when the family changes a date, and goes with the member’s account', async () => {
    const leaving = await createUser(t.app, { fullName: 'Leaving Member' });
    const m = await createMemorialRow(t.app, owner, {
      title: 'Changed Date',
      deathDate: '2020-06-01',
    });
    await put(m.id, { birthday: false, death: true, daysBefore: 0 }, leaving);
    const row = async () =>
      (
        await t.app.ctx.db
          .select()
          .from(anniversaryReminders)
          .where(eq(anniversaryReminders.memorialId, m.id))
      )[0];
    expect((await row())!.nextDue).toBe('2027-06-01');
    await t.app.ctx.db
      .update(memorials)
      .set({ deathDate: '2020-11-27' })
      .where(eq(memorials.id, m.id));
    const before = (await t.mailSettled()).length;
    await sendDueReminders(t.app.ctx);
    const mine = (await sentSince(before)).filter((x) => x.subject.includes('Changed Date'));
    expect(mine.map((x) => x.subject)).toEqual([
      'Remembering Changed Date: the anniversary of the passing is today, Friday, November 27, 2026',
    ]);
    expect((await row())!.nextDue).toBe('2027-11-27');
    const ledger = await t.app.ctx.db
      .select()
      .from(anniversaryReminderSends)
      .where(eq(anniversaryReminderSends.reminderId, (await row())!.id));
    expect(ledger).toHaveLength(1);
    await t.app.ctx.db.delete(users).where(eq(users.id, leaving.row.id));
    expect(await row()).toBeUndefined();
  });
});
