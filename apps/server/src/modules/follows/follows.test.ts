// Following a memorial (decision 0114): members and confirmed guests get a digest of what is new,
// only what they may see, once per period, with a one-click unsubscribe that needs no sign-in.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { restartableData, TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createMemorialVia, createUser, type TestUser } from '../../../test/factories.js';
import { startLoopbackSmtp } from '../../../test/smtp-server.js';
import type { AppContext } from '../../context.js';
import {
  flowers,
  follows,
  memorialMoments,
  memorials,
  photos,
  prayers,
} from '../../db/schema/index.js';
import type { MailMessage } from '../../mail/mailer.js';
import { digestPeriod, runFollowDigests, sweepFollows } from './follow-digest.service.js';

const DAY = 86_400_000;
const WAIT = { timeout: 15_000, interval: 50 };
/** A week and a day on: a weekly and a daily period have both begun since the follows. */
const later = () => new Date(Date.now() + 8 * DAY);
const at = (ctx: AppContext, now: Date): AppContext => ({ ...ctx, now: () => now });

async function followAs(app: FastifyInstance, user: TestUser, postId: string, frequency?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/follows',
    headers: user.auth,
    payload: { postId, ...(frequency ? { frequency } : {}) },
  });
}

/** Something new on the memorial, a minute after now (inside the next periods). */
async function somethingNew(app: FastifyInstance, memorialId: string, by: TestUser) {
  const createdAt = new Date(Date.now() + 60_000);
  const { db } = app.ctx;
  await db
    .insert(prayers)
    .values({ memorialId, ownerId: by.row.id, text: 'Rest well.', createdAt });
  await db
    .insert(flowers)
    .values({ memorialId, authorName: 'Ann Guest', bouquet: 'lavender', createdAt });
  await db
    .insert(flowers)
    .values({ memorialId, ownerId: by.row.id, bouquet: 'roses', status: 'pending', createdAt });
  await db
    .insert(photos)
    .values({ memorialId, ownerId: by.row.id, imageKey: 'photos/x', createdAt });
  await db
    .insert(memorialMoments)
    .values({ memorialId, year: 1962, month: 6, title: 'Married in Leeds', createdAt });
}

const digestsTo = (mail: MailMessage[], to: string) =>
  mail.filter((m) => m.to === to && m.subject.startsWith('New in memory of'));

describe(`the digest period (${TEST_ENGINE})`, () => {
  it('is the day from the send hour, and the week from Monday at that hour', () => {
    // Friday November 27, 2026, 07:00 UTC: before the hour, so the day began the day before.
    const now = new Date(Date.UTC(2026, 10, 27, 7));
    expect(digestPeriod('daily', now, 8)).toEqual({
      key: 'daily:2026-11-26',
      start: new Date(Date.UTC(2026, 10, 26, 8)),
    });
    expect(digestPeriod('weekly', now, 8).key).toBe('weekly:2026-11-23');
    // Monday November 23 at 07:59: the week before.
    expect(digestPeriod('weekly', new Date(Date.UTC(2026, 10, 23, 7, 59)), 8).key).toBe(
      'weekly:2026-11-16',
    );
  });
});

describe(`following a memorial (${TEST_ENGINE})`, () => {
  const t = useTestApp();

  it('mails a member what is new, only what they may see, with text, HTML and one-click unsubscribe', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const reader = await createUser(t.app, { fullName: 'Rita Reader' });
    const memorial = await createMemorialVia(t.app, owner.auth, {
      title: 'Ada Byron',
      traits: 'kind',
    });
    const res = await followAs(t.app, reader, memorial._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      postId: memorial._id,
      memorialTitle: 'Ada Byron',
      frequency: 'weekly',
    });
    await somethingNew(t.app, memorial._id, owner);

    const run = await runFollowDigests(at(t.app.ctx, later()));
    expect(run.mailed).toBeGreaterThanOrEqual(1);
    await t.mailSettled();
    const [mail, ...more] = digestsTo(t.mail, reader.row.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('New in memory of Ada Byron');
    expect(mail!.text).toContain('Hello Rita Reader,');
    expect(mail!.text).toContain('Prayers (1)');
    expect(mail!.text).toContain(`A prayer from ${owner.row.fullName}`);
    // The pending flower is not told; the guest's published one is.
    expect(mail!.text).toContain('Flowers (1)');
    expect(mail!.text).toContain('A flower from Ann Guest');
    expect(mail!.text).toContain('Life timeline (1)');
    expect(mail!.text).toContain('June 1962: Married in Leeds');
    // The family shares its galleries with its circle only: a follower outside it hears nothing of photos.
    expect(mail!.text).not.toContain('Photos');
    expect(mail!.html).toContain('<h2 style="font-size:18px">Prayers (1)</h2>');
    const header = mail!.headers!['List-Unsubscribe']!;
    expect(header).toMatch(/^<https?:\/\/[^>]+\/follows\/unsubscribe\?token=[^>]+>$/);
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = new URL(header.slice(1, -1));
    expect(mail!.text).toContain(link.href);

    // A second run of the same period sends nothing again.
    const again = await runFollowDigests(at(t.app.ctx, later()));
    expect(again.mailed).toBe(0);
    await t.mailSettled();
    expect(digestsTo(t.mail, reader.row.email)).toHaveLength(1);

    // A GET of the link changes nothing; the one-click POST, with no sign-in, unfollows.
    await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(
      await t.app.ctx.db.select().from(follows).where(eq(follows.userId, reader.row.id)),
    ).toHaveLength(1);
    const stop = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().data).toEqual({ memorialTitle: 'Ada Byron' });
    expect(
      await t.app.ctx.db.select().from(follows).where(eq(follows.userId, reader.row.id)),
    ).toEqual([]);
    const twice = await t.app.inject({ method: 'POST', url: `${link.pathname}${link.search}` });
    expect(twice.statusCode).toBe(404);
    // A forged token is refused.
    const forged = link.search.replace(
      /token=([^.]+)\.(.)/,
      (_m, id, c) => `token=${id}.${c === 'A' ? 'B' : 'A'}`,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: `/follows/unsubscribe${forged}` })).statusCode,
    ).toBe(404);
  });

  it('tells photos when the family shares its galleries with visitors, and a daily follower gets the day', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const reader = await createUser(t.app);
    const memorial = await createMemorialVia(t.app, owner.auth, {
      title: 'Mary Seacole',
      traits: 'kind',
    });
    await t.app.ctx.db
      .update(memorials)
      .set({ galleryAudience: 'visitors' })
      .where(eq(memorials.id, memorial._id));
    expect((await followAs(t.app, reader, memorial._id, 'daily')).statusCode).toBe(200);
    await somethingNew(t.app, memorial._id, owner);
    await runFollowDigests(at(t.app.ctx, later()));
    await t.mailSettled();
    const [mail] = digestsTo(t.mail, reader.row.email);
    expect(mail!.text).toContain('since yesterday');
    expect(mail!.text).toContain('Photos (1)');
    expect(mail!.text).toContain('You get this daily email');
    // The member's list, and changing the frequency back.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/follows',
      headers: reader.auth,
    });
    expect(list.json().data).toEqual([
      { postId: memorial._id, memorialTitle: 'Mary Seacole', frequency: 'daily' },
    ]);
    expect((await followAs(t.app, reader, memorial._id, 'weekly')).json().data.frequency).toBe(
      'weekly',
    );
    expect((await followAs(t.app, reader, memorial._id, 'monthly')).statusCode).toBe(400);
  });

  it('sends nothing when nothing is new, and a follower who lost the memorial gets nothing and stops following', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const quiet = await createUser(t.app);
    const outsider = await createUser(t.app);
    const calm = await createMemorialVia(t.app, owner.auth, {
      title: 'Calm Memorial',
      traits: 'kind',
    });
    const closing = await createMemorialVia(t.app, owner.auth, {
      title: 'Closing Memorial',
      traits: 'kind',
    });
    expect((await followAs(t.app, quiet, calm._id)).statusCode).toBe(200);
    expect((await followAs(t.app, outsider, closing._id)).statusCode).toBe(200);
    await somethingNew(t.app, closing._id, owner);
    await t.app.ctx.db
      .update(memorials)
      .set({ visibility: 'private' })
      .where(eq(memorials.id, closing._id));
    await runFollowDigests(at(t.app.ctx, later()));
    await t.mailSettled();
    expect(digestsTo(t.mail, quiet.row.email)).toEqual([]);
    expect(digestsTo(t.mail, outsider.row.email)).toEqual([]);
    expect(
      await t.app.ctx.db.select().from(follows).where(eq(follows.userId, outsider.row.id)),
    ).toEqual([]);
    // Nor may they follow it again, or unfollow what they cannot see: "not found".
    expect((await followAs(t.app, outsider, closing._id)).statusCode).toBe(404);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/follows/post/${closing._id}`,
      headers: outsider.auth,
    });
    expect(gone.statusCode).toBe(404);
    const unfollow = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/follows/post/${calm._id}`,
      headers: quiet.auth,
    });
    expect(unfollow.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/follows',
          payload: { postId: calm._id },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('a guest follows by a confirmed address; reading the link changes nothing; unconfirmed ones expire', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const memorial = await createMemorialVia(t.app, owner.auth, {
      title: 'Grace Hopper',
      traits: 'kind',
    });
    const ask = (email: string, extra: Record<string, unknown> = {}, ip = '10.9.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/follows/guest',
        remoteAddress: ip,
        payload: {
          postId: memorial._id,
          guestEmail: email,
          guestName: 'Gus Guest',
          startedAt: Date.now() - 10_000,
          ...extra,
        },
      });
    const asked = await ask('Gus@Example.com');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.body).not.toContain('gus@example.com');
    await t.mailSettled();
    const confirmMail = t.mail.find((m) => m.to === 'gus@example.com')!;
    const token = /\/follows\/confirm#token=([\w-]+)/.exec(confirmMail.text)![1]!;
    // Too soon after the form opened: a robot's.
    expect((await ask('robot@example.com', { startedAt: Date.now() })).statusCode).toBe(400);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/v1/follows/guest/preview',
      payload: { token },
    });
    expect(preview.json().data).toEqual({
      postId: memorial._id,
      memorialTitle: 'Grace Hopper',
      frequency: 'weekly',
    });
    const [pending] = await t.app.ctx.db
      .select()
      .from(follows)
      .where(eq(follows.email, 'gus@example.com'));
    expect(pending!.confirmedAt).toBeNull();
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/follows/guest/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/follows/guest/confirm',
      payload: { token },
    });
    expect(again.statusCode).toBe(404);

    await somethingNew(t.app, memorial._id, owner);
    await runFollowDigests(at(t.app.ctx, later()));
    await t.mailSettled();
    const [digest] = digestsTo(t.mail, 'gus@example.com');
    expect(digest!.text).toContain('Hello Gus Guest,');
    expect(digest!.text).toContain('Prayers (1)');

    // The address's budget: five a window.
    for (let i = 0; i < 4; i++)
      expect((await ask('gus@example.com', {}, `10.9.1.${i}`)).statusCode).toBe(202);
    expect((await ask('gus@example.com', {}, '10.9.2.1')).statusCode).toBe(429);

    // A request never confirmed is removed once its link expired.
    expect((await ask('never@example.com', {}, '10.9.3.1')).statusCode).toBe(202);
    const sweepAt = (ms: number) => sweepFollows(at(t.app.ctx, new Date(Date.now() + ms)));
    await sweepAt(6 * DAY);
    expect(
      await t.app.ctx.db.select().from(follows).where(eq(follows.email, 'never@example.com')),
    ).toHaveLength(1);
    await sweepAt(8 * DAY);
    expect(
      await t.app.ctx.db.select().from(follows).where(eq(follows.email, 'never@example.com')),
    ).toEqual([]);
    expect(
      await t.app.ctx.db.select().from(follows).where(eq(follows.email, 'gus@example.com')),
    ).toHaveLength(1);
  });

  it('a guest cannot follow a memorial that needs an account', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const memorial = await createMemorialVia(t.app, owner.auth, {
      title: 'Family Only',
      traits: 'kind',
      visibility: 'private',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/follows/guest',
      remoteAddress: '10.9.4.1',
      payload: {
        postId: memorial._id,
        guestEmail: 'x@example.com',
        startedAt: Date.now() - 10_000,
      },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe(`a digest run stopped half way and started again (${TEST_ENGINE})`, () => {
  it('mails every follower exactly once, counted on a real SMTP server on loopback', async () => {
    const smtp = await startLoopbackSmtp(0);
    const data = await restartableData('follow-restart');
    const start = () =>
      data.start({
        SMTP_URL: smtp.url,
        FOLLOW_DIGEST_BATCH: '2',
      });
    const FOLLOWERS = 5;
    const clock = later();
    try {
      const first = await start();
      const owner = await createUser(first.app, { role: 'sponsor' });
      const memorial = await createMemorialVia(first.app, owner.auth, {
        title: 'Rosalind Franklin',
        traits: 'kind',
      });
      for (let i = 0; i < FOLLOWERS; i++) {
        const reader = await createUser(first.app, { email: `reader${i}@example.com` });
        expect((await followAs(first.app, reader, memorial._id)).statusCode).toBe(200);
      }
      await somethingNew(first.app, memorial._id, owner);
      // One batch of two, then the server stops.
      const part = await runFollowDigests(at(first.app.ctx, clock), { maxBatches: 1 });
      expect(part).toMatchObject({ mailed: 2, complete: false });
      await vi.waitFor(() => expect(smtp.received).toHaveLength(2), WAIT);
      await first.close();

      const second = await start();
      try {
        const rest = await runFollowDigests(at(second.app.ctx, clock));
        expect(rest).toMatchObject({ mailed: FOLLOWERS - 2, complete: true });
        expect((await runFollowDigests(at(second.app.ctx, clock))).mailed).toBe(0);
        await vi.waitFor(() => expect(smtp.received).toHaveLength(FOLLOWERS), WAIT);
        await new Promise((r) => setTimeout(r, 1500));
        expect(smtp.received).toHaveLength(FOLLOWERS);
        const recipients = smtp.received.map((raw) => /^To: (.+)$/m.exec(raw)![1]!.trim()).sort();
        expect(recipients).toEqual(
          [...Array(FOLLOWERS).keys()].map((i) => `reader${i}@example.com`),
        );
        for (const received of smtp.received) {
          // Long header lines are folded; unfolded, each is one line.
          const raw = received.replace(/\r?\n[ \t]+/g, ' ');
          expect(raw).toMatch(/^List-Unsubscribe: <[^>]+\/follows\/unsubscribe\?token=/m);
          expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
          expect(raw).toContain('multipart/alternative');
        }
        console.info(`digest restart: ${smtp.received.length} mails for ${FOLLOWERS} followers`);
      } finally {
        await second.close();
      }
    } finally {
      await smtp.close();
      await data.dispose();
    }
  }, 180_000);
});
