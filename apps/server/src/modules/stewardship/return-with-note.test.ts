// "Return with a note" (decision 0117): a manager sends a pending tribute back to its author with a
// note; only the author sees it, is told by email, edits it and sends it again, when it waits for
// the family once more. Who may call the routes is the authorization table's.
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, UNLIMITED_CREATIONS, type TestApp } from '../../../test/app.js';
import { createMemorialRequest, createUser, type TestUser } from '../../../test/factories.js';
import { prayers } from '../../db/schema/index.js';

let t: TestApp;
const call = (
  method: InjectOptions['method'],
  url: string,
  user: TestUser | null,
  payload?: object,
) => t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp(UNLIMITED_CREATIONS);
});
afterAll(async () => t?.close());

async function moderatedMemorial(owner: TestUser) {
  const res = await t.app.inject(
    await createMemorialRequest(owner.auth, {
      title: `Grace Okafor ${Math.random().toString(36).slice(2, 8)}`,
      traits: 'gentle',
      tributeModeration: 'approve',
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; title: string };
}

async function mailTo(to: string, since: number, subject: RegExp) {
  return vi.waitFor(
    () => {
      const message = t.mail.slice(since).find((m) => m.to === to && subject.test(m.subject));
      if (!message) throw new Error(`no mail to ${to} yet`);
      return message;
    },
    { timeout: 5000, interval: 20 },
  );
}

type Listed = { _id: string; status: string; returnNote: string | null; prayerText?: string };

describe('returning a tribute with a note', () => {
  it('sends a pending prayer back to its author, who changes it and sends it again', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const author = await createUser(t.app, { fullName: 'Ann Lee' });
    const other = await createUser(t.app);
    const memorial = await moderatedMemorial(owner);
    const moderation = `/api/v1/posts/${memorial._id}/moderation`;
    const prayed = await call('POST', '/api/v1/prayers', author, {
      postId: memorial._id,
      prayerText: 'Rest well, Grace. Call me.',
    });
    expect(prayed.json().data.status).toBe('pending');
    const id = prayed.json().data._id as string;
    const listFor = async (user: TestUser | null) =>
      (await call('GET', `/api/v1/prayers/post/${memorial._id}`, user)).json().data as Listed[];

    // The note is required, and goes with returning alone.
    const noNote = await call('POST', moderation, owner, {
      kind: 'prayers',
      itemId: id,
      action: 'return',
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toMatch(/write a note/);
    const noteElsewhere = await call('POST', moderation, owner, {
      kind: 'prayers',
      itemId: id,
      action: 'approve',
      note: 'Fine.',
    });
    expect(noteElsewhere.statusCode).toBe(400);
    const tooLong = await call('POST', moderation, owner, {
      kind: 'prayers',
      itemId: id,
      action: 'return',
      note: 'x'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/at most 1000 characters/);

    const since = (await t.mailSettled()).length;
    const note = 'Please leave out the phone number: the page is public.';
    const returned = await call('POST', moderation, owner, {
      kind: 'prayers',
      itemId: id,
      action: 'return',
      note,
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data).toEqual({ status: 'returned' });

    // Its author sees it with the note; nobody else sees it, and it no longer waits.
    expect(await listFor(author)).toMatchObject([
      { _id: id, status: 'returned', returnNote: note },
    ]);
    expect(await listFor(other)).toEqual([]);
    expect(await listFor(null)).toEqual([]);
    const queue = (await call('GET', moderation, owner)).json().data;
    expect(queue.pending).toEqual([]);
    expect(queue.returned).toMatchObject([{ itemId: id, status: 'returned', returnNote: note }]);
    const count = await call('GET', '/api/v1/users/me/pending-tributes', owner);
    expect(count.json().data.total).toBe(0);
    const mail = await mailTo(author.row.email, since, /was returned with a note/);
    expect(mail.text).toContain(note);
    expect(mail.text).toContain(`/post/${memorial._id}`);
    // Returning twice is refused: it no longer waits.
    const again = await call('POST', moderation, owner, {
      kind: 'prayers',
      itemId: id,
      action: 'return',
      note,
    });
    expect(again.statusCode).toBe(409);

    // Only its author may send it again; for anyone else it does not exist.
    const resubmit = `/api/v1/prayers/${id}/resubmit`;
    expect((await call('POST', resubmit, other, { prayerText: 'Mine now.' })).statusCode).toBe(404);
    expect((await call('POST', resubmit, owner, { prayerText: 'Mine now.' })).statusCode).toBe(404);
    expect((await call('POST', resubmit, null, { prayerText: 'Mine now.' })).statusCode).toBe(401);
    const empty = await call('POST', resubmit, author, { prayerText: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/write your prayer/);

    const sent = await call('POST', resubmit, author, { prayerText: 'Rest well, Grace.' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      _id: id,
      status: 'pending',
      returnNote: null,
      prayerText: 'Rest well, Grace.',
    });
    expect(await listFor(author)).toMatchObject([{ _id: id, status: 'pending', returnNote: null }]);
    const waiting = (await call('GET', moderation, owner)).json().data;
    expect(waiting.returned).toEqual([]);
    expect(waiting.pending).toMatchObject([{ itemId: id, text: 'Rest well, Grace.' }]);
    expect((await call('GET', '/api/v1/users/me/pending-tributes', owner)).json().data.total).toBe(
      1,
    );
    // Sent once: a second time is refused, as nothing was returned.
    const twice = await call('POST', resubmit, author, { prayerText: 'Again.' });
    expect(twice.statusCode).toBe(409);

    // The managers keep the note in the memorial's activity, after it was sent again.
    const activity = (await call('GET', `/api/v1/posts/${memorial._id}/activity`, owner)).json()
      .data as { action: string; detail: string; target: string | null }[];
    expect(activity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'returned a prayer to its author with a note',
          detail: note,
          target: 'Ann Lee',
        }),
        expect.objectContaining({ action: 'sent a prayer again after it was returned' }),
      ]),
    );

    const approved = await call('POST', moderation, owner, {
      kind: 'prayers',
      itemId: id,
      action: 'approve',
    });
    expect(approved.json().data).toEqual({ status: 'published' });
    expect((await listFor(null)).map((p) => p.prayerText)).toEqual(['Rest well, Grace.']);
  });

  it('lets the author of a returned flower choose another bouquet', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const author = await createUser(t.app);
    const memorial = await moderatedMemorial(owner);
    const left = await call('POST', '/api/v1/flowers', author, {
      postId: memorial._id,
      bouquet: 'red-roses',
    });
    const id = left.json().data._id as string;
    const returned = await call('POST', `/api/v1/posts/${memorial._id}/moderation`, owner, {
      kind: 'flowers',
      itemId: id,
      action: 'return',
      note: 'The family would love white lilies.',
    });
    expect(returned.json().data).toEqual({ status: 'returned' });
    const resubmit = `/api/v1/flowers/${id}/resubmit`;
    const unknown = await call('POST', resubmit, author, { bouquet: 'tulips' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/bouquets shown/);
    const nothing = await call('POST', resubmit, author, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toMatch(/choose a bouquet/);
    const sent = await call('POST', resubmit, author, { bouquet: 'white-lilies' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      status: 'pending',
      bouquet: { id: 'white-lilies' },
    });
  });

  it('is not offered for a guest’s tribute, whose address is not kept', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const memorial = await moderatedMemorial(owner);
    const [row] = await t.app.ctx.db
      .insert(prayers)
      .values({
        memorialId: memorial._id,
        ownerId: null,
        authorName: 'Bo Kim',
        text: 'Peace.',
        status: 'pending',
      })
      .returning();
    const res = await call('POST', `/api/v1/posts/${memorial._id}/moderation`, owner, {
      kind: 'prayers',
      itemId: row!.id,
      action: 'return',
      note: 'Please sign with your full name.',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/guest without an account/);
    const [kept] = await t.app.ctx.db.select().from(prayers).where(eq(prayers.id, row!.id));
    expect(kept).toMatchObject({ status: 'pending', returnNote: null });
  });
});
