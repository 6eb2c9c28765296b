import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDLE_MESSAGE_MAX } from '@rips/shared/tributes';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../../test/app.js';
import { mailTo } from '../../../test/accounts.js';
import { createMemorialRow, createUser, type TestUser } from '../../../test/factories.js';
import { candles, memorialPeople, memorials } from '../../db/schema/index.js';
import { CANDLES_TURNED_OFF } from './candles.js';

const HOUR = 3600_000;
/** The app's clock: each test moves it forward instead of waiting. */
let clock = Date.now();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {
      GUEST_TRIBUTE_LIMIT_PER_IP: '1000',
      GUEST_TRIBUTE_LIMIT_PER_EMAIL: '1000',
      RESET_CONFIRM_LIMIT_PER_IP: '1000',
      CANDLE_LIMIT_PER_USER: '1000',
    },
    { now: () => new Date(clock) },
  );
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const freshEmail = () => `candle${++counter}.${Date.now()}@Example.com`;

async function newMemorial(values: Partial<typeof memorials.$inferInsert> = {}) {
  const owner = await createUser(t.app, { role: 'sponsor', fullName: 'Grace Hopper' });
  const memorial = await createMemorialRow(t.app, owner, { title: 'Ada Lovelace', ...values });
  await t.app.ctx.db
    .insert(memorialPeople)
    .values({ memorialId: memorial.id, userId: owner.row.id, role: 'owner' });
  return { owner, memorialId: memorial.id };
}

const light = (user: TestUser | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/candles', headers: user?.auth ?? {}, payload });

const list = (memorialId: string, user: TestUser | null = null) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/candles/post/${memorialId}`,
    headers: user?.auth ?? {},
  });

/** A guest's candle as the web form sends it (opened 10 s ago by the app's clock), and its link. */
async function guestCandle(postId: string, email: string, message?: string) {
  const since = t.mail.length;
  const res = await light(null, {
    postId,
    ...(message !== undefined && { message }),
    guestName: 'Ann Lee',
    guestEmail: email,
    startedAt: clock - 10_000,
    website: '',
  });
  if (res.statusCode !== 202) return { res, token: null };
  const mail = await mailTo(t, email.toLowerCase(), since);
  const token = /\/guest-tributes\/confirm#token=([A-Za-z0-9_-]{43})\n/.exec(mail.text)?.[1];
  return { res, token: token ?? null };
}

const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/guest-tributes/confirm', payload: { token } });

describe(`candles (${TEST_ENGINE})`, () => {
  it('a member lights a candle that burns 24 hours, then shows as burned and stays counted', async () => {
    const { memorialId } = await newMemorial();
    const ann = await createUser(t.app, { fullName: 'Ann Lee' });
    const litAt = clock;
    const res = await light(ann, { postId: memorialId, message: '  Always in our hearts.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Candle lit');
    expect(res.json().data).toMatchObject({
      message: 'Always in our hearts.',
      litAt: new Date(litAt).toISOString(),
      burnsUntil: new Date(litAt + 24 * HOUR).toISOString(),
      burning: true,
      status: 'published',
      owner: { fullName: 'Ann Lee' },
    });

    const bo = await createUser(t.app, { fullName: 'Bo Kim' });
    const quiet = await light(bo, { postId: memorialId });
    expect(quiet.statusCode, quiet.body).toBe(201);
    expect(quiet.json().data.message).toBeNull();

    const now = (await list(memorialId)).json();
    expect(now).toMatchObject({ burning: 2, litCount: 2, message: 'Candles', nextCursor: null });
    expect(now.data.map((c: { burning: boolean }) => c.burning)).toEqual([true, true]);

    // 23 hours on, both still burn; 24 hours and a minute on, Ann's has burned out.
    clock += 23 * HOUR;
    expect((await list(memorialId)).json()).toMatchObject({ burning: 2, litCount: 2 });
    clock += HOUR + 60_000;
    const later = (await list(memorialId)).json();
    expect(later).toMatchObject({ burning: 0, litCount: 2 });
    expect(later.data.map((c: { burning: boolean }) => c.burning)).toEqual([false, false]);

    // The next day Ann may light another: one burns, three were ever lit.
    const again = await light(ann, { postId: memorialId, message: 'A day on.' });
    expect(again.statusCode, again.body).toBe(201);
    expect((await list(memorialId)).json()).toMatchObject({ burning: 1, litCount: 3 });
  });

  it('one candle per member per memorial per day, with a clear message', async () => {
    const { memorialId } = await newMemorial();
    const other = await newMemorial({ title: 'Alan Turing' });
    const ann = await createUser(t.app, { fullName: 'Ann Lee' });
    expect((await light(ann, { postId: memorialId })).statusCode).toBe(201);
    clock += 3 * HOUR;
    const twice = await light(ann, { postId: memorialId, message: 'Again' });
    expect(twice.statusCode).toBe(429);
    expect(twice.json().message).toBe(
      'You lit a candle for Ada Lovelace today. You can light another tomorrow.',
    );
    // Retry-After says when the day is over: 21 hours from now.
    expect(Number(twice.headers['retry-after'])).toBe(21 * 3600);
    // Another memorial is another candle.
    expect((await light(ann, { postId: other.memorialId })).statusCode).toBe(201);
    expect((await list(memorialId)).json()).toMatchObject({ burning: 1, litCount: 1 });
  });

  it('checks the message: bounded, and one text', async () => {
    const { memorialId } = await newMemorial();
    const ann = await createUser(t.app);
    const long = await light(ann, {
      postId: memorialId,
      message: 'x'.repeat(CANDLE_MESSAGE_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(
      `A candle's message can be at most ${CANDLE_MESSAGE_MAX} characters.`,
    );
    const control = await light(ann, { postId: memorialId, message: 'a\u0007b' });
    expect(control.statusCode).toBe(400);
    // A refused request lit nothing: the member may still light today's candle.
    expect((await light(ann, { postId: memorialId, message: '' })).statusCode).toBe(201);
  });

  it('a guest lights a candle once the emailed link is used; one per address per day', async () => {
    const { memorialId } = await newMemorial();
    const email = freshEmail();
    const first = await guestCandle(memorialId, email, 'From the choir.');
    expect(first.res.statusCode, first.res.body).toBe(202);
    // Not lit until the link is used.
    expect((await list(memorialId)).json()).toMatchObject({ burning: 0, litCount: 0 });
    clock += 2 * HOUR;
    const confirmedAt = clock;
    expect((await confirm(first.token!)).statusCode).toBe(200);
    const [candle] = (await list(memorialId)).json().data;
    expect(candle).toMatchObject({
      message: 'From the choir.',
      guest: true,
      owner: { _id: null, fullName: 'Ann Lee' },
      litAt: new Date(confirmedAt).toISOString(),
      burning: true,
    });

    // The same address (in any case) is told at once, before any mail is sent.
    const since = (await t.mailSettled()).length;
    const twice = await guestCandle(memorialId, email.toUpperCase());
    expect(twice.res.statusCode).toBe(429);
    expect(twice.res.json().message).toBe(
      'You lit a candle for Ada Lovelace today. You can light another tomorrow.',
    );
    expect((await t.mailSettled()).slice(since).filter((m) => m.to === email)).toEqual([]);

    // A second link sent before the first was used is refused when it is used the same day.
    const other = freshEmail();
    const a = await guestCandle(memorialId, other);
    const b = await guestCandle(memorialId, other);
    expect((await confirm(a.token!)).statusCode).toBe(200);
    const late = await confirm(b.token!);
    expect(late.statusCode).toBe(429);
    expect(late.json().message).toMatch(/You lit a candle for Ada Lovelace today/);

    // The next day (by the app's clock) the first address may light another.
    clock += 24 * HOUR;
    const nextDay = await guestCandle(memorialId, email);
    expect(nextDay.res.statusCode).toBe(202);
    expect((await confirm(nextDay.token!)).statusCode).toBe(200);
    expect((await list(memorialId)).json()).toMatchObject({ burning: 1, litCount: 3 });
  });

  it('the family can switch candles off, and on again', async () => {
    const { owner, memorialId } = await newMemorial();
    const ann = await createUser(t.app);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${memorialId}/settings`,
      headers: owner.auth,
      payload: { allowCandles: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.allowCandles).toBe(false);
    const refused = await light(ann, { postId: memorialId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CANDLES_TURNED_OFF);
    const guest = await guestCandle(memorialId, freshEmail());
    expect(guest.res.statusCode).toBe(403);
    expect(guest.res.json().message).toBe(CANDLES_TURNED_OFF);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/post/${memorialId}`,
      headers: ann.auth,
    });
    expect(read.json().data.allowCandles).toBe(false);
    const activity = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/${memorialId}/activity`,
      headers: owner.auth,
    });
    expect(JSON.stringify(activity.json().data)).toContain('no candles');

    await t.app.ctx.db
      .update(memorials)
      .set({ allowCandles: true })
      .where(eq(memorials.id, memorialId));
    expect((await light(ann, { postId: memorialId })).statusCode).toBe(201);
  });

  it('is moderated: waits for approval when asked, hides and unhides, and is reportable', async () => {
    const { owner, memorialId } = await newMemorial({ tributeModeration: 'approve' });
    const ann = await createUser(t.app, { fullName: 'Ann Lee' });
    const reporter = await createUser(t.app);
    const lit = await light(ann, { postId: memorialId, message: 'Peace.' });
    expect(lit.statusCode, lit.body).toBe(201);
    expect(lit.json().data.status).toBe('pending');
    const id = lit.json().data._id as string;
    // Its author sees it waiting; nobody else counts it.
    expect((await list(memorialId, ann)).json()).toMatchObject({ burning: 1, litCount: 1 });
    expect((await list(memorialId)).json()).toMatchObject({ burning: 0, litCount: 0, data: [] });

    const moderate = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/posts/${memorialId}/moderation`,
        headers: owner.auth,
        payload: { kind: 'candles', itemId: id, action },
      });
    const queue = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/${memorialId}/moderation`,
      headers: owner.auth,
    });
    expect(queue.json().data.pending[0]).toMatchObject({ itemId: id, text: 'Peace.' });
    expect((await moderate('approve')).json().data).toEqual({ status: 'published' });
    expect((await list(memorialId)).json()).toMatchObject({ burning: 1, litCount: 1 });

    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${memorialId}/reports`,
      headers: reporter.auth,
      payload: { kind: 'candles', itemId: id, reason: 'Not kind.' },
    });
    expect(reported.statusCode, reported.body).toBe(201);

    expect((await moderate('hide')).json().data).toEqual({ status: 'hidden' });
    expect((await list(memorialId)).json()).toMatchObject({ burning: 0, litCount: 0 });
    // A hidden candle still counts as the member's candle of the day.
    expect((await light(ann, { postId: memorialId })).statusCode).toBe(429);
    expect((await moderate('unhide')).json().data).toEqual({ status: 'published' });
    expect((await list(memorialId)).json()).toMatchObject({ burning: 1, litCount: 1 });
    const activity = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/${memorialId}/activity`,
      headers: owner.auth,
    });
    expect(JSON.stringify(activity.json().data)).toMatch(/hid a candle/);
  });

  it('is "not found" where the caller may not see the memorial', async () => {
    const { memorialId } = await newMemorial({ visibility: 'private' });
    const stranger = await createUser(t.app);
    expect((await list(memorialId)).statusCode).toBe(404);
    expect((await list(memorialId, stranger)).statusCode).toBe(404);
    expect((await light(stranger, { postId: memorialId })).statusCode).toBe(404);
    expect((await guestCandle(memorialId, freshEmail())).res.statusCode).toBe(404);
    const rows = await t.app.ctx.db
      .select()
      .from(candles)
      .where(eq(candles.memorialId, memorialId));
    expect(rows).toEqual([]);
  });
});
